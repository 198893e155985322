// Alerts for people: the list and one alert (list_alert / view_alert; advertiser isolation hides other
// advertisers' campaigns), acknowledging an open one (change_alert; who, when and a note, written to
// the log), and the signed-in user's alert subscriptions (list_alert): which kinds, for which scope, by
// message and/or e-mail.
import { ActionFlag } from '@marquee/contracts/action-flags';
import {
  alertTexts,
  type Alert,
  type AlertSubscriptions,
  type AlertSubscriptionsInput,
} from '@marquee/contracts/alerts';
import type { ListQuery } from '@marquee/contracts/common';
import { resources } from '@marquee/contracts/resources';
import type { Access, Auth } from '../../access/access.ts';
import { advertiserFilter } from '../../access/rules.ts';
import { writeLogEntry } from '../../audit/audit.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { invalidateCounts } from '../../http/count-cache.ts';
import { createCrudService } from '../../http/crud.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { alertsRepository as repo, type AlertFilters } from './alerts.repository.ts';
import { alertSubscriptionsRepository as subscriptions } from './alerts.subscriptions.repository.ts';

const model = resources.alerts.model_name;

export function createAlertsService(db: Database, access: Access, config: Pick<Config, 'now'>) {
  const crud = createCrudService<Alert, never, AlertFilters>(db, access, {
    definition: resources.alerts,
    repository: repo,
    ordering: {
      fields: {
        started_at: 'alerts.started_at',
        ended_at: 'alerts.ended_at',
        open: 'is_open',
        kind: 'alerts.kind',
        id: 'alerts.id',
      },
      default: '-started_at',
      id: 'alerts.id',
    },
    repr: (a) => a.kind,
    restrict: (auth) => advertiserFilter(auth),
  });

  const load = async (auth: Auth, id: number) => {
    const alert = await repo.get(db, id, advertiserFilter(auth));
    if (!alert) throw notFound();
    return alert;
  };
  const withPermissions = (auth: Auth, alert: Alert) => ({
    ...alert,
    _permissions: access.modelPermissions(auth, model),
  });

  const readSubscriptions = async (auth: Auth): Promise<AlertSubscriptions> => {
    access.require(auth, `list_${model}`);
    const [rows, managed] = await Promise.all([
      subscriptions.ofUser(db, auth.user.id),
      subscriptions.managedLocations(db, auth.user.id),
    ]);
    return { subscriptions: rows, managed_locations: managed };
  };

  return {
    list: (auth: Auth, query: ListQuery & AlertFilters, url: string) => crud.list(auth, query, url),

    async get(auth: Auth, id: number) {
      access.require(auth, `view_${model}`);
      return withPermissions(auth, await load(auth, id));
    },

    /** Records who acknowledged the open alert, when, and their note (once; a second time, or on a
     * closed alert, is 400). */
    async acknowledge(auth: Auth, id: number, { note }: { note?: string } = {}) {
      access.require(auth, `change_${model}`);
      const alert = await load(auth, id);
      if (!alert.open) throw badRequest({ non_field_errors: [alertTexts.closedNotAcknowledged] });
      const text = note?.trim() || null;
      const done = await db.transaction().execute(async (trx) => {
        if (!(await repo.acknowledge(trx, { id, userId: auth.user.id, at: config.now(), note: text }))) return false;
        await writeLogEntry(trx, {
          userId: auth.user.id,
          model,
          objectId: id,
          objectRepr: alert.device_serial ?? alert.campaign_name ?? alert.kind,
          actionFlag: ActionFlag.Change,
          changeMessage: alertTexts.acknowledgedEntry(alert.kind, text ?? undefined),
        });
        return true;
      });
      invalidateCounts('logentry');
      if (!done) {
        const now = await load(auth, id);
        throw badRequest({
          non_field_errors: [now.open ? alertTexts.alreadyAcknowledged : alertTexts.closedNotAcknowledged],
        });
      }
      return withPermissions(auth, await load(auth, id));
    },

    subscriptions: readSubscriptions,

    async setSubscriptions(auth: Auth, input: AlertSubscriptionsInput): Promise<AlertSubscriptions> {
      access.require(auth, `list_${model}`);
      await subscriptions.save(db, auth.user.id, input.subscriptions);
      return readSubscriptions(auth);
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
