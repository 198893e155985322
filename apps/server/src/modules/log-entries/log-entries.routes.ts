import type { FastifyInstance } from 'fastify';
import { logEntry, logEntryDetail, logEntryQuery } from '@marquee/contracts/log-entries';
import { resources } from '@marquee/contracts/resources';
import type { Access } from '../../access/access.ts';
import type { Database } from '../../db/database.ts';
import { createCrudService, registerCrudRoutes } from '../../http/crud.ts';
import { createLogEntriesRepository } from './log-entries.repository.ts';

export function createLogEntriesService(db: Database, access: Access, timeZone: string) {
  return createCrudService(db, access, {
    definition: resources.logEntries,
    repository: createLogEntriesRepository(timeZone),
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
  });
}

/** The contracts check the yyyy-MM-dd shape; a shape that is no calendar day (2003-02-30) must be a
 * 400 too, not a failed ::date cast in SQL (a 500). Other shapes are left to the contracts' message. */
const isCalendarDay = (day: string | undefined) => {
  if (day === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return true;
  const date = new Date(`${day}T00:00:00Z`);
  return day >= '0001' && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
};
const query = logEntryQuery.extend({
  action_time: logEntryQuery.shape.action_time.refine(isCalendarDay, 'Enter a date as yyyy-MM-dd.'),
});

export function registerLogEntryRoutes(app: FastifyInstance, service: ReturnType<typeof createLogEntriesService>) {
  registerCrudRoutes(
    app,
    service,
    resources.logEntries,
    { item: logEntry, detail: logEntryDetail.omit({ _permissions: true }), query, tag: 'log-entries' },
    ['list', 'get'],
  );
}
