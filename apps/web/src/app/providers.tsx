// Mantine (theme, dates), TanStack Query, the loading overlay, and the toasts and dialogs (loaded on
// first use: overlays.tsx).
import { LoadingOverlay, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore, type ReactNode } from 'react';
import { adoptStyleNonce } from '../lib/csp-nonce.ts';
import { loadingStore } from '../lib/loading-store.ts';
import { LazyOverlays } from './overlays.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

const styleNonce = adoptStyleNonce();
const getStyleNonce = () => styleNonce ?? '';

// Not with the toasts and dialogs: the sign-in request usually lasts long enough to show it, and it
// costs the page under 1 KiB (its transition is the button's too).
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
          <LazyOverlays />
          <GlobalLoadingOverlay />
          {children}
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
