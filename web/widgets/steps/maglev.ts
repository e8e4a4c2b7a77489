// §7 Maglev: each backend has a permutation of the M slots (offset, skip); in turns, each takes
// its next preferred slot that is still empty. The module's fillTurns() gives every turn; the
// steps replay them, then the final table and a lookup.
import type { Ringlab } from "ringlab";

export interface MaglevParams {
  backends: string[];
  tableSize: number;
  key: string;
}

export interface MaglevStep {
  kind: "intro" | "turn" | "done";
  /** Turn index (−1 before the first). */
  turn: number;
  backends: readonly string[];
  offsets: number[];
  skips: number[];
  turns: { backend: Uint32Array; slot: Uint32Array; skipped: Uint32Array };
  counts: Uint32Array;
  table: Uint32Array;
  lookup: { key: string; hash: number; slot: number; backend: number };
}

export function maglevSteps(p: MaglevParams, rl: Ringlab): MaglevStep[] {
  const m = rl.maglev({ backends: p.backends, tableSize: p.tableSize });
  try {
    const turns = m.fillTurns();
    const hash = rl.h32(p.key);
    const base = {
      backends: m.backends,
      offsets: m.backends.map((_, i) => m.offset(i)),
      skips: m.backends.map((_, i) => m.skip(i)),
      turns,
      counts: m.entryCounts(),
      table: m.table(),
      lookup: { key: p.key, hash, slot: rl.modN(hash, m.tableSize), backend: m.lookupHash(hash) },
    };
    return [
      { kind: "intro", turn: -1, ...base },
      ...Array.from(turns.slot, (_, i): MaglevStep => ({ kind: "turn", turn: i, ...base })),
      { kind: "done", turn: turns.slot.length - 1, ...base },
    ];
  } finally {
    m.dispose();
  }
}
