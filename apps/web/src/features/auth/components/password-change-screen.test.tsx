import { notifications } from '@mantine/notifications';
import { messages } from '@marquee/contracts/texts';
import { PASSWORD_MIN_LENGTH, passwordRules } from '@marquee/contracts/users';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { userInfoQueryKey } from '../../../lib/current-user.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PasswordChangeScreen } from './password-change-screen.tsx';

afterEach(() => vi.restoreAllMocks());

function setup() {
  const view = renderWithProviders(<PasswordChangeScreen />, { route: '/password/change' });
  view.queryClient.setQueryData(userInfoQueryKey, {
    id: 2,
    username: 'jane',
    full_name: 'Jane',
    time_zone: 'UTC',
    _permissions: [],
  });
  return view;
}

async function fill(user: ReturnType<typeof setup>['user'], old: string, password: string, repeat = password) {
  await user.type(screen.getByLabelText('Old password'), old);
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Repeat new password'), repeat);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('PasswordChangeScreen', () => {
  it('has the breadcrumb and the three fields', () => {
    setup();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Change password');
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument();
  });

  it('states the password rules beside the new password before anything fails', () => {
    setup();
    const field = screen.getByLabelText('New password');
    const description = document.getElementById(field.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(description).toHaveTextContent(`Password rules: ${passwordRules.join(', ')}.`);
    expect(passwordRules[0]).toContain(String(PASSWORD_MIN_LENGTH));
  });

  it('checks the new passwords on the client', async () => {
    const post = vi.spyOn(api, 'post');
    const { user } = setup();
    await fill(user, 'old-pass-1', 'jane-secret-1', 'jane-secret-2');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidPasswords);
    expect(screen.getByText('The password is too similar to the username.')).toBeInTheDocument();
    expect(screen.getByText(messages.passwordsDifferent)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('changes the password and clears the form', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({});
    const toast = vi.spyOn(notifications, 'show');
    const { user } = setup();
    await fill(user, 'old-pass-1', 'Good-pass-42');
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Your password has been changed.' })),
    );
    expect(post).toHaveBeenCalledWith(
      '/api/auth/password_change/',
      { old_password: 'old-pass-1', password: 'Good-pass-42' },
      expect.objectContaining({ formErrors: true }),
    );
    await waitFor(() => expect(screen.getByLabelText('Old password')).toHaveValue(''));
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('puts server errors on their fields', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(
      new ApiError(400, { old_password: ['Your old password was entered incorrectly.'] }),
    );
    const { user } = setup();
    await fill(user, 'wrong-pass', 'Good-pass-42');
    expect(await screen.findByText('Your old password was entered incorrectly.')).toBeInTheDocument();
    expect(screen.getByLabelText('Old password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('otherwise says the password cannot be changed', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(400, { non_field_errors: ['Nope.'] }));
    const { user } = setup();
    await fill(user, 'old-pass-1', 'Good-pass-42');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.changePasswordFailed);
  });
});
