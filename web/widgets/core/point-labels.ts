// Names beside the points of a drawn ring (ring-diagram.ts's geometry: centre 160,160, radius 100),
// placed so that no two overlap. Points close together on the ring would put their names on top
// of each other ("S3S1S3"): each name tries its own spot just outside the ring first, then spots
// further out on the same bearing, then a little to either side, and takes the first that no
// name placed before it covers. A name not beside its point gets a leader line to it, so each
// name still says which point it belongs to.
import { s } from "./dom";

const C = 160;
const R = 100;
/** Distance of the first ring of names from the ring, and between rings of names. */
const FIRST = 22;
const STEP = 15;
const LEVELS = 6;
/** Angular nudges tried at each distance, in radians. */
const NUDGES = [0, 0.09, -0.09, 0.18, -0.18];
const FONT = 11;
const HEIGHT = FONT + 2;

export interface LabelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PlacedLabel {
  text: string;
  /** The text's centre (text-anchor middle; y is the box's middle). */
  x: number;
  y: number;
  box: LabelBox;
  /** From the point to the name, when the name is not at its first spot. */
  leader?: [number, number, number, number];
}

/**
 * A width no rendering of the name exceeds at 11 px: Latin letters and digits up to 0.68 em,
 * anything else (Bengali, CJK, …) up to 1 em; plus a pixel either side.
 */
export function textWidth(text: string): number {
  let w = 2;
  for (const ch of text) w += /[\x20-\x7e]/.test(ch) ? FONT * 0.68 : FONT;
  return w;
}

function overlaps(a: LabelBox, b: LabelBox): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** Where each name goes, for points at these angles (radians from the top, clockwise). */
export function placeLabels(points: { angle: number; text: string }[]): PlacedLabel[] {
  const order = points.map((_, i) => i).sort((a, b) => (points[a]?.angle ?? 0) - (points[b]?.angle ?? 0));
  const placed: LabelBox[] = [];
  const out: PlacedLabel[] = new Array(points.length);
  for (const i of order) {
    const p = points[i]!;
    const w = textWidth(p.text);
    let chosen: PlacedLabel | undefined;
    search: for (let level = 0; level < LEVELS; level++)
      for (const nudge of NUDGES) {
        const r = R + FIRST + level * STEP + (nudge === 0 ? 0 : 4);
        const a = p.angle + nudge;
        // The box's centre sits on the bearing, pushed out by half its extent along the radius so
        // that wide names clear the ring at 3 and 9 o'clock.
        const push = Math.abs(Math.sin(a)) * Math.max(0, w / 2 - HEIGHT / 2);
        const x = C + (r + push) * Math.sin(a);
        const y = C - (r + push) * Math.cos(a);
        const box = { x: x - w / 2, y: y - HEIGHT / 2, w, h: HEIGHT };
        if (placed.some((b) => overlaps(b, box))) continue;
        const near = level === 0 && nudge === 0;
        chosen = { text: p.text, x, y, box };
        if (!near) {
          // From just outside the point to the edge of the box nearest the ring.
          const [px, py] = [C + (R + 11) * Math.sin(p.angle), C - (R + 11) * Math.cos(p.angle)];
          const ex = Math.min(Math.max(px, box.x), box.x + box.w);
          const ey = Math.min(Math.max(py, box.y), box.y + box.h);
          chosen.leader = [px, py, ex, ey];
        }
        break search;
      }
    if (!chosen) {
      // Crowded beyond every spot tried: further out on its own bearing, past everything placed.
      const far = Math.max(...placed.map((b) => Math.hypot(b.x + b.w / 2 - C, b.y + b.h / 2 - C) + b.w + HEIGHT));
      const x = C + far * Math.sin(p.angle);
      const y = C - far * Math.cos(p.angle);
      const box = { x: x - w / 2, y: y - HEIGHT / 2, w, h: HEIGHT };
      const [px, py] = [C + (R + 11) * Math.sin(p.angle), C - (R + 11) * Math.cos(p.angle)];
      chosen = { text: p.text, x, y, box, leader: [px, py, x, y] };
    }
    placed.push(chosen.box);
    out[i] = chosen;
  }
  return out;
}

/**
 * Draws the names on a ring diagram, with leader lines, and widens its view box to hold names
 * placed beyond the 320 × 320 square.
 */
export function drawPointLabels(svg: SVGSVGElement, points: { angle: number; text: string }[]): PlacedLabel[] {
  const labels = placeLabels(points);
  let [x0, y0, x1, y1] = [0, 0, 320, 320];
  for (const l of labels) {
    if (l.leader) {
      const [ax, ay, bx, by] = l.leader;
      svg.append(s("line", { x1: ax, y1: ay, x2: bx, y2: by, class: "leader" }));
    }
    x0 = Math.min(x0, l.box.x - 2);
    y0 = Math.min(y0, l.box.y - 2);
    x1 = Math.max(x1, l.box.x + l.box.w + 2);
    y1 = Math.max(y1, l.box.y + l.box.h + 2);
  }
  for (const l of labels)
    svg.append(
      s(
        "text",
        {
          x: l.x.toFixed(1),
          y: (l.y + FONT * 0.36).toFixed(1),
          "text-anchor": "middle",
          class: "point-label",
          "data-testid": "point-label",
        },
        l.text,
      ),
    );
  if (x0 < 0 || y0 < 0 || x1 > 320 || y1 > 320) {
    const f = (v: number) => v.toFixed(1);
    svg.setAttribute("viewBox", `${f(x0)} ${f(y0)} ${f(x1 - x0)} ${f(y1 - y0)}`);
  }
  return labels;
}
