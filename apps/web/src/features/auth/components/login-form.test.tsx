import { messages } from '@marquee/contracts/texts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';

const user = { id: 1, username: 'admin', full_name: 'Administrator', time_zone: 'UTC', _permissions: [] };

afterEach(() => vi.restoreAllMocks());

describe('LoginForm', () => {
  it('has the named inputs and a submit button', () => {
    renderWithProviders(<LoginForm onSuccess={() => undefined} />);
    expect(screen.getByLabelText('Username')).toHaveAttribute('name', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('name', 'password');
    const token = screen.getByLabelText(/One-time token/);
    expect(token).toHaveAttribute('name', 'token');
    expect(token).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('type', 'submit');
  });

  it('asks for username and password before calling the server', async () => {
    const login = vi.spyOn(api, 'login');
    const { user: u } = renderWithProviders(<LoginForm onSuccess={() => undefined} />);
    await u.type(screen.getByLabelText('Username'), 'admin');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.loginBlank);
    expect(login).not.toHaveBeenCalled();
  });

  it('checks the token has 6 digits', async () => {
    const login = vi.spyOn(api, 'login');
    const { user: u } = renderWithProviders(<LoginForm onSuccess={() => undefined} />);
    await u.type(screen.getByLabelText('Username'), 'admin');
    await u.type(screen.getByLabelText('Password'), 'secret');
    await u.type(screen.getByLabelText(/One-time token/), '12a');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.otpSixDigits);
    expect(login).not.toHaveBeenCalled();
  });

  it("shows the server's detail, else the default failure text", async () => {
    const login = vi
      .spyOn(api, 'login')
      .mockRejectedValueOnce(new ApiError(401, { detail: 'One-time token is required.' }))
      .mockRejectedValueOnce(new ApiError(401, {}));
    const { user: u } = renderWithProviders(<LoginForm onSuccess={() => undefined} />);
    await u.type(screen.getByLabelText('Username'), 'admin');
    await u.type(screen.getByLabelText('Password'), 'secret');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('One-time token is required.');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(messages.loginFailed)).toBeInTheDocument();
    expect(login).toHaveBeenCalledWith({ username: 'admin', password: 'secret', token: undefined });
  });

  it('sends the token when given and reports success', async () => {
    const login = vi.spyOn(api, 'login').mockResolvedValue(user);
    const onSuccess = vi.fn();
    const { user: u } = renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await u.type(screen.getByLabelText('Username'), ' admin ');
    await u.type(screen.getByLabelText('Password'), 'secret');
    await u.type(screen.getByLabelText(/One-time token/), '123456');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith(user));
    expect(login).toHaveBeenCalledWith({ username: 'admin', password: 'secret', token: '123456' });
  });
});
