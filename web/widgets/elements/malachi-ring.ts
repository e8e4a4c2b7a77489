// <ringlab-malachi-ring bits="8" vnodes=":a=5&#10;{:b, 1}=100" keys='"topic-a"&#10;{:range, 7}'>
// Malachi's HashRing (docs/algorithms.md#malachi-ring): vnodes at tokens on [0, 2^bits), keys typed
// as Elixir terms, each routed to the first vnode whose token is ≥ phash2(key, 2^bits). Every
// position, arc and owner comes from the systems module (`ringlab/systems`), which this widget
// loads on first use, so pages without it never download that module.
//
// State: `bits`; `vnodes`, one ID=TOKEN per line (the id an Elixir term, split at the last "=",
// as `ringlab place malachi --vnodes` takes them); `keys`, one Elixir term per line (blank lines
// skipped). A key line that is not an Elixir term is an error shown on its row, never read as a
// string: a guess would route a typo somewhere silently.
import type { ErlangTerm, MalachiRing as Ring, RinglabSystems, TermValue } from "ringlab/systems";
import { h, replace, s } from "../core/dom";
import { RinglabElement } from "../core/element";
import { errorText } from "../core/errors";
import { fieldDigits, latinDigits, readNumber, setField, stepWithArrows } from "../core/numbers";
import { num, type Codec, type StateOf } from "../core/params";
import { serverClass } from "../core/styles";
import { getSystems, systemsIfLoaded } from "../core/systems";

/** Text kept as written (newlines separate items; a final newline is dropped by nobody). */
function text(def: string): Codec<string> {
  return { def, parse: (t) => t.replace(/\r\n?/g, "\n"), format: (v) => v };
}

// The worked example of docs/algorithms.md#malachi-ring: an 8-bit ring, :a at 5, {:b, 1} at
// 100, "c" at 200; "k" and "abc" wrap past 200 to :a, "user:42" goes to {:b, 1}, "" to "c".
const spec = {
  bits: num(8),
  vnodes: text(':a=5\n{:b, 1}=100\n"c"=200'),
  keys: text('"k"\n"abc"\n"user:42"\n""\n{:range, 7}\n42'),
};
type State = StateOf<typeof spec>;

/** A vnode line of the state, read and (when it could be) placed. */
interface Vnode {
  /** Index of the line in `vnodes` (also its colour: adding a vnode recolours nobody). */
  index: number;
  text: string;
  id?: ErlangTerm;
  token: number;
  error?: unknown;
  /** Where the error belongs: the id's text or the token. */
  errorIn?: "term" | "number";
}

/** A ring built from vnode lines: the placed ones by their module-given id, and the rest. */
interface Built {
  ring: Ring;
  lines: Vnode[];
  byId: Map<string, Vnode>;
  /** The module's `empty` error, when keys were routed on a ring without vnodes. */
  empty?: unknown;
}

interface KeyRow {
  line: number;
  text: string;
  position?: number;
  owner?: Vnode;
  error?: unknown;
}

/** The last change the user made, to show which keys it moved (kept in memory, not the URL). */
interface Change {
  kind: "add" | "remove" | "move";
  index: number;
  before: string;
  after: string;
  from?: number;
  to?: number;
  idText: string;
}

type ErrorLike = { code?: string; message?: string };

/** The field an add_vnode error belongs to: the token's errors to the token, the rest to the id. */
function fieldOf(e: unknown, token: number): "term" | "number" {
  const code = (e as ErrorLike)?.code;
  if (code === "token_out_of_range" || code === "token_taken") return "number";
  if (code === "invalid_argument" && !Number.isSafeInteger(token)) return "number";
  return "term";
}

/**
 * A key as the reader typed it: Elixir source, so code; and English for a screen reader when it is
 * all ASCII (a Bengali binary such as "কী" is left to the page's language).
 */
function termCode(text: string): HTMLElement {
  return h("code", { lang: /^[\x20-\x7e]*$/.test(text) ? "en" : undefined, translate: "no" }, text);
}

/** A module-given term as a map key: binaries come back as strings, integers as numbers. */
function termKey(v: TermValue): string {
  if (typeof v === "string") return `b${v}`;
  if (typeof v === "number" || typeof v === "bigint") return `i${String(v)}`;
  return `e${v.erlang}`;
}

function splitLines(t: string): string[] {
  return t === "" ? [] : t.split("\n");
}

/** "ID=TOKEN" → id text and token (NaN when absent or not a number; the module names it). */
function readVnodeLine(line: string): { idText: string; token: number } | undefined {
  const at = line.lastIndexOf("=");
  if (at < 0) return undefined;
  const tok = line.slice(at + 1).trim();
  return { idText: line.slice(0, at).trim(), token: readNumber(tok) };
}

const C = 180;
const CY = 160;
const R = 100;

function at(pos: number, span: number, r: number): [number, number] {
  const a = (pos / span) * 2 * Math.PI;
  return [C + r * Math.sin(a), CY - r * Math.cos(a)];
}

