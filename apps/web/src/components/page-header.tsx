// Title, breadcrumbs and actions of a screen; also sets the page title ("Marquee - <title>").
import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PRODUCT_NAME } from '@marquee/contracts/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type Crumb = { label: string; to?: string };

export type PageHeaderProps = {
  /** The state title, used for the page title. */
  title: string;
  /** The visible heading; defaults to the last breadcrumb. */
  heading?: ReactNode;
  /** After "Home"; the last one is the current screen. */
  breadcrumbs: Crumb[];
  actions?: ReactNode;
};

export function PageHeader({ title, heading, breadcrumbs, actions }: PageHeaderProps) {
  useDocumentTitle(`${PRODUCT_NAME} - ${title}`);
  const crumbs: Crumb[] = [{ label: 'Home', to: '/' }, ...breadcrumbs];
  return (
    <Stack gap={4} mb="md">
      <nav aria-label="Breadcrumb">
        <Breadcrumbs separatorMargin={6}>
          {crumbs.map((crumb, index) =>
            index < crumbs.length - 1 && crumb.to ? (
              <Anchor key={`${index}-${crumb.label}`} component={Link} to={crumb.to} size="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={`${index}-${crumb.label}`} size="sm" aria-current="page">
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      </nav>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {heading ?? crumbs.at(-1)?.label}
        </Title>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
