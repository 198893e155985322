// The Save button of an edit screen's header; it submits the form named by `form`.
import { Button } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';

export function SaveButton({ form, loading }: { form: string; loading: boolean }) {
  return (
    <Button type="submit" form={form} loading={loading} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
      Save
    </Button>
  );
}
