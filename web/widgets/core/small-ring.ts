// Drawing a hand-placed ring (the tutorial's 0–99 and 0–999 rings) with its keys and owners, and
// the parts the ring steppers share: their key, hashes and span fields, where a typed key lands, each
// server's arcs and share of the circle, a free position for a new server, dragging a server's point,
// and what moved after a change.
import type { Ringlab } from "ringlab";
import { h } from "./dom";
import { fieldDigits, readNumber } from "./numbers";
import type { Placed } from "./params";
import { movePoint, positionAt, ringDiagram, type RingArc, type RingKey, type RingPoint } from "./ring-diagram";
import type { Fmt } from "./format";
import type { Messages } from "../i18n/index";
import {
  colorSlots,
  movesOf,
  numberField,
  setField,
  stepWithArrows,
  textField,
  type Moves,
  type ServerEditor,
} from "./scenario";
import { serverClass } from "./styles";
import { serverLabel } from "./table";
import { ownerOf, smallRing, type Owner } from "../steps/token-ring";

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
  /** Colour slot per server (default: by name), so a server keeps its colour as others come and go. */
  colors?: number[];
  /** Draw each server's arcs in its colour under everything else. */
  owned?: boolean;
  /** Per key: how it moved in the last change (drawn as a ring in the old owner's colour). */
  moved?: (RingKey["moved"] | undefined)[];
  /** Play the moves (the renders right after a change, and not with reduced motion). */
  animate?: boolean;
  /** Milliseconds the moves have already played. */
  elapsed?: number;
  /** Points can be dragged: each circle carries data-point="server:j". */
  draggable?: boolean;
}

export function smallRingSvg(v: SmallRingView): SVGSVGElement {
  const slots = v.colors ?? colorSlots(v.servers.map((p) => p.name));
  const c = (i: number) => slots[i] ?? 0;
  const points: RingPoint[] = [];
  v.servers.forEach((p, i) =>
    p.tokens.forEach((token, j) =>
      points.push({
        pos: token,
        server: c(i),
        label: `${p.name} ${v.f.id(token)}`,
        dim: v.faded?.has(p.name) ?? false,
        emphasis: v.emphasised?.has(p.name) ?? false,
        ...(v.draggable ? { handle: `${i}:${j}` } : {}),
      }),
    ),
  );
  const keys: RingKey[] = v.owners.map((o, k) => {
    const moved = v.moved?.[k];
    return {
      pos: o.hash,
      label: v.f.id(o.hash),
      ...(k < v.revealed || k === v.focus ? { server: c(o.server) } : {}),
      emphasis: k === v.focus,
      ...(moved ? { moved } : {}),
    };
  });
  const arcs: RingArc[] = [...(v.owned ? ownedArcs(v.servers, v.span, slots) : []), ...(v.arcs ?? [])];
  const o = v.owners[v.focus];
  if (o) arcs.push({ from: o.hash, to: o.token, server: c(o.server), kind: "walk" });
  const ticks = [0, 0.25, 0.5, 0.75].map((q) => ({ pos: q * v.span, label: v.f.id(q * v.span) }));
  const svg = ringDiagram({
    span: v.span,
    points,
    keys,
    arcs,
    ticks,
    label: v.label,
    ...(v.animate ? { animate: true, elapsed: v.elapsed ?? 0 } : {}),
  });
  if (v.draggable) svg.classList.add("draggable");
  return svg;
}

/**
 * A typed key's position on a ring of `span` positions: h32(key) mod span, h32 being the
 * module's (docs/algorithms.md#h32). The ring's own route() reduces mod 2^bits, which
 * differs from mod span when span is not a power of two, so the page states its rule and uses it.
 */
export function keyPosition(rl: Ringlab, key: string, span: number): { h32: number; pos: number } {
  const h32 = rl.h32(key);
  return { h32, pos: h32 % span };
}

/** What the ring steppers' state holds for their keys: the chapter's hashes, the reader's key, the span. */
export interface RingKeyState {
  hashes: number[];
  key: string;
  span: number;
}

/** The chapter's keys, then the reader's key at h32(key) mod span; labelled k1, k2, …, then the key itself. */
export function ringKeys(rl: Ringlab, state: RingKeyState): { hashes: number[]; labels: string[] } {
  const labels = state.hashes.map((_, i) => `k${i + 1}`);
  if (!state.key) return { hashes: state.hashes, labels };
  return { hashes: [...state.hashes, keyPosition(rl, state.key, state.span).pos], labels: [...labels, state.key] };
}

