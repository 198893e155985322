// /login: `timeout=true` shows the inactivity alert; `next` is where to go after signing in.
import { Alert, Anchor, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PRODUCT_NAME } from '@marquee/contracts/constants';
import { messages } from '@marquee/contracts/texts';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { passwordResetPath, safeNext } from '../../../app/paths.ts';
import { VersionLabel } from '../../../components/version-label.tsx';
import { userInfoQueryKey } from '../../../lib/user-info-query.ts';
import { LoginForm } from './login-form.tsx';

export function LoginScreen() {
  useDocumentTitle(`${PRODUCT_NAME} - Sign in`);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timedOut = params.get('timeout') === 'true';

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={400}>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {PRODUCT_NAME}
            </Title>
            <Text c="dimmed" size="sm">
              Sign in to continue
            </Text>
          </div>
          {timedOut && (
            <Alert color="yellow" variant="light" role="status">
              {messages.timeoutLogout}
            </Alert>
          )}
          <LoginForm
            onSuccess={(user) => {
              // Nothing cached for an earlier session may leak into this one.
              queryClient.clear();
              queryClient.setQueryData(userInfoQueryKey, user);
              void navigate(safeNext(params.get('next')), { replace: true });
            }}
          />
          <Group justify="center">
            <Anchor component={Link} to={passwordResetPath()} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <VersionLabel />
        </Stack>
      </Paper>
    </Center>
  );
}
