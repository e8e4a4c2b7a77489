// §3 Adding and removing servers on the 0–99 ring: a server joins at a position and takes over the
// arc before it from one server; a server leaves and its arc passes to its clockwise neighbour.
// Only the keys in that arc move, all from one server (monotonicity). Owners come from the
// module's token ring before and after each change; what moved is counted by its movement().
import type { Ringlab } from "ringlab";
import { pageError } from "../core/errors";
import type { Placed } from "../core/params";
import { ownerOf, smallRing, vnodeId, type Owner, type SmallRing } from "./token-ring";

/** "+E:40" adds E at 40 (or "+E:40/70" at two positions); "-B" removes B. */
export interface Change {
  kind: "add" | "remove";
  server: Placed;
}

export function parseChanges(items: string[]): Change[] {
  return items.map((item) => {
    const kind = item.startsWith("-") ? "remove" : "add";
    const body = item.replace(/^[+-]/, "");
    const at = body.lastIndexOf(":");
    const name = (at < 0 ? body : body.slice(0, at)).trim();
    const tokens =
      at < 0
        ? []
        : body
            .slice(at + 1)
            .split("/")
            .map((x) => Number(x.trim()));
    return { kind, server: { name, tokens } };
  });
}

export interface MembershipParams {
  span: number;
  servers: Placed[];
  hashes: number[];
  changes: Change[];
}

export interface Arc {
  /** Start (exclusive) and end (inclusive) of the arc that changed hands. */
  start: number;
  end: number;
  from: number; // server index (in `servers` of the step)
  to: number;
}

export interface MembershipStep {
  kind: "start" | "arc" | "moved";
  /** Which change (−1 for the start). */
  change: number;
  /** The servers on the ring in this step (after the change, for "arc" and "moved"). */
  servers: Placed[];
  /** Owners in this step, and before the change (server indices into `servers` / `before`). */
  owners: Owner[];
  previous: Owner[];
  previousServers: Placed[];
  /** The arcs that changed hands. */
  arcs: Arc[];
  moved: number;
  movedToNew: number;
  movedBetweenOld: number;
  /** Names of the servers keys moved from, and to. */
  fromNames: string[];
  toNames: string[];
}

export function membershipSteps(p: MembershipParams, rl: Ringlab): MembershipStep[] {
  let servers = p.servers.map((s) => ({ name: s.name, tokens: [...s.tokens] }));
  let ring: SmallRing = smallRing(rl, p.span, servers);
  const steps: MembershipStep[] = [];
  try {
    let owners = p.hashes.map((h) => ownerOf(ring, h));
    steps.push({
      kind: "start",
      change: -1,
      servers,
      owners,
      previous: owners,
      previousServers: servers,
      arcs: [],
      moved: 0,
      movedToNew: 0,
      movedBetweenOld: 0,
      fromNames: [],
      toNames: [],
    });
    p.changes.forEach((c, ci) => {
      const before = ring;
      const beforeServers = servers;
      const beforeOwners = owners;
      const arcs: Arc[] = [];
      let after: SmallRing;
      if (c.kind === "add") {
        servers = [...servers, c.server];
        after = smallRing(rl, p.span, servers);
        const idx = servers.length - 1;
        // The new server's arcs, and who held each before: the old owner of its own token.
        c.server.tokens.forEach((token, j) => {
          const [start, end] = after.ring.boundaries(vnodeId(c.server, j));
          arcs.push({ start, end, from: ownerOf(before, token).server, to: idx });
        });
      } else {
        const leaving = servers.findIndex((s) => s.name === c.server.name);
        const gone = servers[leaving];
        if (!gone) throw pageError("unknown_server", "noServerNamed", "", [c.server.name]);
        servers = servers.filter((_, i) => i !== leaving);
        after = smallRing(rl, p.span, servers);
        // The leaving server's arcs pass to whoever owns their end once it is gone.
        gone.tokens.forEach((token, j) => {
          const [start, end] = before.ring.boundaries(vnodeId(gone, j));
          arcs.push({ start, end, from: leaving, to: ownerOf(after, token).server });
        });
      }
      const afterOwners = p.hashes.map((h) => ownerOf(after, h));
      // One id space for movement(): server names, before's first, then the new ones.
      const union = [...beforeServers.map((s) => s.name)];
      for (const s of servers) if (!union.includes(s.name)) union.push(s.name);
      const idOf = (list: Placed[], i: number) => union.indexOf(list[i]?.name ?? "");
      const mv = rl.movement(
        Uint32Array.from(beforeOwners, (o) => idOf(beforeServers, o.server)),
        Uint32Array.from(afterOwners, (o) => idOf(servers, o.server)),
        union.map((name) => !beforeServers.some((s) => s.name === name)),
      );
      const names = (ids: number[]) => [...new Set(ids)].map((i) => union[i] ?? "");
      const base = {
        change: ci,
        servers,
        owners: afterOwners,
        previous: beforeOwners,
        previousServers: beforeServers,
        arcs,
        moved: mv.moved,
        movedToNew: mv.movedToNew,
        movedBetweenOld: mv.movedBetweenOld,
        fromNames: names(mv.flows.map((fl) => fl.from)),
        toNames: names(mv.flows.map((fl) => fl.to)),
      };
      steps.push({ kind: "arc", ...base }, { kind: "moved", ...base });
      before.ring.dispose();
      ring = after;
      owners = afterOwners;
    });
    return steps;
  } finally {
    ring.ring.dispose();
  }
}
