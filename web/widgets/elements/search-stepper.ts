// <ringlab-search-stepper span="1000" servers="A:105/930,B:290/610,C:450/845" hashes="700,950,450"
//   pref="700" rf="3" zones="A:az-1,B:az-1,C:az-2" step="0">
import type { Ringlab } from "ringlab";
import { h, s } from "../core/dom";
import { num, nums, pairs, placed, stepIndex, type StateOf } from "../core/params";
import { smallRingSvg } from "../core/small-ring";
import { StepperElement } from "../core/stepper";
import { serverClass } from "../core/styles";
import { serverLabel, table } from "../core/table";
import { searchSteps, type SearchStep } from "../steps/search";

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
};
type State = StateOf<typeof spec>;

export class SearchStepper extends StepperElement<typeof spec, SearchStep> {
  static override spec = spec;

  protected heading(): string {
    return this.t.search.title;
  }

  protected stepsOf(rl: Ringlab, state: State): SearchStep[] {
    return searchSteps(
      {
        span: state.span,
        servers: state.servers,
        hashes: state.hashes,
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
      svg.append(s("text", { x: x(i) + cw / 2, y: 22, "text-anchor": "middle", class: "muted" }, `[${f.id(i)}]`));
      svg.append(
        s("rect", {
          x: x(i) + 2,
          y: 28,
          width: cw - 4,
          height: 44,
          rx: 5,
          class: `${serverClass(pt.server)}${visited || isOwner || pr?.mid === i ? " em" : ""}`,
          "fill-opacity": inRange ? 0.28 : 0.06,
          "stroke-width": visited || isOwner || pr?.mid === i ? 3 : 1,
        }),
      );
      svg.append(
        s(
          "text",
          { x: x(i) + cw / 2, y: 50, "text-anchor": "middle", "font-weight": 700, opacity: inRange ? 1 : 0.45 },
          f.id(pt.token),
        ),
      );
      svg.append(
        s(
          "text",
          { x: x(i) + cw / 2, y: 66, "text-anchor": "middle", opacity: inRange ? 1 : 0.45 },
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
    const ring = smallRingSvg({
      span: state.span,
      servers: state.servers,
      owners:
        step.kind === "intro"
          ? []
          : [owner ?? { hash: step.hash, id: "", server: -1, token: step.hash, equal: false, wrapped: false }],
      revealed: owner ? 1 : 0,
      focus: step.kind === "found" ? 0 : -1,
      label: t.ringLabel(f.id(state.span - 1)),
      f,
      arcs:
        walking && owner && visitPt
          ? [{ from: owner.hash, to: visitPt.token, server: visitPt.server, kind: "walk" }]
          : [],
      ...(visitPt ? { emphasised: new Set([names[visitPt.server] ?? ""]) } : {}),
    });
    const right = h("div", {}, this.strip(step, state));
    if (step.kind === "probe" || step.kind === "found") {
      const probes = steps.filter((x) => x.kind === "probe" && x.hash === step.hash);
      right.append(
        table(
          t.probesCaption(f.id(step.hash)),
          ["#", "lo", "hi", "mid", t.token, ""],
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
              cellClass: [undefined, undefined, undefined, undefined, undefined, "l"],
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
          [t.point, t.token, this.t.server, t.zone, ""],
          walks.map((x) => {
            const v = x.visit;
            const pt = v ? x.points[v.point] : undefined;
            const reached = step.kind === "list" || walks.indexOf(x) <= walks.indexOf(step);
            const name = names[pt?.server ?? 0] ?? "";
            return {
              cells: [
                f.id(v?.point ?? 0),
                f.id(pt?.token ?? 0),
                serverLabel(name, serverClass(pt?.server ?? 0)),
                state.zones[name] ?? "",
                reached && v ? t.actions[v.action] : "",
              ],
              class: x === step ? "now" : reached ? "" : "dim",
              cellClass: [undefined, undefined, "l", "l", "l"],
            };
          }),
          "walk",
        ),
        h("p", { "data-testid": "preference-list" }, h("strong", {}, `${t.listLabel}: `), step.list.join(", ") || "—"),
      );
    }
    stage.append(h("div", {}, ring), right);
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
