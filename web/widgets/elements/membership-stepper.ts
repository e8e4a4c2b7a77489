// <ringlab-membership-stepper span="100" servers="A:10,B:30,C:50,D:80" hashes="5,20,38,50,77,95"
//   changes="+E:40,-B" key="" step="0">
// The reader's own servers join and leave as further changes after the chapter's: adding F appends
// "+F:<token>", removing A appends "-A", so each of them gets the same two steps (the arc that
// changes hands, then the keys that moved) as the chapter's E and B.
import type { Ringlab } from "ringlab";
import { h } from "../core/dom";
import { num, nums, placed, stepIndex, str, strs, type Placed, type StateOf } from "../core/params";
import {
  ColorMemory,
  MotionWindow,
  ServerEditor,
  movesLine,
  movesOf,
  nextLetter,
  setField,
  textField,
} from "../core/scenario";
import {
  enableRingDrag,
  freeTokens,
  ringFields,
  ringKeys,
  sharesLegend,
  smallRingCss,
  smallRingSvg,
  syncRingFields,
  tokenInputs,
  type RingFields,
} from "../core/small-ring";
import { StepperElement } from "../core/stepper";
import { serverClass } from "../core/styles";
import { hiddenHeader, serverLabel, table } from "../core/table";
import { membershipSteps, parseChanges, type Change, type MembershipStep } from "../steps/membership";

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
  changes: strs(["+E:40", "-B"]),
  /** The reader's own key: it joins the keys at h32(key) mod span. */
  key: str(""),
};
type State = StateOf<typeof spec>;

const formatChange = (c: Change) =>
  c.kind === "add" ? `+${c.server.name}:${c.server.tokens.join("/")}` : `-${c.server.name}`;

/** The servers on the ring after every change (a change the module would refuse is left to it). */
function finalServers(state: State): Placed[] {
  let list = state.servers.map((p) => ({ name: p.name, tokens: [...p.tokens] }));
  for (const c of parseChanges(state.changes))
    list = c.kind === "add" ? [...list, c.server] : list.filter((p) => p.name !== c.server.name);
  return list;
}

export class MembershipStepper extends StepperElement<typeof spec, MembershipStep> {
  static override spec = spec;
  private fields!: RingFields;
  private changesField!: ReturnType<typeof textField>;
  /** The servers the picture shows (a drag names its point by index in this list). */
  private drawn: Placed[] = [];
  private readonly motion = new MotionWindow();
  private readonly colors = new ColorMemory();
  private lastIndex = -1;

  protected override extraStyles(): string {
    return smallRingCss;
  }

  protected heading(): string {
    return this.t.membership.title;
  }

  /** A user change of the servers: its result (the last step) plays the keys' moves once. */
  private changeServers(partial: Partial<State>, where: "last" | "keep" = "last"): void {
    this.motion.begin();
    this.change(partial, where);
  }

  /** Sets a server's token where the server is defined: the starting ring, or the change that added it. */
  private setToken(name: string, j: number, token: number): void {
    const s = this.state;
    const start = s.servers.findIndex((p) => p.name === name);
    const changes = parseChanges(s.changes);
    const added = changes.findIndex((c) => c.kind === "add" && c.server.name === name);
    const retoken = (p: Placed) => ({ ...p, tokens: p.tokens.map((x, m) => (m === j ? token : x)) });
    if (added >= 0)
      this.changeServers(
        { changes: changes.map((c, k) => formatChange(k === added ? { ...c, server: retoken(c.server) } : c)) },
        "keep",
      );
    else if (start >= 0)
      this.changeServers({ servers: s.servers.map((p, k) => (k === start ? retoken(p) : p)) }, "keep");
  }

