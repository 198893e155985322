import { createHash } from 'node:crypto';
import type { UserInfo } from '@marquee/contracts/auth';
import type { ProofOfPlayReceipt } from '@marquee/contracts/delivery';
import { rawEventsFrom, retentionTexts } from '@marquee/contracts/retention';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../app/paths.ts';
import { appConfigQueryOptions } from '../../../lib/app-config.ts';
import { userInfoQueryKey } from '../../../lib/current-user.ts';
import { setDisplayTimeZone } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { deliveryResponseFixture, deliveryRowFixture } from '../../../test/delivery-fixtures.ts';
import { configFixture } from '../../../test/fixtures.ts';
import { DeliveryReportScreen } from './delivery-report-screen.tsx';
import { proofTexts } from './delivery-downloads.tsx';

vi.mock('../../../lib/save-file.ts', () => ({ saveFile: vi.fn() }));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.mocked(saveFile).mockClear();
  setDisplayTimeZone(undefined);
});

const me: UserInfo = { id: 3, username: 'ann', full_name: '', time_zone: 'Europe/Berlin', _permissions: [] };

const totals = {
  expected: 16552,
  due: 16552,
  delivered: 15186,
  partial: 319,
  wrong_creative: 88,
  impressions_measured: 16931,
  impressions_modelled: 1200,
  delivery_pct: 91.7,
  pacing: 'behind' as const,
  contracted: 96262,
  progress_pct: 15.8,
};

const byLocation = deliveryResponseFixture(
  [
    deliveryRowFixture({
      location: 2,
      location_name: 'Airport Gate B',
      due: 2159,
      delivered: 2100,
      partial: 42,
      wrong_creative: 17,
      impressions_measured: 2001,
      delivery_pct: 97.3,
      pacing: 'on_track',
    }),
    deliveryRowFixture({
      location: 1,
      location_name: 'Central Station Hall',
      due: 14393,
      delivered: 13086,
      delivery_pct: 90.9,
      pacing: 'behind',
    }),
  ],
  totals,
);
const byDay = deliveryResponseFixture(
  [
    deliveryRowFixture({ date: '2026-11-24', due: 5520, delivered: 5380 }),
    deliveryRowFixture({ date: '2026-11-23', due: 2449, delivered: 2394 }),
  ],
  totals,
);
const byLocationAndDay = deliveryResponseFixture(
  [
    deliveryRowFixture({ location: 2, location_name: 'Airport Gate B', date: '2026-11-23', due: 272, delivered: 267 }),
    deliveryRowFixture({ location: 1, location_name: 'Central Station Hall', date: '2026-11-23', due: 2177 }),
    deliveryRowFixture({ location: 2, location_name: 'Airport Gate B', date: '2026-11-24', due: 720, delivered: 699 }),
  ],
  totals,
);

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const PROOF = 'play_id,device_serial\r\n1,DEV-1\r\n2,DEV-1\r\n';
const PROOF_SHA256 = createHash('sha256').update(PROOF).digest('hex');
const RECEIPT_ID = '5b0e7c1e-5d4f-4a0e-9b7e-2f9d3c1a8e11';

const receipt = (extra: Partial<ProofOfPlayReceipt>): ProofOfPlayReceipt => ({
  id: RECEIPT_ID,
  campaign: 1,
  format: 'csv',
  date__gte: null,
  date__lte: null,
  rows: 2,
  bytes: PROOF.length,
  sha256: PROOF_SHA256,
  created_at: '2026-11-26T14:30:00.000Z',
  created_by: me.id,
  ...extra,
});

/** The server behind window.fetch: the report by group, the files, and the proof of play's receipt
 * (named by its x-proof-receipt header, unless `receiptHeader` is false) while its SHA-256 is being
 * written, then once it is. */