/** The parameters every ring stepper has: the reader's key, the chapter's hashes, the span, the servers. */
export interface RingFields {
  key: ReturnType<typeof textField>;
  hashes: ReturnType<typeof textField>;
  span: ReturnType<typeof numberField>;
  editor: ServerEditor;
  /** Says a server's point can be dragged along the ring. */
  dragHint: HTMLParagraphElement;
}

/** The ring fields around the stepper's server editor; what a change of each field does is the stepper's. */
export function ringFields(
  editor: ServerEditor,
  on: { key: (key: string) => void; hashes: (text: string) => void; span: (span: number) => void },
): RingFields {
  return {
    key: textField("key", on.key),
    hashes: textField("hashes", on.hashes, "wide", true),
    span: numberField("span", on.span, { min: 2, step: 1 }),
    editor,
    dragHint: h("p", { class: "hint drag-hint" }),
  };
}

/**
 * Labels and values of the ring fields, the editor's chips for `names`. The key's note gives its
 * position by the page's rule (keyPosition) once the module is loaded and the span is a ring.
 */
export function syncRingFields(
  root: ShadowRoot | null,
  w: { t: Messages; f: Fmt; rl: Ringlab | undefined },
  fields: RingFields,
  state: RingKeyState,
  names: readonly string[],
): void {
  const { t, f } = w;
  fields.key.label.textContent = t.scenario.yourKey;
  setField(root, fields.key.input, state.key);
  fields.key.note.textContent = "";
  if (state.key && w.rl && Number.isInteger(state.span) && state.span >= 2) {
    const k = keyPosition(w.rl, state.key, state.span);
    fields.key.note.textContent = t.ring.keyRule(f.id(k.h32), f.id(state.span), f.id(k.pos));
  }
  fields.hashes.label.textContent = t.ring.hashes;
  setField(root, fields.hashes.input, state.hashes.join(", "));
  fields.span.label.textContent = t.ring.span;
  setField(root, fields.span.input, String(state.span));
  fields.editor.sync(names, t);
  fields.dragHint.textContent = t.scenario.drag;
}

/** Each point's arc: from the point before it (exclusive) to it, clockwise; one point owns the circle. */
export function ownedArcs(servers: Placed[], span: number, slots: number[]): RingArc[] {
  const pts = servers
    .flatMap((p, i) => p.tokens.map((token) => ({ token, server: i })))
    .filter((p) => Number.isFinite(p.token))
    .sort((a, b) => a.token - b.token);
  return pts.map((p, k) => {
    const prev = pts[(k + pts.length - 1) % pts.length] ?? p;
    return {
      from: prev.token,
      to: pts.length === 1 ? prev.token + span : p.token,
      server: slots[p.server] ?? 0,
      kind: "owned" as const,
    };
  });
}

export interface Shares {
  /** Per server: the positions it owns over the span (0 … 1). */
  share: number[];
  /** The largest single arc over the mean arc (span / points). */
  largestOverMean: number;
  points: number;
}

/** Each server's share of the circle (the positions its arcs hold), and the largest arc against the mean. */
export function arcShares(servers: Placed[], span: number): Shares {
  const pts = servers
    .flatMap((p, i) => p.tokens.map((token) => ({ token, server: i })))
    .sort((a, b) => a.token - b.token);
  const share = servers.map(() => 0);
  let largest = 0;
  pts.forEach((p, k) => {
    const prev = pts[(k + pts.length - 1) % pts.length] ?? p;
    const len = pts.length === 1 ? span : (p.token - prev.token + span) % span;
    share[p.server] = (share[p.server] ?? 0) + len / span;
    largest = Math.max(largest, len);
  });
  return { share, largestOverMean: pts.length ? largest / (span / pts.length) : 0, points: pts.length };
}

