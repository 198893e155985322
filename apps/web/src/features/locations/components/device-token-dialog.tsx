// The secret token of a just registered device, shown this once: the server keeps only its hash.
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { DeviceRegistered } from '@marquee/contracts/locations';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

export function DeviceTokenDialog({ device, onClose }: { device: DeviceRegistered | null; onClose: () => void }) {
  return (
    <Modal
      opened={device !== null}
      onClose={onClose}
      title="Device registered"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {device && (
        <Stack gap="md">
          <Text size="sm">
            Device <strong>{device.serial_number}</strong> is registered. Enter this token on the device so it can sign
            in:
          </Text>
          <Code block aria-label="Device token" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {device.token}
          </Code>
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Copy it now">
            This token will not be shown again. If it is lost, disable the device and register it anew.
          </Alert>
          <Group justify="space-between" gap="sm">
            <CopyButton value={device.token}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'default'}
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy token'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
