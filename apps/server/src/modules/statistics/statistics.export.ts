// Statistics exports, written as the rows arrive (nothing is held whole in memory): CSV by RFC 4180,
// xlsx as a minimal Office Open XML workbook in a zip written here (deflate from node:zlib), and xls as
// SpreadsheetML 2003 XML: no maintained library writes real BIFF .xls files, and Excel opens this
// XML served as application/vnd.ms-excel under a .xls name (it may warn that the format differs).
import { once } from 'node:events';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { ExportFormat } from '@marquee/contracts/statistics';

type Cell = string | number;
/** A column of an export: the row's key and its heading (statistics and delivery reports alike). */
export type ExportColumn = { key: string; label: string };
export type ExportRow = { [key: string]: Cell | null | undefined };
type Rows = AsyncIterable<readonly ExportRow[]>;

export const exportTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};

/** A file name safe in a header and on any disk: letters, digits, `.`, `_`, `-`, ending in `.format`. */
export function safeFilename(requested: string | undefined, format: ExportFormat): string {
  const base = (requested ?? '')
    .normalize('NFKD')
    .replace(/\.(csv|xlsx|xls)$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+|_+$/g, '')
    .slice(0, 100);
  return `${base || 'statistics'}.${format}`;
}

/** Joins the small texts (one per row) into pieces of about `size` characters: a stream or deflate
 * write per row costs more than the row itself. */
async function* joined(texts: AsyncIterable<string>, size = 64 * 1024): AsyncGenerator<string> {
  let pending: string[] = [];
  let length = 0;
  for await (const text of texts) {
    pending.push(text);
    length += text.length;
    if (length >= size) {
      yield pending.join('');
      pending = [];
      length = 0;
    }
  }
  if (pending.length) yield pending.join('');
}

async function* cellsOf(columns: ExportColumn[], rows: Rows): AsyncGenerator<Cell[]> {
  for await (const page of rows) for (const row of page) yield columns.map((c) => row[c.key] ?? '');
}

/** RFC 4180 field; text that a spreadsheet would run as a formula gets a leading quote. A field holding
 * a semicolon is quoted too: Excel in locales whose list separator is `;` (de, fr, nl…) splits an
 * unquoted field there, and the part after it could start a formula of its own. */
export function csvField(value: Cell): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

async function* csv(columns: ExportColumn[], rows: Rows): AsyncGenerator<string> {
  // The byte order mark makes Excel read the file as UTF-8.
  yield `\uFEFF${columns.map((c) => csvField(c.label)).join(',')}\r\n`;
  for await (const cells of cellsOf(columns, rows)) yield `${cells.map(csvField).join(',')}\r\n`;
}

/** Control characters XML 1.0 cannot carry (tab, line feed and carriage return it can). */
// eslint-disable-next-line no-control-regex
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;
const XML_ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' };

/** Text for XML: escaped, without the characters XML cannot carry. */
const xml = (value: string) => value.replace(NOT_IN_XML, '').replace(/[<>&"]/g, (c) => XML_ESCAPES[c]!);

async function* spreadsheetMl(columns: ExportColumn[], rows: Rows): AsyncGenerator<string> {
  const row = (cells: Cell[]) =>
    `<Row>${cells
      .map((v) =>
        typeof v === 'number'
          ? `<Cell><Data ss:Type="Number">${v}</Data></Cell>`
          : `<Cell><Data ss:Type="String">${xml(v)}</Data></Cell>`,
      )
      .join('')}</Row>\n`;
  yield (
    '<?xml version="1.0" encoding="UTF-8"?>\n<?mso-application progid="Excel.Sheet"?>\n' +
    '<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" ' +
    'xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">\n<Worksheet ss:Name="Statistics"><Table>\n' +
    row(columns.map((c) => c.label))
  );
  for await (const cells of cellsOf(columns, rows)) yield row(cells);
  yield '</Table></Worksheet>\n</Workbook>\n';
}

const columnName = (index: number): string =>
  index < 26 ? String.fromCharCode(65 + index) : columnName(Math.floor(index / 26) - 1) + columnName(index % 26);

async function* sheetXml(columns: ExportColumn[], rows: Rows): AsyncGenerator<string> {
  let r = 0;
  const row = (cells: Cell[]) => {
    r += 1;
    return `<row r="${r}">${cells
      .map((v, i) =>
        typeof v === 'number'
          ? `<c r="${columnName(i)}${r}"><v>${v}</v></c>`
          : `<c r="${columnName(i)}${r}" t="inlineStr"><is><t xml:space="preserve">${xml(v)}</t></is></c>`,
      )
      .join('')}</row>`;
  };
  yield (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    row(columns.map((c) => c.label))
  );
  for await (const cells of cellsOf(columns, rows)) yield row(cells);
  yield '</sheetData></worksheet>';
}

const XLSX_PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '</Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
      '</Relationships>',
  ],
  [
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      '<sheets><sheet name="Statistics" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
      '</Relationships>',
  ],
];

/** 1980-01-01 00:00 in MS-DOS form: the entries carry no meaningful time. */
const DOS_DATE = 0x21;
/** Sizes and CRC follow the data (bit 3); names are UTF-8 (bit 11). */
const ZIP_FLAGS = 0x0808;

async function* oneOf(text: string): AsyncGenerator<string> {
  yield text;
}

/** A zip archive of deflated entries, streamed: each entry's CRC and sizes follow its data. */
async function* zip(entries: [string, AsyncIterable<string>][]): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(ZIP_FLAGS, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt16LE(nameBytes.length, 26);
    const start = offset;
    yield Buffer.concat([local, nameBytes]);
    offset += 30 + nameBytes.length;

    let crc = 0;
    let size = 0;
    let compressed = 0;
    const deflate = zlib.createDeflateRaw();
    const feed = (async () => {
      try {
        for await (const chunk of content) {
          const bytes = Buffer.from(chunk, 'utf8');
          crc = zlib.crc32(bytes, crc);
          size += bytes.length;
          if (!deflate.write(bytes)) await once(deflate, 'drain');
        }
        deflate.end();
      } catch (error) {
        deflate.destroy(error as Error);
      }
    })();
    for await (const out of deflate as AsyncIterable<Buffer>) {
      compressed += out.length;
      yield out;
    }
    await feed;
    offset += compressed;

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    offset += 16;

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(ZIP_FLAGS, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(0, 12);
    header.writeUInt16LE(DOS_DATE, 14);
    header.writeUInt32LE(crc >>> 0, 16);
    header.writeUInt32LE(compressed, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(nameBytes.length, 28);
    header.writeUInt32LE(start, 42);
    central.push(header, nameBytes);
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([directory, end]);
}

/** The export of `rows` (pages of rows, fetched as the file is written) with `columns`. */
export function exportStream(format: ExportFormat, columns: ExportColumn[], rows: Rows): Readable {
  if (format === 'csv') return Readable.from(joined(csv(columns, rows)));
  if (format === 'xls') return Readable.from(joined(spreadsheetMl(columns, rows)));
  return Readable.from(
    zip([
      ...XLSX_PARTS.map(([name, text]): [string, AsyncIterable<string>] => [name, oneOf(text)]),
      ['xl/worksheets/sheet1.xml', joined(sheetXml(columns, rows))],
    ]),
  );
}
