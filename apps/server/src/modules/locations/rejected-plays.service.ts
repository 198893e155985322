// A screen's rejected plays (the rows of its batches the gateway did not store, with why), for those who
// read the statistics (the permission the proof of play asks) and may see the device.
import { resources } from '@marquee/contracts/resources';
import type { Paged } from '@marquee/contracts/common';
import type { RejectedPlay } from '@marquee/contracts/device-gateway';
import type { Access, Auth } from '../../access/access.ts';
import type { Database } from '../../db/database.ts';
import { pageLinks, pageOf, type Paging } from '../../http/paging.ts';
import { rejectedPlaysRepository } from '../device-gateway/rejected-plays.repository.ts';
import type { DevicesService } from './devices.service.ts';

const STATISTICS = `list_${resources.eventStatistics.model_name}`;

export function createRejectedPlaysService({
  db,
  access,
  devices,
}: {
  db: Database;
  access: Access;
  devices: DevicesService;
}) {
  return {
    /** A page of the device's rejected plays, latest first. */
    async ofDevice(auth: Auth, id: number, query: Paging, url: string): Promise<Paged<RejectedPlay>> {
      access.require(auth, STATISTICS);
      await devices.loadVisible(auth, id);
      const { page, limit, offset } = pageOf(query);
      const { rows, count } = await rejectedPlaysRepository.ofDevice(db, id, { offset, limit });
      return { count, ...pageLinks(url, page, limit, count), results: rows, _permissions: [] };
    },
  };
}

export type RejectedPlaysService = ReturnType<typeof createRejectedPlaysService>;
