// §7 Bounded loads: capacity ⌈(1 + ε)·m/n⌉ per server; keys placed in order, each from its owner
// point walking clockwise to the first server with room. The module places them all
// (boundedLoads); the steps replay the placements one key at a time. Where each walk starts is
// the module's owner search (searchTrace), so the walk drawn on the ring is the module's.
import type { Ringlab } from "ringlab";

export interface BoundedParams {
  servers: string[];
  vnodes: number;
  keys: number;
  seed: number;
  epsilon: number;
  /** The reader's own key, placed after the course's keys ("" for none). */
  key: string;
}

export interface Placement {
  names: readonly string[];
  keys: string[];
  hashes: Uint32Array;
  /** Per key: the owner (first choice), where it was placed, how many points it walked past. */
  first: Uint32Array;
  placed: Uint32Array;
  walks: Uint32Array;
  /** Per key: the owner point's index, and the index of the point it was placed at. */
  start: Uint32Array;
  landed: Uint32Array;
  capacities: Uint32Array;
  loads: Uint32Array;
  notFirstChoice: number;
  longestWalk: number;
  tokens: Uint32Array;
  pointServers: Uint32Array;
}

export interface BoundedStep extends Placement {
  kind: "intro" | "key" | "done";
  index: number;
  /** Index of the reader's key among the keys, or −1. */
  own: number;
}

/** The keys of a scenario: the course's keys for the seed, then the reader's own. */
export function boundedKeys(rl: Ringlab, p: Pick<BoundedParams, "seed" | "keys" | "key">): string[] {
  const keys = rl.keys(p.seed, p.keys);
  if (p.key !== "") keys.push(p.key);
  return keys;
}

/** Every key placed by the module on a ring of these servers. */
export function placeAll(
  rl: Ringlab,
  servers: readonly string[],
  vnodes: number,
  keys: string[],
  epsilon: number,
): Placement {
  const ring = rl.ring({ servers: [...servers], vnodes });
  try {
    const hashes = rl.h32Many(keys);
    const r = rl.boundedLoads(ring, hashes, epsilon);
    const pts = ring.points();
    const n = pts.tokens.length;
    const start = new Uint32Array(keys.length);
    const landed = new Uint32Array(keys.length);
    hashes.forEach((hash, k) => {
      // The search ends where the range left begins: mid + 1 after a step right, else mid; past
      // the end wraps to point 0.
      const trace = ring.searchTrace(hash);
      const lastStep = trace[trace.length - 1];
      const at = lastStep ? (lastStep.right ? lastStep.mid + 1 : lastStep.mid) : 0;
      start[k] = at % n;
      landed[k] = (at + (r.walks[k] ?? 0)) % n;
    });
    return {
      names: ring.servers,
      keys,
      hashes,
      first: ring.ownerOfHashMany(hashes),
      placed: r.servers,
      walks: r.walks,
      start,
      landed,
      capacities: r.capacities,
      loads: r.loads,
      notFirstChoice: r.notFirstChoice,
      longestWalk: r.longestWalk,
      tokens: pts.tokens,
      pointServers: pts.servers,
    };
  } finally {
    ring.dispose();
  }
}

export function boundedSteps(p: BoundedParams, rl: Ringlab): BoundedStep[] {
  const keys = boundedKeys(rl, p);
  const base = { ...placeAll(rl, p.servers, p.vnodes, keys, p.epsilon), own: p.key === "" ? -1 : keys.length - 1 };
  return [
    { kind: "intro", index: -1, ...base },
    ...keys.map((_, i): BoundedStep => ({ kind: "key", index: i, ...base })),
    { kind: "done", index: keys.length - 1, ...base },
  ];
}
