// Toasts and dialogs, mounted on first use. Mantine's Notifications and ModalsProvider (with the
// modal's scroll lock, focus trap and scroll area, which brings floating-ui) are a chunk of their
// own that the sign-in page loads only when it has something to show; the signed-in shell asks for
// them at once. What is asked of them before they are mounted waits: a toast in Mantine's store, a
// dialog as its window event, replayed once the dialogs listen. So callers keep using
// `notifications` and `modals` as they are.
import { Alert, Button, Group, Text } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { messages } from '@marquee/contracts/texts';
import { Component, lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';

const OverlaysHost = lazy(async () => ({ default: (await import('./overlays-host.tsx')).OverlaysHost }));

/** The window events of @mantine/modals' `modals` (its createUseExternalEvents('mantine-modals')). */
const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);

let wanted = false;
const listeners = new Set<() => void>();
const waitingEvents: CustomEvent[] = [];

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Mounts the toasts and dialogs (loads their chunk) if they are not yet. */
export function requestOverlays() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

// Until the dialogs listen, their events wait here, in order (a close after an open closes it).
function keepModalEvent(event: Event) {
  waitingEvents.push(event as CustomEvent);
  if (event.type.startsWith('mantine-modals:open')) requestOverlays();
}

/** Called once the dialogs listen to their events: they get those that waited. */
function overlaysMounted() {
  for (const type of MODAL_EVENTS) window.removeEventListener(type, keepModalEvent);
  for (const event of waitingEvents.splice(0))
    window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
}

for (const type of MODAL_EVENTS) window.addEventListener(type, keepModalEvent);
const stopWatchingToasts = notificationsStore.subscribe((state) => {
  if (state.notifications.length === 0 && state.queue.length === 0) return;
  stopWatchingToasts();
  requestOverlays();
});

/** Without the chunk (a deploy removed it, or the network is gone) there is no toast and no dialog:
 * the page says so and offers a reload, which fetches the current build. */
class OverlaysFailed extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert
        color="yellow"
        role="alert"
        title={messages.versionMismatchTitle}
        pos="fixed"
        bottom={16}
        left={16}
        maw={420}
        style={{ zIndex: 400 }}
      >
        <Group gap="sm" wrap="nowrap">
          <Text size="sm">{messages.versionMismatchText}</Text>
          <Button size="xs" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Group>
      </Alert>
    );
  }
}

export function LazyOverlays() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!mounted) return null;
  return (
    <OverlaysFailed>
      <Suspense fallback={null}>
        <OverlaysHost onMounted={overlaysMounted} />
      </Suspense>
    </OverlaysFailed>
  );
}
