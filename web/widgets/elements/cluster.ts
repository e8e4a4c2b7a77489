// <ringlab-cluster system="memcached" servers="10.0.0.1:11211=2&#10;10.0.0.2:11211" keys="user:1&#10;user:2">
// "Your cluster": a real system (nginx, libmemcached, libketama, Redis Cluster, Kafka, Cassandra,
// Guava, Erlang, Envoy) configured as the reader's own, each key's server, the load per server,
// and what a change (a server added, removed or marked down; a partition more or less) moves.
// Every answer is the systems module's (`ringlab/systems`, the real software's placement bit for
// bit), loaded on first use with the compatibility matrix (tests/golden/systems/compat.json,
// bundled at build time as a chunk of its own), so pages without this widget download neither.
//
// State: `system`; `servers`, one server a line in the system's flag syntax (absent: the
// system's example cluster); `format` "text" with `config`, the system's own configuration text
// (an nginx upstream block, a libmemcached server string, Envoy endpoints, `nodetool ring`);
// `options`, the system's other options as a query string (`mode=consistent&hash=md5`); `keys`,
// one key a line (a blank line is the empty key, as `ringlab place --keys` reads them); `change`
// and `target`, the change whose moves are shown. Long key lists stay out of the URL.
import type { RinglabSystems } from "ringlab/systems";
import type { RinglabErrorDetail } from "ringlab";
import { Charts, chart } from "../core/chart";
import { h, replace, type Child } from "../core/dom";
import { RinglabElement } from "../core/element";
import { detailText, errorText } from "../core/errors";
import { ringDiagram } from "../core/ring-diagram";
import { serverClass } from "../core/styles";
import { systemsIfLoaded } from "../core/systems";
import { compatRows, compatView, loadAll } from "./cluster/compat";
import {
  RANGE_RULES,
  cassandraChange,
  cassandraNames,
  cassandraNode,
  category,
  isDown,
  lines,
  listLine,
  makeSystem,
  pageSystem,
  scalar,
  wholeNumber,
  withoutDown,
  type Config,
  type ErrorLike,
  type KeyRow,
  type PageSystem,
  type PlacementResult,
  type SystemOptions,
} from "./cluster/module";
import { MAX_BARS, MORE, ROWS, URL_KEYS_MAX, spec, type State } from "./cluster/state";
import { STYLES } from "./cluster/styles";
import { DEFAULT_KEYS, NAMES, SYS, SYSTEMS, type SystemName } from "./cluster/systems";
import { axisLabels, plain, rich } from "./cluster/text";

export class Cluster extends RinglabElement<typeof spec, RinglabSystems> {
  static override spec = spec;
  private charts = new Charts();
  private shown = ROWS;
  private movedShown = ROWS;
  private formFor = "";
  private systemLabel!: HTMLSpanElement;
  private systemSelect!: HTMLSelectElement;
  private about!: HTMLParagraphElement;
  private formatBox!: HTMLDivElement;
  private formBox!: HTMLDivElement;
  private configError!: HTMLDivElement;
  private inputs = new Map<
    string,
    { el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement; err: HTMLElement }
  >();
  private keysLabel!: HTMLSpanElement;
  private keysInput!: HTMLTextAreaElement;
  private keysHint!: HTMLParagraphElement;
  private keysError!: HTMLDivElement;
  private exampleButton!: HTMLButtonElement;
  private manyButton!: HTMLButtonElement;
  private keysOut!: HTMLDivElement;
  private loadOut!: HTMLDivElement;
  private movesTitle!: HTMLParagraphElement;
  private changeBox!: HTMLDivElement;
  private changeError!: HTMLDivElement;
  private movesOut!: HTMLDivElement;
  private compatTitle!: HTMLParagraphElement;
  private compatOut!: HTMLDivElement;

  protected heading(): string {
    return this.t.cluster.title;
  }

  protected override loadModule(): Promise<RinglabSystems> {
    return loadAll();
  }

  protected override moduleIfLoaded(): RinglabSystems | undefined {
    return compatRows.length ? systemsIfLoaded() : undefined;
  }

  /** Long key lists stay out of the URL (the page then starts from the example keys). */
  override get params(): Record<string, string> {
    const p = super.params;
    if ((p.keys?.length ?? 0) > URL_KEYS_MAX) delete p.keys;
    return p;
  }
  override set params(p: Record<string, string>) {
    super.params = p;
  }

  protected override extraStyles(): string {
    return STYLES;
  }

