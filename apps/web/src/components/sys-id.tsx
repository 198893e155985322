// A record's system id (LOC-000004, CMP-000002 …) as every screen shows it, in monospace: a grey
// badge beside a record's title, dimmed text in lists and tables.
import { Badge, Text, type MantineSize } from '@mantine/core';

export function SysIdBadge({ value }: { value: string }) {
  return (
    <Badge variant="light" color="gray" size="lg" tt="none" ff="monospace" title="System id">
      {value}
    </Badge>
  );
}

export function SysIdText({ value, size = 'sm' }: { value: string; size?: MantineSize }) {
  return (
    <Text span size={size} c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
      {value}
    </Text>
  );
}
