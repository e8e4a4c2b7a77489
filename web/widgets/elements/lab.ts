// <ringlab-lab buckets="1000" keys="100" seed="16" metric="maxPct" order="random">
// `ringlab lab` in the page: every algorithm of both seams on the same seeded keys, run in the
// package's worker (ringlab/lab's runInWorker) with progress by algorithm and a cancel that stops
// the worker. A table of every algorithm's figures; a chosen metric plotted against the share of
// buckets removed (the lab's removal histories, in a chosen order) and against n (a sweep over
// n = 10 … 1,000,000, run one after another in the worker); the run's CSV (the core's own, as
// `ringlab lab --csv` prints it) and JSON as downloads. An absent parameter is the core's default
// (the lab's rows of the parameter table, from the module; keys per bucket left out is the most n
// allows, the core's rule). A run starts when Run is pressed, not on load: at the core's defaults
// (100,000 keys) the lab takes seconds.
import type { LabBalance, LabOptions, LabResult, LabRow, RinglabLab } from "ringlab/lab";
import { Charts, chart, type Series } from "../core/chart";
import { h, replace } from "../core/dom";
import { RinglabElement } from "../core/element";
import { getLab, labIfLoaded, labInWorker } from "../core/lab";
import { fieldDigits, latinDigits, readNumber } from "../core/numbers";
import { oneOf, str, type StateOf } from "../core/params";
import { stackOnPhones, table } from "../core/table";

const metrics = ["maxPct", "minPct", "var"] as const;
type Metric = (typeof metrics)[number];
const orders = ["random", "fifo", "lifo"] as const;
type Order = (typeof orders)[number];
/** The sweep's n: one decade apart, up to the lab's largest n. */
const sweepNs = [10, 100, 1000, 10000, 100000, 1000000];

const spec = {
  buckets: str(""),
  keys: str(""),
  seed: str(""),
  metric: oneOf<Metric>("maxPct", metrics),
  order: oneOf<Order>("random", orders),
};
type State = StateOf<typeof spec>;
type Field = "buckets" | "keys" | "seed";
/** Each field's parameter in the core's table. */
const paramOf: Record<Field, "buckets" | "keysPerBucket" | "seed"> = {
  buckets: "buckets",
  keys: "keysPerBucket",
  seed: "seed",
};

/** A run's options: buckets and seed always, keys per bucket when chosen. */
type RunOptions = LabOptions & { buckets: number; seed: number };

/**
 * The run's options: each field's number, or the table's default when the field is empty; keys
 * per bucket left out when empty, the most the buckets allow (the core decides).
 */
function optionsOf(state: State, lab: RinglabLab): RunOptions {
  const d = Object.fromEntries(lab.params().map((p) => [p.name, p.defaultValue]));
  const v = (f: Field) => (state[f] !== "" ? readNumber(state[f]) : (d[paramOf[f]] ?? 0));
  return { buckets: v("buckets"), seed: v("seed"), ...(state.keys !== "" ? { keysPerBucket: v("keys") } : {}) };
}

const dataUrl = (type: string, text: string) => `data:${type};charset=utf-8,${encodeURIComponent(text)}`;
/** A result as the JSON download has it: every figure, without the CSV text. */
const jsonOf = (r: LabResult) => {
  const { csv: _csv, ...rest } = r;
  return rest;
};

export class LabElement extends RinglabElement<typeof spec, RinglabLab> {
  static override spec = spec;
  private readonly charts = new Charts();
  private form!: HTMLFormElement;
  private inputs = new Map<Field, { input: HTMLInputElement; label: HTMLSpanElement }>();
  private runButton!: HTMLButtonElement;
  private sweepButton!: HTMLButtonElement;
  private cancelButton!: HTMLButtonElement;
  private status!: HTMLDivElement;
  private progress!: HTMLProgressElement;
  private statusText!: HTMLParagraphElement;
  private summary!: HTMLParagraphElement;
  private tableBox!: HTMLDivElement;
  private choices!: HTMLDivElement;
  private metricLabel!: HTMLSpanElement;
  private metricSelect!: HTMLSelectElement;
  private orderLabel!: HTMLSpanElement;
  private orderSelect!: HTMLSelectElement;
  private chartBox!: HTMLDivElement;
  private exportBox!: HTMLDivElement;
  private output!: HTMLDivElement;
  private abort: AbortController | undefined;
  /** The run's latest progress, or its end: what the status line says. */
  private phase:
    | { kind: "idle" }
    | { kind: "starting" }
    | { kind: "progress"; sweep: boolean; n: number; algorithm: string; complete: number; rows: number }
    | { kind: "cancelled"; sweep: boolean }
    | { kind: "error"; error: unknown } = { kind: "idle" };
  private result: LabResult | undefined;
  /** The sweep's results, by n, for the keys per bucket and seed they were run with. */
  private sweep: { key: string; results: LabResult[] } | undefined;

