// Mantine (theme, dates, modals, notifications at the bottom left), TanStack Query, loading overlay.
import { LoadingOverlay, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '@marquee/contracts/constants';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore, type ReactNode } from 'react';
import { adoptStyleNonce } from '../lib/csp-nonce.ts';
import { loadingStore } from '../lib/loading-store.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const styleNonce = adoptStyleNonce();
const getStyleNonce = () => styleNonce ?? '';

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

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      getStyleNonce={getStyleNonce}
    >
      <DatesProvider settings={{ firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider labels={{ confirm: 'OK', cancel: 'Cancel' }}>
            <Notifications position="bottom-left" autoClose={TOAST_MS} zIndex={400} />
            <GlobalLoadingOverlay />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
