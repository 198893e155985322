// /unsubscribe/:token, the link of a scheduled report mail: it cancels that report as soon as it opens
// (no sign-in needed: the token is the proof) and says which report will no longer be mailed.
import { Alert, Anchor, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PRODUCT_NAME } from '@marquee/contracts/constants';
import { reportSubscriptionTexts as texts, type UnsubscribeResult } from '@marquee/contracts/report-subscriptions';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { VersionLabel } from '../../../components/version-label.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { unsubscribeReport } from '../../../lib/report-subscriptions.ts';

type State =
  { status: 'working' } | { status: 'done'; result: UnsubscribeResult } | { status: 'invalid' } | { status: 'failed' };

export function UnsubscribeScreen() {
  useDocumentTitle(`${PRODUCT_NAME} - Unsubscribe`);
  const token = useParams().token ?? '';
  const [state, setState] = useState<State>({ status: 'working' });
  // One request per token, even when React runs the effect twice in development.
  const asked = useRef<string | null>(null);

  const run = useCallback(async () => {
    setState({ status: 'working' });
    try {
      setState({ status: 'done', result: await unsubscribeReport(token) });
    } catch (error) {
      setState({ status: isApiError(error) && error.status === 404 ? 'invalid' : 'failed' });
    }
  }, [token]);

  useEffect(() => {
    if (asked.current === token) return;
    asked.current = token;
    void run();
  }, [token, run]);

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440}>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {PRODUCT_NAME}
            </Title>
            <Text c="dimmed" size="sm">
              Unsubscribe from a scheduled report
            </Text>
          </div>
          {state.status === 'working' && (
            <Stack align="center" gap="xs" role="status">
              <Loader size="sm" aria-hidden />
              <Text size="sm">Unsubscribing…</Text>
            </Stack>
          )}
          {state.status === 'done' && (
            <Alert color="teal" variant="light" role="status">
              {texts.unsubscribed(state.result.title)}
            </Alert>
          )}
          {state.status === 'invalid' && (
            <Alert color="orange" variant="light" role="status">
              {texts.unsubscribeInvalid}
            </Alert>
          )}
          {state.status === 'failed' && (
            <Alert color="red" variant="light" role="alert">
              The report could not be cancelled just now.{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => void run()}>
                Try again
              </Button>
            </Alert>
          )}
          <Text size="sm">
            Your other scheduled reports are listed on your account page.{' '}
            <Anchor component={Link} to={paths.home}>
              Open {PRODUCT_NAME}
            </Anchor>
          </Text>
          <VersionLabel />
        </Stack>
      </Paper>
    </Center>
  );
}
