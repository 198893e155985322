// Toasts (bottom left), the one place the app makes them. Errors close by themselves after
// ERROR_TOAST_MS, one toast per text (a repeat replaces the earlier one), and a success clears them;
// the others close after TOAST_MS.
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@marquee/contracts/constants';
import { withErrorPrefix } from './error-catalogue.ts';

/**
 * How long an error toast stays. The spec keeps errors until dismissed (ERROR_TOAST_TIMER_MS only
 * when a timer is asked for), but toasts that never went away piled up over the form they were
 * about; a few seconds longer than other toasts leaves time to read them, and the field
 * messages stay on the form.
 */
export const ERROR_TOAST_MS = 8000;

/** The close button needs a name (axe: button-name). */
const closeButtonProps = { 'aria-label': 'Close notification' };

/** The id of the error toast on screen for each text. */
const errorToasts = new Map<string, string>();
let errorSequence = 0;

function showError(text: string) {
  // A repeat replaces the toast on screen rather than stacking a copy; it gets a new id so that its
  // timer starts over (Mantine keeps the first of two toasts shown with one id, timer and all).
  const shown = errorToasts.get(text);
  if (shown) notifications.hide(shown);
  errorSequence += 1;
  const id = `error-toast-${errorSequence}`;
  errorToasts.set(text, id);
  notifications.show({
    id,
    color: 'red',
    message: withErrorPrefix(text),
    autoClose: ERROR_TOAST_MS,
    closeButtonProps,
    onClose: () => {
      if (errorToasts.get(text) === id) errorToasts.delete(text);
    },
  });
}

export function showErrors(texts: readonly string[]) {
  for (const text of new Set(texts)) showError(text);
}

/** Closes every error toast (what they complained about has been put right). */
export function clearErrors() {
  const ids = [...errorToasts.values()];
  errorToasts.clear();
  for (const id of ids) notifications.hide(id);
}

/** A success (a save, a transition) also clears the error toasts of the attempts before it. */
export function showSuccess(text: string) {
  clearErrors();
  notifications.show({ color: 'teal', message: text, autoClose: TOAST_MS, closeButtonProps });
}

export function showInfo(text: string) {
  notifications.show({ color: 'blue', message: text, autoClose: TOAST_MS, closeButtonProps });
}

export function showWarning(text: string) {
  notifications.show({ color: 'yellow', message: text, autoClose: TOAST_MS, closeButtonProps });
}