function arcPath(start: number, end: number, span: number, r: number): string {
  // The arc (start, end], clockwise; start === end is the whole ring.
  const sweep = start === end ? span : (end - start + span) % span;
  const [x0, y0] = at(start, span, r);
  if (sweep >= span) {
    const [xm, ym] = at(start + span / 2, span, r);
    return `M ${x0} ${y0} A ${r} ${r} 0 1 1 ${xm} ${ym} A ${r} ${r} 0 1 1 ${x0} ${y0}`;
  }
  const [x1, y1] = at(end, span, r);
  return `M ${x0.toFixed(2)} ${y0.toFixed(2)} A ${r} ${r} 0 ${sweep > span / 2 ? 1 : 0} 1 ${x1.toFixed(2)} ${y1.toFixed(2)}`;
}

const short = (t: string, n = 12) => (t.length > n ? `${t.slice(0, n - 1)}…` : t);

export class MalachiRing extends RinglabElement<typeof spec, RinglabSystems> {
  static override spec = spec;
  private bitsInput!: HTMLInputElement;
  private bitsLabel!: HTMLSpanElement;
  private bitsError!: HTMLDivElement;
  private spanNote!: HTMLParagraphElement;
  private svg!: SVGSVGElement;
  private dragHint!: HTMLParagraphElement;
  private vnodesOut!: HTMLDivElement;
  private addTitle!: HTMLParagraphElement;
  private newId!: HTMLInputElement;
  private newToken!: HTMLInputElement;
  private newIdLabel!: HTMLSpanElement;
  private newTokenLabel!: HTMLSpanElement;
  private addButton!: HTMLButtonElement;
  private addError!: HTMLDivElement;
  private keysInput!: HTMLTextAreaElement;
  private keysLabel!: HTMLSpanElement;
  private syntaxNote!: HTMLParagraphElement;
  private keysOut!: HTMLDivElement;
  private movesTitle!: HTMLParagraphElement;
  private movesOut!: HTMLDivElement;
  /** Errors of the last refused edit of a vnode's token, by line. */
  private rowErrors = new Map<number, { error: unknown; errorIn: "term" | "number" }>();
  private addFailure: { error: unknown; errorIn: "term" | "number" } | undefined;
  private change: Change | undefined;
  private drag: { index: number; pointerId: number; before: string } | undefined;
  /** The vnode whose point had focus (the picture is redrawn; focus returns to it). */
  private focusIndex: number | undefined;
  private span = 256;
  private tokens = new Map<number, number>();

  protected heading(): string {
    return this.t.malachi.title;
  }

  protected override loadModule(): Promise<RinglabSystems> {
    return getSystems();
  }

  protected override moduleIfLoaded(): RinglabSystems | undefined {
    return systemsIfLoaded();
  }

  protected override extraStyles(): string {
    return `
.mr-grid { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr); gap: 0.75rem 1.25rem; align-items: start; }
@media (max-width: 760px) { .mr-grid { grid-template-columns: minmax(0, 1fr); } }
:host([layout="stack"]) .mr-grid { grid-template-columns: minmax(0, 1fr); }
.mr-ring { touch-action: none; user-select: none; -webkit-user-select: none; }
.mr-ring .point { cursor: grab; }
.mr-ring .point:focus { outline: none; }
.mr-ring .point:focus-visible, .mr-ring .point.dragging { stroke: var(--_fg); stroke-width: 3; }
.mr-ring text.vlabel { font-weight: 700; }
textarea { width: 100%; min-height: 9rem; font-family: var(--ringlab-mono, ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace); font-size: 0.9rem; line-height: 1.5; resize: vertical; }
code, .term { font-family: var(--ringlab-mono, ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace); font-size: 0.85rem; white-space: pre; }
td.term { max-width: 14rem; overflow: hidden; text-overflow: ellipsis; }
.field-error { color: var(--_bad); font-size: 0.875rem; margin: 0.25rem 0; white-space: normal; }
.field-error code { white-space: pre-wrap; word-break: break-word; color: inherit; }
td .field-error { margin: 0; white-space: normal; min-width: 12rem; }
tr.bad td { background: color-mix(in srgb, var(--_bad) 8%, transparent); }
input[aria-invalid="true"], textarea[aria-invalid="true"] { border-color: var(--_bad); }
input.token { width: 7.5rem; }
.mr-side { container-type: inline-size; min-width: 0; }
/* The visually hidden header stays inside the scrolling box (not the page's width). */
.mr-side .table-wrap { position: relative; }
.mr-side th { vertical-align: bottom; }
button.x { min-height: 0; padding: 0.05rem 0.4rem; line-height: 1.3; margin-right: 0.3rem; }
td[data-testid="boundaries"] code { white-space: normal; }
td[data-testid="boundaries"] .hint { margin: 0; font-size: 0.8rem; white-space: normal; }
@container (max-width: 27rem) { .col-keys { display: none; } input.token { width: 5.5rem; } th, td { padding: 0.2rem 0.3rem; } th { white-space: normal; } }
.moves table { width: auto; min-width: min(100%, 32rem); }
#mr-add-error { margin-bottom: 0.75rem; }
.add { display: flex; flex-wrap: wrap; gap: 0.4rem 0.75rem; align-items: end; margin: 0.5rem 0 0; }
.add label { display: flex; flex-direction: column; font-size: 0.875rem; color: var(--_muted); gap: 0.15rem; }
.add input.idin { width: 11rem; }
.sub { font-weight: 600; margin: 0.75rem 0 0.25rem; }
td.moved-to { color: var(--_bad); font-weight: 600; }
.rejected { margin: 0.25rem 0; padding-left: 1.1rem; }
`;
  }

