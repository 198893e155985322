// What the player page's JS heap is made of, for the soak bench: a heap snapshot taken through CDP and
// its objects' own sizes summed by kind. V8 keeps its compiled code in the JS heap and adds to it for as
// long as functions that run now and then reach the counts at which V8 compiles them to machine code
// (the player's and React's code does so over the first 20 minutes or so of play, one function after
// another, and hardly grows after); what the page itself keeps are objects, strings, arrays and
// closures. The two are apart here so that a rise of the heap figure can be told to be the one or the
// other.
import type { CDPSession } from '@playwright/test';

/** Sizes (bytes) of the objects in a heap snapshot, by kind. */
export type HeapParts = {
  /** V8's code: machine code and its metadata, bytecode, feedback vectors, function infos
   * (DevTools' "(compiled code)"). */
  code: number;
  /** V8's own objects: hidden classes (maps, descriptor arrays) and the templates the page's bindings
   * instantiate once (a canvas's, the first time one is drawn on). */
  internals: number;
  /** What the page's scripts keep: objects, closures, arrays, strings, numbers. */
  data: number;
  /** Blink's objects (DOM, timers, performance entries): the embedder's heap, not in the JS heap figure. */
  blink: number;
};

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
};

/** Sums a parsed .heapsnapshot by kind. */
export function partsOf({ snapshot: { meta }, nodes, strings }: Snapshot): HeapParts {
  const fields = meta.node_fields.length;
  const [type, name, size] = ['type', 'name', 'self_size'].map((f) => meta.node_fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const types = meta.node_types[0];
  const parts: HeapParts = { code: 0, internals: 0, data: 0, blink: 0 };
  for (let i = 0; i < nodes.length; i += fields) {
    const kind = types[nodes[i + type]!];
    const bytes = nodes[i + size]!;
    if (kind === 'code') parts.code += bytes;
    else if (kind === 'object shape') parts.internals += bytes;
    else if (kind === 'native') {
      // V8's own objects show as native too, named "system / …"; the rest are Blink's. External strings'
      // text (the scripts' sources) lies outside the heap.
      const label = strings[nodes[i + name]!]!;
      if (label === 'system / ExternalStringData') continue;
      parts[label.startsWith('system /') ? 'internals' : 'blink'] += bytes;
    } else if (kind !== 'synthetic') parts.data += bytes;
  }
  return parts;
}

/** Takes a heap snapshot of the page (V8 collects garbage first) and sums it by kind. */
export async function heapParts(cdp: CDPSession): Promise<HeapParts> {
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => void chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  return partsOf(JSON.parse(chunks.join('')) as Snapshot);
}

const kB = (n: number) => `${Math.round(n / 1024)} kB`;
const by = (from: number, to: number) =>
  `${kB(from)} → ${kB(to)} (${to >= from ? '+' : '−'}${kB(Math.abs(to - from))})`;

/** The soak's table rows (figure, value, goal, ok) of the snapshots at the reference and at the end. */
export function heapPartsRows(reference: HeapParts, end: HeapParts, span: string): [string, string, string, string][] {
  return [
    [`JS heap by snapshot, ${span}: V8's compiled code`, by(reference.code, end.code), '—', ''],
    ['  V8 internals (hidden classes, binding templates)', by(reference.internals, end.internals), '—', ''],
    ['  objects, strings, arrays, closures', by(reference.data, end.data), '—', ''],
  ];
}