function mockServer({
  serverSha256 = PROOF_SHA256,
  receiptHeader = true,
}: { serverSha256?: string; receiptHeader?: boolean } = {}) {
  const answers = [receipt({ sha256: null, rows: null, bytes: null }), receipt({ sha256: serverSha256 })];
  let receiptCalls = 0;
  const fetch = vi.spyOn(window, 'fetch').mockImplementation((input) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname;
    const group = url.searchParams.get('group_by');
    if (path === '/api/campaigns/1/delivery/' && url.searchParams.get('format')) {
      return Promise.resolve(
        new Response('Location,Date\r\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="delivery-CMP-000001.csv"',
          },
        }),
      );
    }
    if (path === '/api/campaigns/1/delivery/') {
      return Promise.resolve(json(group === 'location' ? byLocation : group === 'day' ? byDay : byLocationAndDay));
    }
    if (path === `/api/campaigns/1/proof_of_play/receipts/${RECEIPT_ID}/`) {
      const answer = answers[Math.min(receiptCalls, answers.length - 1)];
      receiptCalls += 1;
      return Promise.resolve(json(answer));
    }
    if (path === '/api/campaigns/1/proof_of_play/') {
      return Promise.resolve(
        new Response(PROOF, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="proof-of-play-CMP-000001.csv"',
            ...(receiptHeader ? { 'x-proof-receipt': RECEIPT_ID } : {}),
          },
        }),
      );
    }
    return Promise.reject(new Error(`unexpected ${url.pathname}${url.search}`));
  });
  const calls = () => fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
  return { calls };
}

function renderReport(route = '/reports/delivery/1') {
  const rendered = renderWithProviders(<></>, {
    route,
    routes: [{ path: paths.reportDeliveryCampaign, element: <DeliveryReportScreen /> }],
  });
  rendered.queryClient.setQueryData(userInfoQueryKey, me);
  return rendered;
}