  protected build(box: HTMLDivElement): void {
    this.systemLabel = h("span");
    this.systemSelect = h("select", { "data-testid": "system" });
    for (const s of SYSTEMS) this.systemSelect.append(h("option", { value: s }, NAMES[s]));
    this.systemSelect.addEventListener("change", () => this.pickSystem(this.systemSelect.value as SystemName));
    this.about = h("p", { class: "hint", "data-testid": "about" });
    this.formatBox = h("div", { class: "format", role: "radiogroup", "data-testid": "format" });
    this.formBox = h("div", { "data-testid": "config-form" });
    this.configError = h("div", { "data-testid": "config-error", "aria-live": "polite" });

    this.keysLabel = h("span");
    this.keysInput = h("textarea", {
      rows: 8,
      spellcheck: "false",
      autocomplete: "off",
      "data-testid": "keys",
      "aria-describedby": "cl-keys-hint cl-keys-error",
    });
    this.keysInput.addEventListener("input", () => this.setState({ keys: this.keysInput.value }, true));
    this.keysHint = h("p", { class: "hint", id: "cl-keys-hint" });
    this.keysError = h("div", { id: "cl-keys-error", "data-testid": "keys-error", "aria-live": "polite" });
    this.exampleButton = h("button", { type: "button", "data-testid": "example-keys" });
    this.exampleButton.addEventListener("click", () => this.setKeys(DEFAULT_KEYS));
    this.manyButton = h("button", { type: "button", "data-testid": "many-keys" });
    this.manyButton.addEventListener("click", () =>
      this.setKeys(Array.from({ length: 10000 }, (_, i) => `user:${i + 1}`).join("\n")),
    );
    this.keysOut = h("div", { "data-testid": "keys-result" });
    this.loadOut = h("div", { "data-testid": "load" });
    this.movesTitle = h("p", { class: "part-title" });
    this.changeBox = h("div", { class: "change", "data-testid": "change" });
    this.changeError = h("div", { "data-testid": "change-error", "aria-live": "polite" });
    this.movesOut = h("div", { "data-testid": "moves", "aria-live": "polite" });
    this.compatTitle = h("p", { class: "part-title" });
    this.compatOut = h("div", { "data-testid": "compat" });

    box.append(
      h(
        "div",
        { class: "cl-grid" },
        h(
          "div",
          {},
          h("div", { class: "sysrow" }, h("label", { class: "field" }, this.systemLabel, this.systemSelect)),
          this.about,
          this.formatBox,
          this.formBox,
          this.configError,
        ),
        h(
          "div",
          {},
          h("label", { class: "field" }, this.keysLabel, this.keysInput),
          h("div", { class: "buttons" }, this.exampleButton, this.manyButton),
          this.keysHint,
          this.keysError,
        ),
      ),
      h("div", { class: "cl-grid" }, this.keysOut, this.loadOut),
      this.movesTitle,
      this.changeBox,
      this.changeError,
      this.movesOut,
      this.compatTitle,
      this.compatOut,
    );
  }

  // --- State ------------------------------------------------------------------------------------

  private pickSystem(sys: SystemName): void {
    // Another system: its own example cluster (the keys stay).
    for (const k of ["servers", "format", "config", "options", "change", "target"]) this.removeAttribute(k);
    this.shown = ROWS;
    this.movedShown = ROWS;
    this.setState({ system: sys }, true);
  }

  private setKeys(keys: string): void {
    this.shown = ROWS;
    this.movedShown = ROWS;
    this.keysInput.value = keys;
    this.setState({ keys }, true);
  }

  private optionValues(state: State): Map<string, string> {
    return new Map(new URLSearchParams(state.options));
  }

  private setOption(name: string, value: string): void {
    const sys = SYS[this.state.system];
    const f = sys.fields.find((x) => x.name === name);
    const map = this.optionValues(this.state);
    if (f && value === f.def) map.delete(name);
    else map.set(name, value);
    this.setState({ options: new URLSearchParams([...map]).toString() }, true);
  }

  private serverLines(state: State): string[] {
    const list = SYS[state.system].list;
    return lines(state.servers ?? list?.def.join("\n") ?? "");
  }

  private configText(state: State): string {
    return state.config ?? SYS[state.system].text?.def ?? "";
  }

  private usesText(state: State): boolean {
    return state.format === "text" && SYS[state.system].text !== undefined;
  }

  /**
   * The options for `system()`, from the state. A change is made here only where the module has no
   * edit for it: a count one more or one fewer, and Cassandra's tokens.
   */
  private configOf(state: State, change?: { kind: string; target: string }): Config {
    const sys = SYS[state.system];
    const values = this.optionValues(state);
    const options: SystemOptions = {};
    const cassandra = state.system === "cassandra";
    const text = this.usesText(state);
    if (text && sys.text) {
      let t = this.configText(state);
      if (change && cassandra) t = cassandraChange(t, change.kind, change.target);
      options[sys.text.opt] = t;
    } else if (sys.list) {
      // One entry a line: the list option's array (nginx's ` down` mark is the `down` option).
      let ls = this.serverLines(state).filter((l) => l.trim() !== "");
      if (change && cassandra && change.kind === "add") ls = [...ls, change.target];
      if (change && cassandra && change.kind === "remove") ls = ls.filter((l) => cassandraNode(l) !== change.target);
      options[sys.list.opt] = ls.map(withoutDown);
      const down = ls.filter(isDown).map(withoutDown);
      if (sys.down && down.length) options.down = down;
    }
    for (const f of sys.fields) {
      if (text && !f.withText) continue;
      const v = scalar(f, values.get(f.name) ?? f.def);
      if (v !== undefined) options[f.opt ?? f.name] = v;
    }
    if (sys.count && change && (change.kind === "add" || change.kind === "remove")) {
      const n = Number(options[sys.count]);
      options[sys.count] = change.kind === "add" ? n + 1 : n - 1;
    }
    let names: string[] = [];
    let count = 0;
    if (sys.count) {
      const n = Number(options[sys.count]);
      if (Number.isSafeInteger(n) && n > 0) count = n;
      if (count && count <= MAX_BARS)
        names = Array.from({ length: n }, (_, i) => (state.system === "redis" ? `node:${i}` : String(i)));
    }
    return { options, names, count };
  }

  /** The field (or the server list / text) an error of system() belongs to. */
  private errorField(state: State, e: unknown): string {
    const sys = SYS[state.system];
    // The error's parameter, as the module names it ("--mode", "tableSize", "servers").
    const param = ((e as ErrorLike)?.param ?? "").replace(/^--/, "");
    const text = this.usesText(state);
    for (const f of sys.fields) {
      if (text && !f.withText) continue;
      if ([f.name, f.opt, ...f.names].some((n) => n !== undefined && n.replace(/^--/, "") === param)) return f.name;
    }
    if (text) return "config";
    if (sys.list) return "servers";
    return sys.fields[0]?.name ?? "servers";
  }

