// `/`: the operations figures this user may see, then the menu of the screens they may open.
import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { useCurrentUser } from '../lib/current-user.ts';
import { OperationsFigures } from '../features/operations/components/operations-figures.tsx';
import { OtpNotice } from '../features/users/components/otp-notice.tsx';
import { visibleMenuItems } from './menu.ts';

export function HomeScreen() {
  const user = useCurrentUser();
  const items = visibleMenuItems(user?._permissions ?? []);
  return (
    <>
      <PageHeader title="Home" heading={`Welcome, ${user?.full_name || user?.username || ''}`} breadcrumbs={[]} />
      <OtpNotice />
      <OperationsFigures />
      {items.length === 0 ? (
        <Text>There are no screens for your account yet. Ask an administrator for a role.</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          component="ul"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {items.map((item) => (
            <li key={item.path}>
              <Card component={Link} to={item.path} withBorder radius="md" padding="lg" h="100%">
                <Group gap="md" wrap="nowrap">
                  <ThemeIcon variant="light" size="xl" radius="md" aria-hidden>
                    <item.icon size={24} />
                  </ThemeIcon>
                  <div>
                    <Text fw={600} size="lg">
                      {item.label}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {item.description}
                    </Text>
                  </div>
                </Group>
              </Card>
            </li>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
