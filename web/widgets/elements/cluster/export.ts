// The cluster page's data as files and as a table to paste: each key's answer and the keys a change
// moves, as CSV (RFC 4180), JSON and tab-separated text, made from the page's own results (never
// from the text of its tables, which the page's language and digits write). Column names are the
// files' own, in English in every language, as the command line's JSON writes its fields.
import type { KeyRow, PlacementResult } from "./module";
import type { SystemName } from "./systems";

export type Cell = string | number | null;
/** A move as the module's diff gives it. */
export interface Move {
  key: string | Uint8Array;
  from: PlacementResult;
  to: PlacementResult;
}

/** Each system's answer, as columns: Redis answers a slot and a master. */
export const ANSWER: Record<SystemName, string[]> = {
  nginx: ["server"],
  memcached: ["server"],
  libketama: ["server"],
  redis: ["slot", "master"],
  kafka: ["partition"],
  cassandra: ["node"],
  guava: ["bucket"],
  erlang: ["hash"],
  "envoy-ring": ["host"],
  "envoy-maglev": ["host"],
};

const keyText = (k: string | Uint8Array) => (typeof k === "string" ? k : new TextDecoder().decode(k));

/** An answer as cells: a number stays a number (a 64-bit one beyond 2^53 as its decimal text). */
function cells(r: PlacementResult | undefined, n: number): Cell[] {
  if (r === undefined || r === null) return Array<Cell>(n).fill(null);
  if (typeof r === "object") return [r.slot, r.node];
  if (typeof r === "bigint") return [Number.isSafeInteger(Number(r)) ? Number(r) : String(r)];
  return [r];
}

/** A table: its column names and rows. */
export interface Table {
  head: string[];
  rows: Cell[][];
}

/** Each key's answer; the keys the system refuses have an `error` (the module's message). */
export function answersTable(system: SystemName, rows: KeyRow[]): Table {
  const answer = ANSWER[system];
  const refused = rows.some((r) => r.error);
  const head = ["key", ...answer, ...(refused ? ["error"] : [])];
  return {
    head,
    rows: rows.map((r) => [
      r.key,
      ...cells(r.error ? undefined : r.result, answer.length),
      ...(refused ? [r.error ? String((r.error as { message?: string }).message ?? r.error) : null] : []),
    ]),
  };
}

/** The keys a change moves: each key, its answer before and after. */
export function movesTable(system: SystemName, moves: readonly Move[]): Table {
  const answer = ANSWER[system];
  const names = (side: string) => (answer.length === 1 ? [side] : answer.map((a) => `${side}_${a}`));
  return {
    head: ["key", ...names("from"), ...names("to")],
    rows: moves.map((m) => [keyText(m.key), ...cells(m.from, answer.length), ...cells(m.to, answer.length)]),
  };
}

/**
 * A field as RFC 4180 writes it: quoted when it holds the separator, a quote, a line break or
 * spaces at either end (a spreadsheet would trim them), or is empty (the empty key is a key, not
 * a missing value: `""`); a quote inside is doubled. An absent answer is an empty field.
 */
function field(c: Cell, sep: string): string {
  if (c === null) return "";
  const t = String(c);
  if (typeof c === "number") return t;
  return t === "" || t.includes(sep) || /["\r\n]|^\s|\s$/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
}

/** RFC 4180: a header line, fields separated by commas, every line ending CRLF. */
export function csv(t: Table): string {
  return [t.head, ...t.rows].map((r) => `${r.map((c) => field(c, ",")).join(",")}\r\n`).join("");
}

/**
 * Tab-separated, as a spreadsheet reads what is pasted into it: the same quoting with tabs (a key
 * may hold a tab or a quote), lines ending CRLF.
 */
export function tsv(t: Table): string {
  return [t.head, ...t.rows].map((r) => `${r.map((c) => field(c, "\t")).join("\t")}\r\n`).join("");
}

/** JSON: an array of objects named by the columns. */
export function json(t: Table): string {
  const objects = t.rows.map((r) => Object.fromEntries(t.head.map((h, i) => [h, r[i] ?? null])));
  return `${JSON.stringify(objects, null, 2)}\n`;
}

/** The keys as `ringlab place --keys` reads them: one a line, a blank line the empty key. */
export function keyFile(keys: readonly (string | Uint8Array)[]): BlobPart[] {
  // A key given as bytes (a key file's line that is no UTF-8) is written as those bytes.
  return keys.flatMap((k) => (typeof k === "string" ? [`${k}\n`] : [k as Uint8Array<ArrayBuffer>, "\n"]));
}

/** Saves text as a file (the browser's download). */
export function download(name: string, type: string, text: string | BlobPart[]): void {
  const url = URL.createObjectURL(new Blob(typeof text === "string" ? [text] : text, { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  // The click has started the download; the address is no longer needed once it is read.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
