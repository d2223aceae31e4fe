import type { ArchiveMedia, Row } from "./archive.js";

/**
 * The archive's JSON document written a page of rows at a time, so it never sits in memory whole:
 * laid out as `JSON.stringify(document, null, 1)` would, but each row on a line of its own
 * (shorter, and one JSON.stringify per row). JSON.stringify has no streaming form and the kept
 * libraries none that writes this layout; the size must come out the same on both writings,
 * because the document's size is worked out by writing it once.
 */

/** What the document holds before its tables: small values written as they are. */
export type DocumentHead = Record<string, unknown>;

/** Where the document's long parts come from, each as pages of rows read when written. */
export interface DocumentParts {
  head: DocumentHead;
  balances: () => Iterable<Row[]>;
  tables: readonly string[];
  rowsOf: (table: string) => Iterable<Row[]>;
  sequences: Record<string, number>;
  media: () => Iterable<ArchiveMedia[]>;
}

/** The document's text, in pieces of a page of rows at most. */
export function* documentText(parts: DocumentParts): Generator<string> {
  let head = "{";
  for (const [key, value] of Object.entries(parts.head)) head += `\n ${JSON.stringify(key)}: ${indented(value, 1)},`;
  yield `${head}\n "balances": `;
  yield* arrayText(parts.balances(), 1);
  yield `,\n "tables": {`;
  for (const [i, table] of parts.tables.entries()) {
    yield `${i === 0 ? "" : ","}\n  ${JSON.stringify(table)}: `;
    yield* arrayText(parts.rowsOf(table), 2);
  }
  yield `${parts.tables.length === 0 ? "" : "\n "}},\n "sequences": ${indented(parts.sequences, 1)},\n "media": `;
  yield* arrayText(parts.media(), 1);
  yield "\n}";
}

/** An array at `depth` (what JSON.stringify would indent it by), written a page at a time, an item a line. */
function* arrayText(pages: Iterable<readonly unknown[]>, depth: number): Generator<string> {
  const itemIndent = `\n${" ".repeat(depth + 1)}`;
  let written = false;
  for (const page of pages) {
    if (page.length === 0) continue;
    let text = written ? "," : "[";
    for (const [i, item] of page.entries()) text += `${i === 0 ? "" : ","}${itemIndent}${JSON.stringify(item)}`;
    written = true;
    yield text;
  }
  yield written ? `\n${" ".repeat(depth)}]` : "[]";
}

/** A value as JSON.stringify writes it `depth` levels in (every line break in its output is layout: strings escape theirs). */
function indented(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 1).replaceAll("\n", `\n${" ".repeat(depth)}`);
}
