// <ringlab-compare servers="10" keys="20000" change="remove:S3">
// Every algorithm on the user's own scenario (the module's compare): a table and a chart. Big runs
// (a million keys or more) go to the worker. An absent attribute is the module's default for it
// (rl.defaults().compare), which the fields show. newer="all" (or a list of names, as the CLI's
// --newer takes it) adds the newer bucket hashers' rows under the chapter's: the lab's module
// (ringlab/lab, which links every bucket hasher) computes them, loaded only when they are asked
// for, as the main module has none of those algorithms.
import type { CompareScenario, ComparisonRow, Defaults, Ringlab } from "ringlab";
import type { NewerComparisonRow } from "ringlab/lab";
import { Charts, chart } from "../core/chart";
import { h } from "../core/dom";
import { RinglabElement } from "../core/element";
import { Cancelled, JobRunner } from "../core/jobs";
import { labCompareNewer } from "../core/lab";
import { fieldDigits, isCount, latinDigits, readNumber } from "../core/numbers";
import { str, type StateOf } from "../core/params";
import { stackOnPhones, table } from "../core/table";
import type { Job } from "../worker/protocol";

const spec = {
  servers: str(""),
  vnodes: str(""),
  keys: str(""),
  seed: str(""),
  change: str(""),
  epsilon: str(""),
  "table-size": str(""),
  newer: str(""),
};
type State = StateOf<typeof spec>;
/** The scenario's text fields: every attribute but newer, which is the checkbox's. */
type Field = Exclude<keyof State, "newer">;
const FIELDS = Object.keys(spec).filter((k) => k !== "newer") as Field[];
type Row = ComparisonRow | NewerComparisonRow;

const num = readNumber;

/**
 * "10" (or "১০") is ten servers S0…S9; "A,B,C:2" are names, with an optional weight after a colon.
 */
export function parseServers(text: string): CompareScenario["servers"] {
  if (isCount(text)) return readNumber(text);
  return text
    .split(",")
    .map((x) => x.trim())
    .filter((x) => x !== "")
    .map((x) => {
      const at = x.lastIndexOf(":");
      return at < 0 ? x : { name: x.slice(0, at).trim(), weight: num(x.slice(at + 1)) };
    });
}

/** Each field's default as attribute text: the module's (the core's) defaults of a comparison. */
/** How a change is written: the core's grammar (docs/algorithms.md#membership-changes). */
const CHANGE_SYNTAX = "add, add:NAME, remove:NAME, fail:NAME, weight:NAME=W";

export function fieldDefaults(defaults: Defaults): Record<Field, string> {
  const d = defaults.compare;
  return {
    servers: String(d.servers),
    vnodes: String(d.vnodes),
    keys: String(d.keys),
    seed: String(d.seed),
    change: d.change,
    epsilon: String(d.epsilon),
    "table-size": String(d.tableSize),
  };
}

export function scenarioOf(state: State, defaults: Defaults): CompareScenario {
  const d = fieldDefaults(defaults);
  const v = (k: Field) => (state[k].trim() !== "" ? state[k] : d[k]);
  return {
    servers: parseServers(v("servers")),
    vnodes: num(v("vnodes")),
    keys: num(v("keys")),
    seed: num(v("seed")),
    change: v("change").trim(),
    epsilon: num(v("epsilon")),
    tableSize: num(v("table-size")),
  };
}

/** Whether a field's text is a number (shown in the page's digits): all but the change and named servers. */
function numeric(field: Field, text: string): boolean {
  return field === "servers" ? isCount(text) : field !== "change";
}

export class Compare extends RinglabElement<typeof spec> {
  static override spec = spec;
  private readonly runner = new JobRunner();
  private readonly charts = new Charts();
  private inputs = new Map<Field, { input: HTMLInputElement; label: HTMLSpanElement }>();
  private runButton!: HTMLButtonElement;
  private cancelButton!: HTMLButtonElement;
  private progressBox!: HTMLDivElement;
  private statusText!: HTMLSpanElement;
  private out!: HTMLDivElement;
  private runKey = "";
  /** Counts runs: only the latest run's end may touch the widget (an older one was superseded). */
  private runs = 0;
  private done: { key: string; rows?: ComparisonRow[]; error?: unknown; cancelled?: boolean } | undefined;
  private newerBox!: HTMLInputElement;
  private newerLabel!: HTMLSpanElement;
  /** The newer rows' last request and answer, by scenario and list (as the chapter's rows by job). */
  private newerKey = "";
  private newerRuns = 0;
  /** Cancels the newer rows' worker, when they went to one. */
  private newerAbort: AbortController | undefined;
  private newerDone: { key: string; rows?: NewerComparisonRow[]; error?: unknown; cancelled?: boolean } | undefined;

