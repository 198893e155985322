import { Badge } from '@mantine/core';
import type { MessageImportance } from '@marquee/contracts/messages';

const colors: Record<MessageImportance, string> = { info: 'blue.8', warning: 'yellow.4', critical: 'red.9' };

/** info / warning / critical; filled with auto contrast so the text stays readable. */
export function ImportanceBadge({ importance }: { importance: MessageImportance }) {
  return (
    <Badge color={colors[importance] ?? 'gray.7'} autoContrast variant="filled" size="sm">
      {importance}
    </Badge>
  );
}
