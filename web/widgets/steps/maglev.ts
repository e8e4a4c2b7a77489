// §7 Maglev: each backend has a permutation of the M slots (offset, skip); in turns, each takes
// its next preferred slot that is still empty. The module's fillTurns() gives every turn; the
// steps replay them, then the final table and a lookup. A table too big to step through (the
// chapter's M = 65537) is one summary step: the module's table, entry counts and the lookup, and
// the turns are never asked for.
import type { Ringlab } from "ringlab";

/** The largest table stepped through turn by turn: 101 slots still fit on one screen. */
export const STEPPER_MAX = 101;

export interface MaglevParams {
  backends: string[];
  tableSize: number;
  key: string;
}

export interface MaglevTable {
  backends: readonly string[];
  offsets: number[];
  skips: number[];
  counts: Uint32Array;
  table: Uint32Array;
  /** Present only for tables small enough to step through. */
  turns?: { backend: Uint32Array; slot: Uint32Array; skipped: Uint32Array };
}

export interface MaglevStep extends MaglevTable {
  kind: "intro" | "turn" | "done" | "summary";
  /** Turn index (−1 before the first). */
  turn: number;
  lookup: { key: string; hash: number; slot: number; backend: number };
}

// The last few tables built, by backends and M: typing a key, stepping, or comparing a table with
// the one before a change does not rebuild them.
const built = new Map<string, MaglevTable>();

/** The module's table for these backends and M (the last one is kept). */
export function maglevTable(rl: Ringlab, backends: readonly string[], tableSize: number): MaglevTable {
  const id = JSON.stringify([backends, tableSize]);
  const known = built.get(id);
  if (known) return known;
  const m = rl.maglev({ backends: [...backends], tableSize });
  try {
    const value: MaglevTable = {
      backends: m.backends,
      offsets: m.backends.map((_, i) => m.offset(i)),
      skips: m.backends.map((_, i) => m.skip(i)),
      counts: m.entryCounts(),
      table: m.table(),
      turns: m.tableSize <= STEPPER_MAX ? m.fillTurns() : undefined,
    };
    if (built.size >= 4) built.delete(built.keys().next().value as string);
    built.set(id, value);
    return value;
  } finally {
    m.dispose();
  }
}

export function maglevSteps(p: MaglevParams, rl: Ringlab): MaglevStep[] {
  const tbl = maglevTable(rl, p.backends, p.tableSize);
  const hash = rl.h32(p.key);
  const slot = rl.modN(hash, tbl.table.length);
  // The backend is the table's entry at the key's slot: the module's lookup reads the same table.
  const base = { ...tbl, lookup: { key: p.key, hash, slot, backend: tbl.table[slot] ?? 0 } };
  const turns = tbl.turns;
  if (!turns) return [{ kind: "summary", turn: -1, ...base }];
  return [
    { kind: "intro", turn: -1, ...base },
    ...Array.from(turns.slot, (_, i): MaglevStep => ({ kind: "turn", turn: i, ...base })),
    { kind: "done", turn: turns.slot.length - 1, ...base },
  ];
}
