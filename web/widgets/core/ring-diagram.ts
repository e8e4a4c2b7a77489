// The ring, drawn: positions 0 … span−1 around a circle, 0 at the top, clockwise (the direction
// keys walk). Only geometry happens here — every position drawn is a token, hash or owner the
// module gave. Dense rings (thousands of virtual nodes) are drawn as one path per server.
import { s } from "./dom";
import { serverClass } from "./styles";

export interface RingPoint {
  pos: number;
  server: number;
  label?: string;
  emphasis?: boolean;
  dim?: boolean;
  /** A name for the point that a page can drag it by (data-point on the circle and its label). */
  handle?: string;
}

export interface RingKey {
  pos: number;
  label: string;
  /** Server index of the owner (colours the key); undefined draws it neutral. */
  server?: number;
  emphasis?: boolean;
  /**
   * The key changed owner: `from` and `to` are the old and new owners' positions, `was` the old
   * owner's colour. It stays marked by a ring in the old colour around the new one (before and
   * after at a glance); with `animate`, a dot also travels from the old owner to the new.
   */
  moved?: { from: number; to: number; was: number };
}

export interface RingArc {
  /** Clockwise from … to (positions); from === to draws nothing. */
  from: number;
  to: number;
  server: number;
  kind: "walk" | "owned" | "moved";
}

export interface RingDiagramOptions {
  span: number;
  points: RingPoint[];
  keys?: RingKey[];
  arcs?: RingArc[];
  /** Position labels around the outside (e.g. 0, 25, 50, 75), already formatted. */
  ticks?: { pos: number; label: string }[];
  /** Accessible name of the picture. */
  label: string;
  /** Draw points as short radial ticks, one path per server (for many points). */
  dense?: boolean;
  /** Text in the middle. */
  center?: string;
  /** Play the moves of moved keys once (off when the reader prefers reduced motion). */
  animate?: boolean;
  /** Milliseconds the moves have already played (a picture drawn again continues them). */
  elapsed?: number;
  /**
   * Keys' labels only where they have room: a label that would overlap one drawn before it (keys
   * whose positions are close) is left off, and its key carries it as a tooltip (a <title>).
   */
  roomyLabels?: boolean;
}

// A key label's box, in the picture's units (12px text: a digit about 7 wide, a line 15 high),
// with a little room around it.
const LABEL_CHAR = 8;
const LABEL_LINE = 16;

const C = 160;
const R = 100;

function at(pos: number, span: number, r: number): [number, number] {
  const a = (pos / span) * 2 * Math.PI;
  return [C + r * Math.sin(a), C - r * Math.cos(a)];
}

function arcPath(from: number, to: number, span: number, r: number): string {
  // Clockwise sweep from `from` to `to`, passing the top when to < from (wrap-around).
  const sweep = to >= from ? to - from : span - from + to;
  if (sweep <= 0) return "";
  const [x0, y0] = at(from, span, r);
  if (sweep >= span) {
    const [xm, ym] = at(from + span / 2, span, r);
    return `M ${x0} ${y0} A ${r} ${r} 0 1 1 ${xm} ${ym} A ${r} ${r} 0 1 1 ${x0} ${y0}`;
  }
  const [x1, y1] = at(to, span, r);
  return `M ${x0.toFixed(2)} ${y0.toFixed(2)} A ${r} ${r} 0 ${sweep > span / 2 ? 1 : 0} 1 ${x1.toFixed(2)} ${y1.toFixed(2)}`;
}

