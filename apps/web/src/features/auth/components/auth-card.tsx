// The frame of the public screens (sign-in, activation, password reset): a centred card.
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PRODUCT_NAME } from '@marquee/contracts/constants';
import type { ReactNode } from 'react';
import { VersionLabel } from '../../../components/version-label.tsx';

export type AuthCardProps = {
  /** The state title, for the page title. */
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  maxWidth?: number;
};

export function AuthCard({ title, subtitle, children, maxWidth = 400 }: AuthCardProps) {
  useDocumentTitle(`${PRODUCT_NAME} - ${title}`);
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={maxWidth}>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {PRODUCT_NAME}
            </Title>
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          </div>
          {children}
          <VersionLabel />
        </Stack>
      </Paper>
    </Center>
  );
}
