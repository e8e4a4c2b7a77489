// <ringlab-rendezvous-stepper key="user:42" servers="S0,S1,S2,S3" keys="…" was="" step="0">
// `was` is the server list before the reader's last change (add, remove, rename): the keys below
// the scores then show their server before and after it, so a link reproduces the change too.
import type { Ringlab } from "ringlab";
import { pageError } from "../core/errors";
import { h, s } from "../core/dom";
import { KEY_MOVES_CSS, keyMoves, type KeyMove } from "../core/key-moves";
import { stepIndex, str, strs, type StateOf } from "../core/params";
import {
  ColorMemory,
  MotionWindow,
  movesLine,
  movesOf,
  nextName,
  ServerEditor,
  setField,
  textField,
  type Moves,
} from "../core/scenario";
import { StepperElement } from "../core/stepper";
import { serverLabel, table } from "../core/table";
import { rendezvousSteps, type RendezvousStep } from "../steps/rendezvous";

const spec = {
  step: stepIndex(),
  key: str("user:42"),
  servers: strs(["S0", "S1", "S2", "S3"]),
  // The course's key names: user:42 and a few more of the same kind.
  keys: strs(["user:1", "user:7", "user:42", "user:100", "user:1000", "user:2024", "user:31337", "user:65537"]),
  was: strs([]),
};
type State = StateOf<typeof spec>;

// Scores are uint32; the tutorial shows them divided by 2^32, a fraction in [0, 1).
const TWO32 = 4294967296;

/** The keys the page follows: the reader's key first, then the list (each once). */
function keySet(state: State): string[] {
  return [...new Set([state.key, ...state.keys].filter((k) => k !== ""))];
}

function ownersOf(rl: Ringlab, servers: string[], keys: string[]): string[] {
  if (servers.length === 0) return keys.map(() => "");
  const rv = rl.rendezvous(servers);
  try {
    return keys.map((k) => rv.pick(k) ?? "");
  } finally {
    rv.dispose();
  }
}

export class RendezvousStepper extends StepperElement<typeof spec, RendezvousStep> {
  static override spec = spec;
  private keyField!: ReturnType<typeof textField>;
  private keysField!: ReturnType<typeof textField>;
  private editor!: ServerEditor;
  private placed: { rows: KeyMove[]; moves: Moves | undefined } = { rows: [], moves: undefined };
  private readonly motion = new MotionWindow();
  private readonly memory = new ColorMemory();

  protected heading(): string {
    return this.t.rendezvous.title;
  }

  protected override extraStyles(): string {
    return KEY_MOVES_CSS;
  }

  /** A change of servers: the list before it becomes `was`. */
  private serversTo(servers: string[]): void {
    this.motion.begin();
    this.change({ servers, was: this.state.servers }, "last");
  }

  protected override buildParams(box: HTMLDivElement): void {
    this.keyField = textField("key", (v) => this.change({ key: v.trim() }));
    this.keysField = textField("keys", (v) => this.change({ keys: spec.keys.parse(v) }, "keep"));
    this.editor = new ServerEditor(() => this.shadowRoot, {
      colors: this.memory,
      nextName: (names) => nextName("S", names),
      add: (name) => this.serversTo([...this.state.servers, name]),
      remove: (i) => this.serversTo(this.state.servers.filter((_, j) => j !== i)),
      // A renamed server keeps its colour; its keys still move, as the name is what is hashed.
      rename: (i, name) => {
        this.memory.rename(this.state.servers[i] ?? "", name);
        this.serversTo(this.state.servers.map((x, j) => (j === i ? name : x)));
      },
    });
    box.append(this.keyField.el, this.editor.el, this.keysField.el);
  }

  protected override syncParams(state: State): void {
    this.keyField.label.textContent = this.t.scenario.yourKey;
    this.keysField.label.textContent = this.t.rendezvous.keysLabel;
    setField(this.shadowRoot, this.keyField.input, state.key);
    setField(this.shadowRoot, this.keysField.input, state.keys.join(", "));
    this.editor.sync(state.servers, this.t);
    this.keyField.note.textContent = "";
  }

  /** Colours by name; a server that left keeps its colour in the "before" column. */
  private colors(state: State): Map<string, string> {
    return this.memory.classes([...state.was, ...state.servers.filter((x) => !state.was.includes(x))]);
  }

  protected stepsOf(rl: Ringlab, state: State): RendezvousStep[] {
    this.placed = { rows: [], moves: undefined };
    // The module scores an empty list without complaint (no winner); the page says why there is none.
    if (state.servers.length === 0) throw pageError("out_of_range", "noServerToScore", "", []);
    const steps = rendezvousSteps({ key: state.key, servers: state.servers }, rl);
    const keys = keySet(state);
    const after = ownersOf(rl, state.servers, keys);
    if (state.was.length > 0) {
      const before = ownersOf(rl, state.was, keys);
      this.placed = {
        rows: keys.map((key, i) => ({ key, before: before[i] ?? "", after: after[i] ?? "" })),
        moves: movesOf(rl, before, after, state.was, state.servers),
      };
    } else
      this.placed = {
        rows: keys.map((key, i) => ({ key, before: after[i] ?? "", after: after[i] ?? "" })),
        moves: undefined,
      };
    return steps;
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
    const colors = this.colors(state);
    const cls = (name: string) => colors.get(name) ?? "";
    const animate = this.motion.on;
    if (step.winner >= 0)
      this.keyField.note.textContent = t.keyNote(f.id(this.rl?.h32(state.key) ?? 0), state.servers[step.winner] ?? "");
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
            class: `${cls(name)}${win ? " em" : ""}`,
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
          serverLabel(name, cls(name)),
          known ? f.id(score) : "…",
          known ? f.dec(score / TWO32, 6) : "…",
          step.kind === "winner" ? f.int(rank + 1) : "",
        ],
        class: step.kind === "winner" && i === step.winner ? "now" : known ? "" : "dim",
      };
    });
    const below = h("div", { class: "below" }, movesLine(this.t, f, this.placed.moves));
    if (this.placed.moves)
      below.append(
        keyMoves(
          this.placed.rows,
          colors,
          {
            caption: t.keysCaption,
            key: this.t.key,
            before: t.before,
            after: t.after,
            moved: t.moved,
            stayed: t.stayed,
            movedCol: this.t.movedCol,
          },
          animate,
          this.motion.elapsed,
        ),
      );
    else below.append(h("p", { class: "note", "data-testid": "no-change" }, t.noChange));
    stage.append(
      h("div", {}, svg),
      table(t.tableCaption(state.key), [this.t.server, t.score, t.scoreFraction, t.rank], rows, "owners"),
      below,
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
