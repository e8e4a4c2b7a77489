// §8 A hot key: requests drawn from Zipf(s) over the keys (the module's hotKeys). Balanced keys do
// not mean balanced traffic: the hottest key's server drowns; more virtual nodes do not help (it
// is still one key); spreading it over k copies does.
import type { Ringlab } from "ringlab";

export interface HotkeyParams {
  servers: number;
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
    const ring = rl.ring({ servers: p.servers, vnodes });
    try {
      const r = rl.hotKeys(ring, { seed: p.seed, keys: p.keys, requests: p.requests, s, hot: 1, copies });
      return {
        kind,
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
