// A zone's name, edited in place: required and at most ZONE_NAME_MAX characters (the contract's
// messages); Enter or the save button saves, Escape puts the saved name back.
import { ActionIcon, Group, TextInput } from '@mantine/core';
import { locationZoneInput, type LocationZone } from '@marquee/contracts/locations';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notifications.ts';
import { useRenameZone } from '../api/rename-zone.ts';

export type ZoneNameEditorProps = {
  zone: Pick<LocationZone, 'id' | 'location' | 'location_name' | 'zone_number' | 'name'>;
  readOnly: boolean;
  /** Names the zone in labels where the location is not obvious (the zone settings grid). */
  withLocation?: boolean;
};

export function ZoneNameEditor({ zone, readOnly, withLocation = false }: ZoneNameEditorProps) {
  const rename = useRenameZone();
  const [text, setText] = useState(zone.name);
  const [saved, setSaved] = useState(zone.name);
  const [error, setError] = useState<string | null>(null);
  // A refreshed zone (saved here or elsewhere) shows its name unless the user is editing it.
  if (zone.name !== saved) {
    if (text === saved) setText(zone.name);
    setSaved(zone.name);
  }
  const label = `Name of zone ${zone.zone_number}${withLocation ? ` at ${zone.location_name}` : ''}`;
  const dirty = text !== saved;

  const save = async () => {
    const parsed = locationZoneInput.safeParse({ name: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid name.');
      return;
    }
    if (parsed.data.name === saved) {
      setText(saved);
      setError(null);
      return;
    }
    try {
      await rename.mutateAsync({ zone, name: parsed.data.name });
      setError(null);
      showSuccess(`Zone ${zone.zone_number} renamed to "${parsed.data.name}".`);
    } catch (failure) {
      if (isApiError(failure)) setError(failure.fieldErrors.name?.join(' ') ?? null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || !dirty) return;
    event.preventDefault();
    setText(saved);
    setError(null);
  };

  if (readOnly) return <span>{zone.name}</span>;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <TextInput
          aria-label={label}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          error={error}
          size="sm"
          style={{ flex: 1, minWidth: 0 }}
          autoComplete="off"
        />
        {dirty && (
          <>
            <ActionIcon
              type="submit"
              size={36}
              variant="filled"
              aria-label={`Save the name of zone ${zone.zone_number}`}
              loading={rename.isPending}
            >
              <IconCheck size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              size={36}
              variant="default"
              aria-label="Undo the change"
              onClick={() => {
                setText(saved);
                setError(null);
              }}
            >
              <IconX size={18} aria-hidden />
            </ActionIcon>
          </>
        )}
      </Group>
    </form>
  );
}
