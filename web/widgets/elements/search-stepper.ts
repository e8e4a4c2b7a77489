// <ringlab-search-stepper span="1000" servers="A:105/930,B:290/610,C:450/845" hashes="700,950,450"
//   pref="700" rf="3" zones="A:az-1,B:az-1,C:az-2" key="" before="" step="0">
// `before` is the server list before the reader's last change of the servers (add, remove, a token
// moved): the keys that moved are marked from it, so a link or a reload shows the same change.
import type { Ringlab } from "ringlab";
import { h, s } from "../core/dom";
import { num, nums, pairs, placed, stepIndex, str, type Placed, type StateOf } from "../core/params";
import {
  ColorMemory,
  MotionWindow,
  ServerEditor,
  movesLine,
  nextLetter,
  numberField,
  setField,
} from "../core/scenario";
import {
  enableRingDrag,
  freeTokens,
  ownerNames,
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
} from "../core/small-ring";
import { StepperElement } from "../core/stepper";
import { serverClass } from "../core/styles";
import { hiddenHeader, serverLabel, table } from "../core/table";
import { searchSteps, type SearchStep } from "../steps/search";
import type { Owner } from "../steps/token-ring";
import { ownersTable } from "./ring-stepper";

const spec = {
  step: stepIndex(),
  span: num(1000),
  servers: placed([
    { name: "A", tokens: [105, 930] },
    { name: "B", tokens: [290, 610] },
    { name: "C", tokens: [450, 845] },
  ]),
  hashes: nums([700, 950, 450]),
  pref: num(700),
  rf: num(3),
  zones: pairs({ A: "az-1", B: "az-1", C: "az-2" }),
  /** The reader's own key: it joins the keys looked up, at h32(key) mod span. */
  key: str(""),
  /** The servers before the last change of them (empty: no change to show). */
  before: placed([]),
};
type State = StateOf<typeof spec>;

export class SearchStepper extends StepperElement<typeof spec, SearchStep> {
  static override spec = spec;
  private fields!: RingFields;
  private rfField!: ReturnType<typeof numberField>;
  private prefField!: ReturnType<typeof numberField>;
  private readonly motion = new MotionWindow();
  private readonly colors = new ColorMemory();
  private jumpToKey = false;

  protected override extraStyles(): string {
    return smallRingCss;
  }

  protected override buildParams(params: HTMLDivElement): void {
    this.rfField = numberField("rf", (rf) => this.change({ rf }, "last"), { min: 1, step: 1 });
    this.prefField = numberField("pref", (pref) => this.change({ pref }, "last"), { min: 0, step: 1 });
    const editor = new ServerEditor(() => this.shadowRoot, {
      colors: this.colors,
      nextName: nextLetter,
      add: (name) => {
        const st = this.state;
        const v = Math.max(1, st.servers[0]?.tokens.length ?? 1);
        const zones = { ...st.zones };
        const used = Object.values(zones);
        if (used.length > 0) {
          // A new server joins the zone with the fewest servers.
          const count = (z: string) => used.filter((x) => x === z).length;
          zones[name] = [...new Set(used)].sort((a, b) => count(a) - count(b) || a.localeCompare(b))[0] ?? "";
        }
        this.changeServers([...st.servers, { name, tokens: freeTokens(st.servers, st.span, v) }], { zones });
      },
      remove: (i) => {
        const st = this.state;
        const name = st.servers[i]?.name ?? "";
        const zones = { ...st.zones };
        delete zones[name];
        this.changeServers(
          st.servers.filter((_, k) => k !== i),
          { zones },
        );
      },
      rename: (i, name) => {
        const st = this.state;
        const old = st.servers[i]?.name ?? "";
        // A rename is not a move: the list before takes the new name too.
        const swap = (p: Placed) => (p.name === old ? { ...p, name } : p);
        this.colors.rename(old, name);
        const zones: Record<string, string> = {};
        for (const [k, z] of Object.entries(st.zones)) zones[k === old ? name : k] = z;
        this.change({ servers: st.servers.map(swap), before: st.before.map(swap), zones }, "keep");
      },
      extra: (i) => {
        const st = this.state;
        const p = st.servers[i];
        if (!p) return undefined;
        const label = this.t.search.zoneOf(p.name);
        const zone = h("input", {
          type: "text",
          class: "zone",
          value: st.zones[p.name] ?? "",
          "aria-label": label,
          title: label,
          spellcheck: "false",
          autocomplete: "off",
          "data-focus-key": `zone:${p.name}`,
          "data-testid": `servers-zone-${p.name}`,
        });
        zone.addEventListener("change", () => {
          const zones = { ...this.state.zones };
          if (zone.value.trim()) zones[p.name] = zone.value.trim();
          else delete zones[p.name];
          this.change({ zones }, "last");
        });
        return h(
          "span",
          { class: "tokens" },
          tokenInputs(this.t, "servers", p, st.span, (j, v) =>
            this.changeServers(withToken(this.state.servers, i, j, v)),
          ),
          zone,
        );
      },
    });
    this.fields = ringFields(editor, {
      key: (key) => {
        this.jumpToKey = key.trim() !== "";
        this.change({ key: key.trim() });
      },
      hashes: (text) => this.change({ hashes: spec.hashes.parse(text) }),
      // A new span places the keys afresh: there is no "before" on it to compare with.
      span: (span) => this.change({ span, before: [] }),
    });
    const f = this.fields;
    params.append(f.key.el, f.hashes.el, f.span.el, this.rfField.el, this.prefField.el, editor.el, f.dragHint);
  }

