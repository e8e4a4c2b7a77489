// <ringlab-membership-stepper span="100" servers="A:10,B:30,C:50,D:80" hashes="5,20,38,50,77,95"
//   changes="+E:40,-B" step="0">
import type { Ringlab } from "ringlab";
import { h } from "../core/dom";
import { num, nums, placed, stepIndex, strs, type StateOf } from "../core/params";
import { smallRingSvg } from "../core/small-ring";
import { StepperElement } from "../core/stepper";
import { serverClass } from "../core/styles";
import { serverLabel, table } from "../core/table";
import { membershipSteps, parseChanges, type MembershipStep } from "../steps/membership";

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
};
type State = StateOf<typeof spec>;

export class MembershipStepper extends StepperElement<typeof spec, MembershipStep> {
  static override spec = spec;

  protected heading(): string {
    return this.t.membership.title;
  }

  protected stepsOf(rl: Ringlab, state: State): MembershipStep[] {
    return membershipSteps(
      { span: state.span, servers: state.servers, hashes: state.hashes, changes: parseChanges(state.changes) },
      rl,
    );
  }

  /** Every server name that appears, in order of appearance: a server's colour follows its name. */
  private palette(state: State): string[] {
    const names = state.servers.map((s) => s.name);
    for (const c of parseChanges(state.changes)) if (!names.includes(c.server.name)) names.push(c.server.name);
    return names;
  }

  protected draw(
    stage: HTMLDivElement,
    step: MembershipStep,
    _i: number,
    _steps: MembershipStep[],
    state: State,
  ): void {
    const t = this.t.membership;
    const f = this.f;
    const all = this.palette(state);
    const change = parseChanges(state.changes)[step.change];
    // The arc step shows the ring as it was, with the joining server emphasised or the leaving one faded.
    const showBefore = step.kind === "arc" && change?.kind === "remove";
    const servers = showBefore ? step.previousServers : step.servers;
    const owners = step.kind === "arc" ? step.previous : step.owners;
    const ownerServers = step.kind === "arc" ? step.previousServers : step.servers;
    const colorsOf = (list: typeof servers) => list.map((s) => all.indexOf(s.name));
    // Owners index into ownerServers; recolour them through names so the diagram's list can differ.
    const svg = smallRingSvg({
      span: state.span,
      servers,
      owners: owners.map((o) => ({ ...o, server: servers.findIndex((s) => s.name === ownerServers[o.server]?.name) })),
      revealed: owners.length,
      focus: -1,
      label: t.diagram(f.id(state.span - 1)),
      f,
      colors: colorsOf(servers),
      arcs:
        step.kind === "start"
          ? []
          : step.arcs.map((a) => ({
              from: a.start,
              to: a.end,
              server: all.indexOf(step.servers[a.to]?.name ?? ""),
              kind: "moved" as const,
            })),
      ...(change && step.kind !== "start"
        ? change.kind === "add"
          ? { emphasised: new Set([change.server.name]) }
          : { faded: new Set([change.server.name]) }
        : {}),
    });
    const rows = step.owners.map((o, k) => {
      const before = step.previous[k];
      const bName = step.previousServers[before?.server ?? 0]?.name ?? "";
      const aName = step.servers[o.server]?.name ?? "";
      const moved = step.kind !== "start" && bName !== aName;
      const showAfter = step.kind === "moved" || step.kind === "start";
      return {
        cells: [
          f.digitsIn(`k${k + 1}`),
          f.id(o.hash),
          serverLabel(bName, serverClass(all.indexOf(bName))),
          showAfter ? serverLabel(aName, serverClass(all.indexOf(aName))) : "…",
          showAfter && step.kind !== "start" ? (moved ? t.moved : t.stayed) : "",
        ],
        class: moved && step.kind === "moved" ? "now" : "",
        cellClass: [undefined, undefined, "l", "l", moved ? "moved" : "kept"],
      };
    });
    stage.append(
      h("div", {}, svg),
      table(
        step.kind === "start" ? t.captionStart : t.caption,
        [
          this.t.key,
          this.t.hash,
          step.kind === "start" ? this.t.owner : t.before,
          step.kind === "start" ? "" : t.after,
          "",
        ],
        rows,
        "owners",
      ),
    );
  }

  protected narrate(step: MembershipStep, _i: number, _steps: MembershipStep[], state: State): string {
    const t = this.t.membership;
    const f = this.f;
    if (step.kind === "start")
      return t.start(state.servers.map((s) => `${s.name} ${s.tokens.map((x) => f.id(x)).join("/")}`).join(", "));
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
