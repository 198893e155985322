// The top of an edit screen's form: the header ("Add <noun>" or the object's name, the crumb back to
// the list, the object's own actions and Save for those who may change it), and the notice that says
// the form is read-only.
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageHeader, type Crumb } from './page-header.tsx';
import { SaveButton } from './save-button.tsx';

export type EditFormHeaderProps = {
  /** What the object is, as the page title names it, e.g. "Video clip". */
  noun: string;
  /** The object's name; undefined on the add screen. */
  name: string | undefined;
  /** The crumb back to the list; none when the user may not open it. */
  list?: Crumb;
  /** The form that Save submits. */
  formId: string;
  readOnly: boolean;
  saving: boolean;
  /** The object's own actions, before Save. */
  children?: ReactNode;
};

export function EditFormHeader({ noun, name, list, formId, readOnly, saving, children }: EditFormHeaderProps) {
  const heading = name ?? `Add ${noun.toLowerCase()}`;
  return (
    <PageHeader
      title={name === undefined ? heading : noun}
      heading={heading}
      breadcrumbs={list ? [list, { label: heading }] : [{ label: heading }]}
      actions={
        <>
          {children}
          {!readOnly && <SaveButton form={formId} loading={saving} />}
        </>
      }
    />
  );
}

/** `what` as the sentence names it, e.g. "this product"; or the whole `text` where parts stay changeable. */
export function ReadOnlyNotice(props: { what: string } | { text: string }) {
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />}>
      {'text' in props ? props.text : `You can view ${props.what} but not change it.`}
    </Alert>
  );
}
