// Virtual nodes: for each V the reader's servers get V points each on the module's ring, and the
// course's keys (rl.keyHashes, the keys the published vnode-sweep uses) are placed with the
// module's ownerOfHashMany. With the chapter's servers S0 … S(N−1) the counts are the published
// vnode-sweep's, row for row. The theory sd/mean = √((N−1)/(N·V+1)) comes from the module too.
// The last step gives the first server weight w: max(1, round(V·w)) points, and about w times
// the keys.
import type { Ringlab } from "ringlab";

export interface VnodesParams {
  /** The servers' names, in list order. */
  names: string[];
  keys: number;
  seed: number;
  vnodes: number[];
  /** The weight given to the first server in the last step, at V = weightVnodes. */
  weight: number;
  weightVnodes: number;
}

export interface Share {
  /** Index (in names) of the server owning the largest share of the circle. */
  server: number;
  /** That share, 0 … 1. */
  share: number;
  /** The share against the mean 1/N (with V = 1: the largest arc against the mean arc). */
  overMean: number;
}

export interface VnodesStep {
  kind: "sweep" | "weight";
  vnodes: number;
  /** The first server's weight (1 on the sweep's steps). */
  weight: number;
  names: readonly string[];
  /** The ring's points (tokens ascending, server index of each). */
  tokens: Uint32Array;
  owners: Uint32Array;
  /** Each key's owner (index in names), from the module. */
  keyOwners: Uint32Array;
  /** Points per server. */
  points: number[];
  /** Keys per server. */
  counts: number[];
  sdOverMean: number;
  maxOverMean: number;
  min: number;
  max: number;
  theory: number;
  largest: Share;
  /** Every sweep row so far is in `history` (for the chart and the table). */
  history: { vnodes: number; sdOverMean: number; maxOverMean: number; min: number; max: number; theory: number }[];
}

const TWO32 = 4294967296;

// The keys' hashes, kept for the last (seed, count): every step and every edit places the same keys.
let hashCache: { seed: number; count: number; hashes: Uint32Array } | undefined;
export function keyHashes(rl: Ringlab, seed: number, count: number): Uint32Array {
  if (hashCache?.seed !== seed || hashCache.count !== count)
    hashCache = { seed, count, hashes: rl.keyHashes(seed, count) };
  return hashCache.hashes;
}

/**
 * The share of the circle each server's points own (a point owns the arc from the point before
 * it, exclusive, up to itself), and the largest against the mean.
 */
export function largestShare(tokens: Uint32Array, owners: Uint32Array, servers: number): Share {
  const share = new Array<number>(servers).fill(0);
  const n = tokens.length;
  for (let i = 0; i < n; i++) {
    const prev = i === 0 ? (tokens[n - 1] ?? 0) - TWO32 : (tokens[i - 1] ?? 0);
    const o = owners[i] ?? 0;
    share[o] = (share[o] ?? 0) + ((tokens[i] ?? 0) - prev) / TWO32;
  }
  let server = 0;
  for (let s = 1; s < servers; s++) if ((share[s] ?? 0) > (share[server] ?? 0)) server = s;
  const top = share[server] ?? 0;
  return { server, share: top, overMean: top * servers };
}

type Placement = Omit<VnodesStep, "history" | "theory">;

// The last placements made, by what they were made from: an edit recomputes only the rings it
// changed, and the servers before an edit are still here to count moves against.
const placements = new Map<string, Placement>();
const KEEP = 24;

function place(rl: Ringlab, p: VnodesParams, vnodes: number, weight: number, kind: VnodesStep["kind"]): Placement {
  const key = JSON.stringify([p.names, p.seed, p.keys, vnodes, kind === "weight" ? weight : 1, kind]);
  const hit = placements.get(key);
  if (hit) {
    placements.delete(key);
    placements.set(key, hit);
    return hit;
  }
  const made = placeNow(rl, p, vnodes, weight, kind);
  placements.set(key, made);
  for (const k of placements.keys()) {
    if (placements.size <= KEEP) break;
    placements.delete(k);
  }
  return made;
}

function placeNow(rl: Ringlab, p: VnodesParams, vnodes: number, weight: number, kind: VnodesStep["kind"]): Placement {
  const specs = p.names.map((name, i) => (i === 0 && kind === "weight" ? { name, weight } : name));
  const ring = rl.ring({ servers: specs, vnodes });
  try {
    const pts = ring.points();
    const keyOwners = ring.ownerOfHashMany(keyHashes(rl, p.seed, p.keys));
    // A histogram of the module's owners (counting, not placing).
    const counts = new Array<number>(p.names.length).fill(0);
    for (const o of keyOwners) counts[o] = (counts[o] ?? 0) + 1;
    // Spread per unit of weight: a weighted server is meant to carry w times the others.
    const stats = rl.loadStats(counts.map((c, i) => (i === 0 && kind === "weight" ? c / weight : c)));
    return {
      kind,
      vnodes,
      weight: kind === "weight" ? weight : 1,
      names: p.names,
      tokens: pts.tokens,
      owners: pts.servers,
      keyOwners,
      points: ring.serverInfo().map((s) => s.points),
      counts,
      sdOverMean: stats.sdOverMean,
      maxOverMean: stats.maxOverMean,
      min: stats.min,
      max: stats.max,
      largest: largestShare(pts.tokens, pts.servers, p.names.length),
    };
  } finally {
    ring.dispose();
  }
}

export function vnodesSteps(p: VnodesParams, rl: Ringlab): VnodesStep[] {
  const n = p.names.length;
  const sweep = p.vnodes.map((v) => ({ ...place(rl, p, v, 1, "sweep"), theory: rl.theory.sdOverMean(n, v) }));
  const history = sweep.map((s) => ({
    vnodes: s.vnodes,
    sdOverMean: s.sdOverMean,
    maxOverMean: s.maxOverMean,
    min: s.min,
    max: s.max,
    theory: s.theory,
  }));
  const steps: VnodesStep[] = sweep.map((s, i) => ({ ...s, history: history.slice(0, i + 1) }));
  steps.push({
    ...place(rl, p, p.weightVnodes, p.weight, "weight"),
    theory: rl.theory.sdOverMean(n, p.weightVnodes),
    history,
  });
  return steps;
}
