// §1 hash mod N: the tutorial's table. Each key's server before (hash mod n) and after (hash mod m),
// then what moved, counted by the module (movement) against the theory (mod-N keeps
// min(n,m)/lcm(n,m) of the hash values; the least any scheme must move is |m−n|/max(n,m)).
import type { Ringlab } from "ringlab";
import { serverIds } from "../core/scenario";

export interface ModNParams {
  hashes: number[];
  from: number;
  to: number;
  /** The reader's own key (joins the keys as the last one, at its h32), "" for none. */
  key?: string;
  /**
   * Who server number i is before (i < from) and after (i < to). A key stays only when it is on
   * the same server — removing B from A, B, C renumbers C, so keys move though C is still there.
   * Absent: server numbers are the servers (the chapter's A, B, C, … growing at the end).
   */
  names?: { before: readonly string[]; after: readonly string[] };
}

export interface ModNRow {
  hash: number;
  before: number;
  after: number;
  /** On another server after the change (by identity, not by number). */
  moved: boolean;
  /** The reader's key this row is for (the chapter's keys are numbered instead). */
  key?: string;
}

export interface ModNStep {
  kind: "intro" | "key" | "summary";
  /** The key this step is about (−1 for intro and summary). */
  index: number;
  rows: ModNRow[];
  moved: number;
  movedToNew: number;
  keptFraction: number;
  minimumMoved: number;
}

/** Periods longer than this fall back to the positional theory (a loop, not a formula). */
const MAX_PERIOD = 1 << 20;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

export function modNSteps(p: ModNParams, rl: Ringlab): ModNStep[] {
  const before = p.names?.before ?? Array.from({ length: p.from }, (_, i) => String(i));
  const after = p.names?.after ?? Array.from({ length: p.to }, (_, i) => String(i));
  const nameBefore = (i: number) => before[i] ?? `#${i}`;
  const nameAfter = (i: number) => after[i] ?? `#${i}`;
  const row = (hash: number, key?: string): ModNRow => {
    const b = rl.modN(hash, p.from);
    const a = rl.modN(hash, p.to);
    return { hash, before: b, after: a, moved: nameBefore(b) !== nameAfter(a), ...(key ? { key } : {}) };
  };
  const rows = p.hashes.map((hash) => row(hash));
  if (p.key) rows.push(row(rl.h32(p.key), p.key));
  // The module counts by identity: one id per server name, new = not there before.
  const { id, isNew } = serverIds(Array.from({ length: p.from }, (_, i) => nameBefore(i)));
  const mv = rl.movement(
    Uint32Array.from(rows, (r) => id(nameBefore(r.before))),
    Uint32Array.from(rows, (r) => id(nameAfter(r.after))),
    isNew,
  );
  // Positional names (the servers keep their numbers): the module's formula. Renumbered: the share
  // of one period of hash values whose server is the same before and after.
  let keptFraction = rl.theory.modNKeptFraction(p.from, p.to);
  const positional = Array.from({ length: Math.min(p.from, p.to) }, (_, i) => i).every(
    (i) => nameBefore(i) === nameAfter(i),
  );
  const period = (p.from / gcd(p.from, p.to)) * p.to;
  if (!positional && period <= MAX_PERIOD) {
    let kept = 0;
    for (let x = 0; x < period; x++) if (nameBefore(x % p.from) === nameAfter(x % p.to)) kept++;
    keptFraction = kept / period;
  }
  const base = {
    rows,
    moved: mv.moved,
    movedToNew: mv.movedToNew,
    keptFraction,
    minimumMoved: rl.theory.minimumMovedFraction(p.from, p.to),
  };
  return [
    { kind: "intro", index: -1, ...base },
    ...rows.map((_, i): ModNStep => ({ kind: "key", index: i, ...base })),
    { kind: "summary", index: -1, ...base },
  ];
}
