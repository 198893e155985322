import { messages } from '@marquee/contracts/texts';
import type { User } from '@marquee/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { userFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { UserOtpSection } from './user-otp-section.tsx';

const account = (extra: Partial<User> = {}): User => userFixture(extra);

const enrolment = { qr_url: 'data:image/png;base64,AAAA', otp_url: 'otpauth://totp/Marquee:jane?secret=ABC' };

afterEach(() => vi.restoreAllMocks());

async function startEnrolment(post: ReturnType<typeof vi.spyOn>) {
  const rendered = renderWithProviders(<UserOtpSection user={account()} isSelf canRemove={false} />);
  await rendered.user.click(screen.getByRole('button', { name: 'Enable one-time token' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('/api/users/7/enable_otp/'));
  return rendered;
}

describe('UserOtpSection', () => {
  it('enrols a token for oneself: QR code and link, then the token is confirmed', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockImplementation((path: string) => Promise.resolve(path.endsWith('enable_otp/') ? enrolment : {}) as never);
    const { user } = await startEnrolment(post);
    expect(await screen.findByRole('img', { name: 'QR code of the one-time token' })).toHaveAttribute(
      'src',
      enrolment.qr_url,
    );
    expect(screen.getByRole('link', { name: 'Open in an authenticator app' })).toHaveAttribute(
      'href',
      enrolment.otp_url,
    );
    expect(screen.getByText(enrolment.otp_url)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Token' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm token' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/users/7/validate_otp/', { token: '123456' }, { quietStatuses: [400] }),
    );
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Token' })).toBeNull());
  });

  it('checks the token before sending it, word for word', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(enrolment);
    const { user } = await startEnrolment(post);
    const token = await screen.findByRole('textbox', { name: 'Token' });
    await user.click(screen.getByRole('button', { name: 'Confirm token' }));
    expect(await screen.findByText('You need to write your token!')).toBeInTheDocument();
    expect(messages.otpRequired).toBe('You need to write your token!');
    await user.type(token, '12a45');
    await user.click(screen.getByRole('button', { name: 'Confirm token' }));
    expect(await screen.findByText('Token should consist of 6 digits!')).toBeInTheDocument();
    await user.clear(token);
    await user.type(token, '1234567');
    await user.click(screen.getByRole('button', { name: 'Confirm token' }));
    expect(await screen.findByText(messages.otpSixDigits)).toBeInTheDocument();
    expect(token).toHaveAttribute('aria-invalid', 'true');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message for a refused token, else 'invalid token'", async () => {
    const post = vi.spyOn(api, 'post').mockImplementation((path: string) => {
      if (path.endsWith('enable_otp/')) return Promise.resolve(enrolment) as never;
      return Promise.reject(new ApiError(400, { token: ['Invalid one-time token.'] })) as never;
    });
    const { user } = await startEnrolment(post);
    await user.type(await screen.findByRole('textbox', { name: 'Token' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm token' }));
    expect(await screen.findByText('Invalid one-time token.')).toBeInTheDocument();

    post.mockImplementation(() => Promise.reject(new ApiError(400, { non_field_errors: ['Token expired.'] })) as never);
    await user.click(screen.getByRole('button', { name: 'Confirm token' }));
    expect(await screen.findByText('Token expired.')).toBeInTheDocument();

    post.mockImplementation(() => Promise.reject(new ApiError(400, {})) as never);
    await user.click(screen.getByRole('button', { name: 'Confirm token' }));
    expect(await screen.findByText('invalid token')).toBeInTheDocument();
  });

  it('offers enrolment only to oneself, and removing a token after confirmation', async () => {
    const { unmount } = renderWithProviders(<UserOtpSection user={account()} isSelf={false} canRemove />);
    expect(screen.queryByRole('button', { name: 'Enable one-time token' })).toBeNull();
    expect(screen.getByText('Not enabled')).toBeInTheDocument();
    unmount();

    const post = vi.spyOn(api, 'post').mockResolvedValue({});
    const { user } = renderWithProviders(
      <UserOtpSection user={account({ otp_enabled: true })} isSelf={false} canRemove />,
    );
    expect(screen.getByText('Enabled')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disable one-time token' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/users/7/disable_otp/'));
  });

  it('does not offer removing a token without second_factor_user, one’s own included', () => {
    const { unmount } = renderWithProviders(
      <UserOtpSection user={account({ otp_enabled: true })} isSelf={false} canRemove={false} />,
    );
    expect(screen.queryByRole('button', { name: 'Disable one-time token' })).toBeNull();
    unmount();
    renderWithProviders(<UserOtpSection user={account({ otp_enabled: true })} isSelf canRemove={false} />);
    expect(screen.getByText('Enabled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable one-time token' })).toBeNull();
  });
});