/** `count` free positions for a new server: the middles of the largest gaps between the points. */
export function freeTokens(servers: Placed[], span: number, count: number): number[] {
  const taken = servers.flatMap((p) => p.tokens).filter((t) => Number.isInteger(t) && t >= 0 && t < span);
  const out: number[] = [];
  for (let n = 0; n < count; n++) {
    const pts = [...new Set([...taken, ...out])].sort((a, b) => a - b);
    if (pts.length === 0) {
      out.push(Math.floor(span / 2));
      continue;
    }
    let best = { len: -1, at: 0 };
    pts.forEach((t, k) => {
      const prev = pts[(k + pts.length - 1) % pts.length] ?? t;
      const len = pts.length === 1 ? span : (t - prev + span) % span;
      if (len > best.len) best = { len, at: (prev + Math.floor(len / 2)) % span };
    });
    if (best.len < 2) break; // the ring is full
    out.push(best.at);
  }
  return out;
}

/** The servers' shares as a legend ("A 20 %"), and the largest arc against the mean for one point each. */
export function sharesLegend(t: Messages, f: Fmt, servers: Placed[], span: number, slots: number[]): HTMLDivElement {
  const s = arcShares(servers, span);
  const onePoint = servers.length > 1 && servers.every((p) => p.tokens.length === 1);
  return h(
    "div",
    { class: "shares" },
    h("p", { class: "shares-title" }, t.ring.sharesTitle),
    h(
      "ul",
      { class: "legend", "data-testid": "shares" },
      servers.map((p, i) =>
        h(
          "li",
          { "data-server": p.name, "data-share": String(s.share[i] ?? 0) },
          serverLabel(p.name, serverClass(slots[i] ?? 0)),
          ` ${f.pct(s.share[i] ?? 0, 0)}`,
        ),
      ),
    ),
    onePoint
      ? h(
          "p",
          { class: "note", "data-testid": "largest-arc", "data-ratio": String(s.largestOverMean) },
          t.ring.largestArc(f.dec(s.largestOverMean, 1), f.int(servers.length)),
        )
      : "",
  );
}

/** Owners of the hashes on a ring of these servers, by name (throws the module's error if invalid). */
export function ownerNames(rl: Ringlab, span: number, servers: Placed[], hashes: number[]): Owner[] {
  const r = smallRing(rl, span, servers);
  try {
    return hashes.map((x) => ownerOf(r, x));
  } finally {
    r.ring.dispose();
  }
}

/** What a change of servers did to the keys: the module's count, and each moved key's old and new owner. */
export interface RingMoves {
  moves: Moves;
  /** Per key: the move as the diagram draws it, or undefined. */
  marks: (RingKey["moved"] | undefined)[];
  /** Per key: the old owner's name when it moved. */
  was: (string | undefined)[];
}

/**
 * Compares the keys' owners on `before` and on `after` (server names; a server is the same server
 * when its name is). Undefined when the old ring cannot be built any more (e.g. a new span).
 */
export function ringMoves(
  rl: Ringlab,
  span: number,
  before: Placed[],
  after: Placed[],
  hashes: number[],
  slotOf: (name: string) => number,
): RingMoves | undefined {
  let old: Owner[];
  let now: Owner[];
  try {
    old = ownerNames(rl, span, before, hashes);
    now = ownerNames(rl, span, after, hashes);
  } catch {
    return undefined;
  }
  const b = old.map((o) => before[o.server]?.name ?? "");
  const a = now.map((o) => after[o.server]?.name ?? "");
  const moves = movesOf(
    rl,
    b,
    a,
    before.map((p) => p.name),
    after.map((p) => p.name),
  );
  return {
    moves,
    marks: moves.moved.map((m, k) =>
      m ? { from: old[k]?.token ?? 0, to: now[k]?.token ?? 0, was: slotOf(b[k] ?? "") } : undefined,
    ),
    was: moves.moved.map((m, k) => (m ? b[k] : undefined)),
  };
}

/**
 * Dragging the servers' points along a drawn ring. Listens on `stage` (which outlives each
 * render's picture): a point with data-point ("server:j", an index into `servers()`, the list the
 * picture shows) follows the pointer, labelled with its server and position, and on release
 * `drop(server, j, position)` commits it.
 */
