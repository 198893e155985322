import { messages } from '@marquee/contracts/texts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PasswordResetScreen } from './password-reset-screen.tsx';

afterEach(() => vi.restoreAllMocks());

const setup = (route: string) =>
  renderWithProviders(<p>login page</p>, {
    route,
    routes: [{ path: '/password/reset/:token?', element: <PasswordResetScreen /> }],
  });

describe('PasswordResetScreen: request', () => {
  it('refuses a blank or invalid username', async () => {
    const post = vi.spyOn(api, 'post');
    const { user } = setup('/password/reset');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(messages.resetInvalidUsername)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Username/), 'no spaces allowed');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText(messages.resetInvalidUsername)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the request publicly and says it was sent', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({});
    const { user } = setup('/password/reset');
    await user.type(screen.getByLabelText(/^Username/), ' jane ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(messages.resetRequestSent);
    expect(post).toHaveBeenCalledWith(
      '/api/auth/password_reset/',
      { username: 'jane' },
      expect.objectContaining({ ignoreAuthModule: true }),
    );
  });

  it("shows the server's detail, else the default failure", async () => {
    vi.spyOn(api, 'post')
      .mockRejectedValueOnce(new ApiError(429, { detail: 'Too many requests.' }))
      .mockRejectedValueOnce(new ApiError(403, {}));
    const { user } = setup('/password/reset');
    await user.type(screen.getByLabelText(/^Username/), 'jane');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(messages.resetRequestFailed));
  });

  it('links back to the sign-in', async () => {
    const { user, router } = setup('/password/reset');
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('PasswordResetScreen: new password', () => {
  it('checks the passwords on the client', async () => {
    const post = vi.spyOn(api, 'post');
    const { user } = setup('/password/reset/tok-1');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Repeat new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidPasswords);
    expect(screen.getByText(/This password is too short/)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordsDifferent)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('sets the password with the token and offers to sign in', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({});
    const { user } = setup('/password/reset/tok-1');
    await user.type(screen.getByLabelText('New password'), 'Good-pass-42');
    await user.type(screen.getByLabelText('Repeat new password'), 'Good-pass-42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(
      '/api/auth/password_reset/',
      { token: 'tok-1', password: 'Good-pass-42' },
      expect.objectContaining({ ignoreAuthModule: true }),
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('a refused token goes back to the request with its error', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(400, { token: ['This reset link is invalid or expired.'] }));
    const { user, router } = setup('/password/reset/tok-1');
    await user.type(screen.getByLabelText('New password'), 'Good-pass-42');
    await user.type(screen.getByLabelText('Repeat new password'), 'Good-pass-42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or expired.');
    expect(router.state.location.pathname).toBe('/password/reset');
    expect(screen.getByLabelText(/^Username/)).toBeInTheDocument();
  });

  it('a refused password shows on the field', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(400, { password: ['This password is too common.'] }));
    const { user } = setup('/password/reset/tok-1');
    await user.type(screen.getByLabelText('New password'), 'Good-pass-42');
    await user.type(screen.getByLabelText('Repeat new password'), 'Good-pass-42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining('This password is too common.'),
    );
  });
});
