// §2 The ring over 0–99: each key walks clockwise from its position to the first server at or
// after it (the module's routeHash), wrapping past the top; the equal-token and wrap-around cases
// are named.
import type { Ringlab } from "ringlab";
import type { Placed } from "../core/params";
import { ownerOf, smallRing, type Owner } from "./token-ring";

export interface RingParams {
  span: number;
  servers: Placed[];
  hashes: number[];
}

export interface RingStep {
  kind: "intro" | "key" | "summary";
  index: number;
  owners: Owner[];
}

export function ringSteps(p: RingParams, rl: Ringlab): RingStep[] {
  const r = smallRing(rl, p.span, p.servers);
  try {
    const owners = p.hashes.map((hash) => ownerOf(r, hash));
    return [
      { kind: "intro", index: -1, owners },
      ...owners.map((_, i): RingStep => ({ kind: "key", index: i, owners })),
      { kind: "summary", index: -1, owners },
    ];
  } finally {
    r.ring.dispose();
  }
}
