// <ringlab-ring-stepper span="100" servers="A:10,B:30,C:50,D:80" hashes="5,20,38,50,77,95" key="" before="" step="0">
// `before` is the server list before the reader's last change of the servers (add, remove, a token
// moved): the keys that moved are marked from it, so a link or a reload shows the same change.
import type { Ringlab } from "ringlab";
import { h } from "../core/dom";
import type { Fmt } from "../core/format";
import type { Messages } from "../i18n/index";
import { num, nums, placed, stepIndex, str, type Placed, type StateOf } from "../core/params";
import { ColorMemory, MotionWindow, ServerEditor, colorSlots, movesLine, nextLetter } from "../core/scenario";
import {
  enableRingDrag,
  freeTokens,
  ringFields,
  ringKeys,
  ringMoves,
  sharesLegend,
  smallRingCss,
  smallRingSvg,
  syncRingFields,
  tokenInputs,
  withToken,
  type RingFields,
  type RingMoves,
} from "../core/small-ring";
import { StepperElement } from "../core/stepper";
import { serverClass } from "../core/styles";
import { hiddenHeader, serverLabel, table } from "../core/table";
import { ringSteps, type RingStep } from "../steps/ring";
import type { Owner } from "../steps/token-ring";

const spec = {
  step: stepIndex(),
  span: num(100),
  servers: placed([
    { name: "A", tokens: [10] },
    { name: "B", tokens: [30] },
    { name: "C", tokens: [50] },
    { name: "D", tokens: [80] },
  ]),
  hashes: nums([5, 20, 38, 50, 77, 95]),
  /** The reader's own key: it joins the keys at h32(key) mod span. */
  key: str(""),
  /** The servers before the last change of them (empty: no change to show). */
  before: placed([]),
};
type State = StateOf<typeof spec>;

export class RingStepper extends StepperElement<typeof spec, RingStep> {
  static override spec = spec;
  private fields!: RingFields;
  private readonly motion = new MotionWindow();
  private readonly colors = new ColorMemory();

  protected override extraStyles(): string {
    return smallRingCss;
  }

  protected heading(): string {
    return this.t.ring.title(this.f.id(0), this.f.id(this.state.span - 1));
  }

  protected override buildParams(params: HTMLDivElement): void {
    const editor = new ServerEditor(() => this.shadowRoot, {
      colors: this.colors,
      nextName: nextLetter,
      add: (name) => {
        const s = this.state;
        this.changeServers([...s.servers, { name, tokens: freeTokens(s.servers, s.span, 1) }]);
      },
      remove: (i) => this.changeServers(this.state.servers.filter((_, k) => k !== i)),
      // A rename is not a move: the list before takes the new name too.
      rename: (i, name) => {
        const s = this.state;
        const old = s.servers[i]?.name ?? "";
        const swap = (p: Placed) => (p.name === old ? { ...p, name } : p);
        this.colors.rename(old, name);
        this.change({ servers: s.servers.map(swap), before: s.before.map(swap) }, "keep");
      },
      extra: (i) => {
        const s = this.state;
        const p = s.servers[i];
        return p
          ? tokenInputs(this.t, "servers", p, s.span, (j, v) =>
              this.changeServers(withToken(this.state.servers, i, j, v)),
            )
          : undefined;
      },
    });
    this.fields = ringFields(editor, {
      key: (key) => {
        const s = this.state;
        // The new key's own step: after the intro and the chapter's keys.
        this.change({ key: key.trim(), step: key.trim() ? s.hashes.length + 1 : 0 }, "keep");
      },
      hashes: (text) => this.change({ hashes: spec.hashes.parse(text) }),
      // A new span places the keys afresh: there is no "before" on it to compare with.
      span: (span) => this.change({ span, before: [] }),
    });
    const f = this.fields;
    params.append(f.key.el, f.hashes.el, f.span.el, editor.el, f.dragHint);
  }

  protected override build(box: HTMLDivElement): void {
    super.build(box);
    // The stage exists now (buildParams ran first): drags start on its pictures.
    enableRingDrag(this.stage, {
      span: () => this.state.span,
      servers: () => this.state.servers,
      id: (pos) => this.f.id(pos),
      drop: (i, j, pos) => this.changeServers(withToken(this.state.servers, i, j, pos)),
    });
  }

  /** A change of the servers: the list as it was becomes `before`, and the keys' moves play. */
  private changeServers(servers: Placed[]): void {
    this.motion.begin();
    this.change({ servers, before: this.state.servers }, "last");
  }

  protected override syncParams(state: State): void {
    // Colours first, counting the servers before the change: the editor's chips then take theirs
    // from the same memory.
    this.palette(state);
    const names = state.servers.map((p) => p.name);
    syncRingFields(this.shadowRoot, { t: this.t, f: this.f, rl: this.rl }, this.fields, state, names);
  }