  // --- Drawing ----------------------------------------------------------------------------------

  private errorView(e: unknown, testid: string, withLead = true, said?: string): HTMLElement {
    const t = this.t.cluster;
    const err = (e ?? {}) as ErrorLike;
    const code = typeof err.code === "string" ? err.code : "";
    // The lead says what the code means, where the rule found is a range's (an `out_of_range`
    // for "no lb_endpoints with hosts" is no value out of range: the message alone says why).
    let rule = e as RinglabErrorDetail | undefined;
    while (rule?.inner) rule = rule.inner;
    const ranged = code !== "out_of_range" || (rule?.rule !== undefined && RANGE_RULES.has(rule.rule));
    const lead = ranged ? ((t.errors as Record<string, string | undefined>)[code] ?? t.errors.other) : t.errors.other;
    // The module's message follows the explanation: in English its own words (as the command line
    // prints them, so code), in another language its rule and numbers said in that language.
    const message = said ?? errorText(this.t, this.f, e);
    const id = `${testid}-message`;
    return h(
      "p",
      // A key's row carries the message alone (the explanation is given once, by the keys).
      {
        class: "field-error",
        role: withLead ? "alert" : undefined,
        "data-testid": testid,
        "data-code": code || "error",
      },
      withLead ? `${lead} ` : null,
      this.t.lang === "en"
        ? h("code", { lang: "en", "data-testid": id }, message)
        : h("span", { "data-testid": id }, message),
    );
  }

  /** Builds the configuration form for the system (once per system, format and language). */
  private buildForm(state: State): void {
    const t = this.t.cluster;
    const sys = SYS[state.system];
    const key = `${state.system}|${state.format}|${this.t.lang}`;
    if (key === this.formFor) return;
    this.formFor = key;
    this.inputs.clear();
    const text = this.usesText(state);
    // The way of giving the servers: a list, or the system's own text.
    if (sys.text) {
      const radio = (value: "list" | "text", label: string) => {
        const input = h("input", {
          type: "radio",
          name: "cl-format",
          value,
          checked: state.format === value,
          "data-testid": `format-${value}`,
        });
        input.addEventListener("change", () => {
          if (input.checked) this.setState({ format: value }, true);
        });
        return h("label", {}, input, h("span", {}, rich(label)));
      };
      replace(
        this.formatBox,
        radio("list", t.asList),
        radio("text", t.asText[state.system as keyof typeof t.asText] ?? ""),
      );
      this.formatBox.hidden = false;
    } else {
      replace(this.formatBox);
      this.formatBox.hidden = true;
    }
    const parts: Child[] = [];
    const area = (name: "servers" | "config", label: string, hint: string) => {
      const el = h("textarea", {
        rows: name === "config" ? 7 : 5,
        // Configuration text keeps its lines (a nodetool table, an upstream block) unwrapped.
        wrap: name === "config" ? "off" : undefined,
        spellcheck: "false",
        autocomplete: "off",
        "data-testid": name,
        "aria-describedby": `cl-${name}-hint cl-${name}-error`,
      });
      el.addEventListener("input", () => this.setState({ [name]: el.value } as Partial<State>, true));
      const err = h("div", { id: `cl-${name}-error`, "data-testid": `${name}-error`, "aria-live": "polite" });
      this.inputs.set(name, { el, err });
      parts.push(
        h("label", { class: "field" }, h("span", {}, rich(label)), el),
        h("p", { class: "hint", id: `cl-${name}-hint` }, rich(hint)),
        err,
      );
    };
    if (text && sys.text) area("config", t.textLabel[state.system as keyof typeof t.textLabel] ?? "", t.textHint);
    else if (sys.list) {
      const which = state.system as keyof typeof t.listLabel;
      area("servers", t.listLabel[which] ?? "", t.listHint[which] ?? "");
    }
    const fields: HTMLElement[] = [];
    for (const f of sys.fields) {
      if (text && !f.withText) continue;
      const label = t.fields[f.name];
      const err = h("div", { "data-testid": `${f.name}-error`, "aria-live": "polite", id: `cl-${f.name}-error` });
      let el: HTMLInputElement | HTMLSelectElement;
      if (f.kind === "select") {
        el = h("select", { "data-testid": `field-${f.name}`, "aria-describedby": `cl-${f.name}-error` });
        for (const c of f.choices ?? []) el.append(h("option", { value: c }, c === "" ? t.notSet : c));
        el.addEventListener("change", () => this.setOption(f.name, el.value));
        fields.push(h("div", {}, h("label", {}, label, el), err));
      } else if (f.kind === "number") {
        el = h("input", {
          type: "number",
          class: "num",
          step: 1,
          placeholder: f.def === "" ? t.systemDefault : undefined,
          "data-testid": `field-${f.name}`,
          "aria-describedby": `cl-${f.name}-error`,
        });
        el.addEventListener("change", () => this.setOption(f.name, el.value.trim()));
        fields.push(h("div", {}, h("label", {}, label, el), err));
      } else {
        const box = h("input", { type: "checkbox", "data-testid": `field-${f.name}` });
        box.addEventListener("change", () => this.setOption(f.name, box.checked ? "1" : ""));
        el = box;
        fields.push(h("div", {}, h("label", { class: "inline" }, box, label), err));
      }
      this.inputs.set(f.name, { el, err });
    }
    if (fields.length) parts.push(h("div", { class: "fields" }, fields));
    replace(this.formBox, parts);
  }

