// A toast mounts the toasts and dialogs (overlays.tsx), on a page of its own (this file).
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { LazyOverlays } from './overlays.tsx';
import { theme } from './theme.ts';

it('shows a toast asked for before the toasts were mounted', async () => {
  render(
    <MantineProvider theme={theme}>
      <LazyOverlays />
    </MantineProvider>,
  );
  act(() => {
    notifications.show({ message: 'Saved' });
  });
  expect(await screen.findByText('Saved')).toBeInTheDocument();
  act(() => notifications.clean());
});
