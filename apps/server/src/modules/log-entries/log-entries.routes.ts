import type { FastifyInstance } from 'fastify';
import { logEntry, logEntryDetail, logEntryQuery } from '@marquee/contracts/log-entries';
import { resources } from '@marquee/contracts/resources';
import type { Access, Auth } from '../../access/access.ts';
import { notFound } from '../../http/errors.ts';
import { advertiserFilter } from '../../access/rules.ts';
import type { Database } from '../../db/database.ts';
import { createCrudService, registerCrudRoutes } from '../../http/crud.ts';
import { createLogEntriesRepository, type LogEntryFilters } from './log-entries.repository.ts';

/** Advertiser isolation of the audit log: the filters every list of entries gets for `auth`. */
export function logEntryRestriction(auth: Auth): Pick<LogEntryFilters, 'visible_advertisers' | 'viewer'> {
  const filter = advertiserFilter(auth);
  return filter.visible_advertisers ? { ...filter, viewer: auth.user.id } : {};
}

export function createLogEntriesService(db: Database, access: Access, timeZone: string) {
  const repository = createLogEntriesRepository(timeZone);
  const crud = createCrudService(db, access, {
    definition: resources.logEntries,
    repository,
    ordering: {
      fields: {
        action_time: 'log_entries.action_time',
        id: 'log_entries.id',
        action_flag: 'log_entries.action_flag',
        model: 'log_entries.model',
        object_repr: 'log_entries.object_repr',
      },
      default: '-action_time',
      id: 'log_entries.id',
    },
    repr: (entry) => entry.object_repr,
    restrict: logEntryRestriction,
    appendOnly: true,
  });
  return {
    ...crud,
    /** An entry about another advertiser's object is not found for users who may not see it. */
    async get(auth: Auth, id: number) {
      const restriction = logEntryRestriction(auth);
      if (restriction.visible_advertisers && !(await repository.count(db, { ...restriction, id }))) {
        access.require(auth, `view_${crud.model}`);
        throw notFound();
      }
      return crud.get(auth, id);
    },
  };
}

export function registerLogEntryRoutes(app: FastifyInstance, service: ReturnType<typeof createLogEntriesService>) {
  registerCrudRoutes(
    app,
    service,
    resources.logEntries,
    { item: logEntry, detail: logEntryDetail.omit({ _permissions: true }), query: logEntryQuery, tag: 'log-entries' },
    ['list', 'get'],
  );
}
