// Says where raw plays start when a screen that lists single plays (the event log and the devices that
// reported, the proof of play) shows a period reaching before that day: earlier plays are past
// retention (RAW_EVENT_RETENTION_DAYS, from GET /api/config/), while the reports still count them. The
// day is the server's (retention.ts), so the screen and the server's answers agree.
import { Alert } from '@mantine/core';
import { rawEventsFrom, reachesPastRetention, retentionTexts } from '@marquee/contracts/retention';
import { IconInfoCircle } from '@tabler/icons-react';
import { useAppConfig } from '../lib/app-config.ts';

/** The notice for a period starting on local day `from` (none: the whole run); nothing while the
 * configuration loads, when raw plays are kept for good, or when the period starts on or after the day. */
export function RetentionNotice({ from, what }: { from: string | null | undefined; what: 'list' | 'proof' }) {
  const config = useAppConfig();
  const days = config?.raw_event_retention_days ?? null;
  if (!config || days === null) return null;
  const rawFrom = rawEventsFrom(new Date(), days, config.time_zone);
  if (rawFrom === null || !reachesPastRetention(from, rawFrom)) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      role="status"
      icon={<IconInfoCircle aria-hidden />}
      data-testid="retention-notice"
    >
      {what === 'proof' ? retentionTexts.proofOfPlay(rawFrom, days) : retentionTexts.pastRetention(rawFrom, days)}
    </Alert>
  );
}
