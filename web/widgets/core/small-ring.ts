// Drawing a hand-placed ring (the tutorial's 0–99 and 0–999 rings) with its keys and owners.
import type { Placed } from "./params";
import { ringDiagram, type RingArc, type RingKey, type RingPoint } from "./ring-diagram";
import type { Fmt } from "./format";
import type { Owner } from "../steps/token-ring";

export interface SmallRingView {
  span: number;
  servers: Placed[];
  /** Keys and their owners; `revealed` of them are coloured by owner. */
  owners: Owner[];
  revealed: number;
  /** The key being walked (its clockwise walk is drawn), or −1. */
  focus: number;
  label: string;
  f: Fmt;
  arcs?: RingArc[];
  /** Servers drawn faded (leaving) or emphasised (joining). */
  faded?: Set<string>;
  emphasised?: Set<string>;
  /** Colour index per server (default: its index), so a server keeps its colour as others come and go. */
  colors?: number[];
}

export function smallRingSvg(v: SmallRingView): SVGSVGElement {
  const c = (i: number) => v.colors?.[i] ?? i;
  const points: RingPoint[] = [];
  v.servers.forEach((p, i) =>
    p.tokens.forEach((token) =>
      points.push({
        pos: token,
        server: c(i),
        label: `${p.name} ${v.f.id(token)}`,
        dim: v.faded?.has(p.name) ?? false,
        emphasis: v.emphasised?.has(p.name) ?? false,
      }),
    ),
  );
  const keys: RingKey[] = v.owners.map((o, k) => ({
    pos: o.hash,
    label: v.f.id(o.hash),
    ...(k < v.revealed || k === v.focus ? { server: c(o.server) } : {}),
    emphasis: k === v.focus,
  }));
  const arcs: RingArc[] = [...(v.arcs ?? [])];
  const o = v.owners[v.focus];
  if (o) arcs.push({ from: o.hash, to: o.token, server: c(o.server), kind: "walk" });
  const ticks = [0, 0.25, 0.5, 0.75].map((q) => ({ pos: q * v.span, label: v.f.id(q * v.span) }));
  return ringDiagram({ span: v.span, points, keys, arcs, ticks, label: v.label });
}