  /** Puts the state's values in the form's inputs (not the one being typed in). */
  private fillForm(state: State): void {
    const active = this.shadowRoot?.activeElement;
    const values = this.optionValues(state);
    const sys = SYS[state.system];
    for (const [name, { el }] of this.inputs) {
      if (el === active) continue;
      if (name === "servers") el.value = this.serverLines(state).join("\n");
      else if (name === "config") el.value = this.configText(state);
      else {
        const f = sys.fields.find((x) => x.name === name);
        const v = values.get(name) ?? f?.def ?? "";
        if (el instanceof HTMLInputElement && el.type === "checkbox") el.checked = v === "1" || v === "true";
        else el.value = v;
      }
    }
    for (const r of this.formatBox.querySelectorAll("input")) r.checked = r.value === state.format;
  }

  private clearErrors(): void {
    for (const { el, err } of this.inputs.values()) {
      el.removeAttribute("aria-invalid");
      replace(err);
    }
    replace(this.configError);
  }

  /** A result as the page shows it. */
  private resultText(r: PlacementResult | undefined): string {
    const t = this.t.cluster;
    if (r === undefined || r === null) return "—";
    if (typeof r === "number" || typeof r === "bigint") return this.f.id(r);
    if (typeof r === "string") return r;
    if (!Array.isArray(r) && "node" in r && "slot" in r)
      return t.slotNode(this.f.id(Number(r.slot)), this.f.id(Number(r.node)));
    return JSON.stringify(r);
  }

  private categoryLabel(c: string): string {
    if (c.startsWith("node:")) return this.t.cluster.node(this.f.id(Number(c.slice(5))));
    return /^-?\d+$/.test(c) ? this.f.id(BigInt(c)) : c;
  }

  protected render(rl: RinglabSystems, state: State): void {
    const t = this.t.cluster;
    const f = this.f;
    this.systemLabel.textContent = t.system;
    this.systemSelect.value = state.system;
    replace(this.about, rich(t.about[state.system]));
    this.keysLabel.textContent = t.keysLabel;
    this.keysHint.textContent = t.keysHint;
    this.exampleButton.textContent = t.exampleKeys;
    this.manyButton.textContent = t.manyKeys(f.int(10000));
    this.movesTitle.textContent = t.movesTitle;
    this.compatTitle.textContent = t.compatTitle;
    if (this.shadowRoot?.activeElement !== this.keysInput) this.keysInput.value = state.keys;
    this.buildForm(state);
    this.fillForm(state);
    this.clearErrors();
    this.charts.clear();
    replace(this.compatOut, compatView(this.t, this.f, state.system));

    const keys = state.keys === "" ? [] : lines(state.keys);
    let config: Config;
    let sys: PageSystem;
    try {
      config = this.configOf(state);
      sys = makeSystem(rl, state.system, config.options);
    } catch (e) {
      this.showConfigError(state, e);
      replace(this.keysOut);
      replace(this.loadOut);
      replace(this.changeBox);
      replace(this.changeError);
      replace(this.movesOut, h("p", { class: "hint", "data-testid": "moves-blocked" }, t.fixFirst));
      replace(this.keysError);
      this.keysInput.removeAttribute("aria-invalid");
      return;
    }
    try {
      const rows = this.place(sys, keys);
      const bad = rows.filter((r) => r.error);
      if (bad.length) {
        this.keysInput.setAttribute("aria-invalid", "true");
        replace(
          this.keysError,
          h("p", { class: "field-error", "data-testid": "keys-error-count" }, t.badKeys(bad.length, f.int(bad.length))),
          this.errorView(bad[0]?.error, "key-error"),
        );
      } else {
        this.keysInput.removeAttribute("aria-invalid");
        replace(this.keysError);
      }
      const cats = this.categories(state, config, sys, rows);
      this.drawKeys(state, rows, cats);
      this.drawLoad(
        state,
        sys,
        config,
        rows,
        cats,
        state.system === "cassandra" ? this.cassandraRing(rl, state, rows, cats) : null,
      );
      this.drawChange(rl, state, sys, config, rows, cats);
    } finally {
      sys.dispose();
    }
  }

  private showConfigError(state: State, e: unknown): void {
    const field = this.errorField(state, e);
    const slot = this.inputs.get(field);
    const said = field === "servers" ? this.listLineError(state, e) : undefined;
    if (slot) {
      slot.el.setAttribute("aria-invalid", "true");
      replace(slot.err, this.errorView(e, "config-error-text", true, said));
    } else replace(this.configError, this.errorView(e, "config-error-text", true, said));
  }

  /**
   * An error in an entry of the server list, said by the line of the list it is on ("line 3:
   * weight must be …"): the page's list is one server a line, not the command line's flag.
   */
  private listLineError(state: State, e: unknown): string | undefined {
    const d = e as RinglabErrorDetail | undefined;
    if (d?.rule !== "entryAt" || d.inner === undefined) return undefined;
    const entry = Number(d.values[1]);
    // The entry's line: blank lines are no entries.
    let seen = 0;
    const all = this.serverLines(state);
    const line = all.findIndex((l) => l.trim() !== "" && ++seen === entry) + 1;
    if (line <= 0) return undefined;
    let inner: string | undefined;
    if (this.t.lang === "en") {
      // The module's message after the entry it names: `--servers entry 2 ("a=0"): ` goes.
      const message = (e as ErrorLike).message ?? "";
      const text = String(d.values[2]);
      const at = message.indexOf(text);
      const colon = message.indexOf(": ", at < 0 ? 0 : at + text.length);
      inner = colon < 0 ? undefined : message.slice(colon + 2);
    } else inner = detailText(this.t, this.f, d.inner);
    return inner === undefined ? undefined : this.t.cluster.lineError(this.f.int(line), inner);
  }

