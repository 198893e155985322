// The text of a proof-of-play file, a page at a time: the campaign's plays, then the appendix of the
// rows its screens sent that the gateway rejected. csv (RFC 4180, no byte order mark: the file is for
// checking by programs as much as by people): the plays under their heading line, then one empty line,
// the appendix's title line, its heading line and its rows (none: the title and headings alone, so a
// reader sees that nothing was rejected). json: `{"plays": [...], "rejected": [...]}`.
import {
  PROOF_OF_PLAY_COLUMNS,
  PROOF_OF_PLAY_REJECTED_COLUMNS,
  PROOF_OF_PLAY_REJECTED_TITLE,
  type ProofOfPlayFormat,
  type ProofOfPlayRejectedRow,
} from '@marquee/contracts/delivery';
import { csvField } from '../statistics/statistics.export.ts';

export type PlayRow = {
  play_id: string;
  device_play_id: string | null;
  device_serial: string | null;
  location_sys_id: string;
  location_name: string;
  zone: number;
  campaign_sys_id: string;
  clip_sys_id: string | null;
  clip_checksum: string | null;
  started_at_utc: string;
  started_at_local: string;
  duration_ms: number;
  completed: boolean;
  creative_ok: boolean;
  in_schedule: boolean;
  viewers: number | null;
};

type Cell = string | number | boolean | null;

const csvLine = (cells: Cell[]) =>
  `${cells.map((value) => (value === null ? '' : typeof value === 'boolean' ? String(value) : csvField(value))).join(',')}\r\n`;

const playCells = (row: PlayRow) => PROOF_OF_PLAY_COLUMNS.map((key) => row[key]);
const rejectedCells = (row: ProofOfPlayRejectedRow) => PROOF_OF_PLAY_REJECTED_COLUMNS.map((key) => row[key]);

const playObject = (row: PlayRow) =>
  JSON.stringify(
    Object.fromEntries(PROOF_OF_PLAY_COLUMNS.map((key) => [key, key === 'play_id' ? Number(row.play_id) : row[key]])),
  );
const rejectedObject = (row: ProofOfPlayRejectedRow) =>
  JSON.stringify(Object.fromEntries(PROOF_OF_PLAY_REJECTED_COLUMNS.map((key) => [key, row[key]])));

/** The members of a JSON array, a page at a time, one to a line (`[]` when there are none). */
async function* jsonArray<T>(pages: AsyncIterable<T[]>, member: (row: T) => string): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const page of pages) {
    if (!page.length) continue;
    yield `${first ? '\n' : ',\n'}${page.map(member).join(',\n')}`;
    first = false;
  }
  yield first ? ']' : '\n]';
}

export async function* fileText(
  format: ProofOfPlayFormat,
  { plays, rejected }: { plays: AsyncIterable<PlayRow[]>; rejected: AsyncIterable<ProofOfPlayRejectedRow[]> },
): AsyncGenerator<string> {
  if (format === 'csv') {
    yield csvLine([...PROOF_OF_PLAY_COLUMNS]);
    for await (const page of plays) yield page.map((row) => csvLine(playCells(row))).join('');
    yield `\r\n${csvLine([PROOF_OF_PLAY_REJECTED_TITLE])}${csvLine([...PROOF_OF_PLAY_REJECTED_COLUMNS])}`;
    for await (const page of rejected) yield page.map((row) => csvLine(rejectedCells(row))).join('');
    return;
  }
  yield '{"plays": ';
  yield* jsonArray(plays, playObject);
  yield ',\n"rejected": ';
  yield* jsonArray(rejected, rejectedObject);
  yield '}\n';
}
