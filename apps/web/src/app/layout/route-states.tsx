// What a route shows while it loads its first data, and when it fails.
import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PRODUCT_NAME } from '@marquee/contracts/constants';
import { messages } from '@marquee/contracts/texts';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '../../lib/chunk-load-error.ts';

export function FullPageLoader() {
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Loader aria-hidden />
      <Text size="sm" ml="sm">
        Loading…
      </Text>
    </Center>
  );
}

export function RouteError() {
  const error = useRouteError();
  useDocumentTitle(`${PRODUCT_NAME} - Error`);
  // A chunk of an older build is gone after a deploy: reloading fetches the new one.
  const stale = isChunkLoadError(error);
  const title = stale ? messages.versionMismatchTitle : messages.somethingWentWrong;
  const text = stale
    ? messages.versionMismatchText
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : undefined;
  return (
    <Center mih="100vh" component="main" p="md">
      <Stack align="center" gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {text && <Text>{text}</Text>}
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