export function enableRingDrag(
  stage: HTMLElement,
  o: {
    span: () => number;
    servers: () => readonly Placed[];
    /** A position as the page writes it (read at each move: the language may have changed). */
    id: (pos: number) => string;
    drop: (server: number, j: number, pos: number) => void;
  },
): void {
  let drag: { handle: string; pointerId: number; svg: SVGSVGElement; pos: number; start: number } | undefined;
  stage.addEventListener("pointerdown", (e) => {
    const target = e.target as Element;
    const handle = target.getAttribute?.("data-point");
    const svg = target.closest?.("svg");
    if (handle === null || handle === undefined || !svg || e.button !== 0) return;
    e.preventDefault();
    const pos = positionAt(svg, e.clientX, e.clientY, o.span());
    drag = { handle, pointerId: e.pointerId, svg, pos, start: pos };
    stage.setPointerCapture(e.pointerId);
    target.classList.add("dragging");
  });
  stage.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const pos = positionAt(drag.svg, e.clientX, e.clientY, o.span());
    if (!Number.isFinite(pos) || pos === drag.pos) return;
    drag.pos = pos;
    const label = `${o.servers()[parseHandle(drag.handle)[0]]?.name ?? ""} ${o.id(pos)}`;
    movePoint(drag.svg, drag.handle, pos, o.span(), label);
  });
  const end = (e: PointerEvent, commit: boolean) => {
    const d = drag;
    if (!d || e.pointerId !== d.pointerId) return;
    drag = undefined;
    if (stage.hasPointerCapture(e.pointerId)) stage.releasePointerCapture(e.pointerId);
    if (commit && d.pos !== d.start && Number.isFinite(d.pos)) o.drop(...parseHandle(d.handle), d.pos);
  };
  stage.addEventListener("pointerup", (e) => end(e, true));
  stage.addEventListener("pointercancel", (e) => end(e, false));
}

/** Styles the ring steppers add: draggable points, the shares legend, tables that wrap. */
export const smallRingCss = `
svg.draggable { touch-action: none; user-select: none; -webkit-user-select: none; }
svg.draggable .handle { cursor: grab; }
svg.draggable .handle.dragging { stroke: var(--_fg); stroke-width: 3; cursor: grabbing; }
.shares { margin-top: 0.5rem; }
.shares-title { font-size: 0.875rem; font-weight: 600; margin: 0; }
.shares .note { margin: 0.15rem 0 0; }
td.wrap, th.wrap { white-space: normal; text-align: left; overflow-wrap: anywhere; }
tr.moved-row td { background: color-mix(in srgb, var(--_bad) 8%, transparent); }
.chip { flex-wrap: wrap; max-width: 100%; }
.chip input.chip-name { max-width: 5em; }
.chip .tokens input.num { width: 3.8rem; }
.chip .tokens { display: inline-flex; flex-wrap: wrap; gap: 0.2rem; }
.chip input.zone { width: 4.5rem; min-height: 0; padding: 0 0.25rem; font-size: 0.85rem; }
.params .drag-hint { flex-basis: 100%; margin: 0; }
@media (max-width: 480px) { th, td { padding: 0.2rem 0.3rem; } th { white-space: normal; } }
`;

/** Number fields for a server's tokens (one per point), for the server editor's chips. */
export function tokenInputs(
  t: Messages,
  testid: string,
  p: Placed,
  span: number,
  onChange: (j: number, value: number) => void,
): HTMLSpanElement {
  return h(
    "span",
    { class: "tokens" },
    p.tokens.map((token, j) => {
      const label = p.tokens.length === 1 ? t.scenario.token(p.name) : t.ring.tokenN(p.name, String(j + 1));
      // Text in the page's digits, read in either (core/numbers.ts); the span is the range's hint.
      const input = h("input", {
        type: "text",
        class: "num",
        inputmode: "numeric",
        "data-numeric": "",
        value: fieldDigits(String(token), t.lang),
        "aria-label": label,
        title: label,
        "data-focus-key": `token:${p.name}:${j}`,
        "data-testid": j === 0 ? `${testid}-token-${p.name}` : `${testid}-token-${p.name}-${j}`,
      });
      input.addEventListener("change", () => onChange(j, readNumber(input.value)));
      stepWithArrows(input, { min: 0, max: span - 1, step: 1 }, (v) => onChange(j, v));
      return input;
    }),
  );
}

/** A copy of the servers with server i's token j set. */
export function withToken(servers: Placed[], i: number, j: number, token: number): Placed[] {
  return servers.map((p, k) => (k === i ? { ...p, tokens: p.tokens.map((x, m) => (m === j ? token : x)) } : p));
}

/** The handle of a drawn point ("server:j") as indices. */
function parseHandle(handle: string): [number, number] {
  const [i, j] = handle.split(":").map(Number);
  return [i ?? 0, j ?? 0];
}
