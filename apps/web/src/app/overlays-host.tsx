// The toasts (bottom left) and the dialogs of `modals`, a lazy chunk: see overlays.tsx.
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '@marquee/contracts/constants';
import { useEffect } from 'react';

export function OverlaysHost({ onMounted }: { onMounted: () => void }) {
  // A passive effect runs after every layout effect of the commit, so after ModalsProvider has
  // started listening to its window events.
  useEffect(() => onMounted(), [onMounted]);
  return (
    <>
      <Notifications position="bottom-left" autoClose={TOAST_MS} zIndex={400} />
      <ModalsProvider labels={{ confirm: 'OK', cancel: 'Cancel' }} />
    </>
  );
}