  protected override build(box: HTMLDivElement): void {
    super.build(box);
    enableRingDrag(this.stage, {
      span: () => this.state.span,
      servers: () => this.state.servers,
      id: (pos) => this.f.id(pos),
      drop: (i, j, pos) => this.changeServers(withToken(this.state.servers, i, j, pos)),
    });
  }

  /** A change of the servers: the list as it was becomes `before`, and the keys' moves play. */
  private changeServers(servers: Placed[], more: Partial<State> = {}): void {
    this.motion.begin();
    this.change({ ...more, servers, before: this.state.servers }, "last");
  }

  protected override syncParams(state: State): void {
    const t = this.t;
    const names = state.servers.map((p) => p.name);
    syncRingFields(this.shadowRoot, { t, f: this.f, rl: this.rl }, this.fields, state, names);
    this.rfField.label.textContent = t.search.rf;
    setField(this.shadowRoot, this.rfField.input, String(state.rf));
    this.prefField.label.textContent = t.search.pref;
    setField(this.shadowRoot, this.prefField.input, String(state.pref));
  }

  protected override render(rl: Ringlab, state: State): void {
    super.render(rl, state);
    if (this.jumpToKey) {
      // The reader's key is the last one searched: go to its first comparison.
      this.jumpToKey = false;
      let found = 0;
      const at = this.steps.findIndex((x) => x.kind === "found" && ++found === state.hashes.length);
      if (at >= 0 && at + 1 < this.stepCount) this.go(at + 1);
    }
  }

  protected heading(): string {
    return this.t.search.title;
  }

  /**
   * A server's colour slot, remembered (it keeps its colour while it stays); the servers before
   * the last change are counted too, so a server that left is ringed in the colour it had.
   */
  private slotOf(name: string): number {
    const all = [...new Set([...this.state.before.map((p) => p.name), ...this.state.servers.map((p) => p.name)])];
    return this.colors.slots(all)[all.indexOf(name)] ?? 0;
  }

  protected stepsOf(rl: Ringlab, state: State): SearchStep[] {
    return searchSteps(
      {
        span: state.span,
        servers: state.servers,
        hashes: ringKeys(rl, state).hashes,
        pref: state.pref,
        rf: state.rf,
        zones: state.zones,
      },
      rl,
    );
  }

