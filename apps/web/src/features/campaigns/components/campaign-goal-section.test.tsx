import { notifications } from '@mantine/notifications';
import { appConfigEndpoint } from '@marquee/contracts/app-config';
import { deliveryTexts } from '@marquee/contracts/goals';
import { messages } from '@marquee/contracts/texts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CampaignForm } from './campaign-form.tsx';
import { campaignFixture, config, locations } from './campaign-form-fixtures.ts';
import { goalValueRangeText } from './campaign-form-values.ts';

// The playlist is its own piece: the shared stand-in shows its error and clip, and picks a clip.
vi.mock('./playlist/campaign-playlist.tsx', () => import('./playlist/playlist-stand-in.tsx'));

beforeEach(() => {
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === appConfigEndpoint) return config;
    if (path === '/api/locations/')
      return { count: 2, next: null, previous: null, results: locations, _permissions: [] };
    throw new Error(`unexpected GET ${path}`);
  });
});

afterEach(() => vi.restoreAllMocks());

const sent = { formErrors: true, quietStatuses: [400] };

/** A new (draft) campaign, saved without a confirm. */
const renderDraft = (extra: Parameters<typeof campaignFixture>[0] = {}) =>
  renderWithProviders(<CampaignForm campaign={campaignFixture({ state: 0, ...extra })} readOnly={false} />);

const goalCounts = (name: string) => screen.getByRole('radio', { name });

// A form of many Mantine inputs renders slowly in jsdom.
describe('CampaignForm goal', { timeout: 20_000 }, () => {
  it('has no goal by default, explains what is contracted then, and sends nulls', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(campaignFixture({ state: 0 }));
    const { user } = renderDraft();
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByRole('radiogroup', { name: 'The goal counts' })).toBeInTheDocument();
    expect(goalCounts('None')).toBeChecked();
    expect(screen.queryByRole('textbox', { name: /Contracted/ })).toBeNull();
    expect(
      screen.getByText(/the contract is the plays the loop schedule gives \(loops × hours × screens\)/),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledWith(
      '/api/campaigns/9/',
      expect.objectContaining({ goal_type: null, goal_value: null }),
      sent,
    );
  });

  it('sends a goal in plays', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(campaignFixture({ state: 0 }));
    const { user } = renderDraft();
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(goalCounts('Plays'));
    const value = screen.getByRole('textbox', { name: 'Contracted plays' });
    await user.type(value, '250000');
    expect(value).toHaveValue('250,000');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledWith(
      '/api/campaigns/9/',
      expect.objectContaining({ goal_type: 'plays', goal_value: 250000 }),
      sent,
    );
  });

  it('sets only the goal of an approved campaign with its own action: no confirm, it stays approved', async () => {
    const put = vi.spyOn(api, 'put');
    const post = vi.spyOn(api, 'post').mockResolvedValue(campaignFixture({ goal_type: 'plays', goal_value: 300 }));
    const { user } = renderWithProviders(<CampaignForm campaign={campaignFixture({ state: 1 })} readOnly={false} />);
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(goalCounts('Plays'));
    await user.type(screen.getByRole('textbox', { name: 'Contracted plays' }), '300');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith(
      '/api/campaigns/9/goal/',
      { goal_type: 'plays', goal_value: 300 },
      { quietStatuses: [400] },
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(put).not.toHaveBeenCalled();
  });

  it('asks for the number when a type is chosen without one, and refuses one out of range', async () => {
    const put = vi.spyOn(api, 'put');
    const show = vi.spyOn(notifications, 'show');
    const { user } = renderDraft();
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(goalCounts('Impressions'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(deliveryTexts.goalValueRequired)).toBeInTheDocument();
    const value = screen.getByRole('textbox', { name: 'Contracted impressions' });
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringContaining(messages.formHasErrors) }),
    );

    await user.type(value, '0');
    expect(await screen.findByText(goalValueRangeText)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(put).not.toHaveBeenCalled();
  });

  it('shows a saved goal, and choosing None removes it', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(campaignFixture({ state: 0 }));
    const { user } = renderDraft({ goal_type: 'impressions', goal_value: 1_200_000 });
    await screen.findByRole('textbox', { name: 'Name' });
    expect(goalCounts('Impressions')).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Contracted impressions' })).toHaveValue('1,200,000');

    await user.click(goalCounts('None'));
    expect(screen.queryByRole('textbox', { name: 'Contracted impressions' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledWith(
      '/api/campaigns/9/',
      expect.objectContaining({ goal_type: null, goal_value: null }),
      sent,
    );
  });

  it('shows the goal read-only on a closed campaign', async () => {
    renderWithProviders(
      <CampaignForm campaign={campaignFixture({ state: 99, goal_type: 'plays', goal_value: 5000 })} readOnly />,
    );
    const value = await screen.findByRole('textbox', { name: 'Contracted plays' });
    expect(value).toHaveValue('5,000');
    expect(value).toHaveAttribute('readonly');
    expect(goalCounts('Plays')).toBeChecked();
  });
});
