// Alerts for people: the list and one alert (list_alert / view_alert; advertiser isolation hides other
// advertisers' campaigns), acknowledging (change_alert; who and when, written to the log), and the
// signed-in user's choice of alert kinds to get by e-mail.
import { ActionFlag } from '@marquee/contracts/action-flags';
import { alertTexts, type Alert, type AlertMailPreferences } from '@marquee/contracts/alerts';
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

  return {
    list: (auth: Auth, query: ListQuery & AlertFilters, url: string) => crud.list(auth, query, url),

    async get(auth: Auth, id: number) {
      access.require(auth, `view_${model}`);
      return withPermissions(auth, await load(auth, id));
    },

    /** Records who acknowledged the alert and when (once; a second time is 400). */
    async acknowledge(auth: Auth, id: number) {
      access.require(auth, `change_${model}`);
      const alert = await load(auth, id);
      const done = await db.transaction().execute(async (trx) => {
        if (!(await repo.acknowledge(trx, id, auth.user.id, config.now()))) return false;
        await writeLogEntry(trx, {
          userId: auth.user.id,
          model,
          objectId: id,
          objectRepr: alert.device_serial ?? alert.campaign_name ?? alert.kind,
          actionFlag: ActionFlag.Change,
          changeMessage: alertTexts.acknowledgedEntry(alert.kind),
        });
        return true;
      });
      invalidateCounts('logentry');
      if (!done) throw badRequest({ non_field_errors: [alertTexts.alreadyAcknowledged] });
      return withPermissions(auth, await load(auth, id));
    },

    async mailPreferences(auth: Auth): Promise<AlertMailPreferences> {
      const row = await db
        .selectFrom('users')
        .select('alert_mail_kinds')
        .where('id', '=', auth.user.id)
        .executeTakeFirstOrThrow();
      return { kinds: (row.alert_mail_kinds ?? []) as AlertMailPreferences['kinds'] };
    },

    async setMailPreferences(auth: Auth, input: AlertMailPreferences): Promise<AlertMailPreferences> {
      const kinds = [...new Set(input.kinds)];
      await db.updateTable('users').set({ alert_mail_kinds: kinds }).where('id', '=', auth.user.id).execute();
      return { kinds };
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
