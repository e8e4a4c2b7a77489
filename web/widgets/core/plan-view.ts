// What the plan page draws, computed from a Plan (ringlab/plan) alone: the runs of a strip of
// numbered units, the owners after the steps, a step's units as ranges, a token range as a part of
// the ring, and the JSON export. Pure functions over plain values (no DOM, no module), so Node
// tests them as they are (tests/js/plan-view.test.mjs).

/** A run of consecutive units with one owner: units start … end (inclusive), owner an index (−1: none). */
export interface UnitRun {
  readonly start: number;
  readonly end: number;
  readonly owner: number;
}

/** The runs of an owner-per-unit array, in unit order. */
export function unitRuns(owners: ArrayLike<number>): UnitRun[] {
  const out: UnitRun[] = [];
  let start = 0;
  for (let u = 1; u <= owners.length; u++) {
    if (u === owners.length || owners[u] !== owners[start]) {
      out.push({ start, end: u - 1, owner: owners[start]! });
      start = u;
    }
  }
  return out;
}

/** A node's runs of units as the module gives them: [first, last] pairs (a Redis master's slots). */
export interface UnitHolder {
  readonly slots: readonly (readonly [number, number])[];
}

/** Each of `size` units' holder (an index into `holders`; −1: none), from the holders' runs. */
export function slotOwners(holders: readonly UnitHolder[], size = 16384): Int32Array {
  const out = new Int32Array(size).fill(-1);
  holders.forEach((n, i) => {
    for (const [a, b] of n.slots) out.fill(i, a, b + 1);
  });
  return out;
}

/** A step as the plan page reads it: from, to, and the units it moves by number. */
export interface NumberedStep {
  readonly from: string;
  readonly to: string;
  readonly units: ArrayLike<number>;
}

/**
 * The owners after the steps, each applied in order to a copy of `before` (a unit a later step
 * moves again ends with its last receiver). `index` gives each node's index.
 */
export function ownersAfter(
  before: ArrayLike<number>,
  steps: readonly NumberedStep[],
  index: ReadonlyMap<string, number>,
): Int32Array {
  const out = Int32Array.from(before);
  for (const s of steps) {
    const to = index.get(s.to) ?? -1;
    for (let i = 0; i < s.units.length; i++) out[s.units[i]!] = to;
  }
  return out;
}

/**
 * A step's units as runs of consecutive numbers, in the order they move: [start, end] pairs
 * (5461, 5462, 5463, 0 is [5461, 5463], [0, 0]).
 */
export function unitSpans(units: ArrayLike<number>): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    const last = out[out.length - 1];
    if (last && u === last[1] + 1) last[1] = u;
    else out.push([u, u]);
  }
  return out;
}

/** Tokens of a Murmur3 ring: −2^63 … 2^63 − 1, 2^64 in all. */
const TOKEN_MIN = -(2n ** 63n);
const TOKEN_SPAN = 2n ** 64n;

/** A token's place around the ring, as a fraction of a turn from −2^63 (0 ≤ f < 1). */
export function tokenTurn(token: bigint): number {
  return Number(token - TOKEN_MIN) / Number(TOKEN_SPAN);
}

/**
 * A token range (start, end] as the part of the ring it covers: where it begins and how much of a
 * turn it takes. A range whose end is not after its start wraps past 2^63 − 1 (a ring of one token
 * is one range of the whole turn).
 */
export function rangeArc(start: bigint, end: bigint): { from: number; turn: number } {
  const width = end > start ? end - start : end - start + TOKEN_SPAN;
  return { from: tokenTurn(start), turn: Number(width) / Number(TOKEN_SPAN) };
}

/**
 * A plan as JSON: every field the package returns, a step's `units` as an array of numbers and
 * every 64-bit figure (a BigInt: tokens, hashes, bytes) as its decimal text, since JSON's numbers
 * cannot hold them exactly.
 */
export function planJson(plan: unknown): string {
  return JSON.stringify(
    plan,
    (_k, v: unknown) => {
      if (typeof v === "bigint") return v.toString();
      if (v instanceof Uint32Array) return Array.from(v);
      return v;
    },
    2,
  );
}

/** A part of the strip (or of a turn) and what it is. */
export interface SpaceRun<K> {
  from: number;
  turn: number;
  kind: K;
}

/**
 * A table's runs as its strip draws them: the runs of one kind that start in the same `bins`th
 * of the strip become one, as wide as they are together, from where the earliest of them starts;
 * runs of a kind in `keep` stay as they are. Maglev's default table has 65537 entries, a third of
 * them moved when one of three servers goes, and scattered: one element each is some twenty
 * thousand shapes for the page to build, style and lay out, many to a pixel. Binned finer than a
 * pixel, the strip covers as much of each pixel as before. Each part keeps the place in the list
 * of the first run it holds (what is drawn later is drawn on top).
 */
export function binRuns<K>(runs: readonly SpaceRun<K>[], bins: number, keep: readonly K[] = []): SpaceRun<K>[] {
  const out: SpaceRun<K>[] = [];
  const parts = new Map<string, SpaceRun<K>>();
  for (const r of runs) {
    if (keep.includes(r.kind)) {
      out.push({ ...r });
      continue;
    }
    const key = `${String(r.kind)} ${Math.floor(r.from * bins)}`;
    const part = parts.get(key);
    if (part) {
      part.from = Math.min(part.from, r.from);
      part.turn += r.turn;
    } else {
      const first = { ...r };
      parts.set(key, first);
      out.push(first);
    }
  }
  return out;
}

/**
 * A moved run of a ring or table plan as the part of a turn (or of the strip) it covers. A ring's
 * arc holds the hashes after `start` up to `end` (it wraps past the top when `end` is not after
 * `start`); a table's run holds entries `start` … `end`, both included, of `period` entries.
 */
export function spaceArc(
  start: bigint,
  end: bigint,
  kind: "ring" | "table",
  size: bigint,
  period?: number,
): { from: number; turn: number } {
  if (kind === "table") {
    const p = BigInt(period ?? 1);
    return { from: Number(start) / Number(p), turn: Number(end - start + 1n) / Number(p) };
  }
  const width = end > start ? end - start : end - start + size;
  return { from: Number(start) / Number(size), turn: Number(width) / Number(size) };
}
