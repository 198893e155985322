// Toasts (bottom left): errors stay until dismissed, the others close after TOAST_MS.
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@marquee/contracts/constants';
import { withErrorPrefix } from './error-catalogue.ts';

/** The close button needs a name (axe: button-name). */
const closeButtonProps = { 'aria-label': 'Close notification' };

export function showErrors(texts: readonly string[]) {
  for (const text of texts) {
    notifications.show({ color: 'red', message: withErrorPrefix(text), autoClose: false, closeButtonProps });
  }
}

export function showSuccess(text: string) {
  notifications.show({ color: 'teal', message: text, autoClose: TOAST_MS, closeButtonProps });
}

export function showInfo(text: string) {
  notifications.show({ color: 'blue', message: text, autoClose: TOAST_MS, closeButtonProps });
}

export function showWarning(text: string) {
  notifications.show({ color: 'yellow', message: text, autoClose: TOAST_MS, closeButtonProps });
}
