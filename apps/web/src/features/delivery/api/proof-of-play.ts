// GET /api/campaigns/{id}/proof_of_play/ (every play, then the rows the gateway rejected, as a csv or
// json file, streamed) and the file's receipt (…/receipts/{uuid}/, named by the download's
// x-proof-receipt header: its rows, bytes and SHA-256, filled in once the last byte was sent).
import { PROOF_RECEIPT_HEADER, type ProofOfPlayFormat, type ProofOfPlayReceipt } from '@marquee/contracts/delivery';
import { resources } from '@marquee/contracts/resources';
import { api } from '../../../lib/api.ts';
import type { DownloadProgress } from '../../../lib/api-client.ts';
import type { DeliveryPeriod } from '../../../lib/campaign-delivery-query.ts';

const proofEndpoint = (id: number) => `${resources.campaigns.endpoint}${id}/proof_of_play/`;
export const receiptEndpoint = (id: number, receiptId: string) =>
  `${proofEndpoint(id)}receipts/${encodeURIComponent(receiptId)}/`;

/** One receipt; a 404 (no such receipt) is the caller's to say, not a toast. */
export const getReceipt = (id: number, receiptId: string, signal?: AbortSignal) =>
  api.get<ProofOfPlayReceipt>(receiptEndpoint(id, receiptId), { signal, background: true, quietStatuses: [404] });

/** How often, and how many times, to look for the receipt's SHA-256 after the file arrived (the
 * server writes it just after the last byte): 5 seconds at most. */
export const RECEIPT_POLL_MS = 250;
export const RECEIPT_POLLS = 20;

export type ProofFile = {
  file: File;
  /** The id of the file's receipt (x-proof-receipt); null when the server named none. */
  receiptId: string | null;
};

/** The proof of play as a File (named by the server) with its receipt's id, reporting the bytes received. */
export async function downloadProofOfPlay(
  id: number,
  {
    format,
    period,
    signal,
    onProgress,
  }: {
    format: ProofOfPlayFormat;
    period: DeliveryPeriod;
    signal: AbortSignal;
    onProgress: (progress: DownloadProgress) => void;
  },
): Promise<ProofFile> {
  let receiptId: string | null = null;
  const file = await api.download(proofEndpoint(id), {
    query: { format, date__gte: period.date__gte || undefined, date__lte: period.date__lte || undefined },
    signal,
    background: true,
    onProgress,
    onHeaders: (headers) => {
      receiptId = headers.get(PROOF_RECEIPT_HEADER) || null;
    },
  });
  return { file, receiptId };
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** The receipt `receiptId` once its SHA-256 is written, or as it stands after RECEIPT_POLLS looks. */
export async function waitForReceipt(id: number, receiptId: string, signal: AbortSignal): Promise<ProofOfPlayReceipt> {
  let receipt = await getReceipt(id, receiptId, signal);
  for (let poll = 1; poll < RECEIPT_POLLS && !receipt.sha256; poll += 1) {
    await pause(RECEIPT_POLL_MS, signal);
    receipt = await getReceipt(id, receiptId, signal);
  }
  return receipt;
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
