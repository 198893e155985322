import { Text } from '@mantine/core';

/** The build version; the server's `x-imm-version` must equal it (else the reload dialog). */
export function VersionLabel() {
  return (
    <Text size="xs" c="dimmed" data-testid="version-label" title="Application version">
      v{__APP_VERSION__}
    </Text>
  );
}
