// A text filter that applies TABLE_FILTER_DELAY_MS after the last keystroke.
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { TABLE_FILTER_DELAY_MS } from '@marquee/contracts/constants';
import { useState } from 'react';

export type TextFilterProps = {
  label: string;
  /** The applied value (from the URL). */
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
};

export function TextFilter({ label, value, onChange, placeholder }: TextFilterProps) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  // The URL changed from elsewhere (back button, a link): show that value.
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  const apply = useDebouncedCallback((next: string) => onChange(next.trim()), TABLE_FILTER_DELAY_MS);

  return (
    <TextInput
      label={label}
      value={text}
      placeholder={placeholder}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear the filter"
            onClick={() => {
              setText('');
              apply.cancel();
              onChange('');
            }}
          />
        ) : null
      }
    />
  );
}
