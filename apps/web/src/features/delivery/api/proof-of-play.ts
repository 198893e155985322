// GET /api/campaigns/{id}/proof_of_play/ (every play as a csv or json file, streamed) and its receipts
// (…/receipts/: the file's rows, bytes and SHA-256, filled in once the last byte was sent).
//
// The api client hands a download back as a File without its headers, so the receipt named by the
// x-proof-receipt header is found as the one that appeared during the download: this user's, of this
// format and period, not among the receipts listed before it started.
import type { ProofOfPlayFormat, ProofOfPlayReceipt } from '@marquee/contracts/delivery';
import { resources } from '@marquee/contracts/resources';
import { api } from '../../../lib/api.ts';
import type { DownloadProgress } from '../../../lib/api-client.ts';
import type { DeliveryPeriod } from './get-campaign-delivery.ts';

const proofEndpoint = (id: number) => `${resources.campaigns.endpoint}${id}/proof_of_play/`;
export const receiptsEndpoint = (id: number) => `${proofEndpoint(id)}receipts/`;

export const listReceipts = (id: number, signal?: AbortSignal) =>
  api.get<ProofOfPlayReceipt[]>(receiptsEndpoint(id), { signal, background: true });

/** How often, and how many times, to look for the receipt's SHA-256 after the file arrived (the
 * server writes it just after the last byte). */
const RECEIPT_POLL_MS = 250;
const RECEIPT_POLLS = 20;

export type ProofRequest = { format: ProofOfPlayFormat; period: DeliveryPeriod; userId: number | undefined };

/** The receipt of the download `request` among `receipts`: not one of `before`, newest first. */
export function newReceipt(
  receipts: readonly ProofOfPlayReceipt[],
  before: ReadonlySet<string>,
  { format, period, userId }: ProofRequest,
): ProofOfPlayReceipt | undefined {
  return receipts.find(
    (r) =>
      !before.has(r.id) &&
      r.format === format &&
      (userId === undefined || r.created_by === userId) &&
      r.date__gte === (period.date__gte || null) &&
      r.date__lte === (period.date__lte || null),
  );
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** The ids of the campaign's receipts now, to tell the next download's receipt from them. */
export const receiptIds = async (id: number, signal: AbortSignal) =>
  new Set((await listReceipts(id, signal)).map((r) => r.id));

/** The proof of play as a File (named by the server), reporting the bytes received. */
export const downloadProofOfPlay = (
  id: number,
  {
    format,
    period,
    signal,
    onProgress,
  }: Omit<ProofRequest, 'userId'> & { signal: AbortSignal; onProgress: (progress: DownloadProgress) => void },
) =>
  api.download(proofEndpoint(id), {
    query: { format, date__gte: period.date__gte || undefined, date__lte: period.date__lte || undefined },
    signal,
    background: true,
    onProgress,
  });

/** The receipt of the download `request` that began after `before` was listed, once its SHA-256 is
 * written (or as it stands after a few seconds); null when there is none. */
export async function findProofReceipt(
  id: number,
  { before, signal, ...request }: ProofRequest & { before: ReadonlySet<string>; signal: AbortSignal },
): Promise<ProofOfPlayReceipt | null> {
  let receipt: ProofOfPlayReceipt | undefined;
  for (let poll = 0; poll < RECEIPT_POLLS; poll += 1) {
    if (poll > 0) await pause(RECEIPT_POLL_MS, signal);
    receipt = newReceipt(await listReceipts(id, signal), before, request);
    if (receipt?.sha256) break;
  }
  return receipt ?? null;
}

/** The SHA-256 of `blob` as lower-case hex, computed in the browser; null where the browser offers no
 * Web Crypto (pages served over plain http from another host than localhost). */
export async function sha256Hex(blob: Blob): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  // A view of the bytes: Web Crypto takes a typed array from any realm (not so a bare ArrayBuffer).
  const digest = await subtle.digest('SHA-256', new Uint8Array(await blob.arrayBuffer()));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
