// Export buttons: links to the same statistics query as a CSV, XLSX or XLS download (every row; the
// server streams it with a content-disposition, so the browser saves it as a file).
import { Button, Group, Text } from '@mantine/core';
import { EXPORT_FORMATS } from '@marquee/contracts/statistics';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import type { QueryParams } from '../../../lib/api-client.ts';
import { statisticsExportUrl } from '../api/get-statistics.ts';

export type ExportButtonsProps = {
  params: QueryParams;
  /** File name without extension. */
  filename: string;
  disabled?: boolean;
};

export function ExportButtons({ params, filename, disabled = false }: ExportButtonsProps) {
  const labelId = useId();
  return (
    <Group gap={6} role="group" aria-labelledby={labelId} wrap="nowrap">
      <Text id={labelId} size="sm" c="dimmed">
        Export
      </Text>
      {EXPORT_FORMATS.map((format) => {
        const name = format.toUpperCase();
        return disabled ? (
          <Button
            key={format}
            size="xs"
            variant="default"
            disabled
            aria-label={`Export ${name}`}
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            {name}
          </Button>
        ) : (
          <Button
            key={format}
            component="a"
            href={statisticsExportUrl(params, format, filename)}
            download
            size="xs"
            variant="default"
            aria-label={`Export ${name}`}
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            {name}
          </Button>
        );
      })}
    </Group>
  );
}
