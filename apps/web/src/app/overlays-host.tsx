// The toasts (bottom left), the dialogs of `modals` and the loading overlay: a lazy chunk, see
// overlays.tsx.
import { LoadingOverlay } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '@marquee/contracts/constants';
import { useEffect, useSyncExternalStore } from 'react';
import { loadingStore } from '../lib/loading-store.ts';

function GlobalLoadingOverlay() {
  const visible = useSyncExternalStore(loadingStore.subscribe, loadingStore.get);
  // Above the app shell (100), below modals (200) so the sign-in dialog stays usable.
  return (
    <LoadingOverlay
      visible={visible}
      pos="fixed"
      zIndex={150}
      overlayProps={{ blur: 1 }}
      data-testid="loading-overlay"
    />
  );
}

export function OverlaysHost({ onMounted }: { onMounted: () => void }) {
  // A passive effect runs after every layout effect of the commit, so after ModalsProvider has
  // started listening to its window events.
  useEffect(() => onMounted(), [onMounted]);
  return (
    <>
      <Notifications position="bottom-left" autoClose={TOAST_MS} zIndex={400} />
      <GlobalLoadingOverlay />
      <ModalsProvider labels={{ confirm: 'OK', cancel: 'Cancel' }} />
    </>
  );
}