  /** Every key placed: in one call, or key by key to find the ones the system refuses. */
  private place(sys: PageSystem, keys: string[]): KeyRow[] {
    try {
      const results = sys.placeMany(keys);
      return keys.map((key, index) => ({ index, key, result: results[index] }));
    } catch {
      return keys.map((key, index) => {
        try {
          return { index, key, result: sys.place(key) };
        } catch (error) {
          return { index, key, error };
        }
      });
    }
  }

  /** The servers in the chart's order: the configured ones, then any other answer. */
  private categories(state: State, config: Config, sys: PageSystem, rows: KeyRow[]): string[] {
    // The configured servers, as the module lists them (Redis's masters as its answers name them).
    const listed = sys.servers.map((s, i) => (state.system === "redis" ? `node:${i}` : s.name));
    const out = config.names.length ? [...config.names] : listed;
    const seen = new Set(out);
    const extra: string[] = [];
    for (const r of rows) {
      if (r.error) continue;
      const c = category(r.result ?? null);
      if (c !== null && !seen.has(c)) {
        seen.add(c);
        extra.push(c);
      }
    }
    if (extra.every((c) => /^-?\d+$/.test(c))) extra.sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    return [...out, ...extra];
  }

  private swatch(cats: string[], c: string | null): Child {
    if (c === null) return null;
    const i = cats.indexOf(c);
    return i < 0 || cats.length > MAX_BARS
      ? null
      : h("span", { class: `swatch ${serverClass(i)}`, "aria-hidden": "true" });
  }

  private keyCell(key: string): HTMLElement {
    return h("td", { class: "l key", title: key }, h("code", { class: "kc" }, key === "" ? '""' : key));
  }