  private strip(step: SearchStep, state: State): SVGSVGElement {
    const t = this.t.search;
    const f = this.f;
    const n = step.points.length;
    const cw = 300 / Math.max(1, n);
    const slots = state.servers.map((p) => this.slotOf(p.name));
    // Narrow cells (many points) get smaller text so neighbours do not run together.
    const fs = Math.min(12, Math.max(6, cw / 3.6));
    const svg = s("svg", {
      class: "diagram wide",
      viewBox: "0 0 320 118",
      role: "img",
      "aria-label": t.arrayLabel,
      "data-testid": "array",
    });
    const x = (i: number) => 10 + i * cw;
    const pr = step.probe;
    step.points.forEach((pt, i) => {
      const inRange = pr ? i >= pr.lo && i < pr.hi : true;
      const visited = step.visit?.point === i;
      const isOwner = step.kind === "found" && step.landed === i;
      svg.append(
        s(
          "text",
          { x: x(i) + cw / 2, y: 22, "text-anchor": "middle", class: "muted", "font-size": fs },
          `[${f.id(i)}]`,
        ),
      );
      svg.append(
        s("rect", {
          x: x(i) + 2,
          y: 28,
          width: cw - 4,
          height: 44,
          rx: 5,
          class: `${serverClass(slots[pt.server] ?? 0)}${visited || isOwner || pr?.mid === i ? " em" : ""}`,
          "fill-opacity": inRange ? 0.28 : 0.06,
          "stroke-width": visited || isOwner || pr?.mid === i ? 3 : 1,
        }),
      );
      svg.append(
        s(
          "text",
          {
            x: x(i) + cw / 2,
            y: 50,
            "text-anchor": "middle",
            "font-weight": 700,
            "font-size": fs,
            opacity: inRange ? 1 : 0.45,
          },
          f.id(pt.token),
        ),
      );
      svg.append(
        s(
          "text",
          { x: x(i) + cw / 2, y: 66, "text-anchor": "middle", "font-size": fs, opacity: inRange ? 1 : 0.45 },
          state.servers[pt.server]?.name ?? "",
        ),
      );
    });
    if (pr) {
      svg.append(s("text", { x: x(pr.mid) + cw / 2, y: 10, "text-anchor": "middle", "font-weight": 700 }, `mid ▼`));
      svg.append(s("line", { x1: x(pr.lo) + 2, y1: 80, x2: x(pr.lo) + 2, y2: 92, class: "hl" }));
      svg.append(s("text", { x: x(pr.lo) + 4, y: 104 }, `lo=${f.id(pr.lo)}`));
      svg.append(s("line", { x1: x(pr.hi) - 2, y1: 80, x2: x(pr.hi) - 2, y2: 92, class: "hl" }));
      svg.append(s("text", { x: x(pr.hi) - 4, y: 116, "text-anchor": "end" }, `hi=${f.id(pr.hi)}`));
      svg.append(s("line", { x1: x(pr.lo) + 2, y1: 86, x2: x(pr.hi) - 2, y2: 86, class: "axis", "stroke-width": 2 }));
    }
    if (step.kind === "found" && step.landed >= n) {
      svg.append(s("text", { x: 310, y: 96, "text-anchor": "end", "font-weight": 700 }, t.pastEnd(f.id(n))));
    }
    return svg;
  }

