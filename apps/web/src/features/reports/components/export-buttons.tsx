// Export buttons: the same statistics query as a CSV, Excel (.xlsx) or Excel 97 (.xls) file (every row). The file is
// fetched through the api client, so a long export shows how much has arrived and can be cancelled;
// when it is complete the browser saves it under the server's file name.
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { formatFileSize } from '@marquee/contracts/files';
import { EXPORT_FORMATS, EXPORT_FORMAT_LABELS, type ExportFormat } from '@marquee/contracts/statistics';
import { IconDownload, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { QueryParams } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notifications.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { downloadStatistics, statisticsExportQuery } from '../api/get-statistics.ts';

export type ExportButtonsProps = {
  params: QueryParams;
  /** File name without extension. */
  filename: string;
  disabled?: boolean;
};

/** Progress is shown at most this often (a fast export sends many small chunks). */
const PROGRESS_EVERY_MS = 150;

type Running = { format: ExportFormat; loaded: number };

export function ExportButtons({ params, filename, disabled = false }: ExportButtonsProps) {
  const labelId = useId();
  const [running, setRunning] = useState<Running | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Leaving the screen cancels an export still running.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (format: ExportFormat) => {
    const abort = new AbortController();
    controller.current = abort;
    setRunning({ format, loaded: 0 });
    let shownAt = 0;
    try {
      const file = await downloadStatistics(statisticsExportQuery(params, format, filename), {
        signal: abort.signal,
        onProgress: (loaded) => {
          if (performance.now() - shownAt < PROGRESS_EVERY_MS) return;
          shownAt = performance.now();
          setRunning({ format, loaded });
        },
      });
      saveFile(file);
      showSuccess(`Exported ${file.name} (${formatFileSize(file.size)}).`);
    } catch {
      // The api client has shown what went wrong; a cancelled export needs no message.
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setRunning(null);
      }
    }
  };

  return (
    <Stack gap={4} align="flex-end">
      <Group gap={6} role="group" aria-labelledby={labelId} wrap="wrap" justify="flex-end">
        <Text id={labelId} size="sm" c="dimmed">
          Export
        </Text>
        {EXPORT_FORMATS.map((format) => {
          const name = EXPORT_FORMAT_LABELS[format];
          return (
            <Button
              key={format}
              size="xs"
              variant="default"
              disabled={disabled || (running !== null && running.format !== format)}
              loading={running?.format === format}
              aria-label={`Export ${name}`}
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={() => void start(format)}
            >
              {name}
            </Button>
          );
        })}
      </Group>
      {running && (
        <Group gap="xs" wrap="nowrap" role="status" aria-label="Export progress">
          <Progress value={100} striped animated size="sm" w={120} aria-label={`Exporting ${running.format}`} />
          <Text size="xs" c="dimmed" miw={130}>
            {EXPORT_FORMAT_LABELS[running.format]}: {formatFileSize(running.loaded)} received
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray.7"
            leftSection={<IconX size={12} aria-hidden />}
            onClick={() => controller.current?.abort()}
          >
            Cancel export
          </Button>
        </Group>
      )}
    </Stack>
  );
}
