// <ringlab-experiment name="vnode-sweep" seed="16" servers="10" keys="100000" vnodes="1,10,100,1000">
// One of the three published programs with editable flags. The output block is the program's
// own text (byte-identical to the reference for the same flags); the charts beside it plot the
// same run's numbers. An absent flag is the program's published default, as the module has it
// (rl.defaults()).
import type { Defaults, HrwJumpResult, Ringlab, RingVsModResult, VnodeSweepResult } from "ringlab";
import { Charts, chart } from "../core/chart";
import { h } from "../core/dom";
import { RinglabElement } from "../core/element";
import { Cancelled, JobRunner } from "../core/jobs";
import { fieldDigits, latinDigits, readNumber } from "../core/numbers";
import { oneOf, str, type StateOf } from "../core/params";
import type { Job, JobResult } from "../worker/protocol";

export const experimentNames = ["ring-vs-mod", "vnode-sweep", "hrw-jump"] as const;
export type ExperimentName = (typeof experimentNames)[number];

const spec = {
  name: oneOf<ExperimentName>("vnode-sweep", experimentNames),
  seed: str(""),
  keys: str(""),
  servers: str(""),
  vnodes: str(""),
  remove: str(""),
  buckets: str(""),
};
type State = StateOf<typeof spec>;
type Flag = Exclude<keyof State, "name">;

/**
 * Each program's flags, in its order, and their published defaults (what the reference prints
 * with no flags) as attribute text: the module's defaults, which are the core's.
 */
export function flagDefaults(defaults: Defaults, name: ExperimentName): Partial<Record<Flag, string>> {
  const d = { "ring-vs-mod": defaults.ringVsMod, "vnode-sweep": defaults.vnodeSweep, "hrw-jump": defaults.hrwJump }[
    name
  ];
  return Object.fromEntries(Object.entries(d).map(([flag, v]) => [flag, Array.isArray(v) ? v.join(",") : String(v)]));
}

// Text → number for the module: it, not the page, decides what is valid ("abc" is NaN and the
// module says so).
const toNumber = readNumber;

function jobOf(state: State, defaults: Defaults): Job {
  const d = flagDefaults(defaults, state.name);
  const v = (k: Flag) => (state[k] !== "" ? state[k] : (d[k] ?? ""));
  switch (state.name) {
    case "ring-vs-mod":
      return {
        kind: "ring-vs-mod",
        options: {
          seed: toNumber(v("seed")),
          keys: toNumber(v("keys")),
          servers: toNumber(v("servers")),
          vnodes: toNumber(v("vnodes")),
        },
      };
    case "vnode-sweep":
      return {
        kind: "vnode-sweep",
        options: {
          seed: toNumber(v("seed")),
          servers: toNumber(v("servers")),
          keys: toNumber(v("keys")),
          vnodes: v("vnodes").split(",").map(toNumber),
        },
      };
    case "hrw-jump":
      return {
        kind: "hrw-jump",
        options: {
          seed: toNumber(v("seed")),
          keys: toNumber(v("keys")),
          servers: toNumber(v("servers")),
          remove: toNumber(v("remove")),
          buckets: toNumber(v("buckets")),
        },
      };
  }
}

export class Experiment extends RinglabElement<typeof spec> {
  static override spec = spec;
  private readonly runner = new JobRunner();
  private readonly charts = new Charts();
  private form!: HTMLFormElement;
  private fieldsFor: ExperimentName | undefined;
  private inputs = new Map<Flag, { input: HTMLInputElement; label: HTMLSpanElement }>();
  private runButton!: HTMLButtonElement;
  private status!: HTMLDivElement;
  private progress!: HTMLProgressElement;
  private statusText!: HTMLSpanElement;
  private cancelButton!: HTMLButtonElement;
  private outTitle!: HTMLParagraphElement;
  private outNote!: HTMLParagraphElement;
  private copyButton!: HTMLButtonElement;
  private pre!: HTMLPreElement;
  private chartBox!: HTMLDivElement;
  private output!: HTMLDivElement;
  private runKey = "";
  /** Counts runs: only the latest run's end may touch the widget (an older one was superseded). */
  private runs = 0;
  private done: { key: string; result?: JobResult; error?: unknown; cancelled?: boolean; ms?: number } | undefined;
  private copied = false;
  /** Whether the output block holds a finished run's output (kept when a later run is cancelled). */
  private shown = false;

  protected heading(): string {
    return this.t.experiment.title(this.state.name);
  }

