// The hourly pacing check: once per hour (claimed in job_runs, whatever the number of processes) the
// pacing snapshot is computed up to the start of the hour (delivery/pacing-snapshot.ts: campaign_pacing,
// which the home reads, and the live campaigns' totals for the lists), and a campaign pacing at risk
// opens a `campaign_at_risk` alert (closed once it no longer is), listing itself with the plays (or
// impressions) it is short of its due.
import { alertTexts } from '@marquee/contracts/alerts';
import { startOfLocalHour } from '@marquee/contracts/time-zones';
import { claimRun } from '../../db/job-runs.ts';
import type { PacingSnapshot } from '../delivery/pacing-snapshot.ts';
import { formatTimeIn } from '../device-gateway/device-gateway.maintenance.ts';
import { alertLinksOf, mailAll, messageAll, recipientsOf } from './alerts.notify.ts';
import { alertsRepository as repo } from './alerts.repository.ts';
import type { AlertsDeps } from './alerts.sweep.ts';

export const PACING_JOB = 'pacing';

/** The job_runs period of the hour that contains `now`: its start in UTC, `2026-11-26T14`. */
export const pacingPeriod = (now: Date, timeZone: string) =>
  new Date(startOfLocalHour(now.getTime(), timeZone)).toISOString().slice(0, 13);

export async function checkPacing({
  db,
  config,
  mailer,
  log,
  pacing,
}: AlertsDeps & { pacing: Pick<PacingSnapshot, 'compute'> }) {
  const now = config.now();
  if (!(await claimRun(db, PACING_JOB, pacingPeriod(now, config.timeZone)))) return null;
  // A snapshot being computed for the home since the hour began serves as this hour's.
  const { rows: snapshot } = await pacing.compute(now, startOfLocalHour(now.getTime(), config.timeZone));
  const names = new Map(snapshot.map((s) => [s.campaign_id, s.name]));

  const atRisk = new Map(snapshot.filter((s) => s.pacing === 'at_risk').map((s) => [s.campaign_id, s]));
  const open = await db
    .selectFrom('alerts')
    .select(['id', 'campaign_id'])
    .where('kind', '=', 'campaign_at_risk')
    .where('ended_at', 'is', null)
    .execute();
  const openFor = new Map(open.map((a) => [a.campaign_id, a.id]));
  let opened = 0;
  let closed = 0;
  for (const s of atRisk.values()) {
    if (openFor.has(s.campaign_id)) continue;
    const id = await repo.open(db, {
      kind: 'campaign_at_risk',
      device_id: null,
      location_id: null,
      campaign_id: s.campaign_id,
      started_at: now,
    });
    if (id === null) continue;
    opened++;
    openFor.set(s.campaign_id, id);
    const text = alertTexts.opened.campaign_at_risk(s.name, `${s.delivery_pct ?? 0} %`, s.unit);
    const recipients = await recipientsOf(db, {
      kind: 'campaign_at_risk',
      location_id: null,
      campaign_id: s.campaign_id,
    });
    await messageAll(db, recipients, 'warning', text, alertLinksOf({ id }));
    await mailAll(mailer, log, 'campaign_at_risk', recipients, {
      subject: alertTexts.mailSubject('campaign_at_risk', s.name),
      text,
      links: alertLinksOf({ id }),
      publicUrl: config.publicUrl,
    });
  }
  await repo.setAtRisk(
    db,
    [...atRisk.values()].flatMap((s) => {
      const alert_id = openFor.get(s.campaign_id);
      return alert_id === undefined
        ? []
        : [{ alert_id, campaign_id: s.campaign_id, campaign_name: s.name, plays_lost: s.missing }];
    }),
  );
  for (const a of open) {
    if (a.campaign_id === null || atRisk.has(a.campaign_id)) continue;
    if (!(await repo.close(db, a.id, now))) continue;
    closed++;
    const name = names.get(a.campaign_id) ?? (await campaignName(db, a.campaign_id));
    const recipients = await recipientsOf(db, {
      kind: 'campaign_at_risk',
      location_id: null,
      campaign_id: a.campaign_id,
    });
    await messageAll(
      db,
      recipients,
      'info',
      alertTexts.closed(`campaign ${name}`, 'campaign_at_risk', formatTimeIn(now, config.timeZone)),
      alertLinksOf({ id: a.id }),
    );
  }
  return { checked: snapshot.length, opened, closed };
}

const campaignName = async (db: AlertsDeps['db'], id: number) =>
  (await db.selectFrom('campaigns').select('name').where('id', '=', id).executeTakeFirst())?.name ?? `#${id}`;
