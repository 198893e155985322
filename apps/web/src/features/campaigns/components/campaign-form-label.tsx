// Field labels of the campaign form; on the approval screen a field that changed since the last
// approved version carries a "Changed" badge, so the approver sees what to check. Read-only inputs
// keep their text readable (not greyed out as disabled ones are).
import { Badge, Title } from '@mantine/core';
import type { CampaignEditableField } from '@marquee/contracts/campaigns';
import { createContext, useContext, type ReactNode } from 'react';

const NONE: ReadonlySet<string> = new Set();

export const ChangedFieldsContext = createContext<ReadonlySet<string>>(NONE);

export function ChangedBadge() {
  return (
    <Badge component="span" size="xs" color="orange" variant="filled" ml={6} style={{ verticalAlign: 'middle' }}>
      Changed
    </Badge>
  );
}

/** A label that names the field, with the badge when it changed. */
export function FieldLabel({ field, text }: { field: CampaignEditableField; text: string }): ReactNode {
  const changed = useContext(ChangedFieldsContext).has(field);
  if (!changed) return text;
  return (
    <span>
      {text}
      <ChangedBadge />
    </span>
  );
}

/** A section's heading, with the badge when any of its fields changed. */
export function SectionTitle({ title, fields }: { title: string; fields: readonly CampaignEditableField[] }) {
  const changed = useContext(ChangedFieldsContext);
  return (
    <Title order={2} size="h4" mb="sm">
      {title}
      {fields.some((field) => changed.has(field)) && <ChangedBadge />}
    </Title>
  );
}

/** A read-only text input, picker or date: readable, not focus-trapping, visibly not editable. */
export const readOnlyProps = (readOnly: boolean) =>
  readOnly ? { readOnly: true, variant: 'filled' as const } : { readOnly: false };
