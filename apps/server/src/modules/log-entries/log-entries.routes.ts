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

export function registerLogEntryRoutes(app: FastifyInstance, service: ReturnType<typeof createLogEntriesService>) {
  registerCrudRoutes(
    app,
    service,
    resources.logEntries,
    { item: logEntry, detail: logEntryDetail.omit({ _permissions: true }), query: logEntryQuery, tag: 'log-entries' },
    ['list', 'get'],
  );
}
