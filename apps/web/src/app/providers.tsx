// Mantine (theme, dates), TanStack Query, and the toasts, dialogs and loading overlay (loaded on
// first use: overlays.tsx).
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { adoptStyleNonce } from '../lib/csp-nonce.ts';
import { LazyOverlays } from './overlays.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

const styleNonce = adoptStyleNonce();
const getStyleNonce = () => styleNonce ?? '';

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
          {children}
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
