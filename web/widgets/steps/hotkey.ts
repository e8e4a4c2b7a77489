// §8 A hot key: requests drawn from Zipf(s) over the keys (the module's hotKeys). Balanced keys do
// not mean balanced traffic: the hottest key's server drowns; more virtual nodes do not help (it
// is still one key); spreading it over k copies does.
import type { Ringlab } from "ringlab";

export interface HotkeyParams {
  servers: string[];
  keys: number;
  requests: number;
  s: number;
  seed: number;
  vnodes: number;
  moreVnodes: number;
  copies: number;
}

export interface HotkeyStep {
  kind: "uniform" | "zipf" | "more-vnodes" | "copies";
  names: readonly string[];
  vnodes: number;
  s: number;
  copies: number;
  requestsPerServer: number[];
  hottestKeyRequests: number;
  hottestServer: number;
  maxOverMean: number;
}

export function hotkeySteps(p: HotkeyParams, rl: Ringlab): HotkeyStep[] {
  const run = (kind: HotkeyStep["kind"], vnodes: number, s: number, copies: number): HotkeyStep => {
    const ring = rl.ring({ servers: [...p.servers], vnodes });
    try {
      const r = rl.hotKeys(ring, { seed: p.seed, keys: p.keys, requests: p.requests, s, hot: 1, copies });
      return {
        kind,
        names: ring.servers,
        vnodes,
        s,
        copies,
        requestsPerServer: [...r.requestsPerServer],
        hottestKeyRequests: r.hottestKeyRequests,
        hottestServer: r.hottestServer,
        maxOverMean: r.maxOverMean,
      };
    } finally {
      ring.dispose();
    }
  };
  return [
    run("uniform", p.vnodes, 0, 1),
    run("zipf", p.vnodes, p.s, 1),
    run("more-vnodes", p.moreVnodes, p.s, 1),
    run("copies", p.vnodes, p.s, p.copies),
  ];
}

/** The hottest key of a run: rank 0 of Zipf(s) is the course's first key for the seed. */
export function hotKeyOf(rl: Ringlab, seed: number): string {
  return rl.keys(seed, 1)[0] ?? "";
}

/** Where a key and its copies key#1 … key#k live on a ring of these servers. */
export function keyHomes(
  rl: Ringlab,
  servers: readonly string[],
  vnodes: number,
  key: string,
  copies: number,
): { hash: number; server: string; copies: string[] } {
  const ring = rl.ring({ servers: [...servers], vnodes });
  try {
    const k = Math.max(0, Math.min(64, Math.floor(copies)));
    return {
      hash: rl.h32(key),
      server: ring.owner(key),
      copies: k > 1 ? Array.from({ length: k }, (_, c) => ring.owner(`${key}#${c + 1}`)) : [],
    };
  } finally {
    ring.dispose();
  }
}

/** The owner of each of the course's keys on a ring of these servers (names). */
export function ownersOf(rl: Ringlab, servers: readonly string[], vnodes: number, keys: string[]): string[] {
  const ring = rl.ring({ servers: [...servers], vnodes });
  try {
    const names = ring.servers;
    return Array.from(ring.ownerMany(keys), (i) => names[i] ?? "");
  } finally {
    ring.dispose();
  }
}
