// §7 Bounded loads: capacity ⌈(1 + ε)·m/n⌉ per server; keys placed in order, each from its owner
// point walking clockwise to the first server with room. The module places them all
// (boundedLoads); the steps replay the placements one key at a time.
import type { Ringlab } from "ringlab";

export interface BoundedParams {
  servers: number;
  vnodes: number;
  keys: number;
  seed: number;
  epsilon: number;
}

export interface BoundedStep {
  kind: "intro" | "key" | "done";
  index: number;
  names: readonly string[];
  keys: string[];
  hashes: Uint32Array;
  /** Per key: the owner (first choice), where it was placed, how many points it walked past. */
  first: Uint32Array;
  placed: Uint32Array;
  walks: Uint32Array;
  capacities: Uint32Array;
  loads: Uint32Array;
  notFirstChoice: number;
  longestWalk: number;
  tokens: Uint32Array;
  pointServers: Uint32Array;
}

export function boundedSteps(p: BoundedParams, rl: Ringlab): BoundedStep[] {
  const ring = rl.ring({ servers: p.servers, vnodes: p.vnodes });
  try {
    const keys = rl.keys(p.seed, p.keys);
    const hashes = rl.h32Many(keys);
    const r = rl.boundedLoads(ring, hashes, p.epsilon);
    const pts = ring.points();
    const base = {
      names: ring.servers,
      keys,
      hashes,
      first: ring.ownerOfHashMany(hashes),
      placed: r.servers,
      walks: r.walks,
      capacities: r.capacities,
      loads: r.loads,
      notFirstChoice: r.notFirstChoice,
      longestWalk: r.longestWalk,
      tokens: pts.tokens,
      pointServers: pts.servers,
    };
    return [
      { kind: "intro", index: -1, ...base },
      ...keys.map((_, i): BoundedStep => ({ kind: "key", index: i, ...base })),
      { kind: "done", index: keys.length - 1, ...base },
    ];
  } finally {
    ring.dispose();
  }
}