  protected build(box: HTMLDivElement): void {
    this.form = h("form", { class: "params", "data-testid": "flags" });
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.commit(true);
    });
    this.runButton = h("button", { type: "submit", class: "primary", "data-testid": "run" });
    this.progress = h("progress", { max: 1, value: 0, "data-testid": "progress" });
    this.statusText = h("span", { "data-testid": "status", role: "status" });
    this.cancelButton = h("button", { type: "button", "data-testid": "cancel" });
    this.cancelButton.addEventListener("click", () => this.runner.cancel());
    this.status = h("div", { class: "run-status", hidden: true }, this.progress, this.cancelButton);
    this.outTitle = h("p", { class: "part-title", style: "margin:0" });
    this.outNote = h("p", { class: "hint" });
    this.copyButton = h("button", { type: "button", "data-testid": "copy" });
    this.copyButton.addEventListener("click", () => this.copy());
    this.pre = h("pre", { "data-testid": "output", tabindex: "0", lang: "en" });
    this.chartBox = h("div", { class: "charts", "data-testid": "charts" });
    this.output = h(
      "div",
      { "data-testid": "result" },
      h("div", { class: "out-head" }, h("div", {}, this.outTitle, this.outNote), this.copyButton),
      this.pre,
      this.chartBox,
    );
    box.append(this.form, this.status, h("p", { class: "hint" }, this.statusText), this.output);
  }

  private buildFields(rl: Ringlab, name: ExperimentName): void {
    this.fieldsFor = name;
    this.inputs.clear();
    this.form.replaceChildren();
    for (const flag of Object.keys(flagDefaults(rl.defaults(), name)) as Flag[]) {
      const label = h("span");
      const input = h("input", {
        type: "text",
        inputmode: flag === "vnodes" && name === "vnode-sweep" ? "text" : "numeric",
        class: flag === "vnodes" && name === "vnode-sweep" ? "wide" : "num",
        name: flag,
        "data-testid": `flag-${flag}`,
        spellcheck: "false",
        autocomplete: "off",
      });
      input.addEventListener("change", () => this.commit(false));
      this.inputs.set(flag, { input, label });
      this.form.append(h("label", {}, label, input));
    }
    this.form.append(this.runButton);
  }

  /** Writes the fields into the attributes (the state); a run follows from the render. */
  private commit(force: boolean): void {
    // The fields exist once the module has loaded (they are built by the first render).
    const d = this.rl ? flagDefaults(this.rl.defaults(), this.state.name) : {};
    const partial: Partial<State> = {};
    for (const [flag, { input }] of this.inputs) {
      // Bengali digits typed are the same number; the attribute keeps Latin ones.
      const v = latinDigits(input.value.trim());
      partial[flag] = v === (d[flag] ?? "") ? "" : v;
    }
    for (const [k, v] of Object.entries(partial)) if (v === "") this.removeAttribute(k);
    this.setState(Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== "")) as Partial<State>, true);
    if (force) this.runKey = ""; // Run again even with the same flags.
    this.requestUpdate();
  }

  private copy(): void {
    const text = this.pre.textContent ?? "";
    const done = () => {
      this.copied = true;
      this.copyButton.textContent = this.t.experiment.copied;
      setTimeout(() => {
        this.copied = false;
        this.copyButton.textContent = this.t.experiment.copy;
      }, 1500);
    };
    if (navigator.clipboard?.writeText) navigator.clipboard.writeText(text).then(done, () => this.selectOutput());
    else this.selectOutput();
  }

  private selectOutput(): void {
    // No clipboard access (an insecure origin, a denied permission): select the text instead.
    const range = document.createRange();
    range.selectNodeContents(this.pre);
    const sel = document.getSelection();
    sel?.removeAllRanges();
    sel?.addRange(range);
  }

  protected render(rl: Ringlab, state: State): void {
    const t = this.t.experiment;
    if (this.fieldsFor !== state.name) this.buildFields(rl, state.name);
    const defaults = flagDefaults(rl.defaults(), state.name);
    for (const [flag, { input, label }] of this.inputs) {
      label.textContent = `--${flag}`;
      label.title = t.flagHelp[flag];
      input.setAttribute("aria-description", t.flagHelp[flag]);
      if (this.shadowRoot?.activeElement !== input)
        input.value = fieldDigits(state[flag] !== "" ? state[flag] : (defaults[flag] ?? ""), this.t.lang);
    }
    this.runButton.textContent = t.run;
    this.cancelButton.textContent = t.cancel;
    this.progress.setAttribute("aria-label", t.progressLabel);
    this.outTitle.textContent = t.output;
    this.outNote.textContent = t.outputNote;
    if (!this.copied) this.copyButton.textContent = t.copy;

    const job = jobOf(state, rl.defaults());
    const key = JSON.stringify(job);
    if (key !== this.runKey) {
      this.runKey = key;
      this.start(rl, job, key);
    }
    const d = this.done;
    if (!d || d.key !== key) {
      // Running: the previous output stays, greyed, until the new one arrives.
      this.output.style.opacity = "0.5";
      return;
    }
    this.output.style.opacity = "";
    if (d.cancelled) {
      // The last finished run's output stays, said to be the previous run's (the fields may
      // already hold other flags); with none yet there is nothing to show.
      this.statusText.textContent = this.shown ? t.cancelledKept : t.cancelled;
      this.output.hidden = !this.shown;
      return;
    }
    if (d.error) {
      this.shown = false;
      this.output.hidden = true;
      this.statusText.textContent = "";
      throw d.error;
    }
    if (!d.result) return;
    this.output.hidden = false;
    this.shown = true;
    this.statusText.textContent = t.ranIn(this.f.int(Math.max(1, Math.round(d.ms ?? 0))), JobRunner.inWorker(job));
    this.pre.textContent = d.result.kind === "compare" ? "" : d.result.result.text;
    this.charts.clear();
    this.chartBox.replaceChildren(...this.chartsFor(rl, d.result));
  }

  private start(rl: Ringlab, job: Job, key: string): void {
    const t0 = performance.now();
    const inWorker = JobRunner.inWorker(job);
    this.status.hidden = !inWorker;
    this.progress.removeAttribute("value"); // indeterminate until the first report
    this.statusText.textContent = inWorker ? this.t.experiment.runningInWorker : this.t.experiment.running;
    this.box.setAttribute("aria-busy", "true");
    const run = ++this.runs;
    this.runner
      .run(rl, job, (done, total) => {
        this.progress.max = total || 1;
        this.progress.value = done;
        this.statusText.textContent = this.t.experiment.progress(this.f.pct(total ? done / total : 0, 0));
      })
      .then(
        (result) => {
          if (run === this.runs) this.done = { key, result, ms: performance.now() - t0 };
        },
        (error: unknown) => {
          if (run === this.runs) this.done = error instanceof Cancelled ? { key, cancelled: true } : { key, error };
        },
      )
      .finally(() => {
        // A newer run took over. (Not a comparison of keys: Run with the same flags supersedes a
        // run of that very key, whose "cancelled" must not show while the new one runs.)
        if (run !== this.runs) return;
        // A cancelled run keeps its key, so this render does not start it again: Run (which clears
        // the key) or a change of flags does.
        this.status.hidden = true;
        this.box.removeAttribute("aria-busy");
        this.requestUpdate();
      });
  }

  private chartsFor(rl: Ringlab, r: JobResult): HTMLElement[] {
    switch (r.kind) {
      case "vnode-sweep":
        return this.sweepCharts(rl, r.result);
      case "ring-vs-mod":
        return this.ringVsModCharts(rl, r.result);
      case "hrw-jump":
        return this.hrwJumpCharts(rl, r.result);
      case "compare":
        return [];
    }
  }

  private sweepCharts(rl: Ringlab, r: VnodeSweepResult): HTMLElement[] {
    const t = this.t.experiment;
    const f = this.f;
    const last = r.rows[r.rows.length - 1];
    const out: HTMLElement[] = [];
    if (last && r.servers <= 200) {
      const names = Array.from(last.counts, (_, i) => `S${i}`);
      out.push(
        this.charts.add(
          chart(this, {
            title: t.loadPerServer(f.int(last.vnodes)),
            testid: "chart-load",
            x: names.map((_, i) => i),
            categories: names,
            series: [{ label: t.keysLabel, values: [...last.counts], color: "--_accent", kind: "bars" }],
            xFmt: (v) => f.num(v),
            yFmt: (v) => f.int(v),
            table: {
              caption: t.loadTable(f.int(last.vnodes)),
              headers: [this.t.server, t.keysLabel],
              rows: names.map((n, i) => ({ cells: [n, f.int(last.counts[i] ?? 0)] })),
            },
          }),
        ),
      );
    }
    // The theory curve over the whole V range of the run, on a 1-2-5 grid plus the run's own Vs.
    const vs = r.rows.map((row) => row.vnodes);
    const vmax = Math.max(...vs, 1);
    const grid = new Set<number>(vs);
    for (let d = 1; d <= vmax * 1.5; d *= 10) for (const m of [1, 2, 5]) if (d * m <= vmax * 1.5) grid.add(d * m);
    const xs = [...grid].sort((a, b) => a - b);
    const measured = new Map(r.rows.map((row) => [row.vnodes, row.sdOverAvg]));
    out.push(
      this.charts.add(
        chart(this, {
          title: t.sdTitle(f.int(r.servers)),
          testid: "chart-sd",
          x: xs,
          xLog: true,
          series: [
            {
              label: t.theory,
              values: xs.map((v) => rl.theory.sdOverMean(r.servers, v)),
              color: "--_muted",
              dash: [6, 4],
            },
            { label: t.measured, values: xs.map((v) => measured.get(v) ?? null), color: "--_s1", kind: "points" },
          ],
          xTitle: t.vAxis,
          xFmt: (v) => f.num(v, 0),
          yFmt: (v) => f.pct(v, 0),
          table: {
            caption: t.sdTable,
            headers: ["V", t.measured, t.theory],
            rows: r.rows.map((row) => ({
              cells: [f.int(row.vnodes), f.pct(row.sdOverAvg), f.pct(rl.theory.sdOverMean(r.servers, row.vnodes))],
            })),
          },
        }),
      ),
    );
    return out;
  }

  private movedChart(title: string, testid: string, bars: { label: string; value: number }[]): HTMLElement {
    const f = this.f;
    const t = this.t.experiment;
    return this.charts.add(
      chart(this, {
        title,
        testid,
        x: bars.map((_, i) => i),
        categories: bars.map((b) => b.label),
        series: [{ label: t.movedLabel, values: bars.map((b) => b.value), color: "--_accent", kind: "bars" }],
        yMin: 0,
        yMax: 1,
        xFmt: (v) => f.num(v),
        yFmt: (v) => f.pct(v, 0),
        table: {
          caption: title,
          headers: ["", t.movedLabel],
          rows: bars.map((b) => ({ cells: [b.label, f.pct(b.value)] })),
        },
      }),
    );
  }

  private ringVsModCharts(rl: Ringlab, r: RingVsModResult): HTMLElement[] {
    const t = this.t.experiment;
    const n = r.serversBefore;
    const m = r.serversAfter;
    // Fractions for the bars; the text above has the program's own rounding.
    const frac = (x: number) => (r.keys > 0 ? x / r.keys : 0);
    return [
      this.movedChart(t.movedTitle(this.f.int(n), this.f.int(m)), "chart-moved", [
        { label: "mod-N", value: frac(r.modMoved) },
        { label: t.modTheory, value: 1 - rl.theory.modNKeptFraction(n, m) },
        { label: "ring", value: frac(r.ringMoved) },
        { label: t.ideal, value: rl.theory.minimumMovedFraction(n, m) },
      ]),
      this.movedChart(t.betweenOldTitle, "chart-between-old", [
        { label: "mod-N", value: frac(r.modMoved - r.modMovedToNew) },
        { label: "ring", value: frac(r.ringMoved - r.ringMovedToNew) },
      ]),
    ];
  }

  private hrwJumpCharts(rl: Ringlab, r: HrwJumpResult): HTMLElement[] {
    const t = this.t.experiment;
    const f = this.f;
    const out: HTMLElement[] = [];
    const n = r.counts.length;
    if (n <= 200) {
      const names = r.counts.map((_, i) => `S${i}`);
      out.push(
        this.charts.add(
          chart(this, {
            title: t.hrwLoad(f.int(n)),
            testid: "chart-load",
            x: names.map((_, i) => i),
            categories: names,
            series: [{ label: t.keysLabel, values: r.counts.map((c) => c ?? 0), color: "--_accent", kind: "bars" }],
            xFmt: (v) => f.num(v),
            yFmt: (v) => f.int(v),
            table: {
              caption: t.hrwLoad(f.int(n)),
              headers: [this.t.server, t.keysLabel],
              rows: names.map((s, i) => ({
                cells: [s, r.counts[i] === undefined ? "undefined" : f.int(r.counts[i] ?? 0)],
              })),
            },
          }),
        ),
      );
    }
    const frac = (x: number) => (r.keys > 0 ? x / r.keys : 0);
    out.push(
      this.movedChart(t.hrwJumpMoved, "chart-moved", [
        { label: t.hrwRemove, value: frac(r.hrwMoved) },
        { label: t.idealHrw, value: rl.theory.minimumMovedFraction(n, n - 1) },
        { label: t.jumpGrow(f.int(r.buckets), f.int(r.buckets + 1)), value: frac(r.jumpMoved) },
        { label: t.idealJump, value: rl.theory.minimumMovedFraction(r.buckets, r.buckets + 1) },
      ]),
    );
    return out;
  }

  protected override disconnected(): void {
    this.runner.dispose();
    this.charts.clear();
    this.runKey = "";
  }
}
