// Connects the api client's events to the UI: toasts, the loading overlay, the sign-in dialog,
// the "No permission" and "new version" dialogs, and navigation to the login screen.
import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { UserInfo } from '@marquee/contracts/auth';
import { messages } from '@marquee/contracts/texts';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../lib/api-client.ts';
import { loadingStore } from '../lib/loading-store.ts';
import { showErrors } from '../lib/notifications.ts';
import { userInfoQueryKey } from '../lib/user-info-query.ts';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { loginPath, paths } from './paths.ts';

type Navigator = { navigate: (to: string, options?: { replace?: boolean }) => Promise<void> | void };

const LOGIN_MODAL = 'login-required';
const FORBIDDEN_MODAL = 'no-permission';
const VERSION_MODAL = 'version-mismatch';

/** The page's location, injectable for tests (jsdom cannot reload or assign). */
export type PageLocation = { pathname: string; search: string; assign: (url: string) => void; reload: () => void };

export function connectApiClient({
  api,
  router,
  queryClient,
  location = window.location,
}: {
  api: ApiClient;
  router: Navigator;
  queryClient: QueryClient;
  location?: PageLocation;
}) {
  const currentPath = () => `${location.pathname}${location.search}`;
  const onLoginScreen = () => location.pathname === paths.login;

  let versionMismatch = false;
  const showVersionDialog = () =>
    modals.open({
      modalId: VERSION_MODAL,
      title: messages.versionMismatchTitle,
      closeOnClickOutside: false,
      closeOnEscape: false,
      withCloseButton: false,
      children: (
        <Stack gap="md">
          <Text size="sm">{messages.versionMismatchText}</Text>
          <Button onClick={() => location.reload()} data-autofocus>
            Reload
          </Button>
        </Stack>
      ),
    });

  const goToLogin = async (timeout: boolean) => {
    modals.closeAll();
    // The reload demand outlives everything else.
    if (versionMismatch) showVersionDialog();
    if (!onLoginScreen()) await router.navigate(loginPath({ timeout, next: currentPath() }), { replace: true });
    // After the app route is gone: nothing of the ended session stays cached.
    queryClient.clear();
  };

  api.setEvents({
    errors: showErrors,
    loading: loadingStore.set,
    sessionTimeout: () => void goToLogin(true),
    unauthenticated: () => void goToLogin(false),

    loginRequired: () => {
      const user = queryClient.getQueryData<UserInfo>(userInfoQueryKey);
      modals.open({
        modalId: LOGIN_MODAL,
        title: 'Sign in again',
        closeOnClickOutside: false,
        closeOnEscape: false,
        withCloseButton: false,
        trapFocus: true,
        children: (
          <Stack gap="md">
            <Text size="sm">
              Your session has ended. Sign in to continue; what you were doing will then be completed.
            </Text>
            <LoginForm username={user?.username} onSuccess={() => undefined} />
            <Button
              variant="subtle"
              onClick={() => {
                api.cancelLogin();
                void goToLogin(false);
              }}
            >
              Cancel
            </Button>
          </Stack>
        ),
      });
    },

    loginConfirmed: (user) => {
      modals.close(LOGIN_MODAL);
      const previous = queryClient.getQueryData<UserInfo>(userInfoQueryKey);
      queryClient.setQueryData(userInfoQueryKey, user);
      // Someone else signed in: what is cached was computed for the previous user.
      if (previous && previous.id !== user.id) void queryClient.invalidateQueries();
    },

    // User-info then says so, and the layout shows only the token enrolment.
    enrolmentRequired: () => void queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),

    forbidden: () => {
      const goHome = () => location.assign(paths.home);
      modals.open({
        modalId: FORBIDDEN_MODAL,
        title: messages.noPermissionTitle,
        onClose: goHome,
        children: (
          <Stack gap="md">
            <Text size="sm">{messages.noPermissionText}</Text>
            <Text size="sm">{messages.noPermissionRedirect}</Text>
            <Button onClick={goHome} data-autofocus>
              OK
            </Button>
          </Stack>
        ),
      });
    },

    versionMismatch: () => {
      versionMismatch = true;
      showVersionDialog();
    },
  });
}
