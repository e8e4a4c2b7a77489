// §1 hash mod N: the tutorial's table. Each key's server before (hash mod n) and after (hash mod m),
// then what moved, counted by the module (movement) against the theory (mod-N keeps
// min(n,m)/lcm(n,m) of the hash values; the least any scheme must move is |m−n|/max(n,m)).
import type { Ringlab } from "ringlab";

export interface ModNParams {
  hashes: number[];
  from: number;
  to: number;
  /** The reader's own key (joins the keys as the last one, at its h32), "" for none. */
  key?: string;
}

export interface ModNRow {
  hash: number;
  before: number;
  after: number;
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

export function modNSteps(p: ModNParams, rl: Ringlab): ModNStep[] {
  const rows: ModNRow[] = p.hashes.map((hash) => ({ hash, before: rl.modN(hash, p.from), after: rl.modN(hash, p.to) }));
  if (p.key) {
    const hash = rl.h32(p.key);
    rows.push({ hash, before: rl.modN(hash, p.from), after: rl.modN(hash, p.to), key: p.key });
  }
  // Servers at index >= n are the new ones (none when shrinking).
  const isNew = Array.from({ length: Math.max(p.from, p.to) }, (_, i) => i >= p.from);
  const mv = rl.movement(
    Uint32Array.from(rows, (r) => r.before),
    Uint32Array.from(rows, (r) => r.after),
    isNew,
  );
  const base = {
    rows,
    moved: mv.moved,
    movedToNew: mv.movedToNew,
    keptFraction: rl.theory.modNKeptFraction(p.from, p.to),
    minimumMoved: rl.theory.minimumMovedFraction(p.from, p.to),
  };
  return [
    { kind: "intro", index: -1, ...base },
    ...rows.map((_, i): ModNStep => ({ kind: "key", index: i, ...base })),
    { kind: "summary", index: -1, ...base },
  ];
}
