// Which characters text input may hold. C0 control characters (U+0000–U+001F) and DEL (U+007F) are
// refused everywhere (and the invisible ones listed below): PostgreSQL cannot store NUL in text at all (a 500 instead of a 400), and the
// others are invisible, break CSV exports, mail headers and the device playlists. Tab, line feed and
// carriage return are allowed in the fields the web edits as multi-line texts, and nowhere else.

/**
 * Fields edited in a Textarea, by name: a location's `address`, a campaign's `comments` and a
 * rejection's `comments`. Name-based so it also covers nested values (the last key of the path).
 */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['address', 'comments']);

// Refused too, in every field: C1 controls (U+0080–U+009F); the bidirectional embeddings, overrides and
// isolates (U+202A–U+202E, U+2066–U+2069), which make `Evil\u202Etxt.exe` read as `Evilexe.txt`; and
// the invisible zero-width space, word joiner, byte order mark and Mongolian vowel separator
// (U+200B, U+2060, U+FEFF, U+180E), which make `Blue\u200bPeak` look like `BluePeak` beside it. Kept:
// the zero-width joiner and non-joiner (emoji sequences, Persian and Indic scripts) and the left-to-right
// and right-to-left marks (mixed Arabic or Hebrew and Latin text need them).
const INVISIBLE = '\\u0080-\\u009f\\u180e\\u200b\\u202a-\\u202e\\u2060\\u2066-\\u2069\\ufeff';
// Built from escapes so the source holds no control characters of its own.
const ANY_CONTROL = new RegExp(`[\\u0000-\\u001f\\u007f${INVISIBLE}]`, 'u');
const CONTROL_BUT_LINE_BREAKS = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f${INVISIBLE}]`, 'u');

/** True when `value` holds a control character that a field of this kind may not contain. */
export function controlCharacterProblem(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return (multiline ? CONTROL_BUT_LINE_BREAKS : ANY_CONTROL).test(value);
}

/** Whether the field at `path` may hold line breaks: its last named segment is a multi-line field. */
export function isMultilinePath(path: readonly (string | number)[]): boolean {
  for (let i = path.length - 1; i >= 0; i--) {
    const segment = path[i];
    if (typeof segment === 'string') return MULTILINE_FIELDS.has(segment);
  }
  return false;
}

export type TextPath = (string | number)[];

/** Nesting deeper than this is not walked (so a hostile body cannot exhaust the stack): no input
 * schema of this API takes values nested that deep, so validation refuses them anyway. */
const MAX_DEPTH = 32;

/**
 * Paths of the strings in `value` (objects, arrays, strings) that hold a refused control character,
 * in document order. A refused character in an object's key is reported at that object's path (the
 * root's path is `[]`).
 */
export function controlCharacterPaths(value: unknown): TextPath[] {
  const found: TextPath[] = [];
  const walk = (node: unknown, path: TextPath, depth: number) => {
    if (typeof node === 'string') {
      if (controlCharacterProblem(node, { multiline: isMultilinePath(path) })) found.push(path);
      return;
    }
    if (node === null || typeof node !== 'object' || depth >= MAX_DEPTH) return;
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, [...path, index], depth + 1));
      return;
    }
    for (const [key, item] of Object.entries(node)) {
      if (controlCharacterProblem(key)) {
        found.push(path);
        continue;
      }
      walk(item, [...path, key], depth + 1);
    }
  };
  walk(value, [], 0);
  return found;
}

/**
 * The fields to name in a 400 for the control characters in `value`, each once: the first segment of
 * the path, as request validation names fields; a problem at the root is `non_field_errors`.
 */
export function controlCharacterFields(value: unknown): string[] {
  const fields = controlCharacterPaths(value).map((path) => (path.length ? String(path[0]) : 'non_field_errors'));
  return [...new Set(fields)];
}
