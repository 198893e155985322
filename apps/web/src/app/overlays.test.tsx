// The overlays are asked for once per page, as in the app: these tests run in order.
import { MantineProvider } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadingStore } from '../lib/loading-store.ts';
import { LazyOverlays } from './overlays.tsx';
import { theme } from './theme.ts';

const renderApp = () =>
  render(
    <MantineProvider theme={theme}>
      <LazyOverlays />
      <p>app</p>
    </MantineProvider>,
  );

describe('LazyOverlays', () => {
  it('mounts nothing before it is needed', () => {
    renderApp();
    expect(screen.getByText('app')).toBeInTheDocument();
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });

  it('opens the dialogs asked for before they were mounted, in order', async () => {
    renderApp();
    act(() => {
      modals.open({ modalId: 'gone', title: 'Closed before', children: <p>Never</p> });
      modals.close('gone');
      modals.open({ title: 'Asked early', children: <p>Body</p> });
    });
    expect(await screen.findByRole('dialog', { name: 'Asked early' })).toHaveTextContent('Body');
    expect(screen.queryByRole('dialog', { name: 'Closed before' })).toBeNull();
    act(() => modals.closeAll());
  });

  it('shows toasts and the loading overlay', async () => {
    renderApp();
    act(() => {
      notifications.show({ message: 'Saved' });
      loadingStore.set(true);
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    act(() => loadingStore.set(false));
  });
});
