// Small rings with positions chosen by hand (the tutorial's 0–99 and 0–999 rings): a TokenRing
// from the module over [0, 2^bits), bits the fewest that hold the span. Each virtual node's id is
// the server's name, or name#j when a server has several; the page keeps id → server itself
// (it chose the ids), the module does every lookup.
import type { Ringlab } from "ringlab";
import { pageError } from "../core/errors";
import type { Placed } from "../core/params";

export type TokenRing = ReturnType<Ringlab["tokenRing"]>;

/** The fewest bits whose range holds positions 0 … span−1. */
export function bitsFor(span: number): number {
  let bits = 1;
  while (2 ** bits < span && bits < 32) bits++;
  return bits;
}

export interface SmallRing {
  ring: TokenRing;
  /** Virtual node id → index of its server in the list. */
  serverOf: Map<string, number>;
  /** Virtual node id → its token (as the page placed it). */
  tokenOf: Map<string, number>;
  names: string[];
  span: number;
}

export function vnodeId(p: Placed, j: number): string {
  return p.tokens.length === 1 ? p.name : `${p.name}#${j}`;
}

/**
 * The page's ring has `span` positions, the module's 2^bits ≥ span: a position the module would
 * accept but the picture has no place for (span ≤ x < 2^bits) is refused here, by name.
 */
export function checkSpan(span: number): void {
  if (!Number.isInteger(span) || span < 2 || span > 2 ** 32)
    throw pageError("out_of_range", "spanRange", "the ring's span", [span]);
}

/** A position on the ring: a server's token (server given), or the key's. */
export function checkPosition(span: number, x: number, server?: string): void {
  if (Number.isInteger(x) && (x < 0 || x >= span)) {
    if (server === undefined) throw pageError("token_out_of_range", "keyOutside", "", [x, span - 1]);
    throw pageError("token_out_of_range", "tokenOutside", "", [server, x, span - 1]);
  }
}

export function smallRing(rl: Ringlab, span: number, servers: Placed[]): SmallRing {
  checkSpan(span);
  // The reader named servers, not virtual nodes: a name given twice is a server listed twice (the
  // module would only see the second server's first virtual node arrive again).
  const seen = new Set<string>();
  for (const p of servers) {
    if (seen.has(p.name)) throw pageError("duplicate_server", "duplicateNamed", "", [p.name]);
    seen.add(p.name);
  }
  for (const p of servers) for (const t of p.tokens) checkPosition(span, t, p.name);
  const ring = rl.tokenRing({ bits: bitsFor(span) });
  const serverOf = new Map<string, number>();
  const tokenOf = new Map<string, number>();
  try {
    servers.forEach((p, i) =>
      p.tokens.forEach((token, j) => {
        const id = vnodeId(p, j);
        ring.add(id, token);
        serverOf.set(id, i);
        tokenOf.set(id, token);
      }),
    );
  } catch (e) {
    ring.dispose();
    throw e;
  }
  return { ring, serverOf, tokenOf, names: servers.map((p) => p.name), span };
}

/** Where a hash goes: the owning virtual node, its server, and the two cases the tutorial calls out. */
export interface Owner {
  hash: number;
  id: string;
  server: number;
  token: number;
  /** The hash equals the owner's token ("first position equal or greater"). */
  equal: boolean;
  /** The walk passed the top of the ring (no token ≥ hash). */
  wrapped: boolean;
}

export function ownerOf(r: SmallRing, hash: number): Owner {
  checkPosition(r.span, hash);
  const id = r.ring.routeHash(hash);
  const token = r.tokenOf.get(id) ?? 0;
  return { hash, id, server: r.serverOf.get(id) ?? 0, token, equal: token === hash, wrapped: hash > token };
}