describe('DeliveryReportScreen', () => {
  it('shows the totals in the contract unit, as of the server time zone, and the cumulative chart', async () => {
    setDisplayTimeZone('Europe/Berlin');
    mockServer();
    renderReport();
    expect(await screen.findByRole('heading', { name: 'Delivery of Morning Blend launch' })).toBeInTheDocument();
    const delivery = screen.getByRole('group', { name: 'Delivery' });
    const value = (label: string, within_: HTMLElement = delivery) =>
      within(within_).getByText(label).parentElement!.querySelector('dd')!.textContent;
    expect(value('Contracted')).toBe('96,262 plays');
    expect(value('Due so far')).toBe('16,552 plays');
    expect(value('Delivered')).toBe('15,186 plays');
    expect(value('Progress')).toBe('15.8 %');
    expect(within(delivery).getByRole('img', { name: 'Delivered 91.7 % of what was due' })).toBeInTheDocument();
    expect(within(delivery).getByText('Behind')).toBeInTheDocument();

    const other = screen.getByRole('group', { name: 'Plays and impressions' });
    expect(value('Partial plays', other)).toBe('319');
    expect(value('Wrong creative', other)).toBe('88');
    expect(value('Impressions (measured)', other)).toBe('16,931');
    expect(value('Impressions (modelled)', other)).toBe('1,200');

    // 14:00 UTC is 15:00 in Berlin.
    expect(screen.getByTestId('delivery-as-of')).toHaveTextContent('Counted up to 2026-11-26 15:00:00 (Europe/Berlin)');

    const chart = await screen.findByRole('figure', { name: 'Cumulative plays: due and delivered by day' });
    const sums = within(chart).getByRole('table', { hidden: true });
    const [, first, second] = within(sums).getAllByRole('row', { hidden: true });
    expect(first).toHaveTextContent('2026-11-232,4492,394');
    expect(second).toHaveTextContent('2026-11-247,9697,774');
  });

  it('opens a location to its days, asking for the rows by location and day once', async () => {
    const { calls } = mockServer();
    const { user } = renderReport('/reports/delivery/1?date__gte=2026-11-23');
    const table = await screen.findByRole('table', { name: 'Delivery by location' });
    expect(await within(table).findByText('Airport Gate B')).toBeInTheDocument();
    const groups = () =>
      calls()
        .filter((url) => url.pathname === '/api/campaigns/1/delivery/')
        .map((url) => `${url.searchParams.get('group_by')} ${url.searchParams.get('date__gte')}`);
    expect(groups()).not.toContain('location,day 2026-11-23');
    expect(within(screen.getByTestId('delivery-totals-row')).getByText('15,186')).toBeInTheDocument();

    const open = within(table).getByRole('button', { name: 'Days at Airport Gate B' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const days = await within(table).findAllByTestId('delivery-day-row');
    expect(days.map((row) => row.querySelector('th')!.textContent)).toEqual(['2026-11-23', '2026-11-24']);
    expect(within(days[1]!).getByText('699')).toBeInTheDocument();
    expect(groups().filter((g) => g === 'location,day 2026-11-23')).toHaveLength(1);

    await user.click(within(table).getByRole('button', { name: 'Days at Central Station Hall' }));
    expect(await within(table).findAllByTestId('delivery-day-row')).toHaveLength(3);
    expect(groups().filter((g) => g === 'location,day 2026-11-23')).toHaveLength(1);

    await user.click(open);
    expect(within(table).getAllByTestId('delivery-day-row')).toHaveLength(1);
  });

  it("downloads the proof of play, waits for its receipt's SHA-256 and says the received bytes' match it", async () => {
    const { calls } = mockServer();
    const { user } = renderReport();
    await user.click(await screen.findByRole('button', { name: 'Proof of play (CSV)' }));
    const check = await screen.findByRole('region', { name: 'Proof of play receipt' });
    expect(await within(check).findByText(proofTexts.matches, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(check).getByTestId('receipt-sha256')).toHaveTextContent(PROOF_SHA256);
    expect(within(check).getByTestId('file-sha256')).toHaveTextContent(PROOF_SHA256);
    expect(within(check).getByText(/proof-of-play-CMP-000001\.csv: .* received, 2 plays/)).toBeInTheDocument();
    expect(vi.mocked(saveFile).mock.calls[0]![0].name).toBe('proof-of-play-CMP-000001.csv');
    const proof = calls().find((url) => url.pathname === '/api/campaigns/1/proof_of_play/')!;
    expect(Object.fromEntries(proof.searchParams)).toEqual({ format: 'csv' });
    // The receipt named by the header, asked for again until its SHA-256 was written; no list.
    const receipts = calls().filter((url) => url.pathname.includes('/receipts/'));
    expect(receipts.map((url) => url.pathname)).toEqual([
      `/api/campaigns/1/proof_of_play/receipts/${RECEIPT_ID}/`,
      `/api/campaigns/1/proof_of_play/receipts/${RECEIPT_ID}/`,
    ]);
  });

  it('says the receipt was not found when the download names none', async () => {
    const { calls } = mockServer({ receiptHeader: false });
    const { user } = renderReport();
    await user.click(await screen.findByRole('button', { name: 'Proof of play (JSON)' }));
    const check = await screen.findByRole('region', { name: 'Proof of play receipt' });
    expect(await within(check).findByText(proofTexts.noReceipt)).toBeInTheDocument();
    expect(within(check).getByTestId('file-sha256')).toHaveTextContent(PROOF_SHA256);
    expect(calls().filter((url) => url.pathname.includes('/receipts/'))).toEqual([]);
  });

  it("says when the received bytes' SHA-256 differs from the receipt's", async () => {
    mockServer({ serverSha256: '0'.repeat(64) });
    const { user } = renderReport();
    await user.click(await screen.findByRole('button', { name: 'Proof of play (CSV)' }));
    const check = await screen.findByRole('region', { name: 'Proof of play receipt' });
    expect(await within(check).findByText(proofTexts.differs, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(check).queryByText(proofTexts.matches)).toBeNull();
  });

  it('says when the period reaches before the raw plays the proof of play is made of', async () => {
    mockServer();
    const { queryClient } = renderReport('/reports/delivery/1?date__gte=2024-01-01');
    queryClient.setQueryData(appConfigQueryOptions().queryKey, configFixture({ raw_event_retention_days: 400 }));
    const notice = await screen.findByTestId('retention-notice');
    expect(notice).toHaveTextContent(retentionTexts.proofOfPlay(rawEventsFrom(new Date(), 400, 'UTC')!, 400));
  });

  it("says nothing of retention over the campaign's whole run when it began after the raw plays kept", async () => {
    // The campaign began on 2026-11-23: well inside 400 days of this day.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T14:00:00Z'));
    mockServer();
    const { queryClient } = renderReport();
    queryClient.setQueryData(appConfigQueryOptions().queryKey, configFixture({ raw_event_retention_days: 400 }));
    expect(await screen.findByRole('heading', { name: 'Delivery of Morning Blend launch' })).toBeInTheDocument();
    expect(screen.queryByTestId('retention-notice')).toBeNull();
  });

  it('exports the report by location and day in the period', async () => {
    const { calls } = mockServer();
    const { user } = renderReport('/reports/delivery/1?date__gte=2026-11-23&date__lte=2026-11-24');
    await user.click(await screen.findByRole('button', { name: 'Export Excel (.xlsx)' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    const exported = calls().find((url) => url.searchParams.get('format'))!;
    expect(Object.fromEntries(exported.searchParams)).toEqual({
      group_by: 'location,day',
      format: 'xlsx',
      date__gte: '2026-11-23',
      date__lte: '2026-11-24',
    });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
