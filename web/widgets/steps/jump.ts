// §7 Jump consistent hash: the jumps a key makes (the module's jumpTrace) — from bucket b it
// computes the next candidate j, and stops at the last b before j passes n — and where the key
// sits as the number of buckets grows (it moves only when it jumps into the newest bucket).
import type { JumpStep as Jump, Ringlab } from "ringlab";

export interface JumpParams {
  key: string;
  buckets: number;
  /** The growth table goes up to this many buckets (the count after a change), at least `buckets`. */
  growTo?: number;
}

export interface JumpStep {
  kind: "intro" | "jump" | "grow";
  hash: number;
  jumps: Jump[];
  /** The jump this step shows (index into jumps). */
  index: number;
  /** The bucket for 1 … max(buckets, growTo) buckets (jump(hash, n) for each n), at most 64. */
  growth: number[];
}

export function jumpSteps(p: JumpParams, rl: Ringlab): JumpStep[] {
  const hash = rl.h32(p.key);
  const jumps = rl.jumpTrace(hash, p.buckets);
  // Growth is shown for at most 64 sizes (a table, not a loop over millions).
  const last = Number.isFinite(p.growTo) ? Math.max(p.buckets, p.growTo ?? 0) : p.buckets;
  const upto = Math.min(last, 64);
  const growth = Array.from({ length: upto }, (_, i) => rl.jump(hash, i + 1));
  const base = { hash, jumps, growth };
  return [
    { kind: "intro", index: -1, ...base },
    ...jumps.map((_, i): JumpStep => ({ kind: "jump", index: i, ...base })),
    { kind: "grow", index: jumps.length - 1, ...base },
  ];
}