  protected override buildParams(params: HTMLDivElement): void {
    this.changesField = textField("changes", (text) => this.change({ changes: spec.changes.parse(text) }));
    const editor = new ServerEditor(() => this.shadowRoot, {
      colors: this.colors,
      nextName: (names) => nextLetter([...names, ...this.palette(this.state)]),
      add: (name) => {
        const s = this.state;
        const tokens = freeTokens(finalServers(s), s.span, 1);
        this.changeServers({ changes: [...s.changes, `+${name}:${tokens.join("/")}`] });
      },
      remove: (i) => {
        const s = this.state;
        const name = finalServers(s)[i]?.name;
        if (name !== undefined) this.changeServers({ changes: [...s.changes, `-${name}`] });
      },
      rename: (i, name) => {
        const s = this.state;
        const old = finalServers(s)[i]?.name;
        if (old === undefined) return;
        const swap = (p: Placed) => (p.name === old ? { ...p, name } : p);
        this.colors.rename(old, name);
        this.change(
          {
            servers: s.servers.map(swap),
            changes: parseChanges(s.changes).map((c) => formatChange({ ...c, server: swap(c.server) })),
          },
          "keep",
        );
      },
      extra: (i) => {
        const s = this.state;
        const p = finalServers(s)[i];
        return p ? tokenInputs(this.t, "servers", p, s.span, (j, v) => this.setToken(p.name, j, v)) : undefined;
      },
    });
    this.fields = ringFields(editor, {
      key: (key) => this.change({ key: key.trim() }, "keep"),
      hashes: (text) => this.change({ hashes: spec.hashes.parse(text) }, "keep"),
      span: (span) => this.change({ span }),
    });
    const f = this.fields;
    params.append(f.key.el, f.hashes.el, f.span.el, this.changesField.el, editor.el, f.dragHint);
  }

  protected override build(box: HTMLDivElement): void {
    super.build(box);
    enableRingDrag(this.stage, {
      span: () => this.state.span,
      servers: () => this.drawn,
      id: (pos) => this.f.id(pos),
      drop: (i, j, pos) => {
        const name = this.drawn[i]?.name;
        if (name !== undefined) this.setToken(name, j, pos);
      },
    });
  }

  protected override syncParams(state: State): void {
    const t = this.t;
    const names = finalServers(state).map((p) => p.name);
    syncRingFields(this.shadowRoot, { t, f: this.f, rl: this.rl }, this.fields, state, names);
    this.changesField.label.textContent = t.membership.changes;
    setField(this.shadowRoot, this.changesField.input, state.changes.join(", "));
  }

  protected stepsOf(rl: Ringlab, state: State): MembershipStep[] {
    return membershipSteps(
      {
        span: state.span,
        servers: state.servers,
        hashes: ringKeys(rl, state).hashes,
        changes: parseChanges(state.changes),
      },
      rl,
    );
  }

  /** Every server name that appears, in order of appearance: a server's colour follows its name. */
  private palette(state: State): string[] {
    const names = state.servers.map((s) => s.name);
    for (const c of parseChanges(state.changes)) if (!names.includes(c.server.name)) names.push(c.server.name);
    return names;
  }

