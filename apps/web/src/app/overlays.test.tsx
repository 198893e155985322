// The overlays are asked for once per page, as in the app: these tests run in order (a toast's
// turn is overlays-toast.test.tsx, with a page of its own).
import { MantineProvider } from '@mantine/core';
import { modals } from '@mantine/modals';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyOverlays } from './overlays.tsx';
import { theme } from './theme.ts';

// Whether the lazy chunk was asked for.
const host = vi.hoisted(() => ({ loaded: false }));
vi.mock('./overlays-host.tsx', async (importOriginal) => {
  host.loaded = true;
  return importOriginal();
});

const renderApp = () =>
  render(
    <MantineProvider theme={theme}>
      <LazyOverlays />
      <p>app</p>
    </MantineProvider>,
  );

describe('LazyOverlays', () => {
  it('mounts nothing before it is needed', async () => {
    renderApp();
    expect(screen.getByText('app')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(host.loaded).toBe(false);
  });

  it('opens the dialogs asked for before they were mounted, in order', async () => {
    renderApp();
    act(() => {
      modals.open({ modalId: 'gone', title: 'Closed before', children: <p>Never</p> });
      modals.close('gone');
      modals.open({ title: 'Asked early', children: <p>Body</p> });
    });
    expect(await screen.findByRole('dialog', { name: 'Asked early' })).toHaveTextContent('Body');
    expect(host.loaded).toBe(true);
    expect(screen.queryByRole('dialog', { name: 'Closed before' })).toBeNull();
    act(() => modals.closeAll());
  });
});
