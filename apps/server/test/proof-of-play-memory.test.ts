// A proof-of-play file streams with constant memory: a real server process, its heap capped
// below the size of the file, sends a large campaign's file and a tenth of it; the large file's peak
// resident memory is within a few MB of the small one's, which it would not be (nor would the server
// survive) if the rows or the file were held whole (a million rows make ~190 MB of csv). A million rows
// on PostgreSQL; PGlite, slower to fill and to read, takes a fifth of that.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { PROOF_RECEIPT_HEADER, type ProofOfPlayReceipt } from '@marquee/contracts/delivery';
import { resources } from '@marquee/contracts/resources';
import { createPartitions, monthsBetween } from '../src/modules/device-gateway/event-partitions.ts';
import { backends } from './helpers/backends.ts';
import { migrateWithAdmin, seedGatewayFixture, signInOverHttp, useServerProcesses } from './helpers/server-process.ts';

const PASSWORD = 'memory-admin-password';
const DAYS = 10;
/**
 * Peak resident memory of the large file over the small one's, at most: far below the large file
 * (~190 MB on PostgreSQL, ~39 MB on PGlite), which a server holding the rows or the file would add at
 * least. PGlite's bound is wider: with prepared statements its growth measured 3–13 MB over runs of
 * the same code (4–6 MB without), though every page's plan is the same either way; 20 MB is still half
 * its file. PostgreSQL's growth measured 2 MB alone and 13 MB with the whole server suite running
 * beside it (when the heap is collected): 19 MB is the tenth of its file the test's name promises.
 */
const MAX_GROWTH_MB = { postgres: 19, pglite: 20 } as const;
/** The server's old-space limit in the test, below the size of the million-row file (~190 MB). */
const HEAP_CAP_MB = 160;

const residentMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
};

for (const backend of backends()) {
  describe(`proof of play memory [${backend}]`, () => {
    const procs = useServerProcesses();
    const rows = backend === 'postgres' ? 1_000_000 : 200_000;

    it(
      `streams ${rows.toLocaleString('en')} plays in the memory a tenth of them takes`,
      { timeout: 600_000 },
      async () => {
        const database = await procs.database(backend === 'postgres' ? process.env.TEST_DATABASE_URL : undefined);
        const db = await database.open();
        let campaign: number;
        const first = new Date(Date.UTC(2030, 0, 1));
        try {
          await migrateWithAdmin(db, PASSWORD);
          const fixture = await seedGatewayFixture(db);
          const [location, [c]] = [...fixture.campaigns][0]!;
          campaign = c!.id;
          const { id: device } = await db
            .selectFrom('devices')
            .select('id')
            .where('location_id', '=', location)
            .executeTakeFirstOrThrow();
          const { videoclip_id } = await db
            .selectFrom('campaigns')
            .select('videoclip_id')
            .where('id', '=', campaign)
            .executeTakeFirstOrThrow();
          // Spread evenly over DAYS days from `first`, so one day holds a tenth (in the months' partitions).
          await createPartitions(db, monthsBetween(first, first.getTime() + DAYS * 86_400_000));
          await sql`
          insert into device_events (device_id, location_id, campaign_id, zone, started_at, duration_ms, viewers,
            videoclip_id, completed, checksum_ok, measured)
          select ${device}, ${location}, ${campaign}, 1 + g % 2,
            ${first.toISOString()}::timestamptz + (g * ${(DAYS * 86_400) / rows}::float8) * interval '1 second',
            15000 - (g % 7) * 10, g % 4, ${videoclip_id}, g % 20 <> 0, case when g % 3 = 0 then null else true end, true
          from generate_series(0, ${rows - 1}) g`.execute(db);
        } finally {
          await db.destroy();
        }
        // Without a cap V8 lets its heap grow with the garbage of a fast stream (tens of MB it would reuse);
        // under this one, smaller than the million-row file, a server holding the file would die.
        const server = await procs.start({
          env: { ...database.env, NODE_OPTIONS: `--max-old-space-size=${HEAP_CAP_MB}` },
        });
        const staff = await signInOverHttp(server.url, 'admin', PASSWORD);
        const url = (query: string) => `${resources.campaigns.endpoint}${campaign}/proof_of_play/${query}`;

        /** Downloads the file, hashing it, while sampling the server's resident memory. */
        async function download(query: string) {
          let peak = residentMb(server.child.pid!);
          const timer = setInterval(() => (peak = Math.max(peak, residentMb(server.child.pid!))), 25);
          try {
            // A million rows take 15–25 s on a busy 2-core machine: more than the default 20 s.
            const res = await staff.request('GET', url(query), undefined, { timeoutMs: 180_000 });
            expect(res.status).toBe(200);
            const hash = crypto.createHash('sha256');
            let bytes = 0;
            for await (const chunk of res.body!) {
              hash.update(chunk as Uint8Array);
              bytes += (chunk as Uint8Array).length;
            }
            const receipt = (await (
              await staff.request('GET', url(`receipts/${res.headers.get(PROOF_RECEIPT_HEADER)}/`))
            ).json()) as ProofOfPlayReceipt;
            expect(receipt.sha256).toBe(hash.digest('hex'));
            expect(receipt.bytes).toBe(bytes);
            return { peak: Math.max(peak, residentMb(server.child.pid!)), rows: receipt.rows, bytes };
          } finally {
            clearInterval(timer);
          }
        }

        const day = first.toISOString().slice(0, 10);
        await download(`?date__lte=${day}`); // warms the code paths up
        const small = await download(`?date__lte=${day}`);
        const large = await download('');
        expect(small.rows).toBe(rows / DAYS);
        expect(large.rows).toBe(rows);
        expect(large.bytes).toBeGreaterThan(small.bytes * 9);
        console.log(
          `proof of play [${backend}]: ${small.rows} rows peak ${small.peak.toFixed(1)} MB; ${large.rows} rows (${(large.bytes / 2 ** 20).toFixed(0)} MB) peak ${large.peak.toFixed(1)} MB`,
        );
        expect(large.peak - small.peak).toBeLessThan(MAX_GROWTH_MB[backend]);
      },
    );
  });
}
