import { rawEventsFrom, retentionTexts } from '@marquee/contracts/retention';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { appConfigQueryOptions, useAppConfig } from '../lib/app-config.ts';
import { configFixture } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';
import { RetentionNotice } from './retention-notice.tsx';

/** Says "loaded" once the configuration is there, so a notice that stays away is seen to. */
function Loaded() {
  return useAppConfig() ? <p>loaded</p> : null;
}

function renderNotice(notices: ReactNode, days: number | null = 400) {
  const rendered = renderWithProviders(
    <>
      {notices}
      <Loaded />
    </>,
  );
  rendered.queryClient.setQueryData(
    appConfigQueryOptions().queryKey,
    configFixture({ time_zone: 'Europe/Berlin', raw_event_retention_days: days }),
  );
  return rendered;
}

// The first whole local day of kept raw plays, as the server computes it (retention.ts).
const kept = () => rawEventsFrom(new Date(), 400, 'Europe/Berlin')!;

describe('RetentionNotice', () => {
  it('says where raw plays start when the period begins before, and that reports still count them', async () => {
    renderNotice(<RetentionNotice from="2020-01-01" what="list" />);
    expect(await screen.findByRole('status')).toHaveTextContent(retentionTexts.pastRetention(kept(), 400));
  });

  it("says so of the proof of play, also for a campaign's whole run", async () => {
    renderNotice(<RetentionNotice from={undefined} what="proof" />);
    expect(await screen.findByRole('status')).toHaveTextContent(retentionTexts.proofOfPlay(kept(), 400));
  });

  it('says nothing for a period from the first kept day on', async () => {
    renderNotice(<RetentionNotice from={kept()} what="list" />);
    expect(await screen.findByText('loaded')).toBeInTheDocument();
    expect(screen.queryByTestId('retention-notice')).toBeNull();
  });

  it('says nothing when raw plays are kept for good', async () => {
    renderNotice(<RetentionNotice from="2020-01-01" what="list" />, null);
    expect(await screen.findByText('loaded')).toBeInTheDocument();
    expect(screen.queryByTestId('retention-notice')).toBeNull();
  });
});