export function ringDiagram(o: RingDiagramOptions): SVGSVGElement {
  const svg = s("svg", {
    class: "diagram",
    viewBox: "0 0 320 320",
    role: "img",
    "aria-label": o.label,
    "data-testid": "ring",
  });
  svg.append(s("circle", { class: "track", cx: C, cy: C, r: R }));
  for (const t of o.ticks ?? []) {
    const [x, y] = at(t.pos, o.span, R + 44);
    const [x0, y0] = at(t.pos, o.span, R + 6);
    const [x1, y1] = at(t.pos, o.span, R + 14);
    svg.append(s("line", { class: "axis", x1: x0, y1: y0, x2: x1, y2: y1 }));
    svg.append(s("text", { class: "muted", x, y: y + 4, "text-anchor": "middle" }, t.label));
  }
  for (const a of o.arcs ?? []) {
    const d = arcPath(a.from, a.to, o.span, a.kind === "walk" ? R - 16 : R);
    if (d)
      svg.append(
        s("path", {
          d,
          class: `${a.kind === "walk" ? "walk" : a.kind === "owned" ? "arc-owned" : "arc-moved"} ${serverClass(a.server)}`,
          "data-kind": a.kind,
        }),
      );
  }
  if (o.dense) {
    const byServer = new Map<number, string[]>();
    for (const p of o.points) {
      const [x0, y0] = at(p.pos, o.span, R - 9);
      const [x1, y1] = at(p.pos, o.span, R + 9);
      const list = byServer.get(p.server) ?? [];
      list.push(`M${x0.toFixed(1)} ${y0.toFixed(1)}L${x1.toFixed(1)} ${y1.toFixed(1)}`);
      byServer.set(p.server, list);
    }
    for (const [server, segs] of byServer) {
      svg.append(
        s("path", {
          d: segs.join(""),
          class: serverClass(server),
          "stroke-width": o.points.length > 2000 ? 0.6 : 1.6,
          fill: "none",
        }),
      );
    }
  } else {
    for (const p of o.points) {
      const [x, y] = at(p.pos, o.span, R);
      svg.append(
        s("circle", {
          cx: x,
          cy: y,
          r: p.emphasis ? 10 : 8,
          class: `point ${serverClass(p.server)}${p.emphasis ? " em" : ""}${p.handle === undefined ? "" : " handle"}`,
          opacity: p.dim ? 0.35 : 1,
          ...(p.handle === undefined ? {} : { "data-point": p.handle }),
        }),
      );
      if (p.label) {
        const [lx, ly] = at(p.pos, o.span, R + 23);
        svg.append(
          s(
            "text",
            {
              x: lx,
              y: ly + 4,
              "text-anchor": "middle",
              "font-weight": 700,
              opacity: p.dim ? 0.5 : 1,
              ...(p.handle === undefined ? {} : { "data-label-of": p.handle }),
            },
            p.label,
          ),
        );
      }
    }
  }
  const labelled: { x: number; y: number; w: number }[] = [];
  for (const k of o.keys ?? []) {
    const [x, y] = at(k.pos, o.span, R - 34);
    const [lx, ly] = at(k.pos, o.span, R - 56);
    const w = LABEL_CHAR * [...k.label].length;
    const room =
      !o.roomyLabels ||
      labelled.every((b) => Math.abs(b.x - lx) >= (b.w + w) / 2 + 1 || Math.abs(b.y - ly) >= LABEL_LINE);
    const cls = k.server === undefined ? "muted" : serverClass(k.server);
    svg.append(
      s("rect", {
        x: x - 6,
        y: y - 6,
        width: 12,
        height: 12,
        transform: `rotate(45 ${x} ${y})`,
        class: `key ${cls}${k.emphasis ? " em" : ""}`,
      }),
    );
    if (!room) svg.lastElementChild?.append(s("title", {}, k.label));
    if (k.moved) {
      svg.append(
        s("circle", { cx: x, cy: y, r: 11, class: `moved-mark was ${serverClass(k.moved.was)}`, "data-moved": "" }),
      );
      if (o.animate && k.server !== undefined) {
        const [x0, y0] = at(k.moved.from, o.span, R);
        const [x1, y1] = at(k.moved.to, o.span, R);
        svg.append(
          s(
            "circle",
            { r: 5, class: `mover ${serverClass(k.server)}`, cx: 0, cy: 0, "data-testid": "mover" },
            s("animateMotion", {
              dur: "1.2s",
              fill: "freeze",
              ...(o.elapsed ? { begin: `${(-o.elapsed / 1000).toFixed(3)}s` } : {}),
              path: `M ${x0.toFixed(1)} ${y0.toFixed(1)} L ${x1.toFixed(1)} ${y1.toFixed(1)}`,
            }),
          ),
        );
      }
    }
    if (!room) continue;
    labelled.push({ x: lx, y: ly, w });
    svg.append(
      s(
        "text",
        { x: lx, y: ly + 4, "text-anchor": "middle", "font-weight": k.emphasis ? 700 : 400, class: "key-label" },
        k.label,
      ),
    );
  }
  if (o.center) svg.append(s("text", { x: C, y: C + 5, "text-anchor": "middle", class: "muted" }, o.center));
  return svg;
}

/** The position under a pointer on a drawn ring (the angle from the top, clockwise), or NaN. */
export function positionAt(svg: SVGSVGElement, clientX: number, clientY: number, span: number): number {
  const m = svg.getScreenCTM();
  if (!m) return NaN;
  const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  let a = Math.atan2(p.x - C, -(p.y - C));
  if (a < 0) a += 2 * Math.PI;
  return Math.min(span - 1, Math.round((a / (2 * Math.PI)) * span) % span);
}

/** Moves a drawn point (and its label) with a `handle` to a position, while it is being dragged. */
export function movePoint(svg: SVGSVGElement, handle: string, pos: number, span: number, label?: string): void {
  const esc = CSS.escape(handle);
  const circle = svg.querySelector(`[data-point="${esc}"]`);
  const [x, y] = at(pos, span, R);
  circle?.setAttribute("cx", String(x));
  circle?.setAttribute("cy", String(y));
  const text = svg.querySelector(`[data-label-of="${esc}"]`);
  if (text) {
    const [lx, ly] = at(pos, span, R + 23);
    text.setAttribute("x", String(lx));
    text.setAttribute("y", String(ly + 4));
    if (label !== undefined) text.textContent = label;
  }
}