  protected heading(): string {
    return this.t.lab.title;
  }

  protected override loadModule(): Promise<RinglabLab> {
    return getLab();
  }

  protected override moduleIfLoaded(): RinglabLab | undefined {
    return labIfLoaded();
  }

  protected build(box: HTMLDivElement): void {
    this.form = h("form", { class: "params", "data-testid": "params" });
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.commit(true);
    });
    for (const field of ["buckets", "keys", "seed"] as const) {
      const label = h("span");
      const input = h("input", {
        type: "text",
        inputmode: "numeric",
        class: "num",
        name: field,
        "data-testid": `field-${field}`,
        spellcheck: "false",
        autocomplete: "off",
      });
      input.addEventListener("change", () => this.commit(false));
      this.inputs.set(field, { input, label });
      this.form.append(h("label", {}, label, input));
    }
    this.runButton = h("button", { type: "submit", class: "primary", "data-testid": "run" });
    this.sweepButton = h("button", { type: "button", "data-testid": "sweep" });
    this.sweepButton.addEventListener("click", () => this.startSweep());
    this.form.append(this.runButton, this.sweepButton);
    this.progress = h("progress", { max: 1, value: 0, "data-testid": "progress" });
    this.cancelButton = h("button", { type: "button", "data-testid": "cancel" });
    this.cancelButton.addEventListener("click", () => this.abort?.abort(new Error("cancelled")));
    this.status = h("div", { class: "run-status", hidden: true }, this.progress, this.cancelButton);
    this.statusText = h("p", { class: "hint", "data-testid": "status", role: "status" });
    this.summary = h("p", { "data-testid": "summary" });
    this.tableBox = h("div");
    this.metricLabel = h("span");
    this.metricSelect = h("select", { "data-testid": "metric" });
    this.metricSelect.addEventListener("change", () =>
      this.setState({ metric: this.metricSelect.value as Metric }, true),
    );
    this.orderLabel = h("span");
    this.orderSelect = h("select", { "data-testid": "order" });
    this.orderSelect.addEventListener("change", () => this.setState({ order: this.orderSelect.value as Order }, true));
    this.choices = h(
      "div",
      { class: "params" },
      h("label", {}, this.metricLabel, this.metricSelect),
      h("label", {}, this.orderLabel, this.orderSelect),
    );
    this.chartBox = h("div", { class: "charts", "data-testid": "charts" });
    this.exportBox = h("p", { class: "lab-exports", "data-testid": "exports" });
    this.output = h(
      "div",
      { "data-testid": "result", hidden: true },
      this.summary,
      this.tableBox,
      this.choices,
      this.chartBox,
      this.exportBox,
    );
    box.append(this.form, this.status, this.statusText, this.output);
  }

  protected override extraStyles(): string {
    return (
      ".lab-exports{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:baseline}" +
      ".lab-skipped{text-align:left;white-space:normal}" +
      "table[data-testid=lab-table] thead th{white-space:normal;vertical-align:bottom;min-width:3.8em}" +
      // Twelve columns of figures up to 1,000,000.000 (rendezvous' steps at 10^6) in the page's
      // width: a narrower gap between them than other tables'.
      "table[data-testid=lab-table] th,table[data-testid=lab-table] td{padding-inline:0.3rem}" +
      // Stacked on a phone, a long header beside its value wraps rather than widening the row.
      "table[data-testid=lab-table].stack td{white-space:normal}"
    );
  }

  /** Writes the fields into the attributes (the state); `run` starts the lab at them. */
  private commit(run: boolean): void {
    const partial: Partial<State> = {};
    for (const [field, { input }] of this.inputs) {
      // Bengali digits typed are the same number; the attribute keeps Latin ones.
      partial[field] = latinDigits(input.value.trim());
    }
    for (const [k, v] of Object.entries(partial)) if (v === "") this.removeAttribute(k);
    this.setState(Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== "")) as Partial<State>, true);
    if (run && this.rl) this.start([optionsOf(this.state, this.rl)], false);
    this.requestUpdate();
  }

  protected render(lab: RinglabLab, state: State): void {
    const t = this.t.lab;
    const f = this.f;
    const params = new Map(lab.params().map((p) => [p.name, p]));
    for (const [field, { input, label }] of this.inputs) {
      const p = params.get(paramOf[field])!;
      label.textContent = t.fields[field];
      const range = t.range(f.int(p.min), f.int(p.max));
      label.title = range;
      input.setAttribute("aria-description", range);
      input.placeholder = fieldDigits(String(this.defaultOf(lab, field, p.defaultValue)), this.t.lang);
      if (this.shadowRoot?.activeElement !== input) input.value = fieldDigits(state[field], this.t.lang);
    }
    this.runButton.textContent = t.run;
    this.sweepButton.textContent = t.sweep;
    this.cancelButton.textContent = t.cancel;
    this.progress.setAttribute("aria-label", t.progressLabel);
    this.metricLabel.textContent = t.metric;
    replace(
      this.metricSelect,
      metrics.map((m) => h("option", { value: m, title: t.headerHelp[m] }, t.metrics[m])),
    );
    this.metricSelect.value = state.metric;
    this.orderLabel.textContent = t.order;
    replace(
      this.orderSelect,
      orders.map((o) => h("option", { value: o }, t.orders[o])),
    );
    this.orderSelect.value = state.order;

    this.renderStatus();
    // A run's error is shown in place, from its code (the base class shows what render throws).
    if (this.phase.kind === "error") throw this.phase.error;
    const done = this.result;
    if (!done) {
      this.output.hidden = true;
      return;
    }
    this.output.hidden = false;
    // A run under way greys the previous result until its own arrives.
    this.output.style.opacity = this.abort ? "0.5" : "";
    const r = done;
    this.summary.textContent = t.summary(f.int(r.buckets), f.int(r.keys), f.int(r.distinctKeys), f.id(r.seed));
    replace(this.tableBox, this.rowsTable(r));
    this.charts.clear();
    this.chartBox.replaceChildren(this.removedChart(r, state), ...this.sweepChart(r, state));
    const links = [
      h("span", {}, t.exports),
      h(
        "a",
        { href: dataUrl("text/csv", r.csv), download: `ringlab-lab-${r.buckets}.csv`, "data-testid": "export-csv" },
        t.csv,
      ),
      h(
        "a",
        {
          href: dataUrl("application/json", JSON.stringify(jsonOf(r), null, 2) + "\n"),
          download: `ringlab-lab-${r.buckets}.json`,
          "data-testid": "export-json",
        },
        t.json,
      ),
    ];
    const sweep = this.sweepFor(r);
    if (sweep)
      links.push(
        h(
          "a",
          {
            href: dataUrl("application/json", JSON.stringify(sweep.map(jsonOf), null, 2) + "\n"),
            download: "ringlab-lab-sweep.json",
            "data-testid": "export-sweep-json",
          },
          t.sweepJson,
        ),
      );
    replace(this.exportBox, links);
  }

  private renderStatus(): void {
    const t = this.t.lab;
    const f = this.f;
    const p = this.phase;
    const running = p.kind === "starting" || p.kind === "progress";
    this.status.hidden = !running;
    // A sweep plots beside a run's table, for that run's keys per bucket and seed.
    this.sweepButton.disabled = running || !this.result;
    if (running) this.box.setAttribute("aria-busy", "true");
    else this.box.removeAttribute("aria-busy");
    switch (p.kind) {
      case "idle":
        // Nothing runs until Run is pressed: at the core's defaults the lab takes seconds.
        this.statusText.textContent = this.result ? "" : t.prompt;
        break;
      case "error":
        this.statusText.textContent = "";
        break;
      case "starting":
        this.progress.removeAttribute("value");
        this.statusText.textContent = t.starting;
        break;
      case "progress": {
        this.progress.max = p.rows;
        this.progress.value = p.complete;
        const name = this.t.algorithms[p.algorithm as keyof typeof this.t.algorithms] ?? p.algorithm;
        this.statusText.textContent = p.sweep
          ? t.sweepProgress(f.int(p.n), name, f.int(p.complete), f.int(p.rows))
          : t.progress(name, f.int(p.complete), f.int(p.rows));
        break;
      }
      case "cancelled":
        this.statusText.textContent = p.sweep ? t.sweepCancelled : t.cancelled;
        break;
    }
  }

  /**
   * A field's default as its placeholder shows it: the table's, but keys per bucket's is the most
   * the buckets field allows (10 at 10⁶), from the core, while that field holds a valid n.
   */
  private defaultOf(lab: RinglabLab, field: Field, tableDefault: number): number {
    if (field !== "keys" || this.state.buckets === "") return tableDefault;
    try {
      return lab.maxKeysPerBucket(readNumber(this.state.buckets));
    } catch {
      return tableDefault;
    }
  }

  /** Runs `runs` in the worker, stopping any run under way; a sweep keeps each result by n. */
  private start(runs: RunOptions[], sweep: boolean): void {
    this.abort?.abort(new Error("superseded"));
    const abort = (this.abort = new AbortController());
    this.phase = { kind: "starting" };
    const sweepKey = JSON.stringify({ keysPerBucket: runs[0]!.keysPerBucket ?? null, seed: runs[0]!.seed });
    if (sweep) this.sweep = { key: sweepKey, results: [] };
    labInWorker(
      runs,
      abort.signal,
      (run, p) => {
        if (this.abort !== abort) return;
        this.phase = { kind: "progress", sweep, n: runs[run]!.buckets, ...p };
        this.renderStatus();
      },
      (_run, r) => {
        if (this.abort !== abort) return;
        if (sweep) this.sweep!.results.push(r);
        else this.result = r;
        this.requestUpdate();
      },
    ).then(
      () => {
        if (this.abort !== abort) return;
        this.abort = undefined;
        this.phase = { kind: "idle" };
        this.requestUpdate();
      },
      (error: unknown) => {
        if (this.abort !== abort) return;
        this.abort = undefined;
        this.phase = abort.signal.aborted ? { kind: "cancelled", sweep } : { kind: "error", error };
        this.requestUpdate();
      },
    );
  }

  private startSweep(): void {
    const lab = this.rl;
    if (!lab || !this.result) return;
    // The run's keys per bucket at every n that allows them; above, the most n allows (10^7 keys
    // in all: 10 a bucket at 10^6).
    const { keysPerBucket, seed } = this.result;
    this.start(
      sweepNs.map((buckets) => ({
        buckets,
        seed,
        keysPerBucket: Math.min(keysPerBucket, lab.maxKeysPerBucket(buckets)),
      })),
      true,
    );
  }

  /** The sweep's results if they were run with this result's keys per bucket and seed. */
  private sweepFor(r: LabResult): LabResult[] | undefined {
    const key = JSON.stringify({ keysPerBucket: r.keysPerBucket, seed: r.seed });
    return this.sweep?.key === key && this.sweep.results.length > 0 ? this.sweep.results : undefined;
  }

  private name(row: LabRow, r: LabResult): string {
    const name = this.t.algorithms[row.algorithm as keyof typeof this.t.algorithms] ?? row.algorithm;
    // mod-N is both a bucket hasher and a placer: its seam tells them apart, as the CLI's label does.
    const same = r.rows.filter((x) => x.algorithm === row.algorithm).length > 1;
    return same ? `${name} (${this.t.lab.seams[row.seam] ?? row.seam})` : name;
  }

  private rowsTable(r: LabResult): HTMLElement {
    const t = this.t.lab;
    const f = this.f;
    const hd = t.headers;
    const help = t.headerHelp;
    const th = (text: string, title?: string) => (title ? h("span", { title }, text) : text);
    const headers = [
      hd.algorithm,
      hd.seam,
      hd.removal,
      th(hd.minPct, help.minPct),
      th(hd.maxPct, help.maxPct),
      th(hd.var, help.var),
      th(hd.noBucket, help.noBucket),
      th(hd.steps, help.steps),
      th(hd.movedOther, help.movedOther),
      th(hd.relocated, help.relocated),
      th(hd.bytes, help.bytes),
    ];
    const rows = r.rows.map((row) => {
      const steps = row.work.reduce((sum, w) => sum + w.total, 0);
      const perLookup = row.workLookups > 0 ? f.dec(steps / row.workLookups, 3) : "";
      const head = [this.name(row, r), t.seams[row.seam] ?? row.seam, t.removals[row.removal] ?? row.removal];
      if (!row.balance)
        return {
          cells: [
            ...head,
            // Not built (no lookup traced): the core refused its size at this n, so it has no bytes either.
            // In place of the four balance figures it has not got: one line across them rather
            // than a column a word wide (at n = 10^5 and above, rendezvous').
            // The core's reason, as a tooltip, is English: the Bengali page keeps to its own words.
            h(
              "span",
              { title: this.t.lang === "en" ? (row.skipped ?? "") : undefined },
              row.workLookups === 0 ? t.notBuilt : t.skipped,
            ),
            perLookup,
            "",
            "",
            row.workLookups === 0 ? "" : f.dec(row.bytesPerBucket, 2),
          ],
          cellClass: [undefined, "l", "l", "lab-skipped"],
          spans: [undefined, undefined, undefined, 4],
          class: "dim",
        };
      const b = row.balance;
      const m10 = row.monotonicity.find((m) => m.fraction === 0.1);
      return {
        cells: [
          ...head,
          f.dec(b.minPct, 2),
          f.dec(b.maxPct, 2),
          f.dec(b.var, 2),
          f.int(b.noBucket),
          perLookup,
          m10 ? f.int(m10.keysMovedFromOtherNodes) : t.noRemoval,
          m10 ? f.int(m10.keysRelocatedAfterResize) : t.noRemoval,
          f.dec(row.bytesPerBucket, 2),
        ],
        cellClass: [undefined, "l", "l"],
      };
    });
    // Eleven columns: their headers wrap, and on a phone each row is a block of "header: value" lines.
    const texts = [
      hd.algorithm,
      hd.seam,
      hd.removal,
      hd.minPct,
      hd.maxPct,
      hd.var,
      hd.noBucket,
      hd.steps,
      hd.movedOther,
      hd.relocated,
      hd.bytes,
    ];
    return stackOnPhones(table(t.tableCaption, headers, rows, "lab-table"), texts);
  }

  private series(rows: readonly LabRow[], r: LabResult, values: (row: LabRow) => (number | null)[]): Series[] {
    return rows.map((row, i) => ({
      label: this.name(row, r),
      values: values(row),
      color: `--_s${i % 12}`,
      ...(i >= 12 ? { dash: [6, 4] } : {}),
    }));
  }

  private removedChart(r: LabResult, state: State): HTMLElement {
    const t = this.t.lab;
    const f = this.f;
    const metric = t.metrics[state.metric];
    const pick = (b: LabBalance | undefined) => (b ? b[state.metric] : null);
    // The start (nothing removed) and the lab's shares, in the chosen order.
    const shares = [0, ...new Set(r.rows.flatMap((row) => row.histories.map((x) => x.removed)))].sort((a, b) => a - b);
    const rows = r.rows.filter((row) => row.histories.some((x) => x.order === state.order));
    const valuesOf = (row: LabRow) =>
      shares.map((s) =>
        s === 0
          ? pick(row.balance ?? undefined)
          : pick(row.histories.find((x) => x.order === state.order && x.removed === s)?.balance),
      );
    return this.charts.add(
      chart(this, {
        title: t.vsRemoved(metric, t.orders[state.order]),
        testid: "chart-removed",
        x: shares,
        series: this.series(rows, r, valuesOf),
        xTitle: t.removedAxis,
        xFmt: (v) => f.pct(v, 0),
        yFmt: (v) => f.num(v),
        table: {
          caption: t.vsRemovedTable(metric),
          headers: [t.headers.algorithm, ...shares.map((s) => f.pct(s, 0))],
          rows: rows.map((row) => ({
            cells: [this.name(row, r), ...valuesOf(row).map((v) => (v === null ? "" : f.num(v)))],
          })),
        },
      }),
    );
  }

  private sweepChart(r: LabResult, state: State): HTMLElement[] {
    const t = this.t.lab;
    const f = this.f;
    const metric = t.metrics[state.metric];
    const sweep = this.sweepFor(r);
    if (!sweep) return [h("p", { class: "hint", "data-testid": "sweep-empty" }, t.vsNEmpty, " ", t.vsNNote)];
    const ns = sweep.map((x) => x.buckets);
    // Rows by their place in the registry's order, the same at every n.
    const rows = sweep[0]!.rows;
    const valuesOf = (_row: LabRow, i: number) => sweep.map((x) => x.rows[i]?.balance?.[state.metric] ?? null);
    return [
      this.charts.add(
        chart(this, {
          title: t.vsN(metric),
          testid: "chart-n",
          x: ns,
          xLog: true,
          series: this.series(rows, sweep[0]!, (row) => valuesOf(row, rows.indexOf(row))),
          xTitle: t.nAxis,
          xFmt: (v) => f.int(v),
          yFmt: (v) => f.num(v),
          table: {
            caption: t.vsNTable(metric),
            headers: [t.headers.algorithm, ...ns.map((n) => f.int(n))],
            rows: rows.map((row, i) => ({
              cells: [this.name(row, sweep[0]!), ...valuesOf(row, i).map((v) => (v === null ? "" : f.num(v)))],
            })),
          },
        }),
      ),
      h("p", { class: "hint" }, t.vsNNote),
    ];
  }

  protected override disconnected(): void {
    this.abort?.abort(new Error("disconnected"));
    this.abort = undefined;
    this.charts.clear();
  }
}