  protected draw(stage: HTMLDivElement, step: MembershipStep, i: number, _steps: MembershipStep[], state: State): void {
    const t = this.t.membership;
    const f = this.f;
    const rl = this.rl as Ringlab;
    const all = this.palette(state);
    const allSlots = this.colors.slots(all);
    const slot = (name: string) => allSlots[all.indexOf(name)] ?? 0;
    const labels = ringKeys(rl, state).labels;
    const change = parseChanges(state.changes)[step.change];
    // The arc step shows the ring as it was, with the joining server emphasised or the leaving one faded.
    const showBefore = step.kind === "arc" && change?.kind === "remove";
    const servers = showBefore ? step.previousServers : step.servers;
    this.drawn = servers;
    const owners = step.kind === "arc" ? step.previous : step.owners;
    const ownerServers = step.kind === "arc" ? step.previousServers : step.servers;
    const beforeNames = step.previous.map((o) => step.previousServers[o.server]?.name ?? "");
    const afterNames = step.owners.map((o) => step.servers[o.server]?.name ?? "");
    // The keys that moved in this change, counted by the module (shown once the change is done).
    const moves =
      step.kind === "moved"
        ? movesOf(
            rl,
            beforeNames,
            afterNames,
            step.previousServers.map((p) => p.name),
            step.servers.map((p) => p.name),
          )
        : undefined;
    // Arriving at a change's result plays its moves (a render that only redraws the same step
    // lets them finish instead of starting them again or cutting them short).
    if (step.kind === "moved" && i !== this.lastIndex) this.motion.begin();
    const animate = step.kind === "moved" && this.motion.on;
    this.lastIndex = i;
    const colors = servers.map((s) => slot(s.name));
    const svg = smallRingSvg({
      span: state.span,
      servers,
      owners: owners.map((o) => ({ ...o, server: servers.findIndex((s) => s.name === ownerServers[o.server]?.name) })),
      revealed: owners.length,
      focus: -1,
      label: t.diagram(f.id(state.span - 1)),
      f,
      colors,
      owned: true,
      draggable: true,
      arcs:
        step.kind === "start"
          ? []
          : step.arcs.map((a) => ({
              from: a.start,
              to: a.end,
              server: slot(step.servers[a.to]?.name ?? ""),
              kind: "moved" as const,
            })),
      ...(moves
        ? {
            moved: moves.moved.map((m, k) =>
              m
                ? {
                    from: step.previous[k]?.token ?? 0,
                    to: step.owners[k]?.token ?? 0,
                    was: slot(beforeNames[k] ?? ""),
                  }
                : undefined,
            ),
            animate,
            elapsed: this.motion.elapsed,
          }
        : {}),
      ...(change && step.kind !== "start"
        ? change.kind === "add"
          ? { emphasised: new Set([change.server.name]) }
          : { faded: new Set([change.server.name]) }
        : {}),
    });
    const rows = step.owners.map((o, k) => {
      const bName = beforeNames[k] ?? "";
      const aName = afterNames[k] ?? "";
      const moved = step.kind !== "start" && bName !== aName;
      const showAfter = step.kind === "moved";
      // Before any change each key has one owner: no "after" and no moved/stayed column yet.
      return {
        cells: [
          labels[k] ?? `k${k + 1}`,
          f.id(o.hash),
          serverLabel(bName, serverClass(slot(bName))),
          ...(step.kind === "start"
            ? []
            : [
                showAfter ? serverLabel(aName, serverClass(slot(aName))) : "…",
                showAfter ? (moved ? t.moved : t.stayed) : "",
              ]),
        ],
        class: moved && step.kind === "moved" ? "now moved-row" : "",
        cellClass: ["wrap", undefined, "l", "l", moved ? "moved" : "kept"],
      };
    });
    stage.append(
      h("div", {}, svg, sharesLegend(this.t, f, servers, state.span, colors)),
      h(
        "div",
        {},
        table(
          step.kind === "start" ? t.captionStart : t.caption,
          step.kind === "start"
            ? [this.t.key, this.t.hash, this.t.owner]
            : [this.t.key, this.t.hash, t.before, t.after, hiddenHeader(this.t.movedCol)],
          rows,
          "owners",
        ),
        movesLine(this.t, f, moves),
      ),
    );
  }

  protected narrate(step: MembershipStep, _i: number, _steps: MembershipStep[], state: State): string {
    const t = this.t.membership;
    const f = this.f;
    if (step.kind === "start")
      return t.start(
        state.servers.map((s) => `${s.name} ${s.tokens.map((x) => f.id(x)).join("/")}`).join(", "),
        f.int(step.owners.length),
      );
    const change = parseChanges(state.changes)[step.change];
    if (!change) return "";
    const arcs = step.arcs.map((a) => `(${f.id(a.start)}, ${f.id(a.end)}]`).join(", ");
    const from = [...new Set(step.arcs.map((a) => step.previousServers[a.from]?.name ?? ""))].join(", ");
    const to = [...new Set(step.arcs.map((a) => step.servers[a.to]?.name ?? ""))].join(", ");
    if (step.kind === "arc") {
      return change.kind === "add"
        ? t.addArc(change.server.name, change.server.tokens.map((x) => f.id(x)).join("/"), arcs, from)
        : t.removeArc(change.server.name, arcs, to);
    }
    const movedKeys = step.owners
      .map((o, k) => ({
        o,
        k,
        b: step.previousServers[step.previous[k]?.server ?? 0]?.name,
        a: step.servers[o.server]?.name,
      }))
      .filter((x) => x.a !== x.b)
      .map((x) => `${f.id(x.o.hash)} (${x.b} → ${x.a})`)
      .join(", ");
    return t.moved_(
      f.int(step.moved),
      f.int(step.owners.length),
      movedKeys,
      step.fromNames.join(", "),
      f.int(step.movedBetweenOld),
      change.kind === "add",
    );
  }
}