  private drawKeys(state: State, rows: KeyRow[], cats: string[]): void {
    const t = this.t.cluster;
    const f = this.f;
    const shown = rows.slice(0, this.shown);
    const nullNote = t.nullResult[state.system as keyof typeof t.nullResult];
    const body = shown.map((r) =>
      h(
        "tr",
        { "data-testid": "key-row", class: r.error ? "bad" : undefined },
        h("td", {}, f.id(r.index + 1)),
        this.keyCell(r.key),
        r.error
          ? h("td", { class: "l" }, this.errorView(r.error, "key-row-error", false))
          : h(
              "td",
              { class: "l", "data-testid": "result", title: r.result === null && nullNote ? nullNote : undefined },
              this.swatch(cats, category(r.result ?? null)),
              h("code", {}, this.resultText(r.result)),
            ),
      ),
    );
    const more = rows.length - shown.length;
    const moreButton = more
      ? h("button", { type: "button", "data-testid": "show-more" }, t.showMore(f.int(Math.min(MORE, more))))
      : null;
    moreButton?.addEventListener("click", () => {
      this.shown += MORE;
      this.requestUpdate();
    });
    const nulls = rows.filter((r) => !r.error && r.result === null).length;
    replace(
      this.keysOut,
      h("p", { class: "part-title" }, t.keysTitle),
      h(
        "div",
        { class: "table-wrap" },
        h(
          "table",
          { "data-testid": "keys-table" },
          h("caption", { class: "visually-hidden" }, t.keysCaption(f.int(rows.length))),
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", {}, t.line),
              h("th", { class: "l" }, t.key),
              h("th", { class: "l" }, t.result[state.system]),
            ),
          ),
          h("tbody", {}, body),
        ),
      ),
      h(
        "p",
        { class: "cap", "data-testid": "keys-count" },
        t.shownOf(f.int(shown.length), f.int(rows.length)),
        " ",
        moreButton,
      ),
      nulls && nullNote ? h("p", { class: "hint", "data-testid": "null-note" }, `— ${nullNote}`) : null,
    );
  }

  private drawLoad(
    state: State,
    sys: PageSystem,
    config: Config,
    rows: KeyRow[],
    cats: string[],
    ring: SVGSVGElement | null = null,
  ): void {
    const t = this.t.cluster;
    const f = this.f;
    const count = new Map<string, number>(cats.map((c) => [c, 0]));
    let placed = 0;
    for (const r of rows) {
      const c = r.error ? null : category(r.result ?? null);
      if (c === null) continue;
      placed++;
      count.set(c, (count.get(c) ?? 0) + 1);
    }
    // Each server's share by weight (nginx's weight=, memcached's, libketama's memory, Envoy's
    // load_balancing_weight, a Redis master's slots): what an even spread gives it; none when down.
    // Cassandra's token count is no share of the ring (the tokens' spacing is), so its nodes share evenly.
    const byWeight = state.system !== "cassandra" && sys.servers.length === cats.length;
    const weightOf = (i: number) => {
      const s = byWeight ? sys.servers[i] : undefined;
      return s?.down ? 0 : (s?.weight ?? 1);
    };
    const total = cats.reduce((n, _, i) => n + weightOf(i), 0);
    const expected = (i: number) => (total ? weightOf(i) / total : 0);
    const isDownAt = (i: number) => (byWeight ? (sys.servers[i]?.down ?? false) : false);
    const tableRows = cats.map((c, i) => ({
      cells: [
        h(
          "span",
          {},
          this.swatch(cats, c),
          h("code", {}, this.categoryLabel(c)),
          isDownAt(i) ? h("span", { class: "down-mark", "data-testid": "down-mark" }, ` ${t.downMark}`) : null,
        ),
        f.int(count.get(c) ?? 0),
        placed ? f.pct((count.get(c) ?? 0) / placed) : "—",
        isDownAt(i) ? t.downMark : f.pct(expected(i)),
      ] as Child[],
      cellClass: ["l"],
    }));
    // The busiest server against its own share by weight.
    let ratio = 0;
    cats.forEach((c, i) => {
      const want = expected(i) * placed;
      if (want > 0) ratio = Math.max(ratio, (count.get(c) ?? 0) / want);
    });
    const configured = config.count || cats.length;
    const summary = h(
      "p",
      { class: "hint", "data-testid": "load-summary", "data-servers": configured },
      cats.length && placed ? t.loadSummary(placed, f.int(placed), f.int(configured), f.dec(ratio, 2)) : t.noLoad,
    );
    if (!cats.length || cats.length > MAX_BARS) {
      replace(
        this.loadOut,
        h("p", { class: "part-title" }, t.loadTitle),
        summary,
        ring,
        cats.length ? h("p", { class: "hint" }, t.tooMany(f.int(cats.length))) : null,
        cats.length
          ? h(
              "details",
              {},
              h("summary", {}, t.loadCaption),
              h(
                "div",
                { class: "table-wrap" },
                h(
                  "table",
                  { "data-testid": "load-table" },
                  h(
                    "thead",
                    {},
                    h(
                      "tr",
                      {},
                      [t.server, t.keysCol, t.shareCol, t.weightShareCol].map((x) => h("th", {}, x)),
                    ),
                  ),
                  h(
                    "tbody",
                    {},
                    tableRows.map((r) =>
                      h(
                        "tr",
                        {},
                        r.cells.map((c, i) => h("td", { class: i ? undefined : "l" }, c)),
                      ),
                    ),
                  ),
                ),
              ),
            )
          : null,
      );
      return;
    }
    const el = this.charts.add(
      chart(this, {
        title: t.loadChart,
        x: cats.map((_, i) => i),
        categories: axisLabels(
          cats.map((c) => this.categoryLabel(c)),
          ((this.loadOut.clientWidth || 320) - 60) / cats.length,
        ),
        // Up to eight servers, each bar in its server's colour (as the swatches); more, one colour.
        series:
          cats.length <= 8
            ? cats.map((c, i) => ({
                label: this.categoryLabel(c),
                values: cats.map((_, j) => (j === i ? (count.get(c) ?? 0) : null)),
                color: `--_s${i}`,
                kind: "bars" as const,
                code: true,
              }))
            : [{ label: t.keysCol, values: cats.map((c) => count.get(c) ?? 0), color: "--_accent", kind: "bars" }],
        xFmt: (v) => f.id(v),
        // Counts are whole: the ticks between them go unlabelled.
        yFmt: (v) => (Number.isInteger(v) ? f.int(v) : ""),
        yTitle: t.keysCol,
        table: {
          caption: t.loadCaption,
          headers: [t.server, t.keysCol, t.shareCol, t.weightShareCol],
          rows: tableRows,
        },
        testid: "load-chart",
        height: 220,
      }),
    );
    replace(this.loadOut, h("p", { class: "part-title" }, t.loadTitle), summary, el, ring);
  }

  /**
   * Cassandra's ring, drawn as the course draws rings: the tokens of the configuration (−2⁶³ at
   * the top, clockwise), each node's arcs in its colour, and the first 40 keys at their own
   * tokens (Murmur3Partitioner's, from the systems module), coloured by the node owning them.
   */
  private cassandraRing(rl: RinglabSystems, state: State, rows: KeyRow[], cats: string[]): SVGSVGElement | null {
    const t = this.t.cluster;
    const f = this.f;
    const SPAN = 100000;
    const HALF = 2n ** 63n;
    const at = (token: bigint) => Number(((token + HALF) * BigInt(SPAN)) / (2n * HALF));
    const tokens: { node: string; token: bigint }[] = [];
    const source = this.usesText(state)
      ? this.configText(state)
          .split("\n")
          .map((l) => /^\s*(\S+)\s.*?(-?\d+)\s*$/.exec(l))
          .filter((m): m is RegExpExecArray => m !== null && /\d/.test(m[1] ?? ""))
          .map((m) => `${m[1]}=${m[2]}`)
      : this.serverLines(state);
    for (const line of source) {
      const i = line.lastIndexOf("=");
      const tok = line.slice(i + 1).trim();
      if (i < 0 || !/^-?\d+$/.test(tok)) return null;
      tokens.push({ node: cassandraNode(line), token: BigInt(tok) });
    }
    if (!tokens.length) return null;
    tokens.sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : 0));
    let keyTokens: PlacementResult[];
    const sys = makeSystem(rl, "cassandra", {});
    try {
      keyTokens = this.place(
        sys,
        rows.slice(0, 40).map((r) => r.key),
      ).map((r) => r.result ?? null);
    } finally {
      sys.dispose();
    }
    const idx = (node: string) => Math.max(0, cats.indexOf(node));
    return ringDiagram({
      span: SPAN,
      label: t.ringLabel,
      points: tokens.map((x) => ({ pos: at(x.token), server: idx(x.node) })),
      arcs: tokens.map((x, i) => ({
        from: at((tokens[i - 1] ?? tokens[tokens.length - 1] ?? x).token),
        to: at(x.token),
        server: idx(x.node),
        kind: "owned" as const,
      })),
      keys: rows.slice(0, 40).flatMap((r, i) => {
        const tok = keyTokens[i];
        if (r.error || (typeof tok !== "bigint" && typeof tok !== "number")) return [];
        const owner = category(r.result ?? null);
        return [{ pos: at(BigInt(tok)), label: f.id(r.index + 1), server: owner === null ? undefined : idx(owner) }];
      }),
      ticks: [
        { pos: 0, label: `−${f.id(2)}⁶³` },
        { pos: SPAN / 4, label: `−${f.id(2)}⁶²` },
        { pos: SPAN / 2, label: f.id(0) },
        { pos: (3 * SPAN) / 4, label: `${f.id(2)}⁶²` },
      ],
    });
  }

  /** The change's choices, its target, and what it moves (by diff). */
  private drawChange(
    rl: RinglabSystems,
    state: State,
    sys: PageSystem,
    config: Config,
    rows: KeyRow[],
    cats: string[],
  ): void {
    const t = this.t.cluster;
    const def = SYS[state.system];
    const counted = def.count;
    const cassandra = state.system === "cassandra";
    const kinds: ("add" | "remove" | "down")[] = def.down ? ["add", "remove", "down"] : ["add", "remove"];
    const kind = kinds.includes(state.change) ? state.change : "add";
    // The servers as the module lists them (Cassandra's nodetool text: the nodes it names).
    const names =
      cassandra && this.usesText(state)
        ? cassandraNames(this.configText(state))
        : cassandra
          ? [...new Set(this.serverLines(state).map(cassandraNode))]
          : sys.servers.map((s) => s.name);
    const up = sys.servers.filter((s) => !s.down).map((s) => s.name);
    // The target: a new server to add, or one of the servers to remove or mark down.
    let target = state.target;
    if (!counted) {
      if (kind === "add" && target === "" && def.list) {
        let i = names.length + 1;
        while (names.includes(cassandra ? cassandraNode(def.list.fresh(i)) : def.list.fresh(i))) i++;
        target = def.list.fresh(i);
      }
      if (kind === "remove" && !names.includes(target)) target = names[names.length - 1] ?? "";
      if (kind === "down" && !up.includes(target)) target = up[up.length - 1] ?? "";
    }
    const weightText = state.weight.trim();
    const kindSelect = h("select", { "data-testid": "change-kind" });
    for (const k of kinds) {
      const label = counted ? t.countChange[k === "add" ? "add" : "remove"](t.fields[counted]) : t.changeKinds[k];
      kindSelect.append(h("option", { value: k, selected: k === kind }, plain(label)));
    }
    kindSelect.addEventListener("change", () =>
      this.setState({ change: kindSelect.value as State["change"], target: "", weight: "" }, true),
    );
    const controls: Child[] = [h("label", {}, t.changeLabel, kindSelect)];
    if (!counted) {
      if (kind === "add") {
        const input = h("input", {
          type: "text",
          value: target,
          spellcheck: "false",
          autocomplete: "off",
          "data-testid": "change-target",
          "aria-describedby": "cl-change-error",
        });
        input.addEventListener("change", () => this.setState({ target: input.value.trim() }, true));
        controls.push(
          h(
            "label",
            {},
            h("span", {}, rich(t.newServer[state.system as keyof typeof t.newServer] ?? t.newServer.nginx)),
            input,
          ),
        );
        if (!cassandra) {
          // The new server's weight: a field of its own, as the module's edit takes it.
          const w = h("input", {
            type: "number",
            class: "num",
            min: 1,
            step: 1,
            value: weightText === "" ? String(def.list?.weight ?? 1) : weightText,
            "data-testid": "change-weight",
            "aria-describedby": "cl-change-error",
          });
          w.addEventListener("change", () => this.setState({ weight: w.value.trim() }, true));
          controls.push(h("label", {}, t.weightLabel, w));
        }
      } else {
        const choices = kind === "down" ? up : names;
        const s = h("select", { "data-testid": "change-target" });
        for (const n of choices) s.append(h("option", { value: n, selected: n === target }, n));
        s.addEventListener("change", () => this.setState({ target: s.value }, true));
        controls.push(h("label", {}, t.which, s));
      }
    }
    const apply = h("button", { type: "button", "data-testid": "apply" }, t.apply);
    controls.push(apply);
    replace(this.changeBox, controls);
    replace(this.changeError);

    let other: PageSystem;
    try {
      if (!counted && target === "") throw { code: "invalid_argument", message: t.noTarget };
      const weight = weightText === "" ? (def.list?.weight ?? 1) : wholeNumber(weightText, "weight");
      if (counted || cassandra) other = makeSystem(rl, state.system, this.configOf(state, { kind, target }).options);
      else {
        const change =
          kind === "add" ? { add: target, weight } : kind === "remove" ? { remove: target } : { down: target };
        other = pageSystem(sys.real.edit(change));
      }
    } catch (e) {
      replace(this.changeError, this.errorView(e, "change-error-text"));
      replace(this.movesOut);
      apply.disabled = true;
      return;
    }
    try {
      // "Make it the cluster": the changed servers written back in the page's own form.
      const next = this.afterChange(state, kind, target, other);
      apply.addEventListener("click", () => {
        if (def.count) this.setOption(def.count, next.count ?? "");
        else this.setState({ ...next.state, target: "", weight: "" }, true);
      });
      const valid = rows.filter((r) => !r.error).map((r) => r.key);
      const d = sys.diff(other, valid);
      // The server the change touches, as the module names it (an added one: the name it gave it).
      const before = new Set(sys.servers.map((x) => x.name));
      const touched = counted
        ? null
        : kind === "add"
          ? (other.servers.find((x) => !before.has(x.name))?.name ?? cassandraNode(target))
          : target;
      this.drawMoves(state, kind, touched ?? target, touched, d.keys, d.moves, cats, config);
    } finally {
      other.dispose();
    }
  }

  /** The state that makes the changed system the cluster: its configuration in the page's form. */
  private afterChange(
    state: State,
    kind: string,
    target: string,
    other: PageSystem,
  ): { state: Partial<State>; count?: string } {
    const def = SYS[state.system];
    if (def.count) {
      const n = Number(this.configOf(state, { kind, target }).options[def.count]);
      return { state: {}, count: String(n) };
    }
    if (state.system === "cassandra") {
      const after = this.configOf(state, { kind, target }).options;
      return this.usesText(state)
        ? { state: { config: String(after.ring) } }
        : { state: { servers: (after.tokens as string[]).join("\n") } };
    }
    if (this.usesText(state) && def.text) {
      // The module writes its configuration back as it was given: an upstream block, a server
      // string, Envoy's YAML.
      const written = other.real.config() as Record<string, string | undefined>;
      return { state: { config: written[def.text.opt] ?? "" } };
    }
    const always = def.list?.weight !== undefined;
    return { state: { servers: other.servers.map((s) => listLine(s, always)).join("\n") } };
  }

  private drawMoves(
    state: State,
    kind: string,
    name: string,
    touched: string | null,
    total: number,
    moves: { key: string | Uint8Array; from: PlacementResult; to: PlacementResult }[],
    cats: string[],
    config: Config,
  ): void {
    const t = this.t.cluster;
    const f = this.f;
    const def = SYS[state.system];
    let what: string;
    if (def.count) {
      const before = Number(config.options[def.count]);
      const n = Number(this.configOf(state, { kind, target: "" }).options[def.count]);
      what = t.resized(t.fields[def.count], f.id(before), f.id(n));
    } else {
      // The server's name is shown as code (it is the configuration's own text).
      const code = `\`${name}\``;
      what = kind === "add" ? t.added(code) : kind === "remove" ? t.removed(code) : t.downed(code);
    }
    // Needless moves: between two servers the change did not touch (as the compare page counts them).
    const needless = (m: { from: PlacementResult; to: PlacementResult }) =>
      touched !== null && category(m.from) !== touched && category(m.to) !== touched;
    const nNeedless = moves.filter(needless).length;

    // The flows: how many keys go from each server to each other.
    const flows = new Map<string, { from: PlacementResult; to: PlacementResult; n: number }>();
    for (const m of moves) {
      const k = `${category(m.from)}→${category(m.to)}`;
      const e = flows.get(k) ?? { from: m.from, to: m.to, n: 0 };
      e.n++;
      flows.set(k, e);
    }
    const flowRows = [...flows.values()].sort((a, b) => b.n - a.n);
    const label = (r: PlacementResult) => {
      const c = category(r);
      return c === null
        ? h("code", {}, "—")
        : h("span", {}, this.swatch(cats, c), h("code", {}, this.categoryLabel(c)));
    };
    const shown = moves.slice(0, this.movedShown);
    const more = moves.length - shown.length;
    const moreButton = more
      ? h("button", { type: "button", "data-testid": "moves-more" }, t.showMore(f.int(Math.min(MORE, more))))
      : null;
    moreButton?.addEventListener("click", () => {
      this.movedShown += MORE;
      this.requestUpdate();
    });
    replace(
      this.movesOut,
      h(
        "p",
        {
          class: "narration",
          "data-testid": "moves-summary",
          "data-moved": moves.length,
          "data-keys": total,
          "data-needless": touched === null ? undefined : nNeedless,
        },
        rich(
          t.movedSummary(
            what,
            total,
            f.int(moves.length),
            f.int(total),
            total ? f.pct(moves.length / total) : f.pct(0),
            touched === null ? null : nNeedless,
            f.int(nNeedless),
          ),
        ),
      ),
      state.system === "redis" ? h("p", { class: "hint", "data-testid": "redis-fresh" }, rich(t.redisFresh)) : null,
      moves.length
        ? h(
            "div",
            { class: "cl-grid" },
            h(
              "div",
              {},
              h("p", { class: "sub" }, t.flowsTitle),
              h(
                "div",
                { class: "table-wrap" },
                h(
                  "table",
                  { "data-testid": "flows-table" },
                  h("caption", { class: "visually-hidden" }, t.flowsTitle),
                  h(
                    "thead",
                    {},
                    h("tr", {}, h("th", { class: "l" }, t.from), h("th", { class: "l" }, t.to), h("th", {}, t.keysCol)),
                  ),
                  h(
                    "tbody",
                    {},
                    flowRows.map((r) =>
                      h(
                        "tr",
                        { "data-testid": "flow-row", class: needless(r) ? "needless" : undefined },
                        h("td", { class: "l" }, label(r.from)),
                        h(
                          "td",
                          { class: "l to" },
                          "→ ",
                          label(r.to),
                          needless(r) ? h("span", { class: "needless-mark" }, ` ${t.needlessMark}`) : null,
                        ),
                        h("td", {}, f.int(r.n)),
                      ),
                    ),
                  ),
                ),
              ),
            ),
            h(
              "div",
              {},
              h("p", { class: "sub" }, t.movedKeys),
              h(
                "div",
                { class: "table-wrap mv" },
                h(
                  "table",
                  { "data-testid": "moved-table" },
                  h("caption", { class: "visually-hidden" }, t.movedKeys),
                  h(
                    "thead",
                    {},
                    h("tr", {}, h("th", { class: "l" }, t.key), h("th", { class: "l" }, `${t.from} → ${t.to}`)),
                  ),
                  h(
                    "tbody",
                    {},
                    shown.map((m) =>
                      h(
                        "tr",
                        { "data-testid": "moved-row" },
                        this.keyCell(typeof m.key === "string" ? m.key : new TextDecoder().decode(m.key)),
                        // Before and after in one cell: on a phone "→ after" wraps under "before".
                        h(
                          "td",
                          { class: "l move" },
                          h("code", {}, this.resultText(m.from)),
                          " ",
                          h("span", { class: "to" }, "→ ", h("code", {}, this.resultText(m.to))),
                        ),
                      ),
                    ),
                  ),
                ),
              ),
              h("p", { class: "cap" }, t.shownOf(f.int(shown.length), f.int(moves.length)), " ", moreButton),
            ),
          )
        : null,
    );
  }

  protected override disconnected(): void {
    this.charts.clear();
  }
}
