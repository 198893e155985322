// Leaving a dirty form asks first: in-app navigation through react-router's blocker, closing or
// reloading the tab through `beforeunload`.
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messages } from '@marquee/contracts/texts';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export type DirtyFormGuard = {
  /** Lets navigation through without asking (after a save or delete, before navigating away). */
  allowNextNavigation: () => void;
};

export function useDirtyFormGuard(dirty: boolean): DirtyFormGuard {
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowed.current) return false;
    // A session timeout goes to the login screen whatever the form holds.
    if (nextLocation.pathname === '/login') return false;
    return dirty && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let decided = false;
    modals.openConfirmModal({
      title: messages.leaveTitle,
      children: <Text size="sm">{messages.leaveText}</Text>,
      labels: { confirm: 'Leave', cancel: 'Stay' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        decided = true;
        blocker.proceed();
      },
      onCancel: () => {
        decided = true;
        blocker.reset();
      },
      onClose: () => {
        if (!decided) blocker.reset();
      },
    });
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const allowNextNavigation = useCallback(() => {
    allowed.current = true;
  }, []);
  return { allowNextNavigation };
}
