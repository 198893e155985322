import { messages } from '@marquee/contracts/texts';
import type { ActivationParams } from '@marquee/contracts/users';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ActivationScreen } from './activation-screen.tsx';

const plain: ActivationParams = { username: 'jane', require_2fa: false, qr_url: null, otp_url: null };
const twoFactor: ActivationParams = {
  username: 'jane',
  require_2fa: true,
  qr_url: 'data:image/png;base64,AAAA',
  otp_url: 'otpauth://totp/Marquee:jane?secret=ABC&issuer=Marquee',
};

afterEach(() => vi.restoreAllMocks());

function setup(params: ActivationParams | ApiError) {
  const get = vi.spyOn(api, 'get').mockImplementation(async () => {
    if (params instanceof ApiError) throw params;
    return params;
  });
  const post = vi.spyOn(api, 'post');
  const view = renderWithProviders(<p>login page</p>, {
    route: '/activate/k1/h1',
    routes: [{ path: '/activate/:key/:hash', element: <ActivationScreen /> }],
  });
  return { ...view, get, post };
}

const fill = async (user: ReturnType<typeof setup>['user'], password: string, repeat = password) => {
  await user.type(await screen.findByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Repeat password'), repeat);
};

describe('ActivationScreen', () => {
  it('loads the parameters of the link as a public call', async () => {
    const { get } = setup(plain);
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(
      '/api/users/activation_params/',
      expect.objectContaining({ query: { key: 'k1', hash: 'h1' }, ignoreAuthModule: true }),
    );
    expect(screen.queryByLabelText('Token')).toBeNull();
  });

  it('a bad, used or expired link says so and links to the sign-in', async () => {
    const { user, router } = setup(new ApiError(404, { detail: 'Not found.' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This activation link is not valid');
    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('refuses an invalid password with the reason, and different passwords', async () => {
    const { user, post } = setup(plain);
    await fill(user, 'jane1234');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidPasswords);
    expect(screen.getByText('The password is too similar to the username.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Good-pass-42');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText(messages.passwordsDifferent)).toBeInTheDocument();
    expect(screen.getByLabelText('Repeat password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Repeat password')).toHaveAccessibleDescription(messages.passwordsDifferent);
    expect(post).not.toHaveBeenCalled();
  });

  it('activates and offers to sign in', async () => {
    const { user, post, router } = setup(plain);
    post.mockResolvedValue({});
    await fill(user, 'Good-pass-42');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Your account is active')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(
      '/api/users/activate/',
      { key: 'k1', hash: 'h1', password: 'Good-pass-42', token: undefined },
      expect.objectContaining({ ignoreAuthModule: true }),
    );
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('with two-factor: shows the QR code and link, and requires a 6-digit token', async () => {
    const { user, post } = setup(twoFactor);
    post.mockResolvedValue({});
    const qr = await screen.findByRole('img', { name: 'QR code of the one-time token' });
    expect(qr).toHaveAttribute('src', twoFactor.qr_url);
    expect(screen.getByRole('link', { name: 'Open in an authenticator app' })).toHaveAttribute(
      'href',
      twoFactor.otp_url,
    );
    expect(screen.getByTestId('otp-url')).toHaveTextContent(twoFactor.otp_url!);

    await fill(user, 'Good-pass-42');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(messages.tokenRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Token/), '12a');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(messages.otpSixDigits)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^Token/));
    await user.type(screen.getByLabelText(/^Token/), '123456');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/api/users/activate/',
        { key: 'k1', hash: 'h1', password: 'Good-pass-42', token: '123456' },
        expect.anything(),
      ),
    );
  });

  it('puts server field errors on their fields', async () => {
    const { user, post } = setup(twoFactor);
    post.mockRejectedValue(new ApiError(400, { token: ['Invalid one-time token.'] }));
    await fill(user, 'Good-pass-42');
    await user.type(screen.getByLabelText(/^Token/), '123456');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Invalid one-time token.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Token/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('any other failure opens the "Activation error" dialog; Retry sends again, Cancel closes', async () => {
    const { user, post } = setup(plain);
    post.mockRejectedValueOnce(new ApiError(404, { detail: 'Not found.' })).mockResolvedValueOnce({});
    await fill(user, 'Good-pass-42');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog', { name: messages.activationErrorTitle });
    expect(dialog).toHaveTextContent(messages.activationErrorText);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Your account is active')).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('Cancel closes the dialog and keeps the form', async () => {
    const { user, post } = setup(plain);
    post.mockRejectedValue(new ApiError(500, {}));
    await fill(user, 'Good-pass-42');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await screen.findByRole('dialog', { name: messages.activationErrorTitle });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText('Password')).toHaveValue('Good-pass-42');
  });
});
