// The read-only slug of an advertiser or product (spec §5: derived from the name): the server's
// slug while the name is a saved one (the server may add a suffix to keep it unique), else the
// slug the current name gives.
import { TextInput } from '@mantine/core';
import { slugify } from '@marquee/contracts/files';

export type Slugged = { name: string; slug: string };

export function shownSlug(name: string, saved: readonly (Slugged | undefined)[]): string {
  const match = saved.find((object) => object && name.trim() === object.name);
  return match ? match.slug : slugify(name);
}

export function SlugField({
  name,
  saved,
  description = 'Derived from the name',
}: {
  name: string;
  /** Saved versions of the object, newest first. */
  saved: readonly (Slugged | undefined)[];
  description?: string;
}) {
  return (
    <TextInput
      label="Slug"
      description={description}
      // Below the box, so the box lines up with the name's.
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      value={shownSlug(name, saved)}
      readOnly
      variant="filled"
    />
  );
}
