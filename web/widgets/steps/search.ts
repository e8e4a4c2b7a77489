// §5 The ring in code: a sorted array of tokens. The owner search is the module's binary search
// (searchTrace: lo, hi, mid per step), then the answer (routeHash), wrapping past the end. Then the
// preference list: from the owner, walk clockwise point by point (each next point is the module's
// routeHash of the position after the current token) collecting distinct servers — on the first
// lap only servers from zones not yet in the list, on a second lap the rest.
import type { Ringlab, SearchStep as Probe } from "ringlab";
import type { Placed } from "../core/params";
import { ownerOf, smallRing, type Owner } from "./token-ring";

export interface SearchParams {
  span: number;
  servers: Placed[];
  hashes: number[];
  /** The hash whose preference list is walked. */
  pref: number;
  rf: number;
  /** Server → zone; empty: zones are not considered. */
  zones: Record<string, string>;
}

export interface Point {
  id: string;
  token: number;
  server: number;
}

export type WalkAction = "take" | "same-server" | "same-zone" | "take-late";

export interface SearchStep {
  kind: "intro" | "probe" | "found" | "walk" | "list";
  hash: number;
  /** The sorted points (the array in code). */
  points: Point[];
  probe?: Probe;
  /** Probe number (0-based) within this hash's search, and how many probes it took. */
  probeIndex: number;
  probes: number;
  owner?: Owner;
  /** The owner's index in the array (the points' length when the search ran past the end). */
  landed: number;
  /** Walk: the point visited, what happened, the list so far, and the lap (1 or 2). */
  visit?: { point: number; action: WalkAction; lap: number };
  list: string[];
}

export function searchSteps(p: SearchParams, rl: Ringlab): SearchStep[] {
  const r = smallRing(rl, p.span, p.servers);
  try {
    const ids = r.ring.ids();
    const tokens = r.ring.tokens();
    const points: Point[] = ids.map((id, i) => ({ id, token: tokens[i] ?? 0, server: r.serverOf.get(id) ?? 0 }));
    const indexOf = new Map(ids.map((id, i) => [id, i]));
    const base = { points, probeIndex: -1, probes: 0, landed: -1, list: [] as string[] };
    const steps: SearchStep[] = [{ kind: "intro", hash: p.hashes[0] ?? 0, ...base }];
    for (const hash of p.hashes) {
      const trace = r.ring.searchTrace(hash);
      const owner = ownerOf(r, hash);
      const landed = owner.wrapped ? points.length : (indexOf.get(owner.id) ?? 0);
      trace.forEach((probe, k) => steps.push({ kind: "probe", hash, ...base, probe, probeIndex: k, probes: trace.length, landed }));
      steps.push({ kind: "found", hash, ...base, probes: trace.length, owner, landed });
    }
    // The preference list walk.
    const owner = ownerOf(r, p.pref);
    const zoneAware = Object.keys(p.zones).length > 0;
    const zoneOf = (server: number) => p.zones[p.servers[server]?.name ?? ""] ?? "";
    const list: string[] = [];
    const zonesTaken = new Set<string>();
    const want = Math.min(p.rf, p.servers.length);
    if (p.rf < 1) throw new RangeError("rf must be ≥ 1");
    let id = owner.id;
    for (let lap = 1; lap <= (zoneAware ? 2 : 1) && list.length < want; lap++) {
      for (let n = 0; n < points.length && list.length < want; n++) {
        const i = indexOf.get(id) ?? 0;
        const pt = points[i];
        if (!pt) break;
        const name = p.servers[pt.server]?.name ?? "";
        let action: WalkAction;
        if (list.includes(name)) action = "same-server";
        else if (lap === 1 && zoneAware && zonesTaken.has(zoneOf(pt.server))) action = "same-zone";
        else {
          action = lap === 1 ? "take" : "take-late";
          list.push(name);
          zonesTaken.add(zoneOf(pt.server));
        }
        steps.push({ kind: "walk", hash: p.pref, ...base, owner, landed: indexOf.get(owner.id) ?? 0, visit: { point: i, action, lap }, list: [...list] });
        // The next point clockwise: whoever owns the position just after this token (the module
        // reduces it mod 2^bits, which is the wrap past the end).
        id = r.ring.routeHash(pt.token + 1);
      }
    }
    steps.push({ kind: "list", hash: p.pref, ...base, owner, landed: indexOf.get(owner.id) ?? 0, list: [...list] });
    return steps;
  } finally {
    r.ring.dispose();
  }
}
