// <ringlab-rendezvous-stepper key="user:42" servers="S0,S1,S2,S3" step="0">
import type { Ringlab } from "ringlab";
import { h, s } from "../core/dom";
import { stepIndex, str, strs, type StateOf } from "../core/params";
import { StepperElement } from "../core/stepper";
import { serverClass } from "../core/styles";
import { serverLabel, table } from "../core/table";
import { rendezvousSteps, type RendezvousStep } from "../steps/rendezvous";

const spec = {
  step: stepIndex(),
  key: str("user:42"),
  servers: strs(["S0", "S1", "S2", "S3"]),
};
type State = StateOf<typeof spec>;

// Scores are uint32; the tutorial shows them divided by 2^32, a fraction in [0, 1).
const TWO32 = 4294967296;

export class RendezvousStepper extends StepperElement<typeof spec, RendezvousStep> {
  static override spec = spec;
  private keyInput!: HTMLInputElement;
  private nameInput!: HTMLInputElement;
  private addButton!: HTMLButtonElement;
  private chips!: HTMLUListElement;
  private keyLabel!: HTMLSpanElement;
  private nameLabel!: HTMLSpanElement;
  private serversLabel!: HTMLSpanElement;

  protected heading(): string {
    return this.t.rendezvous.title;
  }

  protected override buildParams(box: HTMLDivElement): void {
    this.keyInput = h("input", {
      type: "text",
      class: "wide",
      "data-testid": "key",
      spellcheck: "false",
      autocomplete: "off",
    });
    this.keyInput.addEventListener("change", () => this.change({ key: this.keyInput.value }));
    this.nameInput = h("input", {
      type: "text",
      class: "num",
      "data-testid": "server-name",
      spellcheck: "false",
      autocomplete: "off",
    });
    this.addButton = h("button", { type: "button", "data-testid": "add-server" });
    const add = () => {
      const name = this.nameInput.value.trim() || this.t.rendezvous.nextName(this.state.servers.length);
      this.change({ servers: [...this.state.servers, name] }, "last");
      this.nameInput.value = "";
    };
    this.addButton.addEventListener("click", add);
    this.nameInput.addEventListener("keydown", (e) => {
      if (e.key === "Enter") add();
    });
    this.keyLabel = h("span");
    this.nameLabel = h("span");
    this.serversLabel = h("span");
    this.chips = h("ul", { class: "list", "data-testid": "servers" });
    box.append(
      h("label", {}, this.keyLabel, this.keyInput),
      h("div", { class: "field" }, this.serversLabel, this.chips),
      h("label", {}, this.nameLabel, h("span", { style: "display:flex;gap:.3rem" }, this.nameInput, this.addButton)),
    );
  }

  protected override syncParams(state: State): void {
    const t = this.t.rendezvous;
    this.keyLabel.textContent = this.t.key;
    this.nameLabel.textContent = t.newServer;
    this.serversLabel.textContent = this.t.servers;
    this.addButton.textContent = t.add;
    if (this.shadowRoot?.activeElement !== this.keyInput) this.keyInput.value = state.key;
    const focusedRemove = (this.shadowRoot?.activeElement as HTMLElement | null)?.dataset.remove;
    this.chips.replaceChildren(
      ...state.servers.map((name, i) => {
        const remove = h(
          "button",
          { type: "button", "aria-label": t.remove(name), "data-remove": name, "data-testid": `remove-${name}` },
          "×",
        );
        remove.addEventListener("click", () => {
          this.change({ servers: state.servers.filter((_, j) => j !== i) }, "last");
          // Keep the keyboard near: the next chip's button, or the name field.
          queueMicrotask(() =>
            ((this.chips.querySelector("button") as HTMLButtonElement | null) ?? this.nameInput).focus(),
          );
        });
        return h("li", { class: "chip" }, serverLabel(name, serverClass(i)), remove);
      }),
    );
    if (focusedRemove)
      (this.chips.querySelector(`[data-remove="${CSS.escape(focusedRemove)}"]`) as HTMLElement | null)?.focus();
  }

  protected stepsOf(rl: Ringlab, state: State): RendezvousStep[] {
    return rendezvousSteps({ key: state.key, servers: state.servers }, rl);
  }

  protected draw(
    stage: HTMLDivElement,
    step: RendezvousStep,
    _i: number,
    _steps: RendezvousStep[],
    state: State,
  ): void {
    const f = this.f;
    const t = this.t.rendezvous;
    const n = state.servers.length;
    const rowH = 30;
    const svg = s("svg", {
      class: "diagram",
      viewBox: `0 0 320 ${Math.max(1, n) * rowH + 24}`,
      role: "img",
      "aria-label": t.diagram(state.key),
      "data-testid": "scores-chart",
    });
    const x0 = 44;
    const w = 200;
    svg.append(s("line", { class: "axis", x1: x0, y1: 4, x2: x0, y2: n * rowH + 4 }));
    for (const v of [0, 0.5, 1]) {
      svg.append(s("text", { class: "muted", x: x0 + v * w, y: n * rowH + 20, "text-anchor": "middle" }, f.num(v, 1)));
    }
    state.servers.forEach((name, i) => {
      const y = i * rowH + 6;
      svg.append(
        s(
          "text",
          {
            x: x0 - 6,
            y: y + 15,
            "text-anchor": "end",
            "font-weight": i === step.winner && step.kind === "winner" ? 700 : 400,
          },
          name,
        ),
      );
      if (i < step.shown) {
        const frac = (step.scores[i] ?? 0) / TWO32;
        const win = step.kind === "winner" && i === step.winner;
        svg.append(
          s("rect", {
            x: x0,
            y,
            width: Math.max(1, frac * w),
            height: rowH - 10,
            class: `${serverClass(i)}${win ? " em" : ""}`,
            rx: 3,
          }),
        );
        svg.append(s("text", { x: x0 + frac * w + 4, y: y + 15 }, f.dec(frac, 6)));
      }
    });
    const rows = state.servers.map((name, i) => {
      const known = i < step.shown;
      const score = step.scores[i] ?? 0;
      const rank = step.ranking.indexOf(name);
      return {
        cells: [
          serverLabel(name, serverClass(i)),
          known ? f.id(score) : "…",
          known ? f.dec(score / TWO32, 6) : "…",
          step.kind === "winner" ? f.int(rank + 1) : "",
        ],
        class: step.kind === "winner" && i === step.winner ? "now" : known ? "" : "dim",
      };
    });
    stage.append(
      h("div", {}, svg),
      table(t.tableCaption(state.key), [this.t.server, t.score, t.scoreFraction, t.rank], rows, "owners"),
    );
  }

  protected narrate(step: RendezvousStep, _i: number, _steps: RendezvousStep[], state: State): string {
    const t = this.t.rendezvous;
    const f = this.f;
    if (step.kind === "intro") return t.intro(state.key, f.int(state.servers.length));
    if (step.kind === "score") {
      const i = step.shown - 1;
      const name = state.servers[i] ?? "";
      return t.score_(state.key, name, f.dec((step.scores[i] ?? 0) / TWO32, 6));
    }
    if (step.winner < 0) return t.noServers;
    const winner = state.servers[step.winner] ?? "";
    return t.winner(state.key, winner, step.ranking[1]);
  }
}