  protected build(box: HTMLDivElement): void {
    this.bitsLabel = h("span");
    // Numbers in either digit set, shown in the page's (a text field: type=number takes neither).
    this.bitsInput = h("input", {
      type: "text",
      class: "num",
      inputmode: "numeric",
      spellcheck: "false",
      autocomplete: "off",
      "data-numeric": "",
      "data-testid": "field-bits",
      "aria-describedby": "mr-bits-error",
    });
    const setBits = (bits: number) => {
      this.change = undefined;
      this.setState({ bits }, true);
    };
    this.bitsInput.addEventListener("change", () => setBits(readNumber(this.bitsInput.value)));
    stepWithArrows(this.bitsInput, { min: 1, max: 32 }, setBits);
    this.bitsError = h("div", { id: "mr-bits-error", "data-testid": "bits-error", "aria-live": "polite" });
    this.spanNote = h("p", { class: "hint", "data-testid": "span" });
    const params = h(
      "div",
      { class: "params" },
      h("label", {}, this.bitsLabel, this.bitsInput),
      h("div", {}, this.spanNote, this.bitsError),
    );

    this.svg = s("svg", { class: "diagram mr-ring", viewBox: "-24 0 408 320", role: "group", "data-testid": "ring" });
    this.svg.addEventListener("pointerdown", (e) => this.dragStart(e));
    this.svg.addEventListener("pointermove", (e) => this.dragMove(e));
    this.svg.addEventListener("pointerup", (e) => this.dragEnd(e));
    this.svg.addEventListener("pointercancel", (e) => this.dragEnd(e));
    this.svg.addEventListener("keydown", (e) => this.keyMove(e));
    this.svg.addEventListener("focusin", (e) => {
      const i = (e.target as Element).getAttribute?.("data-index");
      this.focusIndex = i === null || i === undefined ? undefined : Number(i);
    });
    this.svg.addEventListener("focusout", () => {
      if (!this.rendering) this.focusIndex = undefined;
    });
    this.dragHint = h("p", { class: "hint" });

    this.vnodesOut = h("div", { "data-testid": "vnodes" });
    this.addTitle = h("p", { class: "sub" });
    this.newIdLabel = h("span");
    this.newTokenLabel = h("span");
    this.newId = h("input", {
      type: "text",
      class: "idin",
      spellcheck: "false",
      autocomplete: "off",
      placeholder: ":d",
      "data-testid": "new-id",
      "aria-describedby": "mr-add-error",
    });
    this.newToken = h("input", {
      type: "text",
      class: "token",
      inputmode: "numeric",
      spellcheck: "false",
      autocomplete: "off",
      "data-numeric": "",
      "data-testid": "new-token",
      "aria-describedby": "mr-add-error",
    });
    this.addButton = h("button", { type: "submit", class: "primary", "data-testid": "add" });
    this.addError = h("div", { id: "mr-add-error", "data-testid": "add-error", "aria-live": "polite" });
    const form = h(
      "form",
      { class: "add", "data-testid": "add-form" },
      h("label", {}, this.newIdLabel, this.newId),
      h("label", {}, this.newTokenLabel, this.newToken),
      this.addButton,
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.addLine();
    });

    this.keysLabel = h("span");
    this.keysInput = h("textarea", {
      rows: 7,
      spellcheck: "false",
      autocomplete: "off",
      "data-testid": "keys",
      "aria-describedby": "mr-syntax",
    });
    this.keysInput.addEventListener("input", () => this.setState({ keys: this.keysInput.value }, true));
    this.syntaxNote = h("p", { class: "hint", id: "mr-syntax", "data-testid": "syntax-note" });
    this.keysOut = h("div", { "data-testid": "keys-result" });
    this.movesTitle = h("p", { class: "sub" });
    this.movesOut = h("div", { class: "moves", "data-testid": "moves", "aria-live": "polite" });

