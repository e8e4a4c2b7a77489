// §5 The ring in code: a sorted array of tokens. The owner search is the module's binary search
// (searchTrace: lo, hi, mid per step), then the answer (routeHash), wrapping past the end. Then the
// preference list, which the module computes (preferenceWalk over these points): the stepper shows
// its walk point by point from the owner, labelling each visit by the module's list — the next
// server of the list is taken, a server already in it is passed over, and on the first lap any
// other server was passed over for its zone; a second lap takes the rest of the list.
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
      trace.forEach((probe, k) =>
        steps.push({ kind: "probe", hash, ...base, probe, probeIndex: k, probes: trace.length, landed }),
      );
      steps.push({ kind: "found", hash, ...base, probes: trace.length, owner, landed });
    }
    // The preference list walk: the list is the module's; the walk visits the points from the
    // owner clockwise until the list is complete.
    const owner = ownerOf(r, p.pref);
    const start = indexOf.get(owner.id) ?? 0;
    const zoneAware = Object.keys(p.zones).length > 0;
    const zoneOf = (server: number) => p.zones[p.servers[server]?.name ?? ""] ?? "";
    const order = rl.preferenceWalk({
      tokens,
      servers: Uint32Array.from(points, (pt) => pt.server),
      // The owner's token: the walk starts at the owner point the search above found.
      hash: owner.token,
      rf: p.rf,
      ...(zoneAware ? { zones: p.servers.map((_, i) => zoneOf(i)) } : {}),
    });
    // The first lap takes one server per zone, so its part of the list is the list's leading run
    // of servers in different zones (all of it without zones); the second lap takes the rest.
    const zonesSeen = new Set<string>();
    let firstLap = 0;
    for (const server of order) {
      if (zoneAware && zonesSeen.has(zoneOf(server))) break;
      zonesSeen.add(zoneOf(server));
      firstLap++;
    }
    const list: string[] = [];
    for (let lap = 1; lap <= 2 && list.length < order.length; lap++) {
      for (let n = 0; n < points.length && list.length < order.length; n++) {
        const i = (start + n) % points.length;
        const pt = points[i];
        if (!pt) break;
        const place = order.indexOf(pt.server);
        let action: WalkAction;
        if (place >= 0 && place < list.length) action = "same-server";
        else if (pt.server === order[list.length] && (lap === 2 || list.length < firstLap)) {
          action = lap === 1 ? "take" : "take-late";
          list.push(p.servers[pt.server]?.name ?? "");
        } else action = "same-zone";
        steps.push({
          kind: "walk",
          hash: p.pref,
          ...base,
          owner,
          landed: start,
          visit: { point: i, action, lap },
          list: [...list],
        });
      }
    }
    steps.push({ kind: "list", hash: p.pref, ...base, owner, landed: start, list: [...list] });
    return steps;
  } finally {
    r.ring.dispose();
  }
}
