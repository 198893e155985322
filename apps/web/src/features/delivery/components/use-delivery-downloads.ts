// The delivery report's downloads: the report as csv or xlsx, and the proof of play as csv or json,
// one at a time, with the bytes received so far and a way to cancel (as the statistics exports). A
// proof of play is then checked: its receipt (named by the download's x-proof-receipt header), once the
// server has written its SHA-256, against the SHA-256 of the bytes received, computed in the browser.
import { formatFileSize } from '@marquee/contracts/files';
import type { ProofOfPlayFormat, ProofOfPlayReceipt } from '@marquee/contracts/delivery';
import { useEffect, useRef, useState } from 'react';
import type { DeliveryPeriod } from '../../../lib/campaign-delivery-query.ts';
import { showSuccess } from '../../../lib/notifications.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { downloadCampaignDelivery } from '../api/get-campaign-delivery.ts';
import { downloadProofOfPlay, sha256Hex, waitForReceipt } from '../api/proof-of-play.ts';

export type DownloadKind = { what: 'report'; format: 'csv' | 'xlsx' } | { what: 'proof'; format: ProofOfPlayFormat };

export type RunningDownload = { kind: DownloadKind; loaded: number };

export type ProofCheck = {
  fileName: string;
  /** Bytes received. */
  size: number;
  format: ProofOfPlayFormat;
  /** Still looking for the receipt or computing the SHA-256. */
  checking: boolean;
  receipt: ProofOfPlayReceipt | null;
  /** SHA-256 of the bytes received (hex); null when the browser cannot compute it. */
  sha256: string | null;
};

/** Progress is shown at most this often (a fast download sends many small chunks). */
const PROGRESS_EVERY_MS = 150;

export function useDeliveryDownloads({ campaignId, period }: { campaignId: number; period: DeliveryPeriod }) {
  const [running, setRunning] = useState<RunningDownload | null>(null);
  const [check, setCheck] = useState<ProofCheck | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Leaving the screen cancels a download (or check) still running.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (kind: DownloadKind) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const { signal } = abort;
    const current = () => controller.current === abort;
    // A check cut short by this download would otherwise say "checking" for good.
    setCheck((shown) => (shown?.checking ? null : shown));
    setRunning({ kind, loaded: 0 });
    let shownAt = 0;
    const onProgress = ({ loaded }: { loaded: number }) => {
      if (performance.now() - shownAt < PROGRESS_EVERY_MS) return;
      shownAt = performance.now();
      setRunning({ kind, loaded });
    };
    try {
      if (kind.what === 'report') {
        const file = await downloadCampaignDelivery(campaignId, { format: kind.format, period, signal, onProgress });
        saveFile(file);
        showSuccess(`Exported ${file.name} (${formatFileSize(file.size)}).`);
        return;
      }
      const { file, receiptId } = await downloadProofOfPlay(campaignId, {
        format: kind.format,
        period,
        signal,
        onProgress,
      });
      saveFile(file);
      if (!current()) return;
      setRunning(null);
      const base = { fileName: file.name, size: file.size, format: kind.format, receipt: null, sha256: null };
      setCheck({ ...base, checking: true });
      const [receipt, sha256] = await Promise.all([
        receiptId ? waitForReceipt(campaignId, receiptId, signal).catch(() => null) : null,
        sha256Hex(file).catch(() => null),
      ]);
      if (current()) setCheck({ ...base, checking: false, receipt, sha256 });
    } catch {
      // The api client has shown what went wrong; a cancelled download needs no message.
    } finally {
      if (current()) {
        controller.current = null;
        setRunning(null);
      }
    }
  };

  return {
    running,
    check,
    start: (kind: DownloadKind) => void start(kind),
    cancel: () => controller.current?.abort(),
  };
}

export type DeliveryDownloads = ReturnType<typeof useDeliveryDownloads>;