    box.append(
      params,
      h(
        "div",
        { class: "mr-grid" },
        h("div", {}, this.svg, this.dragHint),
        h("div", { class: "mr-side" }, this.vnodesOut, this.addTitle, form, this.addError),
      ),
      h(
        "div",
        { class: "mr-grid" },
        h("div", {}, h("label", { class: "field" }, this.keysLabel, this.keysInput), this.syntaxNote),
        h("div", { class: "mr-side" }, this.keysOut),
      ),
      this.movesTitle,
      this.movesOut,
    );
  }

  private rendering = false;

  // --- Reading the state ------------------------------------------------------------------------

  /** A ring of the state's vnode lines: each line placed in order, or kept with its error. */
  private buildRing(rl: RinglabSystems, bits: number, vnodes: string): Built {
    const ring = rl.malachiRing({ ringBits: bits });
    const lines: Vnode[] = [];
    const byId = new Map<string, Vnode>();
    splitLines(vnodes).forEach((text, index) => {
      if (text.trim() === "") return;
      const v: Vnode = { index, text, token: NaN };
      lines.push(v);
      const read = readVnodeLine(text);
      if (!read) {
        v.error = { code: "invalid_argument", message: this.t.malachi.lineFormat };
        v.errorIn = "term";
        return;
      }
      v.token = read.token;
      try {
        v.id = rl.parseTerm(read.idText);
      } catch (e) {
        v.error = e;
        v.errorIn = "term";
        return;
      }
      try {
        ring.addVnode(v.id, v.token);
      } catch (e) {
        v.error = e;
        v.errorIn = fieldOf(e, v.token);
        return;
      }
    });
    // The module's ids, matched to lines by token (tokens are unique on a ring).
    const byToken = new Map(lines.filter((v) => !v.error).map((v) => [v.token, v]));
    for (const { id, token } of ring.vnodes()) {
      const v = byToken.get(token);
      if (v) byId.set(termKey(id), v);
    }
    return { ring, lines, byId };
  }

  /** The keys: each non-blank line parsed, positioned and routed on the ring. */
  private routeKeys(rl: RinglabSystems, built: Built, keys: string): KeyRow[] {
    const rows: KeyRow[] = [];
    splitLines(keys).forEach((text, i) => {
      if (text.trim() === "") return;
      const row: KeyRow = { line: i + 1, text };
      rows.push(row);
      let term: ErlangTerm;
      try {
        term = rl.parseTerm(text);
        row.position = built.ring.position(term);
      } catch (e) {
        row.error = e;
        return;
      }
      try {
        row.owner = built.byId.get(termKey(built.ring.route(term)));
      } catch (e) {
        // Malachi's {:error, :empty}: shown once, above the keys.
        built.empty = e;
      }
    });
    return rows;
  }

  /** Would these vnode lines place line `index`? The error if not (nothing changes then). */
  private refusal(vnodes: string, index: number): { error: unknown; errorIn: "term" | "number" } | undefined {
    const rl = this.rl;
    if (!rl) return undefined;
    const built = this.buildRing(rl, this.state.bits, vnodes);
    built.ring.dispose();
    const v = built.lines.find((x) => x.index === index);
    return v?.error ? { error: v.error, errorIn: v.errorIn ?? "term" } : undefined;
  }

  // --- Edits ------------------------------------------------------------------------------------

  private setLines(lines: string[], change: Omit<Change, "before" | "after"> | undefined, before?: string): void {
    const now = this.state.vnodes;
    const after = lines.join("\n");
    if (change) this.change = { ...change, before: before ?? now, after };
    this.setState({ vnodes: after }, true);
  }

  private addLine(): void {
    const idText = this.newId.value.trim();
    // The line keeps the token in Latin digits, as the address and the module write it.
    const tok = latinDigits(this.newToken.value).trim();
    const lines = splitLines(this.state.vnodes).filter((l) => l.trim() !== "");
    const line = `${idText}=${tok}`;
    const next = [...lines, line];
    const failure = this.refusal(next.join("\n"), next.length - 1);
    this.addFailure = failure;
    if (failure) {
      this.requestUpdate();
      return;
    }
    this.rowErrors.clear();
    this.setLines(next, { kind: "add", index: next.length - 1, idText, to: Number(tok) });
    this.newId.value = "";
    this.newToken.value = "";
  }

  private removeLine(v: Vnode): void {
    const lines = splitLines(this.state.vnodes);
    const idText = readVnodeLine(v.text)?.idText ?? v.text;
    lines.splice(v.index, 1);
    this.rowErrors.clear();
    this.addFailure = undefined;
    this.setLines(
      lines.filter((l) => l.trim() !== ""),
      v.error ? undefined : { kind: "remove", index: v.index, idText, from: v.token },
    );
  }

  /** Moves line `index` to `token`; false (with the error on its row) when the module refuses. */
  private moveTo(index: number, token: number, before?: string, quiet = false): boolean {
    const lines = splitLines(this.state.vnodes);
    const read = readVnodeLine(lines[index] ?? "");
    if (!read) return false;
    lines[index] = `${read.idText}=${Number.isFinite(token) ? token : ""}`;
    const failure = this.refusal(lines.join("\n"), index);
    if (failure) {
      if (!quiet) {
        this.rowErrors.set(index, failure);
        this.requestUpdate();
      }
      return false;
    }
    this.rowErrors.delete(index);
    // Consecutive moves of one vnode are one change, from where it was before the first.
    const c = this.change;
    const first = c && c.kind === "move" && c.index === index && c.after === this.state.vnodes ? c : undefined;
    this.setLines(
      lines,
      { kind: "move", index, idText: read.idText, from: first?.from ?? read.token, to: token },
      before ?? first?.before,
    );
    return true;
  }

  // --- Dragging and keys on the picture ----------------------------------------------------------

  private tokenAt(e: PointerEvent): number {
    const m = this.svg.getScreenCTM();
    if (!m) return NaN;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    let a = Math.atan2(p.x - C, -(p.y - CY));
    if (a < 0) a += 2 * Math.PI;
    return Math.min(this.span - 1, Math.floor((a / (2 * Math.PI)) * this.span));
  }

  private dragStart(e: PointerEvent): void {
    const i = (e.target as Element).getAttribute?.("data-index");
    if (i === null || i === undefined || e.button !== 0) return;
    e.preventDefault();
    this.drag = { index: Number(i), pointerId: e.pointerId, before: this.state.vnodes };
    this.svg.setPointerCapture(e.pointerId);
    (e.target as SVGElement).focus?.();
    this.focusIndex = Number(i);
  }

  private dragMove(e: PointerEvent): void {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return;
    const token = this.tokenAt(e);
    if (!Number.isFinite(token) || this.tokens.get(d.index) === token) return;
    // A token held by another vnode is skipped (the point waits where it was).
    this.moveTo(d.index, token, d.before, true);
  }

  private dragEnd(e: PointerEvent): void {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return;
    this.drag = undefined;
    if (this.svg.hasPointerCapture(e.pointerId)) this.svg.releasePointerCapture(e.pointerId);
    this.requestUpdate();
  }

  private keyMove(e: KeyboardEvent): void {
    const i = (e.target as Element).getAttribute?.("data-index");
    if (i === null || i === undefined) return;
    const big = Math.max(1, Math.floor(this.span / 64));
    const steps: Record<string, number> = {
      ArrowRight: 1,
      ArrowUp: 1,
      ArrowLeft: -1,
      ArrowDown: -1,
      PageUp: big,
      PageDown: -big,
    };
    let step = steps[e.key];
    if (step === undefined) return;
    if (e.shiftKey && Math.abs(step) === 1) step *= big;
    e.preventDefault();
    const index = Number(i);
    const from = this.tokens.get(index);
    if (from === undefined) return;
    // Step over tokens held by other vnodes, wrapping around the ring.
    const held = new Set([...this.tokens].filter(([k]) => k !== index).map(([, v]) => v));
    let to = from;
    for (let n = 0; n <= held.size; n++) {
      to = (((to + step) % this.span) + this.span) % this.span;
      if (!held.has(to)) break;
    }
    if (to !== from) this.moveTo(index, to);
  }

  // --- Drawing ----------------------------------------------------------------------------------

  private errorView(e: unknown, errorIn: "term" | "number" = "term", testid?: string): HTMLElement {
    const t = this.t.malachi;
    const err = (e ?? {}) as ErrorLike;
    const code = typeof err.code === "string" ? err.code : "";
    const lead =
      code === "invalid_argument"
        ? t.errors[errorIn]
        : ((t.errors as Record<string, string | undefined>)[code] ?? t.errors.other);
    // The module's message follows the explanation: in English its own words (as the CLI prints
    // them, so code), in another language its rule and numbers said in that language.
    const message = errorText(this.t, this.f, e);
    const id = testid ? `${testid}-message` : undefined;
    return h(
      "p",
      { class: "field-error", role: "alert", "data-testid": testid, "data-code": code || "error" },
      `${lead} `,
      this.t.lang === "en"
        ? h("code", { lang: "en", "data-testid": id }, message)
        : h("span", { "data-testid": id }, message),
    );
  }

  private idText(v: Vnode | undefined): string {
    return v?.id ? v.id.elixir : (readVnodeLine(v?.text ?? "")?.idText ?? "");
  }

  protected render(rl: RinglabSystems, state: State): void {
    const t = this.t.malachi;
    const f = this.f;
    this.rendering = true;
    this.bitsLabel.textContent = t.bits;
    setField(this.shadowRoot, this.bitsInput, String(state.bits));
    this.dragHint.textContent = t.dragHint;
    this.addTitle.textContent = t.addTitle;
    this.newIdLabel.textContent = t.newId;
    this.newTokenLabel.textContent = t.newToken;
    this.addButton.textContent = t.add;
    this.keysLabel.textContent = t.keysLabel;
    // `…` in the note is Elixir text, shown as code.
    replace(
      this.syntaxNote,
      t.syntaxNote.split("`").map((part, i) => (i % 2 ? h("code", {}, part) : part)),
    );
    this.movesTitle.textContent = t.movedTitle;
    if (this.shadowRoot?.activeElement !== this.keysInput) this.keysInput.value = state.keys;
    if (this.change && this.change.after !== state.vnodes) this.change = undefined;

    let built: Built;
    try {
      built = this.buildRing(rl, state.bits, state.vnodes);
    } catch (e) {
      // ring_bits the module refuses: the error beside the field, nothing else to draw.
      this.bitsInput.setAttribute("aria-invalid", "true");
      replace(this.bitsError, this.errorView(e, "number", "bits-error-text"));
      this.spanNote.textContent = "";
      replace(this.svg);
      replace(this.vnodesOut);
      replace(this.keysOut);
      replace(this.movesOut);
      this.rendering = false;
      return;
    }
    const ring = built.ring;
    try {
      this.bitsInput.removeAttribute("aria-invalid");
      replace(this.bitsError);
      const span = 2 ** ring.ringBits;
      this.span = span;
      this.spanNote.textContent = t.span(f.id(span), f.id(span - 1));
      const placed = built.lines.filter((v) => !v.error);
      this.tokens = new Map(placed.map((v) => [v.index, v.token]));
      const arcs = new Map(placed.map((v) => [v.index, v.id ? ring.boundaries(v.id) : ([0, 0] as [number, number])]));
      const keys = this.routeKeys(rl, built, state.keys);
      const moved = this.moves(rl, state, keys);
      this.drawRing(built, arcs, keys, moved);
      this.drawVnodes(built, arcs, keys);
      this.drawKeys(built, keys);
      this.drawMoves(keys, moved);
      this.keysInput.setAttribute("aria-invalid", keys.some((k) => k.error) ? "true" : "false");
    } finally {
      ring.dispose();
      this.rendering = false;
    }
  }

  /** For the last change: each key whose vnode differs from before it, with both vnodes' text. */
  private moves(rl: RinglabSystems, state: State, keys: KeyRow[]): Map<number, { from: string; to: string }> {
    const out = new Map<number, { from: string; to: string }>();
    const c = this.change;
    if (!c) return out;
    const before = this.buildRing(rl, state.bits, c.before);
    try {
      const old = this.routeKeys(rl, before, state.keys);
      keys.forEach((k, i) => {
        const o = old[i];
        if (k.error || !o || o.error) return;
        const from = o.owner ? this.idText(o.owner) : "—";
        const to = k.owner ? this.idText(k.owner) : "—";
        // Ids are compared by their Elixir text: it reads back as the same term, so equal text is
        // the same vnode (line indices shift when a vnode is removed).
        if (from !== to) out.set(k.line, { from, to });
      });
    } finally {
      before.ring.dispose();
    }
    return out;
  }

  private drawRing(
    built: Built,
    arcs: Map<number, [number, number]>,
    keys: KeyRow[],
    moved: Map<number, unknown>,
  ): void {
    const t = this.t.malachi;
    const f = this.f;
    const span = this.span;
    const svg = this.svg;
    svg.setAttribute("aria-label", t.diagram(f.id(span - 1)));
    const parts: SVGElement[] = [s("circle", { class: "track", cx: C, cy: CY, r: R })];
    const placed = built.lines.filter((v) => !v.error);
    // Apart on the circle by less than a tenth of a quarter turn: their labels would touch.
    const close = (a: number, b: number) => Math.min(Math.abs(a - b), span - Math.abs(a - b)) < span / 40;
    const ticks = span >= 4 ? [0, span / 4, span / 2, (3 * span) / 4] : [0, span / 2];
    for (const pos of ticks) {
      // A vnode's label next to a tick says more than the tick's number: the number gives way.
      const crowded = placed.some((v) => close(v.token, pos));
      const [x0, y0] = at(pos, span, R + 6);
      const [x1, y1] = at(pos, span, R + 13);
      const [x, y] = at(pos, span, R + 20);
      const right = Math.abs(x - C) > 1 && x > C;
      const left = Math.abs(x - C) > 1 && x < C;
      parts.push(s("line", { class: "axis", x1: x0, y1: y0, x2: x1, y2: y1 }));
      parts.push(
        s(
          "text",
          {
            class: "muted",
            x,
            y: y + (y < CY - 1 ? -2 : y > CY + 1 ? 12 : 4),
            "text-anchor": right ? "start" : left ? "end" : "middle",
            "data-testid": "tick",
          },
          Number.isInteger(pos) && !crowded ? f.id(pos) : "",
        ),
      );
    }
    for (const v of placed) {
      const [a, b] = arcs.get(v.index) ?? [0, 0];
      parts.push(s("path", { d: arcPath(a, b, span, R), class: `arc-owned ${serverClass(v.index)}` }));
    }
    const labelled = keys.length <= 40;
    // Labels of keys close together alternate between two radii, so each number stays readable.
    const near = span / 40;
    const inner = new Set<number>();
    let prev: KeyRow | undefined;
    for (const k of [...keys]
      .filter((x) => x.position !== undefined)
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))) {
      if (prev && !inner.has(prev.line) && (k.position ?? 0) - (prev.position ?? 0) < near) inner.add(k.line);
      prev = k;
    }
    for (const k of keys) {
      if (k.position === undefined) continue;
      const [x, y] = at(k.position, span, R - 30);
      const cls = k.owner ? serverClass(k.owner.index) : "muted";
      parts.push(
        s("rect", {
          x: x - 5,
          y: y - 5,
          width: 10,
          height: 10,
          transform: `rotate(45 ${x} ${y})`,
          class: `key ${cls}${moved.has(k.line) ? " em" : ""}`,
          "data-testid": "key-point",
          "data-line": k.line,
        }),
      );
      if (labelled) {
        const [lx, ly] = at(k.position, span, inner.has(k.line) ? R - 64 : R - 48);
        parts.push(s("text", { x: lx, y: ly + 4, "text-anchor": "middle", class: "muted" }, f.id(k.line)));
      }
    }
    // Labels of vnodes close together alternate between two radii (the wrap included).
    const outer = new Set<number>();
    const byToken = [...placed].sort((a, b) => a.token - b.token);
    byToken.forEach((v, i) => {
      const prev = byToken[i - 1];
      if (prev && !outer.has(prev.index) && close(v.token, prev.token)) outer.add(v.index);
    });
    const first = byToken[0];
    const last = byToken[byToken.length - 1];
    if (
      first &&
      last &&
      first !== last &&
      !outer.has(first.index) &&
      !outer.has(last.index) &&
      close(first.token, last.token)
    )
      outer.add(last.index);
    for (const v of placed) {
      const [x, y] = at(v.token, span, R);
      const id = this.idText(v);
      parts.push(
        s("circle", {
          cx: x,
          cy: y,
          r: 9,
          class: `point ${serverClass(v.index)}${this.drag?.index === v.index ? " dragging" : ""}`,
          tabindex: 0,
          role: "slider",
          "aria-label": t.pointLabel(id),
          "aria-valuemin": 0,
          "aria-valuemax": span - 1,
          "aria-valuenow": v.token,
          "aria-valuetext": f.id(v.token),
          "data-index": v.index,
          "data-testid": "vnode-point",
        }),
      );
      const [lx, ly] = at(v.token, span, outer.has(v.index) ? R + 42 : R + 24);
      const right = Math.abs(lx - C) > 8 && lx > C;
      const left = Math.abs(lx - C) > 8 && lx < C;
      parts.push(
        s(
          "text",
          {
            class: "vlabel term",
            x: lx,
            y: ly + 4,
            "text-anchor": right ? "start" : left ? "end" : "middle",
            "pointer-events": "none",
          },
          short(id),
        ),
      );
    }
    replace(svg, parts);
    if (this.focusIndex !== undefined) {
      const again = svg.querySelector<SVGElement>(`[data-index="${this.focusIndex}"]`);
      again?.focus();
    }
  }

  private drawVnodes(built: Built, arcs: Map<number, [number, number]>, keys: KeyRow[]): void {
    const t = this.t.malachi;
    const f = this.f;
    const span = this.span;
    const placed = built.lines.filter((v) => !v.error).sort((a, b) => a.token - b.token);
    const count = new Map<number, number>();
    for (const k of keys) if (k.owner) count.set(k.owner.index, (count.get(k.owner.index) ?? 0) + 1);
    const out: HTMLElement[] = [];
    if (placed.length === 0) out.push(h("p", { class: "hint", "data-testid": "no-vnodes" }, t.noVnodes));
    else {
      const rows = placed.map((v) => {
        const id = this.idText(v);
        const [a, b] = arcs.get(v.index) ?? [0, 0];
        const size = a === b ? span : (b - a + span) % span;
        const input = h("input", {
          type: "text",
          class: "token",
          inputmode: "numeric",
          spellcheck: "false",
          autocomplete: "off",
          "data-numeric": "",
          value: fieldDigits(String(v.token), this.t.lang),
          "aria-label": t.tokenOf(id),
          "data-testid": "token-input",
        });
        // Wide enough for the largest token of this ring (CSSOM, which a CSP does not restrict).
        input.style.width = `${String(span - 1).length + 3.5}ch`;
        input.addEventListener("change", () => this.moveTo(v.index, readNumber(input.value)));
        stepWithArrows(input, { min: 0, max: span - 1 }, (x) => this.moveTo(v.index, x));
        const failure = this.rowErrors.get(v.index);
        if (failure) input.setAttribute("aria-invalid", "true");
        const removeButton = h(
          "button",
          { type: "button", class: "x", "aria-label": t.removeOf(id), title: t.removeOf(id), "data-testid": "remove" },
          "✕",
        );
        removeButton.addEventListener("click", () => this.removeLine(v));
        return h(
          "tr",
          { "data-testid": "vnode-row", "data-index": v.index, class: failure ? "bad" : undefined },
          // The remove button sits by the id, so a table scrolled sideways never hides it.
          h(
            "td",
            { class: "l vn" },
            removeButton,
            " ",
            h("span", { class: `swatch ${serverClass(v.index)}` }),
            h("code", {}, id),
          ),
          h("td", {}, input, failure ? this.errorView(failure.error, failure.errorIn, "row-error") : null),
          h(
            "td",
            { "data-testid": "boundaries" },
            h("code", {}, `(${f.id(a)}, ${f.id(b)}]`),
            h("div", { class: "hint", "data-testid": "share" }, a === b ? t.whole : t.share(f.pct(size / span))),
          ),
          h("td", { class: "col-keys" }, f.int(count.get(v.index) ?? 0)),
        );
      });
      out.push(
        h("p", { class: "sub", "aria-hidden": "true" }, t.vnodesCaption),
        h(
          "div",
          { class: "table-wrap" },
          h(
            "table",
            { "data-testid": "vnodes-table" },
            h("caption", { class: "visually-hidden" }, t.vnodesCaption),
            h(
              "thead",
              {},
              h(
                "tr",
                {},
                h("th", { class: "l" }, t.vnode),
                h("th", {}, t.token),
                h("th", {}, t.arc),
                h("th", { class: "col-keys" }, t.keysCol),
              ),
            ),
            h("tbody", {}, rows),
          ),
        ),
      );
    }
    const rejected = built.lines.filter((v) => v.error);
    if (rejected.length) {
      out.push(
        h("p", { class: "hint" }, t.notPlaced),
        h(
          "ul",
          { class: "rejected", "data-testid": "rejected" },
          rejected.map((v) => {
            const removeButton = h("button", { type: "button", "data-testid": "remove" }, t.remove);
            removeButton.addEventListener("click", () => this.removeLine(v));
            return h(
              "li",
              {},
              h("code", {}, v.text),
              " ",
              removeButton,
              this.errorView(v.error, v.errorIn, "rejected-error"),
            );
          }),
        ),
      );
    }
    replace(this.vnodesOut, out);
    if (this.addFailure) {
      this.newId.setAttribute("aria-invalid", String(this.addFailure.errorIn === "term"));
      this.newToken.setAttribute("aria-invalid", String(this.addFailure.errorIn === "number"));
      replace(this.addError, this.errorView(this.addFailure.error, this.addFailure.errorIn, "add-error-text"));
    } else {
      this.newId.removeAttribute("aria-invalid");
      this.newToken.removeAttribute("aria-invalid");
      replace(this.addError);
    }
  }

  private drawKeys(built: Built, keys: KeyRow[]): void {
    const t = this.t.malachi;
    const f = this.f;
    const rows = keys.map((k) =>
      h(
        "tr",
        { "data-testid": "key-row", "data-line": k.line, class: k.error ? "bad" : undefined },
        h("td", {}, f.id(k.line)),
        h("td", { class: "l term", title: k.text }, termCode(k.text)),
        k.error
          ? h("td", { class: "l", colspan: 2 }, this.errorView(k.error, "term", "key-error"))
          : [
              h("td", { "data-testid": "position" }, k.position === undefined ? "—" : f.id(k.position)),
              h(
                "td",
                { class: "l", "data-testid": "owner" },
                k.owner
                  ? [h("span", { class: `swatch ${serverClass(k.owner.index)}` }), h("code", {}, this.idText(k.owner))]
                  : "—",
              ),
            ],
      ),
    );
    replace(
      this.keysOut,
      built.empty ? this.errorView(built.empty, "term", "keys-error") : null,
      h("p", { class: "sub", "aria-hidden": "true" }, t.keysCaption(f.int(keys.length))),
      h(
        "div",
        { class: "table-wrap" },
        h(
          "table",
          { "data-testid": "keys-table" },
          h("caption", { class: "visually-hidden" }, t.keysCaption(f.int(keys.length))),
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", {}, t.line),
              h("th", { class: "l" }, t.key),
              h("th", {}, t.position(f.id(this.span))),
              h("th", { class: "l" }, t.routed),
            ),
          ),
          h("tbody", {}, rows),
        ),
      ),
    );
  }

  private drawMoves(keys: KeyRow[], moved: Map<number, { from: string; to: string }>): void {
    const t = this.t.malachi;
    const f = this.f;
    const c = this.change;
    if (!c) {
      replace(this.movesOut, h("p", { class: "narration", "data-testid": "moves-summary" }, t.noChange));
      return;
    }
    const routed = keys.filter((k) => !k.error).length;
    const id = c.idText;
    const what =
      c.kind === "add"
        ? t.added(id, f.id(c.to ?? 0))
        : c.kind === "remove"
          ? t.removed(id, f.id(c.from ?? 0))
          : t.movedVnode(id, f.id(c.from ?? 0), f.id(c.to ?? 0));
    const rows = keys
      .filter((k) => moved.has(k.line))
      .map((k) => {
        const m = moved.get(k.line) ?? { from: "", to: "" };
        return h(
          "tr",
          { "data-testid": "moved-row" },
          h("td", {}, f.id(k.line)),
          h("td", { class: "l term", title: k.text }, termCode(k.text)),
          h("td", { class: "l" }, h("code", {}, m.from)),
          h("td", { class: "l moved-to" }, "→ ", h("code", {}, m.to)),
        );
      });
    replace(
      this.movesOut,
      h(
        "p",
        { class: "narration", "data-testid": "moves-summary" },
        t.movedSummary(what, f.int(rows.length), f.int(routed)),
      ),
      rows.length
        ? h(
            "div",
            { class: "table-wrap" },
            h(
              "table",
              { "data-testid": "moves-table" },
              h("caption", { class: "visually-hidden" }, t.movesCaption),
              h(
                "thead",
                {},
                h(
                  "tr",
                  {},
                  h("th", {}, t.line),
                  h("th", { class: "l" }, t.key),
                  h("th", { class: "l" }, t.from),
                  h("th", { class: "l" }, t.to),
                ),
              ),
              h("tbody", {}, rows),
            ),
          )
        : null,
    );
  }
}