  protected heading(): string {
    return this.t.compare.title;
  }

  protected build(box: HTMLDivElement): void {
    const form = h("form", { class: "params", "data-testid": "scenario" });
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.commit();
      this.runKey = "";
      // Rows the newer run gave stay; a cancelled newer run starts again, as the chapter's does.
      if (this.newerDone?.cancelled) this.newerDone = undefined;
      this.newerKey = "";
      this.requestUpdate();
    });
    for (const field of FIELDS) {
      const label = h("span");
      const input = h("input", {
        type: "text",
        class: field === "servers" || field === "change" ? "wide" : "num",
        name: field,
        "data-testid": `field-${field}`,
        spellcheck: "false",
        autocomplete: "off",
      });
      input.addEventListener("change", () => this.commit());
      this.inputs.set(field, { input, label });
      form.append(h("label", {}, label, input));
    }
    this.newerBox = h("input", { type: "checkbox", name: "newer", "data-testid": "field-newer" });
    // Ticked: every newer row; unticked: none, and no attribute (as a field left at its default).
    this.newerBox.addEventListener("change", () => {
      if (this.newerBox.checked) this.setState({ newer: "all" }, true);
      else {
        this.removeAttribute("newer");
        this.setState({}, true);
      }
    });
    this.newerLabel = h("span");
    form.append(h("label", { class: "inline" }, this.newerBox, this.newerLabel));
    this.runButton = h("button", { type: "submit", class: "primary", "data-testid": "run" });
    form.append(this.runButton);
    this.cancelButton = h("button", { type: "button", "data-testid": "cancel" });
    // Cancel stops whichever part is running: the chapter's rows in their workers, or after them
    // the newer rows in the lab's worker.
    this.cancelButton.addEventListener("click", () => {
      this.runner.cancel();
      this.cancelNewer();
    });
    this.progressBox = h(
      "div",
      { class: "run-status", hidden: true },
      h("progress", { "data-testid": "progress" }),
      this.cancelButton,
    );
    this.statusText = h("span", { role: "status", "data-testid": "status" });
    this.out = h("div", { "data-testid": "result" });
    box.append(form, this.progressBox, h("p", { class: "hint" }, this.statusText), this.out);
  }

  /** Writes the fields into the attributes; a field left at the module's default is no attribute. */
  private commit(): void {
    const d: Partial<Record<Field, string>> = this.rl ? fieldDefaults(this.rl.defaults()) : {};
    const partial: Partial<State> = {};
    for (const [field, { input }] of this.inputs) {
      // A number typed in Bengali digits is the same number: the attribute (and the address) keep
      // it in Latin ones.
      const v = numeric(field, input.value) ? latinDigits(input.value.trim()) : input.value.trim();
      partial[field] = v === d[field] ? "" : v;
    }
    for (const [k, v] of Object.entries(partial)) if (v === "") this.removeAttribute(k);
    this.setState(Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== "")) as Partial<State>, true);
  }

  protected render(rl: Ringlab, state: State): void {
    const t = this.t.compare;
    const defaults = fieldDefaults(rl.defaults());
    for (const [field, { input, label }] of this.inputs) {
      // The change's grammar is the module's (written as typed, in every language): code, not prose.
      if (field === "change")
        label.replaceChildren(t.fields.change, " (", h("code", { lang: "en", translate: "no" }, CHANGE_SYNTAX), ")");
      else label.textContent = t.fields[field];
      const shown = state[field] !== "" ? state[field] : defaults[field];
      if (this.shadowRoot?.activeElement !== input)
        input.value = numeric(field, shown) ? fieldDigits(shown, this.t.lang) : shown;
    }
    this.newerLabel.textContent = t.newer;
    this.newerBox.checked = state.newer.trim() !== "";
    this.runButton.textContent = t.run;
    this.cancelButton.textContent = t.cancel;
    this.progressBox.querySelector("progress")?.setAttribute("aria-label", this.t.experiment.progressLabel);
    const job: Job = { kind: "compare", options: scenarioOf(state, rl.defaults()) };
    const key = JSON.stringify(job);
    if (key !== this.runKey) {
      this.runKey = key;
      const inWorker = JobRunner.inWorker(job);
      this.progressBox.hidden = !inWorker;
      this.statusText.textContent = inWorker ? t.runningInWorker : "";
      this.box.setAttribute("aria-busy", "true");
      const run = ++this.runs;
      const bar = this.progressBox.querySelector("progress");
      bar?.removeAttribute("value"); // indeterminate until the workers report
      this.runner
        .run(rl, job, (done, total) => {
          if (run !== this.runs || !bar) return;
          bar.max = total || 1;
          bar.value = done;
          this.statusText.textContent = t.progress(this.f.pct(total ? done / total : 0, 0));
        })
        .then(
          (r) => {
            if (run === this.runs) this.done = { key, rows: r.kind === "compare" ? r.result : [] };
          },
          (error: unknown) => {
            if (run === this.runs) this.done = error instanceof Cancelled ? { key, cancelled: true } : { key, error };
          },
        )
        .finally(() => {
          // A newer run took over (Run with the same scenario supersedes a run of the same key).
          if (run !== this.runs) return;
          // A cancelled run keeps its key, so this render does not restart it; Run or a change does.
          this.progressBox.hidden = true;
          this.box.removeAttribute("aria-busy");
          this.requestUpdate();
        });
    }
    const d = this.done;
    if (!d || d.key !== key) {
      this.out.style.opacity = "0.5";
      return;
    }
    this.out.style.opacity = "";
    if (d.cancelled) {
      // The last finished comparison stays, said to be the previous one.
      const kept = this.out.childElementCount > 0;
      this.statusText.textContent = kept ? t.cancelledKept : t.cancelled;
      return;
    }
    if (d.error) {
      this.out.replaceChildren();
      throw d.error;
    }
    const newer = this.newerRows(state, rl);
    if (newer === undefined) {
      this.out.style.opacity = "0.5";
      this.statusText.textContent = t.newerLoading;
      return;
    }
    if (newer === "cancelled") {
      // As a cancelled run of the chapter's rows: the last finished comparison stays, said to be so.
      this.out.style.opacity = "";
      this.statusText.textContent = this.out.childElementCount > 0 ? t.cancelledKept : t.cancelled;
      return;
    }
    this.statusText.textContent = "";
    this.charts.clear();
    this.out.replaceChildren(...this.view([...(d.rows ?? []), ...newer], newer.length > 0));
  }

  /**
   * The newer rows the state asks for: [] when it asks for none, undefined while the lab's module
   * loads or computes them (the widget is drawn again when they come). A bad list or scenario is
   * thrown, the module's named error, as the chapter's rows' errors are; "cancelled" after Cancel
   * stopped them, until Run or a change of the scenario starts them again.
   */
  private newerRows(state: State, rl: Ringlab): NewerComparisonRow[] | "cancelled" | undefined {
    const newer = state.newer.trim();
    if (newer === "") return [];
    const scenario = scenarioOf(state, rl.defaults());
    const key = JSON.stringify([scenario, newer]);
    const d = this.newerDone;
    if (d && d.key === key) {
      if (d.cancelled) return "cancelled";
      if (d.error) {
        this.out.replaceChildren();
        throw d.error;
      }
      return d.rows;
    }
    if (this.newerKey !== key) {
      this.newerKey = key;
      const run = ++this.newerRuns;
      this.newerAbort?.abort();
      const abort = (this.newerAbort = new AbortController());
      // A scenario the chapter's rows send to workers sends the newer rows to the lab's worker,
      // with the progress box and its Cancel shown, as for the chapter's rows.
      const inWorker = JobRunner.inWorker({ kind: "compare", options: scenario });
      if (inWorker) {
        this.progressBox.hidden = false;
        this.progressBox.querySelector("progress")?.removeAttribute("value"); // the lab's worker reports none
        this.box.setAttribute("aria-busy", "true");
      }
      labCompareNewer({ ...scenario, newer }, inWorker, abort.signal)
        .then(
          (rows) => {
            if (run === this.newerRuns) this.newerDone = { key, rows };
          },
          (error: unknown) => {
            if (run === this.newerRuns) this.newerDone = { key, error };
          },
        )
        .finally(() => {
          if (run === this.newerRuns) this.newerEnded();
        });
    }
    return undefined;
  }

  /**
   * Cancel, for the newer rows: a run still going (its worker) is aborted, and its key is left
   * cancelled, so that the page says so and does not start it again until Run or a change.
   */
  private cancelNewer(): void {
    const key = this.newerKey;
    if (key === "" || this.newerDone?.key === key) return; // none running
    this.newerAbort?.abort();
    this.newerAbort = undefined;
    this.newerRuns++; // the aborted run's end is no longer the widget's
    this.newerDone = { key, cancelled: true };
    this.newerEnded();
  }

  /**
   * The newer rows' run ended (answered, failed or cancelled): the widget is drawn again, and the
   * progress box goes unless the chapter's rows of another scenario are running by then.
   */
  private newerEnded(): void {
    if (this.done?.key === this.runKey) {
      this.progressBox.hidden = true;
      this.box.removeAttribute("aria-busy");
    }
    this.requestUpdate();
  }

  private view(rows: Row[], withNewer: boolean): HTMLElement[] {
    const t = this.t.compare;
    const f = this.f;
    // One spelling of each algorithm's name on every page: the catalogue's, by the registry's name.
    const name = (r: Row) => this.t.algorithms[r.algorithm];
    // Why a row is not supported, by its code (the module's English `reason` is the CLI's), with
    // the algorithm's name in the catalogue's spelling.
    const reason = (r: Row) => (r.reasonCode ? t.reasonByCode[r.reasonCode](name(r)) : "");
    const supported = rows.filter((r) => r.supported);
    // The CLI's columns, in its order (docs/experiments.md defines each for add, remove, fail and weight).
    const headers = [
      t.algorithm,
      t.moved,
      t.toNew,
      t.betweenOld,
      t.needless,
      t.maxOverMean,
      t.sdOverMean,
      t.memory,
      t.buildMs,
    ];
    const tbl = table(
      t.caption,
      headers,
      rows.map((r) => ({
        cells: r.supported
          ? [
              name(r),
              f.pct(r.moved),
              f.pct(r.movedToNew),
              f.pct(r.movedBetweenOld),
              f.pct(r.movedNeedlessly),
              f.dec(r.maxOverMean, 3),
              f.pct(r.sdOverMean),
              f.int(r.memoryBytes),
              f.dec(r.buildMs, 1),
            ]
          : [name(r), h("span", {}, `${t.unsupported}: ${reason(r)}`)],
        cellClass: r.supported ? [] : ["l", "l"],
      })),
      "compare-table",
    );
    tbl.querySelectorAll("tbody tr").forEach((tr, i) => {
      const r = rows[i];
      tr.setAttribute("data-algorithm", r?.algorithm ?? "");
      // The exact share, for a reader's script or a test (the cell shows it rounded).
      if (r?.supported) tr.setAttribute("data-needless", String(r.movedNeedlessly));
    });
    // The unsupported row's reason spans the row.
    tbl.querySelectorAll("tbody tr").forEach((tr) => {
      if (tr.children.length === 2) (tr.children[1] as HTMLTableCellElement).colSpan = headers.length - 1;
    });
    stackOnPhones(tbl, headers);
    const charts = h(
      "div",
      { class: "charts" },
      this.charts.add(
        chart(this, {
          title: t.movedChart,
          testid: "chart-moved",
          x: supported.map((_, i) => i),
          categories: supported.map(name),
          // The dots are the moves that did not have to happen: "between old" would count, on a
          // removal, the removed server's own keys, which had to move.
          series: [
            { label: t.moved, values: supported.map((r) => r.moved), color: "--_accent", kind: "bars" },
            { label: t.needless, values: supported.map((r) => r.movedNeedlessly), color: "--_bad", kind: "points" },
          ],
          yMin: 0,
          xFmt: (v) => f.num(v),
          yFmt: (v) => f.pct(v, 0),
          table: {
            caption: t.movedChart,
            headers: [t.algorithm, t.moved, t.needless],
            rows: supported.map((r) => ({ cells: [name(r), f.pct(r.moved), f.pct(r.movedNeedlessly)] })),
          },
        }),
      ),
      this.charts.add(
        chart(this, {
          title: t.loadChart,
          testid: "chart-load",
          x: supported.map((_, i) => i),
          categories: supported.map(name),
          series: [{ label: t.maxOverMean, values: supported.map((r) => r.maxOverMean), color: "--_s2", kind: "bars" }],
          yMin: 0,
          xFmt: (v) => f.num(v),
          yFmt: (v) => f.num(v, 2),
          table: {
            caption: t.loadChart,
            headers: [t.algorithm, t.maxOverMean],
            rows: supported.map((r) => ({ cells: [name(r), f.dec(r.maxOverMean, 3)] })),
          },
        }),
      ),
    );
    return [
      tbl,
      h("p", { class: "hint", "data-testid": "needless-note" }, t.needlessNote),
      ...(withNewer ? [h("p", { class: "hint", "data-testid": "newer-note" }, t.newerNote)] : []),
      charts,
      h("p", { class: "hint" }, t.note),
    ];
  }

  // The algorithms' names may wrap (multi-probe hashing, JumpBack-Anchor): with the newer rows the
  // longest of them would otherwise push the last columns out of a wide page's table. An
  // unsupported row's reason wraps too, on a phone's narrow stacked rows.
  protected override extraStyles(): string {
    return '[data-testid="compare-table"] tbody th,[data-testid="compare-table"] td.l{white-space:normal}';
  }

  protected override disconnected(): void {
    this.runner.dispose();
    // The newer rows' run ends here: its answer (or the abort's error) is no longer the widget's.
    this.newerAbort?.abort();
    this.newerRuns++;
    this.newerKey = "";
    this.charts.clear();
    this.runKey = "";
  }
}
