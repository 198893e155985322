// The shell of every signed-in screen: header (name, clock, version, sign out), the menu (a burger
// below the tablet breakpoint) and the screen, which is shown only with its permission.
import { ActionIcon, Anchor, AppShell, Box, Burger, Button, Group, Menu, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { PRODUCT_NAME } from '@marquee/contracts/constants';
import { IconDotsVertical, IconHome, IconKey, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { Clock } from '../../components/clock.tsx';
import { VersionLabel } from '../../components/version-label.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { signOut } from '../../features/auth/api/sign-out.ts';
import { visibleMenuItems } from '../menu.ts';
import { requestOverlays } from '../overlays.tsx';
import { paths, userPath } from '../paths.ts';
import type { RouteHandle } from '../router.tsx';
import { EnrolmentGate } from './enrolment-gate.tsx';
import { FullPageLoader } from './route-states.tsx';
import classes from './app-layout.module.css';

const MAIN_ID = 'main-content';

function useRequiredPermissions(): string[] {
  return useMatches().flatMap((match) => {
    const handle = match.handle as RouteHandle | undefined;
    return handle?.permission ? [handle.permission].flat() : [];
  });
}

const isActive = (pathname: string, path: string) =>
  path === paths.home ? pathname === path : pathname === path || pathname.startsWith(`${path}/`);

/** The menu entry of the address: the longest path that contains it (/campaign/approve/3 is
 * Approval, not Campaigns). */
const activePath = (pathname: string, items: readonly { path: string }[]) =>
  items
    .filter((item) => isActive(pathname, item.path))
    .reduce<string | undefined>(
      (best, item) => (!best || item.path.length > best.length ? item.path : best),
      undefined,
    );

export function AppLayout() {
  const user = useCurrentUser();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const required = useRequiredPermissions();
  // Signed-in screens toast and ask: their chunk loads beside the first screen, not on first use.
  useEffect(requestOverlays, []);

  if (!user) return <FullPageLoader />;
  // Until the required one-time token is enrolled the server refuses everything else.
  if (user.must_enrol_token) return <EnrolmentGate user={user} />;
  const menu = visibleMenuItems(user._permissions);
  const current = activePath(pathname, menu);
  const allowed = required.every((permission) => user._permissions.includes(permission));

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a className={classes.skipLink} href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? 'Close menu' : 'Open menu'}
              aria-expanded={opened}
              aria-controls="main-menu"
            />
            <Anchor component={Link} to={paths.home} fw={700} size="lg" underline="never" c="inherit">
              {PRODUCT_NAME}
            </Anchor>
          </Group>
          <Group gap="md" wrap="nowrap">
            <Clock />
            <Box visibleFrom="sm">
              <VersionLabel />
            </Box>
            <Text size="sm" fw={500} truncate maw={200} visibleFrom="xs" data-testid="user-name">
              {user.full_name || user.username}
            </Text>
            {/* Below the tablet width the account actions share one menu, so the header fits a phone. */}
            <Group gap="xs" wrap="nowrap" visibleFrom="sm">
              <Button
                component={Link}
                to={userPath(user.id)}
                variant="subtle"
                size="xs"
                leftSection={<IconUserCircle size={16} aria-hidden />}
              >
                My account
              </Button>
              <ActionIcon
                component={Link}
                to={paths.passwordChange}
                variant="default"
                size={30}
                aria-label="Change password"
                title="Change password"
              >
                <IconKey size={16} aria-hidden />
              </ActionIcon>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconLogout size={16} aria-hidden />}
                onClick={() => void signOut()}
              >
                Sign out
              </Button>
            </Group>
            <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
              <Menu.Target>
                <ActionIcon variant="default" size={30} hiddenFrom="sm" aria-label="Account menu">
                  <IconDotsVertical size={16} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  component={Link}
                  to={userPath(user.id)}
                  leftSection={<IconUserCircle size={16} aria-hidden />}
                >
                  My account
                </Menu.Item>
                <Menu.Item component={Link} to={paths.passwordChange} leftSection={<IconKey size={16} aria-hidden />}>
                  Change password
                </Menu.Item>
                <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
                  Sign out
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" id="main-menu" component="nav" aria-label="Main menu">
        <NavLink
          component={Link}
          to={paths.home}
          label="Home"
          leftSection={<IconHome size={18} aria-hidden />}
          className={classes.navLink}
          active={isActive(pathname, paths.home)}
          aria-current={isActive(pathname, paths.home) ? 'page' : undefined}
          onClick={close}
        />
        {menu.map((item) => {
          const active = item.path === current;
          return (
            <NavLink
              key={item.path}
              component={Link}
              to={item.path}
              label={item.label}
              leftSection={<item.icon size={18} aria-hidden />}
              rightSection={item.badge && <item.badge />}
              className={classes.navLink}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={close}
            />
          );
        })}
        <Box hiddenFrom="sm" mt="auto" px="sm" py="xs">
          <VersionLabel />
        </Box>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        {allowed ? <Outlet /> : <Navigate to={paths.home} replace />}
      </AppShell.Main>
    </AppShell>
  );
}
