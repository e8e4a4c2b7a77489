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

/** One step's placement: the ring and where the keys went (computed when first needed). */
export interface Placement {
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
  counts: Uint32Array;
  /** Each server's share of the circle (the arcs its points end). */
  shares: Float64Array;
  sdOverMean: number;
  maxOverMean: number;
  min: number;
  max: number;
  largest: Share;
}

export interface Row {
  vnodes: number;
  sdOverMean: number;
  maxOverMean: number;
  min: number;
  max: number;
  theory: number;
}

/**
 * A step: what it is (kind, V, weight, names, theory) at once, its placement when first read.
 * `ready` says whether reading it costs nothing; `history` holds only the sweep rows placed so
 * far, up to this step (a large sweep is filled in after the step shown).
 */
export interface VnodesStep extends Placement {
  theory: number;
  readonly ready: boolean;
  history: Row[];
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
  return sharesOf(tokens, owners, servers).largest;
}

function sharesOf(tokens: Uint32Array, owners: Uint32Array, servers: number): { shares: Float64Array; largest: Share } {
  const share = new Float64Array(servers);
  const n = tokens.length;
  for (let i = 0; i < n; i++) {
    const prev = i === 0 ? (tokens[n - 1] ?? 0) - TWO32 : (tokens[i - 1] ?? 0);
    const o = owners[i] ?? 0;
    share[o] = (share[o] ?? 0) + ((tokens[i] ?? 0) - prev) / TWO32;
  }
  let server = 0;
  for (let s = 1; s < servers; s++) if ((share[s] ?? 0) > (share[server] ?? 0)) server = s;
  const top = share[server] ?? 0;
  return { shares: share, largest: { server, share: top, overMean: top * servers } };
}

// The last placements made, by what they were made from: an edit recomputes only the rings it
// changed, and the servers before an edit are still here to count moves against.
const placements = new Map<string, Placement>();
const KEEP = 24;

function placementKey(p: VnodesParams, vnodes: number, weight: number, kind: Placement["kind"]): string {
  return JSON.stringify([p.names, p.seed, p.keys, vnodes, kind === "weight" ? weight : 1, kind]);
}

function place(rl: Ringlab, p: VnodesParams, vnodes: number, weight: number, kind: Placement["kind"]): Placement {
  const key = placementKey(p, vnodes, weight, kind);
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

function placeNow(rl: Ringlab, p: VnodesParams, vnodes: number, weight: number, kind: Placement["kind"]): Placement {
  const specs = p.names.map((name, i) => (i === 0 && kind === "weight" ? { name, weight } : name));
  const ring = rl.ring({ servers: specs, vnodes });
  try {
    const pts = ring.points();
    const keyOwners = ring.ownerOfHashMany(keyHashes(rl, p.seed, p.keys));
    // A histogram of the module's owners (counting, not placing).
    const counts = new Uint32Array(p.names.length);
    for (let k = 0; k < keyOwners.length; k++) {
      const o = keyOwners[k] ?? 0;
      counts[o] = (counts[o] ?? 0) + 1;
    }
    // Spread per unit of weight: a weighted server is meant to carry w times the others.
    const stats = rl.loadStats(Array.from(counts, (c, i) => (i === 0 && kind === "weight" ? c / weight : c)));
    const { shares, largest } = sharesOf(pts.tokens, pts.servers, p.names.length);
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
      shares,
      largest,
    };
  } finally {
    ring.dispose();
  }
}

class Step implements VnodesStep {
  #placed: Placement | undefined;
  constructor(
    private readonly rl: Ringlab,
    private readonly p: VnodesParams,
    readonly kind: Placement["kind"],
    readonly vnodes: number,
    readonly weight: number,
    readonly theory: number,
    /** The sweep's steps this one's history is read from. */
    private readonly rows: Step[],
  ) {}
  get names(): readonly string[] {
    return this.p.names;
  }
  get ready(): boolean {
    return this.#placed !== undefined || placements.has(placementKey(this.p, this.vnodes, this.weight, this.kind));
  }
  private get placed(): Placement {
    this.#placed ??= place(this.rl, this.p, this.vnodes, this.weight, this.kind);
    return this.#placed;
  }
  get tokens(): Uint32Array {
    return this.placed.tokens;
  }
  get owners(): Uint32Array {
    return this.placed.owners;
  }
  get keyOwners(): Uint32Array {
    return this.placed.keyOwners;
  }
  get points(): number[] {
    return this.placed.points;
  }
  get counts(): Uint32Array {
    return this.placed.counts;
  }
  get shares(): Float64Array {
    return this.placed.shares;
  }
  get sdOverMean(): number {
    return this.placed.sdOverMean;
  }
  get maxOverMean(): number {
    return this.placed.maxOverMean;
  }
  get min(): number {
    return this.placed.min;
  }
  get max(): number {
    return this.placed.max;
  }
  get largest(): Share {
    return this.placed.largest;
  }
  get row(): Row {
    const { vnodes, sdOverMean, maxOverMean, min, max, theory } = this;
    return { vnodes, sdOverMean, maxOverMean, min, max, theory };
  }
  get history(): Row[] {
    const upto = this.kind === "weight" ? this.rows.length : this.rows.indexOf(this) + 1;
    return this.rows
      .slice(0, upto)
      .filter((s) => s === this || s.ready)
      .map((s) => s.row);
  }
}

/**
 * The steps: each V of the sweep, then the weighted ring. Nothing is placed here; a step is
 * placed when its numbers are first read (the page reads the step shown at once, the others
 * when it has time), and placements are kept, so an edit re-places only what it changed.
 */
export function vnodesSteps(p: VnodesParams, rl: Ringlab): VnodesStep[] {
  const n = p.names.length;
  const sweep: Step[] = [];
  for (const v of p.vnodes) sweep.push(new Step(rl, p, "sweep", v, 1, rl.theory.sdOverMean(n, v), sweep));
  const weighted = new Step(rl, p, "weight", p.weightVnodes, p.weight, rl.theory.sdOverMean(n, p.weightVnodes), sweep);
  return [...sweep, weighted];
}