  protected draw(stage: HTMLDivElement, step: SearchStep, i: number, steps: SearchStep[], state: State): void {
    const t = this.t.search;
    const f = this.f;
    const names = state.servers.map((p) => p.name);
    const owner = step.owner;
    const walking = step.kind === "walk" || step.kind === "list";
    const visitPt = step.visit ? step.points[step.visit.point] : undefined;
    const rl = this.rl as Ringlab;
    const slots = names.map((n) => this.slotOf(n));
    const keys = ringKeys(rl, state);
    // Every key on the ring: those whose search has finished coloured by owner, the current one
    // walked to its owner; during the preference list, the list's position as well.
    let finished = 0;
    for (let k = 0; k < i; k++) if (steps[k]?.kind === "found") finished++;
    const all: Owner[] = ownerNames(rl, state.span, state.servers, keys.hashes);
    const prefShown = walking && owner && !keys.hashes.includes(owner.hash);
    const owners = prefShown && owner ? [...all, owner] : all;
    const revealed =
      step.kind === "intro" ? 0 : step.kind === "probe" ? finished : walking ? owners.length : finished + 1;
    const before = this.state.before;
    const moves =
      before.length > 0
        ? ringMoves(rl, state.span, before, state.servers, keys.hashes, (n) => this.slotOf(n))
        : undefined;
    const ring = smallRingSvg({
      span: state.span,
      servers: state.servers,
      owners,
      revealed,
      focus: step.kind === "found" ? finished : -1,
      label: t.ringLabel(f.id(state.span - 1)),
      f,
      colors: slots,
      owned: true,
      draggable: true,
      arcs:
        walking && owner && visitPt
          ? [{ from: owner.hash, to: visitPt.token, server: slots[visitPt.server] ?? 0, kind: "walk" }]
          : [],
      ...(visitPt ? { emphasised: new Set([names[visitPt.server] ?? ""]) } : {}),
      ...(moves ? { moved: moves.marks, animate: this.motion.on, elapsed: this.motion.elapsed } : {}),
    });
    const right = h("div", {}, this.strip(step, state));
    if (step.kind === "probe" || step.kind === "found") {
      const probes = steps.filter((x) => x.kind === "probe" && x.hash === step.hash);
      right.append(
        table(
          t.probesCaption(f.id(step.hash)),
          ["#", "lo", "hi", "mid", t.token, hiddenHeader(t.compareCol)],
          probes.map((x, k) => {
            const pr = x.probe;
            const reached = step.kind === "found" || k <= step.probeIndex;
            return {
              cells: pr
                ? [
                    f.int(k + 1),
                    f.id(pr.lo),
                    f.id(pr.hi),
                    f.id(pr.mid),
                    reached ? f.id(pr.token) : "…",
                    reached
                      ? pr.right
                        ? `${f.id(pr.token)} < ${f.id(step.hash)} → ${t.right}`
                        : `${f.id(pr.token)} ≥ ${f.id(step.hash)} → ${t.left}`
                      : "",
                  ]
                : [],
              class: x === steps[i] ? "now" : reached ? "" : "dim",
              cellClass: [undefined, undefined, undefined, undefined, undefined, "l wrap"],
            };
          }),
          "probes",
        ),
      );
    }
    if (walking) {
      const walks = steps.filter((x) => x.kind === "walk");
      right.append(
        table(
          t.walkCaption(f.id(state.pref), f.int(state.rf)),
          [t.point, t.token, this.t.server, t.zone, hiddenHeader(t.actionCol)],
          walks.map((x) => {
            const v = x.visit;
            const pt = v ? x.points[v.point] : undefined;
            const reached = step.kind === "list" || walks.indexOf(x) <= walks.indexOf(step);
            const name = names[pt?.server ?? 0] ?? "";
            return {
              cells: [
                f.id(v?.point ?? 0),
                f.id(pt?.token ?? 0),
                serverLabel(name, serverClass(slots[pt?.server ?? 0] ?? 0)),
                state.zones[name] ?? "",
                reached && v ? t.actions[v.action] : "",
              ],
              class: x === step ? "now" : reached ? "" : "dim",
              cellClass: [undefined, undefined, "l", "l", "l wrap"],
            };
          }),
          "walk",
        ),
        h("p", { "data-testid": "preference-list" }, h("strong", {}, `${t.listLabel}: `), step.list.join(", ") || "—"),
      );
    }
    stage.append(
      h(
        "div",
        {},
        ring,
        sharesLegend(this.t, f, state.servers, state.span, slots),
        ownersTable(
          { t: this.t, f },
          all,
          step.kind === "found" ? finished : -1,
          step.kind === "intro" ? 0 : step.kind === "probe" ? finished : walking ? all.length : finished + 1,
          names,
          undefined,
          "owners",
          { labels: keys.labels, slots, moves },
        ),
        movesLine(this.t, f, moves?.moves),
      ),
      right,
    );
  }

  protected narrate(step: SearchStep, _i: number, _steps: SearchStep[], state: State): string {
    const t = this.t.search;
    const f = this.f;
    const names = state.servers.map((p) => p.name);
    switch (step.kind) {
      case "intro":
        return t.intro(f.int(step.points.length), step.points.map((p) => f.id(p.token)).join(", "));
      case "probe": {
        const pr = step.probe;
        if (!pr) return "";
        return t.probe(
          f.id(step.hash),
          f.int(step.probeIndex + 1),
          f.id(pr.lo),
          f.id(pr.hi),
          f.id(pr.mid),
          f.id(pr.token),
          pr.right,
        );
      }
      case "found": {
        const o = step.owner;
        if (!o) return "";
        const name = names[o.server] ?? "";
        if (o.wrapped)
          return t.wrapped(f.id(step.hash), f.id(step.points.length), name, f.id(o.token), f.int(step.probes));
        if (o.equal) return t.equal(f.id(step.hash), name, f.int(step.probes));
        return t.found(f.id(step.hash), f.id(step.landed), f.id(o.token), name, f.int(step.probes));
      }
      case "walk": {
        const v = step.visit;
        const pt = v ? step.points[v.point] : undefined;
        if (!v || !pt) return "";
        const name = names[pt.server] ?? "";
        return t.walk(f.id(pt.token), name, state.zones[name] ?? "", v.action, step.list.join(", "), f.int(v.lap));
      }
      case "list":
        return t.list(f.id(state.pref), f.int(state.rf), step.list.join(", "), Object.keys(state.zones).length > 0);
    }
  }
}
