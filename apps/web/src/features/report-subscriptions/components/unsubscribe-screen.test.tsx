import { reportSubscriptionTexts as texts, unsubscribeEndpoint } from '@marquee/contracts/report-subscriptions';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../app/paths.ts';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { UnsubscribeScreen } from './unsubscribe-screen.tsx';

afterEach(() => vi.restoreAllMocks());

const open = (token: string) =>
  renderWithProviders(<></>, {
    route: `/unsubscribe/${token}`,
    routes: [{ path: paths.unsubscribe, element: <UnsubscribeScreen /> }],
  });

describe('UnsubscribeScreen', () => {
  it('cancels the report as it opens, once, without a session, and says which', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ title: 'Plays by product', kind: 'statistics' });
    open('tok-123');
    expect(await screen.findByText(texts.unsubscribed('Plays by product'))).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith(
      unsubscribeEndpoint('tok-123'),
      {},
      { ignoreAuthModule: true, quietStatuses: [404] },
    );
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('says when the link was used already', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(404, { detail: texts.unsubscribeInvalid }));
    open('used');
    expect(await screen.findByText(texts.unsubscribeInvalid)).toBeInTheDocument();
  });

  it('offers to try again when the server could not be reached', async () => {
    const post = vi.spyOn(api, 'post').mockRejectedValueOnce(new ApiError(0, undefined));
    post.mockResolvedValueOnce({ title: 'Delivery of Spring', kind: 'delivery' });
    const { user } = open('tok');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(texts.unsubscribed('Delivery of Spring'))).toBeInTheDocument();
  });
});
