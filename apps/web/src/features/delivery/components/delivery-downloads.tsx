// The delivery report's download buttons (the report as CSV or Excel (.xlsx), the proof of play as CSV or
// JSON), what a running download has received (with Cancel), and the check of a proof of play: the
// server's receipt (rows, SHA-256) against the SHA-256 of the bytes this browser received.
import { Alert, Button, Code, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { formatFileSize } from '@marquee/contracts/files';
import { EXPORT_FORMAT_LABELS } from '@marquee/contracts/statistics';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFileCertificate, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { formatCount } from '../../../lib/delivery-format.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { DeliveryDownloads, DownloadKind, ProofCheck } from './use-delivery-downloads.ts';

type ButtonSpec = { kind: DownloadKind; text: string; name: string };

const reportButtons: ButtonSpec[] = [
  {
    kind: { what: 'report', format: 'csv' },
    text: EXPORT_FORMAT_LABELS.csv,
    name: `Export ${EXPORT_FORMAT_LABELS.csv}`,
  },
  {
    kind: { what: 'report', format: 'xlsx' },
    text: EXPORT_FORMAT_LABELS.xlsx,
    name: `Export ${EXPORT_FORMAT_LABELS.xlsx}`,
  },
];
const proofButtons: ButtonSpec[] = [
  { kind: { what: 'proof', format: 'csv' }, text: 'CSV', name: 'Proof of play (CSV)' },
  { kind: { what: 'proof', format: 'json' }, text: 'JSON', name: 'Proof of play (JSON)' },
];

const same = (a: DownloadKind, b: DownloadKind | undefined) => a.what === b?.what && a.format === b.format;

/** "the report (CSV)", "the proof of play (JSON)". */
const kindText = (kind: DownloadKind) =>
  `${kind.what === 'report' ? 'Report' : 'Proof of play'} (${kind.format === 'xlsx' ? EXPORT_FORMAT_LABELS.xlsx : kind.format.toUpperCase()})`;

function ButtonGroup({
  label,
  buttons,
  downloads,
  disabled,
}: {
  label: string;
  buttons: ButtonSpec[];
  downloads: DeliveryDownloads;
  disabled: boolean;
}) {
  const labelId = useId();
  const running = downloads.running?.kind;
  return (
    <Group gap={6} role="group" aria-labelledby={labelId} wrap="nowrap">
      <Text id={labelId} size="sm" c="dimmed">
        {label}
      </Text>
      {buttons.map(({ kind, text, name }) => (
        <Button
          key={name}
          size="xs"
          variant="default"
          disabled={disabled || (running !== undefined && !same(kind, running))}
          loading={same(kind, running)}
          aria-label={name}
          leftSection={
            kind.what === 'proof' ? (
              <IconFileCertificate size={14} aria-hidden />
            ) : (
              <IconDownload size={14} aria-hidden />
            )
          }
          onClick={() => downloads.start(kind)}
        >
          {text}
        </Button>
      ))}
    </Group>
  );
}

export function DeliveryDownloadButtons({ downloads, disabled }: { downloads: DeliveryDownloads; disabled: boolean }) {
  return (
    <Group gap="md" wrap="wrap" justify="flex-end">
      <ButtonGroup label="Export" buttons={reportButtons} downloads={downloads} disabled={disabled} />
      <ButtonGroup label="Proof of play" buttons={proofButtons} downloads={downloads} disabled={disabled} />
    </Group>
  );
}

/** What the running download has received, and Cancel. */
export function DeliveryDownloadProgress({ downloads }: { downloads: DeliveryDownloads }) {
  const { running } = downloads;
  if (!running) return null;
  return (
    <Group gap="xs" wrap="nowrap" role="status" aria-label="Download progress" justify="flex-end">
      <Progress value={100} striped animated size="sm" w={120} aria-label={`Downloading ${kindText(running.kind)}`} />
      <Text size="xs" c="dimmed" miw={180}>
        {kindText(running.kind)}: {formatFileSize(running.loaded)} received
      </Text>
      <Button
        size="compact-xs"
        variant="subtle"
        color="gray.7"
        leftSection={<IconX size={12} aria-hidden />}
        onClick={downloads.cancel}
      >
        Cancel download
      </Button>
    </Group>
  );
}

export const proofTexts = {
  matches: "SHA-256 matches the server's receipt",
  differs: "SHA-256 does not match the server's receipt",
  checking: 'Checking the file against its receipt…',
  noReceipt: "The server's receipt of this file was not found.",
  unfinished: 'The server has not finished the receipt yet; look it up again in a moment.',
  noCrypto: 'This browser cannot compute SHA-256 here (it needs a secure connection).',
} as const;

function Verdict({ check }: { check: ProofCheck }) {
  if (check.checking) {
    return (
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{proofTexts.checking}</Text>
      </Group>
    );
  }
  const server = check.receipt?.sha256;
  if (!check.receipt) return <Alert color="yellow" variant="light" title={proofTexts.noReceipt} />;
  if (!server) return <Alert color="yellow" variant="light" title={proofTexts.unfinished} />;
  if (!check.sha256) return <Alert color="yellow" variant="light" title={proofTexts.noCrypto} />;
  if (server === check.sha256 && check.receipt.bytes === check.size) {
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} title={proofTexts.matches}>
        The file you received is byte for byte the one the server sent and recorded.
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={proofTexts.differs}>
      The file changed on its way or arrived incomplete; download it again.
    </Alert>
  );
}

/** The last proof of play's check, once one was downloaded. */
export function ProofOfPlayCheck({ check }: { check: ProofCheck | null }) {
  const titleId = useId();
  if (!check) return null;
  const { receipt } = check;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb="xs" id={titleId}>
        Proof of play receipt
      </Title>
      <Stack gap="xs">
        <Text size="sm">
          {check.fileName}: {formatFileSize(check.size)} received
          {receipt?.rows !== null && receipt?.rows !== undefined ? `, ${formatCount(receipt.rows)} plays` : ''}
          {receipt ? ` · receipt ${receipt.id} of ${formatDateTime(receipt.created_at)}` : ''}
        </Text>
        <Stack gap={4}>
          <Text size="sm">
            SHA-256 in the server&apos;s receipt:{' '}
            <Code data-testid="receipt-sha256" style={{ wordBreak: 'break-all' }}>
              {receipt?.sha256 ?? (check.checking ? '…' : 'none')}
            </Code>
          </Text>
          <Text size="sm">
            SHA-256 of the file received:{' '}
            <Code data-testid="file-sha256" style={{ wordBreak: 'break-all' }}>
              {check.sha256 ?? (check.checking ? '…' : 'not computed')}
            </Code>
          </Text>
        </Stack>
        <div role="status">
          <Verdict check={check} />
        </div>
      </Stack>
    </Paper>
  );
}