  /**
   * Colour slots of the servers now and before (remembered: a server keeps its colour while it
   * stays); the servers before come first, so a reload of a link colours them as the change did.
   */
  private palette(state: State): (name: string) => number {
    const all = [...new Set([...state.before.map((p) => p.name), ...state.servers.map((p) => p.name)])];
    const slots = this.colors.slots(all);
    return (name) => slots[all.indexOf(name)] ?? 0;
  }

  protected stepsOf(rl: Ringlab, state: State): RingStep[] {
    return ringSteps({ span: state.span, servers: state.servers, hashes: ringKeys(rl, state).hashes }, rl);
  }

  protected draw(stage: HTMLDivElement, step: RingStep, _i: number, _steps: RingStep[], state: State): void {
    const t = this.t.ring;
    const rl = this.rl as Ringlab;
    const names = state.servers.map((p) => p.name);
    const slot = this.palette(state);
    const slots = names.map(slot);
    const keys = ringKeys(rl, state);
    const revealed = step.kind === "intro" ? 0 : step.kind === "summary" ? step.owners.length : step.index;
    const before = state.before;
    const moves = before.length > 0 ? ringMoves(rl, state.span, before, state.servers, keys.hashes, slot) : undefined;
    const animate = this.motion.on;
    const svg = smallRingSvg({
      span: state.span,
      servers: state.servers,
      owners: step.owners,
      revealed,
      focus: step.kind === "key" ? step.index : -1,
      label: t.diagram(this.f.id(state.span - 1)),
      f: this.f,
      colors: slots,
      owned: true,
      draggable: true,
      ...(moves ? { moved: moves.marks, animate, elapsed: this.motion.elapsed } : {}),
    });
    stage.append(
      h("div", {}, svg, sharesLegend(this.t, this.f, state.servers, state.span, slots)),
      h(
        "div",
        {},
        ownersTable(
          { t: this.t, f: this.f },
          step.owners,
          step.kind === "key" ? step.index : -1,
          step.kind === "intro" ? 0 : step.kind === "summary" ? step.owners.length : step.index + 1,
          names,
          undefined,
          "owners",
          { labels: keys.labels, slots, moves },
        ),
        movesLine(this.t, this.f, moves?.moves),
      ),
    );
  }

  protected narrate(step: RingStep, _i: number, _steps: RingStep[], state: State): string {
    const t = this.t.ring;
    const f = this.f;
    const names = state.servers.map((p) => p.name);
    if (step.kind === "intro") return t.intro(f.id(state.span - 1), f.int(names.length), f.int(step.owners.length));
    if (step.kind === "summary") return t.summary;
    const o = step.owners[step.index];
    if (!o) return "";
    const label = step.index < state.hashes.length ? `k${step.index + 1}` : state.key;
    return t.key(label, f.id(o.hash), names[o.server] ?? "", f.id(o.token), o.equal, o.wrapped, f.id(state.span - 1));
  }
}

/** A server's colour slot on a list of servers (a key that moved is ringed in its old owner's colour). */
export function slotIn(servers: { name: string }[]): (name: string) => number {
  const names = servers.map((p) => p.name);
  const slots = colorSlots(names);
  return (name) => slots[names.indexOf(name)] ?? 0;
}

/** The owners as a table: the text alternative of the ring (shared by the ring steppers). */
export function ownersTable(
  w: { t: Messages; f: Fmt },
  owners: Owner[],
  focus: number,
  shown: number,
  names: string[],
  caption?: string,
  testid = "owners",
  extra: { labels?: string[]; slots?: number[]; moves?: RingMoves | undefined } = {},
): HTMLDivElement {
  const t = w.t.ring;
  const slots = extra.slots ?? colorSlots(names);
  const moves = extra.moves;
  return table(
    caption ?? t.tableCaption,
    [w.t.key, w.t.hash, w.t.owner, hiddenHeader(w.t.noteCol), ...(moves ? [hiddenHeader(w.t.movedCol)] : [])],
    owners.map((o, k) => {
      const known = k < shown;
      const was = moves?.was[k];
      return {
        cells: [
          extra.labels?.[k] ?? `k${k + 1}`,
          w.f.id(o.hash),
          known ? serverLabel(names[o.server] ?? "", serverClass(slots[o.server] ?? 0)) : "…",
          known ? (o.equal ? t.equalNote : o.wrapped ? t.wrapNote : "") : "",
          ...(moves ? [was !== undefined ? t.movedFrom(was) : ""] : []),
        ],
        class: [k === focus ? "now" : known ? "" : "dim", was !== undefined ? "moved-row" : ""].join(" ").trim(),
        cellClass: ["wrap", undefined, "l", "l wrap", was !== undefined ? "moved wrap" : "wrap"],
      };
    }),
    testid,
  );
}
