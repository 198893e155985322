import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { TOAST_MS } from '@marquee/contracts/constants';
import { messages } from '@marquee/contracts/texts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../app/theme.ts';
import { clearErrors, ERROR_TOAST_MS, showErrors, showInfo, showSuccess } from './notifications.ts';

const FORM_ERROR = `${messages.errorPrefix} ${messages.formHasErrors}`;

function renderToasts() {
  render(
    <MantineProvider theme={theme}>
      <Notifications transitionDuration={0} />
    </MantineProvider>,
  );
}

/** Lets the timers run, then the leaving transition that a closing toast starts finish. */
const wait = (ms: number) => {
  act(() => vi.advanceTimersByTime(ms));
  act(() => vi.advanceTimersByTime(10));
};

beforeEach(() => vi.useFakeTimers());

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows one error toast per text: a repeat replaces the earlier one', () => {
    renderToasts();
    act(() => showErrors([messages.formHasErrors]));
    act(() => showErrors([messages.formHasErrors]));
    act(() => showErrors([messages.formHasErrors, messages.formHasErrors, messages.notFound]));
    wait(500);
    expect(screen.getAllByText(FORM_ERROR)).toHaveLength(1);
    expect(screen.getByText(`${messages.errorPrefix} ${messages.notFound}`)).toBeInTheDocument();
  });

  it('closes an error toast by itself, later than the others', () => {
    renderToasts();
    act(() => {
      showErrors([messages.formHasErrors]);
      showInfo('Saved somewhere');
    });
    wait(TOAST_MS + 500);
    expect(screen.queryByText('Saved somewhere')).toBeNull();
    expect(screen.getByText(FORM_ERROR)).toBeInTheDocument();
    wait(ERROR_TOAST_MS - TOAST_MS);
    expect(screen.queryByText(FORM_ERROR)).toBeNull();
  });

  it('starts the timer over when the same error comes again', () => {
    renderToasts();
    act(() => showErrors([messages.formHasErrors]));
    wait(ERROR_TOAST_MS - 1000);
    act(() => showErrors([messages.formHasErrors]));
    wait(2000);
    expect(screen.getByText(FORM_ERROR)).toBeInTheDocument();
    wait(ERROR_TOAST_MS);
    expect(screen.queryByText(FORM_ERROR)).toBeNull();
  });

  it('clears the error toasts on a success, keeping the success', () => {
    renderToasts();
    act(() => showErrors([messages.formHasErrors, messages.notFound]));
    wait(100);
    act(() => showSuccess('Campaign "Winter" saved.'));
    wait(500);
    expect(screen.queryByText(FORM_ERROR)).toBeNull();
    expect(screen.queryByText(`${messages.errorPrefix} ${messages.notFound}`)).toBeNull();
    expect(screen.getByText('Campaign "Winter" saved.')).toBeInTheDocument();

    // A text shown again after the clearing is a new toast.
    act(() => showErrors([messages.formHasErrors]));
    wait(100);
    expect(screen.getAllByText(FORM_ERROR)).toHaveLength(1);
    act(() => clearErrors());
    wait(500);
    expect(screen.queryByText(FORM_ERROR)).toBeNull();
  });
});
