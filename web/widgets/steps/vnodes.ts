// §4 Virtual nodes: the published vnode-sweep measures the load spread for each V; the theory
// sd/mean = √((N−1)/(N·V+1)) comes from the module too. The last step gives one server weight w:
// max(1, round(V·w)) points, and about w times the keys.
import type { Ringlab } from "ringlab";

export interface VnodesParams {
  servers: number;
  keys: number;
  seed: number;
  vnodes: number[];
  /** The weight given to the first server in the last step, at V = weightVnodes. */
  weight: number;
  weightVnodes: number;
}

export interface VnodesStep {
  kind: "sweep" | "weight";
  vnodes: number;
  /** The ring's points (tokens ascending, server of each). */
  tokens: Uint32Array;
  owners: Uint32Array;
  /** Points per server. */
  points: number[];
  /** Keys per server. */
  counts: number[];
  sdOverMean: number;
  maxOverMean: number;
  min: number;
  max: number;
  theory: number;
  /** Every sweep row so far is in `history` (for the chart and the table). */
  history: { vnodes: number; sdOverMean: number; maxOverMean: number; min: number; max: number; theory: number }[];
}

export function vnodesSteps(p: VnodesParams, rl: Ringlab): VnodesStep[] {
  const sweep = rl.vnodeSweep({ seed: p.seed, servers: p.servers, keys: p.keys, vnodes: p.vnodes });
  const history = sweep.rows.map((r) => ({
    vnodes: r.vnodes,
    sdOverMean: r.sdOverAvg,
    maxOverMean: r.maxOverAvg,
    min: r.min,
    max: r.max,
    theory: rl.theory.sdOverMean(p.servers, r.vnodes),
  }));
  const steps: VnodesStep[] = sweep.rows.map((r, i) => {
    const ring = rl.ring({ servers: p.servers, vnodes: r.vnodes });
    try {
      const pts = ring.points();
      return {
        kind: "sweep",
        vnodes: r.vnodes,
        tokens: pts.tokens,
        owners: pts.servers,
        points: ring.serverInfo().map((s) => s.points),
        counts: [...r.counts],
        sdOverMean: r.sdOverAvg,
        maxOverMean: r.maxOverAvg,
        min: r.min,
        max: r.max,
        theory: history[i]?.theory ?? NaN,
        history: history.slice(0, i + 1),
      };
    } finally {
      ring.dispose();
    }
  });
  // The weighted ring: S0 with weight w, the others 1.
  const specs = Array.from({ length: p.servers }, (_, i) => (i === 0 ? { name: "S0", weight: p.weight } : `S${i}`));
  const ring = rl.ring({ servers: specs, vnodes: p.weightVnodes });
  try {
    const pts = ring.points();
    const owners = ring.ownerMany(rl.keys(p.seed, p.keys));
    // A histogram of the module's owners (counting, not placing).
    const counts = new Array<number>(p.servers).fill(0);
    for (const o of owners) counts[o] = (counts[o] ?? 0) + 1;
    // Spread per unit of weight: S0 is meant to carry w times the others.
    const stats = rl.loadStats(counts.map((c, i) => (i === 0 ? c / p.weight : c)));
    steps.push({
      kind: "weight",
      vnodes: p.weightVnodes,
      tokens: pts.tokens,
      owners: pts.servers,
      points: ring.serverInfo().map((s) => s.points),
      counts,
      sdOverMean: stats.sdOverMean,
      maxOverMean: stats.maxOverMean,
      min: stats.min,
      max: stats.max,
      theory: rl.theory.sdOverMean(p.servers, p.weightVnodes),
      history,
    });
  } finally {
    ring.dispose();
  }
  return steps;
}
