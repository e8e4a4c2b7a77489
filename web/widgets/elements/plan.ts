// <ringlab-plan system="redis" op="rebalance"> — `ringlab plan` in the page: what the real tool
// will move when the cluster changes, from the text the reader pastes (Redis's CLUSTER NODES, a
// `nodetool ring`), as the package's ringlab/plan returns it. The plan as a picture (Redis's
// 16384 slots before and after, Cassandra's ring before and after), its steps in the tool's order,
// each node's share and fragmentation before and after, the tool's quirks as warnings, exact and
// model figures marked, the "fewest ranges" alternative, the keys the reader types with their
// owners before and after, and the plan as JSON. The ring and table systems (memcached, libketama,
// twemproxy, nginx, Envoy's ring_hash and Maglev): one server change's arcs of the hash space that
// change server, necessary and collateral, on the ring (Maglev's table as a strip), the miss rate
// and each server's share before and after. Every figure is the module's; the page only
// draws it (core/plan-view.ts). The plans module is loaded by this widget alone, on first use.
import type { RinglabSystems } from "ringlab/systems";
import type {
  Plan,
  PlanKey,
  PlanNode,
  PlanShare,
  PlanStep,
  RedisClusterNode,
  RingChangeOptions,
  RingPlanSystem,
  RinglabPlan,
} from "ringlab/plan";
import clusterNodesExample from "../../../docs/examples/cluster-nodes.txt?raw";
import cassandraRingExample from "../../../docs/examples/cassandra-ring.txt?raw";
import { h, replace, s, type Child } from "../core/dom";
import { RinglabElement } from "../core/element";
import { fieldDigits, latinDigits, readNumber } from "../core/numbers";
import { bool, oneOf, optionalStr, packedIn, str, type Codec, type StateOf } from "../core/params";
import { getPlans, plansIfLoaded } from "../core/plan";
import {
  binRuns,
  ownersAfter,
  planJson,
  rangeArc,
  slotOwners,
  spaceArc,
  unitRuns,
  unitSpans,
  type UnitRun,
} from "../core/plan-view";
import { getSystems, systemsIfLoaded } from "../core/systems";
import { stackOnPhones, table, serverLabel } from "../core/table";

const ringSystems = ["memcached", "libketama", "twemproxy", "nginx", "envoy-ring", "envoy-maglev"] as const;
const systems = ["redis", "kafka", "cassandra", ...ringSystems] as const;
type PlanSystem = (typeof systems)[number];
const serverChanges = ["add", "remove", "down", "reweight"] as const;
type ServerChangeKind = (typeof serverChanges)[number];
const isRing = (s: PlanSystem): s is RingPlanSystem => (ringSystems as readonly string[]).includes(s);
const ops = ["rebalance", "reshard"] as const;
const partitioners = ["murmur2", "consistent", "fnv1a", "all"] as const;
const changes = ["join", "leave", "remove"] as const;

/**
 * Pasted text kept as written (CRLF as LF); absent is null: the page's example. Empty is a text
 * the reader gave, not the example: it stays empty, in the address too.
 */
function text(param: string): Codec<string | null> {
  return packedIn(
    { def: null, parse: (t: string) => t.replace(/\r\n?/g, "\n"), format: (v: string | null) => v ?? "" },
    // A long text goes into an address packed (core/pack.ts), as the cluster page's keys do.
    { param, over: 2000, max: 100_000 },
  );
}

const spec = {
  system: oneOf<PlanSystem>("redis", systems),
  op: oneOf<(typeof ops)[number]>("rebalance", ops),
  nodes: text("znodes"),
  // The example's fourth master is empty: with --use-empty-masters it takes its share.
  empty: bool(true),
  threshold: str(""),
  weights: str(""),
  from: str("all"),
  to: str(""),
  slots: str("1000"),
  partitions: str("6:12"),
  partitioner: oneOf<(typeof partitioners)[number]>("murmur2", partitioners),
  ring: text("zring"),
  strategy: str("nts:dc1=2"),
  change: oneOf<(typeof changes)[number]>("join", changes),
  node: str("10.0.0.5"),
  tokens: str("2305843009213693952"),
  dc: str(""),
  rack: str("rack1"),
  keys: text("zkeys"),
  // A ring system's fields: absent is the system's example (ringExamples); empty is empty (a
  // mode or hash left to the system, no server).
  servers: optionalStr(),
  mode: optionalStr(),
  hash: optionalStr(),
  act: optionalStr(),
  server: optionalStr(),
  weight: optionalStr(),
  // The ring systems' other options, each named as its command-line flag is (--table, --hash-tag):
  // shown for the systems whose option table has that flag; empty is the system's default.
  table: str(""),
  "min-ring": str(""),
  "max-ring": str(""),
  "hash-tag": str(""),
  "sort-hosts": bool(false),
  "use-hostname": bool(false),
};
type State = StateOf<typeof spec>;
type Field = Exclude<keyof State, "system">;

const DEFAULT_KEYS = "user:1\nuser:2\nuser:3\nuser:42\norder:7\n{user:1}:cart";
/** Redis Cluster's slots: the strip's length. */
const SLOTS = 16384;
/** Spans of a step listed before "and N more". */
const SPANS_SHOWN = 12;
/** Server colours of the shared styles (.s0 … .s11). */
const COLOURS = 12;

/** The fields a ring system's example fills, reset when the system changes. */
const ringFields = ["servers", "mode", "hash", "act", "server", "weight"] as const;
type RingField = (typeof ringFields)[number];

/**
 * The ring systems' options beyond the servers, mode and hash, by their flags' names: each is the
 * option of the system's table (ringlab/systems' options(name), the core's) with that flag, its
 * type, default and range the core's. The file forms (--server-file, --conf, --upstream,
 * --endpoints, memcached's --server-string) are the server list written another way, which the
 * servers field is; twemproxy's --ejected and nginx's --down are the change "down".
 */
const optionFields = ["table", "min-ring", "max-ring", "hash-tag", "sort-hosts", "use-hostname"] as const;

/**
 * Each ring system's example: the README's `ringlab plan` commands (memcached's weighted ketama
 * adds a server and re-divides the others' arcs; twemproxy and nginx mark one down; Envoy removes
 * one). libketama's memory is its weight.
 */
const ringExamples: Record<RingPlanSystem, Partial<Record<RingField, string>>> = {
  memcached: {
    servers: "10.0.0.1:11211=2,10.0.0.2:11211,10.0.0.3:11211",
    mode: "behavior_ketama_weighted",
    act: "add",
    server: "10.0.0.4:11211",
  },
  libketama: {
    servers: "10.0.0.1:11211=600,10.0.0.2:11211=300,10.0.0.3:11211=300",
    act: "add",
    server: "10.0.0.4:11211",
    weight: "300",
  },
  twemproxy: { servers: "10.0.0.1:11211:1,10.0.0.2:11211:1,10.0.0.3:11211:1", act: "down", server: "10.0.0.2" },
  nginx: { servers: "10.0.0.1:80,10.0.0.2:80,10.0.0.3:80", mode: "consistent", act: "down", server: "10.0.0.2:80" },
  "envoy-ring": { servers: "10.0.0.1:443,10.0.0.2:443,10.0.0.3:443", act: "remove", server: "10.0.0.3:443" },
  "envoy-maglev": { servers: "10.0.0.1:443,10.0.0.2:443,10.0.0.3:443", act: "remove", server: "10.0.0.3:443" },
};

/** Fields of numbers: shown in the page's digits, kept in Latin ones (the attribute, the address). */
const digitFields = new Set<Field>([
  "threshold",
  "slots",
  "partitions",
  "tokens",
  "weight",
  "table",
  "min-ring",
  "max-ring",
]);

const ringFieldsShown: readonly Field[] = [...ringFields, ...optionFields, "keys"];

/** Which system shows which fields. */
const fieldsOf: Record<PlanSystem, readonly Field[]> = {
  redis: ["op", "nodes", "empty", "threshold", "weights", "from", "to", "slots", "keys"],
  kafka: ["partitions", "partitioner", "keys"],
  cassandra: ["ring", "strategy", "change", "node", "tokens", "rack", "dc", "keys"],
  memcached: ringFieldsShown,
  libketama: ringFieldsShown,
  twemproxy: ringFieldsShown,
  nginx: ringFieldsShown,
  "envoy-ring": ringFieldsShown,
  "envoy-maglev": ringFieldsShown,
};
/** Fields that belong to one Redis operation only. */
const opOnly: Partial<Record<Field, (typeof ops)[number]>> = {
  empty: "rebalance",
  threshold: "rebalance",
  weights: "rebalance",
  from: "reshard",
  to: "reshard",
  slots: "reshard",
};

/** Lines of a textarea: one key a line, a final newline starting none. */
function lines(t: string): string[] {
  const out = t.split("\n");
  if (out.length && out[out.length - 1] === "") out.pop();
  return out;
}

/** `--weight ID=W`, as many as written ("a1=2, b2=0"): each to the module, which checks them. */
function weightsOf(t: string): Record<string, number> | undefined {
  const items = t
    .split(/[\s,]+/)
    .map((x) => x.trim())
    .filter((x) => x !== "");
  if (!items.length) return undefined;
  const out: Record<string, number> = {};
  for (const item of items) {
    const at = item.indexOf("=");
    out[at < 0 ? item : item.slice(0, at)] = at < 0 ? NaN : readNumber(item.slice(at + 1));
  }
  return out;
}

const dataUrl = (text: string) => `data:application/json;charset=utf-8,${encodeURIComponent(text)}`;

export class PlanElement extends RinglabElement<typeof spec, RinglabPlan> {
  static override spec = spec;
  private form!: HTMLFormElement;
  private systemLabel!: HTMLSpanElement;
  private systemSelect!: HTMLSelectElement;
  private inputs = new Map<
    Field,
    { wrap: HTMLElement; label: HTMLSpanElement; el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement }
  >();
  private output!: HTMLDivElement;
  /** The Redis keys' slots, from ringlab/systems (loaded only when keys are given). */
  private systems: RinglabSystems | undefined;

  protected heading(): string {
    return this.t.plan.title;
  }

  protected override loadModule(): Promise<RinglabPlan> {
    return getPlans();
  }

  protected override moduleIfLoaded(): RinglabPlan | undefined {
    return plansIfLoaded();
  }

  protected override extraStyles(): string {
    return (
      "textarea{width:100%;min-height:6rem;font-family:var(--ringlab-mono,ui-monospace,monospace);font-size:.8rem;box-sizing:border-box}" +
      ".plan-form{display:grid;gap:.5rem 1rem;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));align-items:end}" +
      ".plan-form .wide{grid-column:1/-1}" +
      ".plan-form label{display:flex;flex-direction:column;gap:.2rem}" +
      ".plan-form label.check{flex-direction:row;align-items:center}" +
      ".plan-form input[type=text],.plan-form select{min-width:0;width:100%;box-sizing:border-box}" +
      // Node ids are 40 hex digits: on a phone they break anywhere rather than widen the page.
      "code,.id{overflow-wrap:anywhere;white-space:normal}" +
      ".strip{display:block;width:100%;height:1.6rem}" +
      ".strip-row{margin:.25rem 0 .6rem}" +
      ".strip-axis{display:flex;justify-content:space-between;font-size:.8rem;color:var(--_muted)}" +
      ".legend{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0;margin:.25rem 0;font-size:.85rem}" +
      ".legend li{min-width:0}" +
      ".moved-mark{fill:var(--_fg)}" +
      ".plan-steps li{margin:.2rem 0}" +
      ".badge{display:inline-block;border:1px solid var(--_border);border-radius:.6em;padding:0 .45em;font-size:.8rem;margin-left:.3em}" +
      ".badge.exact{border-color:var(--_ok);color:var(--_ok)}" +
      ".badge.model{border-color:var(--_muted);color:var(--_muted)}" +
      ".warn{border-left:3px solid var(--_bad);padding-left:.5rem;margin:.3rem 0}" +
      ".ring-svg{display:block;width:min(100%,22rem);height:auto;margin:.25rem auto}" +
      // The bands are strokes: a server's class colours the fill too, which an arc must not have.
      ".ring-svg path{fill:none}.ring-svg .changed{stroke:var(--_fg);stroke-width:1.5}" +
      ".ring-svg .space,.strip .space{stroke:var(--_border);fill:none}.strip .space{fill:var(--_surface)}" +
      ".ring-svg .necessary{stroke:var(--_accent)}.ring-svg .collateral{stroke:var(--_bad)}" +
      ".strip .necessary{fill:var(--_accent)}.strip .collateral{fill:var(--_bad)}" +
      ".swatch{display:inline-block;width:.8em;height:.8em;margin-right:.3em;vertical-align:middle}" +
      ".swatch.necessary{background:var(--_accent)}.swatch.collateral{background:var(--_bad)}" +
      ".kind.necessary{color:var(--_accent)}.kind.collateral{color:var(--_bad)}" +
      // A table's fraction is two 19-digit numbers: on a phone it breaks rather than widen the page.
      ".ring-figures{overflow-wrap:anywhere}" +
      ".share-bar{display:block;width:100%;height:1rem}" +
      ".share-bar .moved{fill:var(--_bad)}.share-bar .kept{fill:var(--_surface);stroke:var(--_border)}" +
      "h2{font-size:1rem;margin:1rem 0 .3rem}" +
      "table.stack td{white-space:normal}"
    );
  }

  protected build(box: HTMLDivElement): void {
    this.form = h("form", { class: "plan-form", "data-testid": "params" });
    this.form.addEventListener("submit", (e) => e.preventDefault());
    this.systemLabel = h("span");
    this.systemSelect = h("select", { "data-testid": "field-system" });
    // Another system starts from its own example, not the last system's servers.
    this.systemSelect.addEventListener("change", () =>
      this.setState(
        {
          system: this.systemSelect.value as PlanSystem,
          ...(Object.fromEntries(ringFields.map((f) => [f, null])) as Record<RingField, null>),
          table: "",
          "min-ring": "",
          "max-ring": "",
          "hash-tag": "",
          "sort-hosts": false,
          "use-hostname": false,
        },
        true,
      ),
    );
    this.form.append(h("label", {}, this.systemLabel, this.systemSelect));
    const add = (name: Field, el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, wide = false) => {
      const label = h("span");
      el.setAttribute("data-testid", `field-${name}`);
      el.setAttribute("name", name);
      const check = el instanceof HTMLInputElement && el.type === "checkbox";
      const wrap = h("label", { class: [wide ? "wide" : "", check ? "check" : ""].join(" ").trim() || undefined });
      if (check) wrap.append(el, label);
      else wrap.append(label, el);
      el.addEventListener("change", () => this.commit(name));
      this.inputs.set(name, { wrap, label, el });
      this.form.append(wrap);
    };
    const input = (numeric = false) =>
      h("input", {
        type: "text",
        spellcheck: "false",
        autocomplete: "off",
        inputmode: numeric ? "numeric" : undefined,
      });
    const area = () => h("textarea", { rows: 5, wrap: "off", spellcheck: "false", autocomplete: "off" });
    add("op", h("select"));
    add("nodes", area(), true);
    add("empty", h("input", { type: "checkbox" }));
    add("threshold", input(true));
    add("weights", input());
    add("from", input());
    add("to", input());
    add("slots", input(true));
    add("partitions", input());
    add("partitioner", h("select"));
    add("ring", area(), true);
    add("strategy", input());
    add("change", h("select"));
    add("node", input());
    add("tokens", input());
    add("rack", input());
    add("dc", input());
    add("servers", input(), true);
    add("mode", h("select"));
    add("hash", h("select"));
    add("act", h("select"));
    add("server", input());
    add("weight", input(true));
    add("table", input(true));
    add("min-ring", input(true));
    add("max-ring", input(true));
    add("hash-tag", input());
    add("sort-hosts", h("input", { type: "checkbox" }));
    add("use-hostname", h("input", { type: "checkbox" }));
    add("keys", h("textarea", { rows: 4, spellcheck: "false", autocomplete: "off" }), true);
    this.output = h("div", { "data-testid": "result" });
    box.append(this.form, this.output);
  }

  /** A field's value into the state (the attribute), and so into the address. */
  private commit(name: Field): void {
    const { el } = this.inputs.get(name)!;
    if (el instanceof HTMLInputElement && el.type === "checkbox") {
      this.setState({ [name]: el.checked } as Partial<State>, true);
      return;
    }
    // Bengali digits typed are the same number; the attribute keeps Latin ones.
    const v = digitFields.has(name) ? latinDigits(el.value.trim()) : el.value;
    this.setState({ [name]: v } as Partial<State>, true);
  }

  private options(select: HTMLSelectElement, values: readonly string[], names: Record<string, string>): void {
    // Two systems' choices may be as many yet other values (nginx's mode, twemproxy's distribution).
    if (select.options.length !== values.length || values.some((v, i) => select.options[i]!.value !== v))
      replace(
        select,
        values.map((v) => h("option", { value: v })),
      );
    for (const o of select.options) o.textContent = names[o.value] ?? o.value;
  }

  protected render(rl: RinglabPlan, state: State): void {
    const t = this.t.plan;
    this.systemLabel.textContent = t.fields.system ?? "";
    this.options(this.systemSelect, systems, t.systems);
    this.systemSelect.value = state.system;
    this.options(this.inputs.get("op")!.el as HTMLSelectElement, ops, t.ops);
    this.options(this.inputs.get("partitioner")!.el as HTMLSelectElement, partitioners, t.partitioners);
    this.options(this.inputs.get("change")!.el as HTMLSelectElement, changes, t.changes);
    const shown = new Set(fieldsOf[state.system]);
    const ring = isRing(state.system) ? this.ringForm(state.system, state) : undefined;
    if (isRing(state.system) && !ring) {
      // The systems' options (their choices) are ringlab/systems': loaded on first use.
      for (const { wrap } of this.inputs.values()) wrap.hidden = true;
      replace(this.output, h("p", { class: "hint", role: "status" }, t.loadingOptions));
      return;
    }
    for (const [name, { wrap, label, el }] of this.inputs) {
      const only = opOnly[name];
      wrap.hidden =
        !shown.has(name) ||
        (state.system === "redis" && only !== undefined && only !== state.op) ||
        (ring !== undefined && ring.hidden.has(name));
      label.textContent = (name === "mode" && ring?.modeName ? t.fields[ring.modeName] : t.fields[name]) ?? name;
      if (this.shadowRoot?.activeElement === el) continue;
      const v = ring && name in ring.values ? ring.values[name as RingField] : state[name];
      if (el instanceof HTMLInputElement && el.type === "checkbox") el.checked = v === true;
      else if (name === "nodes") el.value = state.nodes ?? clusterNodesExample;
      else if (name === "ring") el.value = state.ring ?? cassandraRingExample;
      else if (name === "keys") el.value = state.keys ?? DEFAULT_KEYS;
      else if (digitFields.has(name)) el.value = fieldDigits(String(v ?? ""), this.t.lang);
      else el.value = String(v ?? "");
    }
    // A failed plan leaves no stale picture behind its error.
    replace(this.output);
    const keys = lines(state.keys ?? DEFAULT_KEYS);
    if (state.system === "redis") this.renderRedis(rl, state, keys);
    else if (state.system === "kafka") {
      const plans = rl.kafka.partitions({
        partitions: latinDigits(state.partitions.trim()),
        partitioner: state.partitioner,
        keys,
      });
      replace(
        this.output,
        // One plan per partitioner, in the command line's order (the three of "all").
        plans.map((p, i) => {
          const name = state.partitioner === "all" ? partitioners[i] : state.partitioner;
          return h("section", { "data-testid": "plan" }, this.planParts(p, name));
        }),
        this.exportLink(plans.length === 1 ? plans[0] : plans),
      );
    } else if (ring) this.renderRings(rl, state.system as RingPlanSystem, ring.values, state, keys);
    else this.renderCassandra(rl, state, keys);
  }

  // ---- rings and tables ----

  /**
   * A ring system's fields: each value as typed, or the example's (or the system's default) where
   * empty; the choices of its mode and hash as ringlab/systems' options(name) lists them (the
   * core's), filled into their selects. Undefined until that module is loaded.
   */
  private ringForm(
    system: RingPlanSystem,
    state: State,
  ): { values: Record<RingField, string>; hidden: Set<Field>; modeName: string | undefined } | undefined {
    this.systems ??= systemsIfLoaded();
    if (!this.systems) {
      void getSystems().then(
        (m) => {
          this.systems = m;
          this.requestUpdate();
        },
        (e: unknown) => this.showError(e),
      );
      return undefined;
    }
    const opts = this.systems.options(system);
    const choices = opts.filter((o) => o.type === "choice");
    // memcached's mode, twemproxy's distribution, nginx's mode: the one choice that is not the hash.
    const mode = choices.find((o) => o.name !== "hash");
    const hash = choices.find((o) => o.name === "hash");
    const ex = ringExamples[system];
    const pick = (f: RingField) => state[f] ?? ex[f] ?? "";
    const act = pick("act");
    const values: Record<RingField, string> = {
      servers: pick("servers"),
      mode: mode ? pick("mode") : "",
      hash: hash ? pick("hash") : "",
      act,
      server: pick("server"),
      weight: pick("weight"),
    };
    const hidden = new Set<Field>();
    // A choice left to the system is not its default named: libmemcached's ketama modes pick MD5
    // only while no hash is set.
    const own = { "": this.t.plan.systemDefault };
    if (mode) this.options(this.inputs.get("mode")!.el as HTMLSelectElement, ["", ...mode.choices], own);
    else hidden.add("mode");
    if (hash) this.options(this.inputs.get("hash")!.el as HTMLSelectElement, ["", ...hash.choices], own);
    else hidden.add("hash");
    this.options(this.inputs.get("act")!.el as HTMLSelectElement, serverChanges, this.t.plan.serverChanges);
    if (act !== "add" && act !== "reweight") hidden.add("weight");
    for (const f of optionFields) {
      const o = opts.find((x) => x.flag === `--${f}`);
      if (!o) {
        hidden.add(f);
        continue;
      }
      // An empty number is the system's default: the core's, shown as the field's placeholder.
      const el = this.inputs.get(f)!.el;
      if (el instanceof HTMLInputElement && el.type === "text")
        el.placeholder = o.default === undefined ? "" : fieldDigits(o.default, this.t.lang);
    }
    return { values, hidden, modeName: mode?.name };
  }

  private renderRings(
    rl: RinglabPlan,
    system: RingPlanSystem,
    v: Record<RingField, string>,
    state: State,
    keys: string[],
  ): void {
    const opts = this.systems!.options(system);
    // The server list is the system's first list option: servers, or Envoy's hosts.
    const list = opts.find((o) => o.type === "list")!.name;
    const mode = opts.find((o) => o.type === "choice" && o.name !== "hash");
    const options: Record<string, string | number | boolean> = { [list]: v.servers.trim() };
    if (mode && v.mode) options[mode.name] = v.mode;
    if (v.hash && opts.some((o) => o.name === "hash")) options["hash"] = v.hash;
    for (const f of optionFields) {
      const o = opts.find((x) => x.flag === `--${f}`);
      const value = state[f];
      if (!o || value === false || value === "") continue;
      // A number goes to the core as the reader wrote it (NaN for text that is none): the core's
      // range and integer rules name what is wrong.
      options[o.name] =
        o.type === "flag" ? true : o.type === "integer" ? readNumber(latinDigits(String(value).trim())) : value;
    }
    const server = v.server.trim();
    const weight = v.weight.trim() === "" ? undefined : readNumber(latinDigits(v.weight.trim()));
    const act = v.act as ServerChangeKind;
    const change =
      act === "add"
        ? { add: server, ...(weight !== undefined ? { weight } : {}) }
        : act === "reweight"
          ? { reweight: server, weight: weight ?? NaN }
          : act === "down"
            ? { down: server }
            : { remove: server };
    const plan = rl.rings.change({ system, options, change, keys } as RingChangeOptions);
    replace(
      this.output,
      h(
        "section",
        { "data-testid": "plan" },
        this.summary(plan),
        this.ringFigures(plan),
        this.spacePicture(plan),
        this.serversTable(plan),
        this.planParts(plan),
      ),
      this.exportLink(plan),
    );
  }

  /** The moved share of the hash space, necessary and collateral, and the expected miss rate. */
  private ringFigures(plan: Plan): HTMLElement {
    const t = this.t.plan;
    const ring = plan.ring!;
    const d = (x: string) => fieldDigits(x, this.t.lang);
    const count = (kind: string) =>
      plan.steps.filter((st) => st.kind === kind).reduce((n, st) => n + st.units.length, 0);
    const unit = (n: number) => (n === 1 ? t.unitOne[plan.unit] : t.units[plan.unit]) ?? plan.unit;
    const necessary = count("necessary");
    const collateral = count("collateral");
    return h(
      "div",
      { class: "ring-figures", "data-testid": "ring-figures" },
      h(
        "p",
        { "data-testid": "moved", "data-hashes": ring.moved.hashes.toString(), "data-fraction": ring.fraction },
        t.ringMoved(d(ring.moved.percent), d(ring.fraction)),
        this.badge(plan.exactness),
      ),
      h(
        "ul",
        { class: "legend" },
        (["necessary", "collateral"] as const).map((k) => {
          const n = k === "necessary" ? necessary : collateral;
          return h(
            "li",
            { "data-testid": `kind-${k}`, "data-count": n, "data-hashes": ring[k].hashes.toString() },
            h("span", { class: `swatch ${k}`, "aria-hidden": "true" }),
            t.ringKind(t.kinds[k] ?? k, this.f.int(n), unit(n), d(ring[k].percent)),
          );
        }),
      ),
      h("p", { "data-testid": "miss-rate", "data-miss-rate": ring.missRate }, t.missRate(d(ring.missRate))),
    );
  }

  /** The hash space with the runs that change server: a ring's arcs around a circle, a table's entries along a strip. */
  private spacePicture(plan: Plan): HTMLElement {
    const t = this.t.plan;
    const ring = plan.ring!;
    const runs = plan.steps.flatMap((st) =>
      (st.arcs ?? []).map((a) => ({ ...spaceArc(a.start, a.end, ring.kind, ring.size, ring.period), kind: st.kind })),
    );
    // A run too narrow for a pixel still shows: at least 0.3% of the turn or strip.
    const MIN = 0.003;
    let picture: SVGElement;
    if (ring.kind === "ring") {
      const C = 100;
      const R = 80;
      const at = (f: number) => {
        const a = 2 * Math.PI * f - Math.PI / 2;
        return `${(C + R * Math.cos(a)).toFixed(3)} ${(C + R * Math.sin(a)).toFixed(3)}`;
      };
      const arc = (from: number, turn: number) =>
        turn >= 1
          ? `M ${at(from)} A ${R} ${R} 0 1 1 ${at(from + 0.5)} A ${R} ${R} 0 1 1 ${at(from)}`
          : `M ${at(from)} A ${R} ${R} 0 ${turn > 0.5 ? 1 : 0} 1 ${at(from + turn)}`;
      picture = s(
        "svg",
        { class: "ring-svg", viewBox: "0 0 200 200", role: "img", "aria-label": t.spaceAlt, "data-testid": "space" },
        s("circle", { class: "space", cx: C, cy: C, r: R, "stroke-width": 14 }),
        runs.map((r) => s("path", { d: arc(r.from, Math.max(r.turn, MIN)), class: r.kind ?? "", "stroke-width": 14 })),
      );
    } else {
      picture = s(
        "svg",
        {
          class: "strip",
          viewBox: "0 0 1000 10",
          preserveAspectRatio: "none",
          role: "img",
          "aria-label": t.spaceAlt,
          "data-testid": "space",
        },
        s("rect", { class: "space", x: 0, y: 0, width: 1000, height: 10 }),
        // Two parts to a unit of the 1000-unit strip, finer than its pixels; the collateral runs,
        // widened below, each stay one.
        binRuns(runs, 2000, ["collateral"]).map((r) =>
          s("rect", {
            class: r.kind ?? "",
            x: r.from * 1000,
            y: 0,
            // A table's necessary entries are a third of it, spread all over: widened, they would
            // fill the strip. Only the few collateral ones are widened to stay visible.
            width: (r.kind === "collateral" ? Math.max(r.turn, MIN) : r.turn) * 1000,
            height: 10,
          }),
        ),
      );
    }
    return h(
      "div",
      { "data-testid": "space-picture" },
      h("h2", {}, ring.kind === "ring" ? t.spaceRing : t.spaceTable),
      picture,
      h("p", { class: "hint" }, ring.kind === "ring" ? t.spaceRingHint : t.spaceTableHint),
    );
  }

  /** Each server's share of the hash space before and after. */
  private serversTable(plan: Plan): HTMLElement {
    const t = this.t.plan;
    const d = (x: string) => `${fieldDigits(x, this.t.lang)}%`;
    const headers = [t.serverCol, t.before, t.after];
    return stackOnPhones(
      table(
        t.serversCaption,
        headers,
        plan.ring!.servers.map((sv) => ({
          cells: [h("code", {}, sv.server), d(sv.before.percent), d(sv.after.percent)],
          cellClass: ["l", undefined, undefined],
        })),
        "servers",
      ),
      headers,
    );
  }

  // ---- Redis ----

  private renderRedis(rl: RinglabPlan, state: State, keys: string[]): void {
    const nodes = state.nodes ?? clusterNodesExample;
    // The masters in redis-cli's order with their slots, as the core reads them from the text.
    const masters = rl.redis.nodes(nodes).filter((n) => n.role === "master");
    const before = slotOwners(masters);
    let plan: Plan;
    if (state.op === "rebalance") {
      plan = rl.redis.rebalance({
        nodes,
        weights: weightsOf(state.weights),
        useEmptyMasters: state.empty,
        threshold: state.threshold.trim() === "" ? undefined : readNumber(state.threshold),
      });
    } else {
      const from = state.from.trim();
      // Without a target named, the first master that holds no slot (the example's new node).
      const to = state.to.trim() || (masters.find((m) => m.slotCount === 0) ?? masters[masters.length - 1])!.id;
      plan = rl.redis.reshard({
        nodes,
        from: from === "all" || from === "" ? "all" : from.split(/[\s,]+/).filter((x) => x !== ""),
        to,
        slots: readNumber(state.slots),
      });
    }
    const index = new Map(masters.map((m, i) => [m.id, i]));
    const after = ownersAfter(before, plan.steps, index);
    const alt = plan.alternatives[0];
    replace(
      this.output,
      h(
        "section",
        { "data-testid": "plan" },
        this.summary(plan),
        this.slotPicture(masters, before, after),
        this.planParts(plan),
        this.redisKeys(keys, before, after, masters),
      ),
      alt
        ? h(
            "details",
            { "data-testid": "alternative" },
            h("summary", {}, this.t.plan.alternative, this.badge(alt.exactness)),
            h("p", { class: "hint" }, this.t.plan.alternativeAbout),
            this.steps(alt.steps, plan.unit, "alt-steps"),
            this.nodesTable(alt.nodes, plan.unit, "alt-nodes"),
          )
        : null,
      this.exportLink(plan),
    );
  }

  private slotPicture(masters: readonly RedisClusterNode[], before: Int32Array, after: Int32Array): HTMLElement {
    const t = this.t.plan;
    const f = this.f;
    const changed = new Int32Array(SLOTS);
    for (let u = 0; u < SLOTS; u++) changed[u] = before[u] !== after[u] ? 1 : 0;
    const strip = (runs: UnitRun[], label: string, testid: string, marks?: UnitRun[]) =>
      h(
        "div",
        { class: "strip-row" },
        h("div", {}, label),
        s(
          "svg",
          {
            class: "strip",
            viewBox: `0 0 ${SLOTS} 10`,
            preserveAspectRatio: "none",
            role: "img",
            "aria-label": `${label}: ${runs
              .filter((r) => r.owner >= 0)
              .map((r) => `${f.id(r.start)}–${f.id(r.end)} ${masters[r.owner]?.id ?? ""}`)
              .join(", ")}`,
            "data-testid": testid,
          },
          runs.map((r) =>
            s("rect", {
              x: r.start,
              y: 0,
              width: r.end - r.start + 1,
              height: 10,
              class: r.owner >= 0 ? `s${r.owner % COLOURS}` : "",
              "data-owner": r.owner >= 0 ? masters[r.owner]?.id : "",
              "data-start": r.start,
              "data-end": r.end,
            }),
          ),
          // A moved run narrower than a pixel still shows: its mark is at least 0.4% of the strip.
          (marks ?? [])
            .filter((r) => r.owner === 1)
            .map((r) =>
              s("rect", {
                class: "moved-mark",
                x: r.start,
                y: 8,
                width: Math.max(r.end - r.start + 1, SLOTS / 250),
                height: 2,
              }),
            ),
        ),
      );
    return h(
      "div",
      { "data-testid": "slot-picture" },
      h("h2", {}, t.slotsHeading(f.int(SLOTS))),
      strip(unitRuns(before), t.before, "strip-before"),
      strip(unitRuns(after), t.after, "strip-after", unitRuns(changed)),
      h("div", { class: "strip-axis", "aria-hidden": "true" }, h("span", {}, f.id(0)), h("span", {}, f.id(SLOTS - 1))),
      h("p", { class: "hint" }, t.markHint),
      h(
        "ul",
        { class: "legend", "aria-label": t.legend },
        masters.map((m, i) => h("li", { class: "id" }, serverLabel(m.id, `s${i % COLOURS}`))),
      ),
    );
  }

  private redisKeys(
    keys: string[],
    before: Int32Array,
    after: Int32Array,
    masters: readonly RedisClusterNode[],
  ): Child {
    if (!keys.length) return null;
    const t = this.t.plan;
    this.systems ??= systemsIfLoaded();
    if (!this.systems) {
      // Keys' slots are CRC16 as Redis computes it: the systems module's, loaded only for keys.
      void getSystems().then(
        (m) => {
          this.systems = m;
          this.requestUpdate();
        },
        (e: unknown) => this.showError(e),
      );
      return h("p", { class: "hint", role: "status" }, t.loadingKeys);
    }
    // A key's slot is CRC16 of the key (or its hash tag) alone, whatever the masters: the system
    // with the fewest masters it takes gives it.
    const sys = this.systems.system("redis", { nodes: 3 });
    try {
      const rows = keys.map((key) => {
        const slot = (sys.place(key) as unknown as { slot: number }).slot;
        const b = masters[before[slot]!]?.id ?? "";
        const a = masters[after[slot]!]?.id ?? "";
        return { key, slot, before: b, after: a, moves: a !== b };
      });
      return this.keysTable(
        rows.map((r) => ({ ...r, extra: this.f.id(r.slot) })),
        t.slotCol,
      );
    } finally {
      sys.dispose();
    }
  }

  // ---- Cassandra ----

  private renderCassandra(rl: RinglabPlan, state: State, keys: string[]): void {
    const ring = state.ring ?? cassandraRingExample;
    const node = state.node.trim();
    const options = {
      ring,
      strategy: state.strategy.trim(),
      keys,
      ...(state.change === "join"
        ? {
            join: {
              node,
              tokens: state.tokens
                .split(/[\s,]+/)
                .filter((x) => x !== "")
                .map((x) => latinDigits(x)),
              ...(state.dc.trim() ? { dc: state.dc.trim() } : {}),
              ...(state.rack.trim() ? { rack: state.rack.trim() } : {}),
            },
          }
        : state.change === "leave"
          ? { leave: node }
          : { remove: node }),
    };
    // One plan with every range: the picture draws them all, the table lists those that change
    // (every other figure of the plan is the same without everyRange).
    const plan = rl.cassandra.change({ ...options, everyRange: true });
    replace(
      this.output,
      h(
        "section",
        { "data-testid": "plan" },
        this.summary(plan),
        this.ringPicture(plan),
        this.rangesTable(plan),
        this.planParts(plan),
      ),
      this.exportLink(plan),
    );
  }

  private ringPicture(plan: Plan): HTMLElement {
    const t = this.t.plan;
    const names = plan.nodes.map((n) => n.node);
    const colour = (n: string | undefined) => {
      const i = n === undefined ? -1 : names.indexOf(n);
      return i >= 0 ? `s${i % COLOURS}` : "";
    };
    const C = 100;
    const arc = (from: number, turn: number, r: number) => {
      const at = (f: number) => {
        const a = 2 * Math.PI * f - Math.PI / 2;
        return `${(C + r * Math.cos(a)).toFixed(3)} ${(C + r * Math.sin(a)).toFixed(3)}`;
      };
      // A whole turn is two halves: one arc command cannot start and end at the same point.
      if (turn >= 1) return `M ${at(from)} A ${r} ${r} 0 1 1 ${at(from + 0.5)} A ${r} ${r} 0 1 1 ${at(from)}`;
      return `M ${at(from)} A ${r} ${r} 0 ${turn > 0.5 ? 1 : 0} 1 ${at(from + turn)}`;
    };
    const ranges = plan.ranges ?? [];
    return h(
      "div",
      { "data-testid": "ring-picture" },
      h("h2", {}, t.ringHeading),
      s(
        "svg",
        {
          class: "ring-svg",
          viewBox: "0 0 200 200",
          role: "img",
          "aria-label": t.ringAlt,
          "data-testid": "ring-svg",
        },
        ranges.map((r) => {
          const { from, turn } = rangeArc(r.start, r.end);
          return s(
            "g",
            { "data-range": r.range, "data-changes": String(r.changes) },
            // Outer band: the first replica before; inner band: after.
            s("path", { d: arc(from, turn, 88), class: colour(r.before[0]), fill: "none", "stroke-width": 14 }),
            s("path", { d: arc(from, turn, 68), class: colour(r.after[0]), fill: "none", "stroke-width": 14 }),
            r.changes ? s("path", { d: arc(from, turn, 54), class: "changed" }) : null,
          );
        }),
      ),
      h("p", { class: "hint" }, t.ringHint),
      h(
        "ul",
        { class: "legend", "aria-label": t.legend },
        names.map((n, i) => h("li", { class: "id" }, serverLabel(n, `s${i % COLOURS}`))),
      ),
    );
  }

  private rangesTable(plan: Plan): Child {
    const t = this.t.plan;
    const ranges = (plan.ranges ?? []).filter((r) => r.changes);
    if (!ranges.length) return null;
    const headers = [t.rangeCol, t.before, t.after];
    return stackOnPhones(
      table(
        t.rangesCaption,
        headers,
        ranges.map((r) => ({
          cells: [this.rangeText(r.range), h("code", {}, r.before.join(", ")), h("code", {}, r.after.join(", "))],
          cellClass: ["l", "l", "l"],
        })),
        "ranges",
      ),
      headers,
    );
  }

  /** A Cassandra range "(a,b]" in the page's digits. */
  private rangeText(range: string): string {
    return fieldDigits(range, this.t.lang);
  }

  // ---- every plan ----

  private badge(exactness: string): HTMLSpanElement {
    return h(
      "span",
      { class: `badge ${exactness}`, "data-testid": "exactness" },
      this.t.plan.exactness[exactness] ?? exactness,
    );
  }

  /** The plan's first line; `label`, when given, names the tool in the page's language. */
  private summary(plan: Plan, label?: string): HTMLElement {
    const t = this.t.plan;
    return h(
      "p",
      { "data-testid": "summary" },
      // The tool's name and version as the module gives it (redis-cli 7.0.15).
      label ?? h("code", {}, plan.tool),
      ": ",
      t.summary(
        this.f.int(plan.steps.length),
        this.f.int(plan.moved),
        (plan.moved === 1 ? t.unitOne[plan.unit] : t.units[plan.unit]) ?? plan.unit,
        plan.steps.length === 1,
        plan.moved === 1,
      ),
      this.badge(plan.exactness),
    );
  }

  /** The parts every plan has: (Kafka's summary and share), steps, nodes, warnings, note, keys. */
  private planParts(plan: Plan, partitioner?: string): Child[] {
    const t = this.t.plan;
    const f = this.f;
    const out: Child[] = [];
    if (plan.system === "kafka") {
      // Kafka's tool is a sentence in English ("Kafka's murmur2 partitioner (…)"): another
      // language names the partitioner in its own words.
      const own =
        this.t.lang !== "en" && partitioner ? `Kafka, ${t.partitioners[partitioner] ?? partitioner}` : undefined;
      out.push(this.summary(plan, own));
      const hs = plan.hashSpace;
      if (hs) {
        const share = Number(hs.moved) / Number(hs.size);
        out.push(
          h(
            "p",
            { "data-testid": "hash-space" },
            t.hashSpace(fieldDigits(hs.percent, this.t.lang), fieldDigits(hs.fraction, this.t.lang)),
            this.badge(hs.exactness),
          ),
          s(
            "svg",
            { class: "share-bar", viewBox: "0 0 1000 10", preserveAspectRatio: "none", "aria-hidden": "true" },
            s("rect", { class: "kept", x: 0, y: 0, width: 1000, height: 10 }),
            s("rect", { class: "moved", x: 0, y: 0, width: 1000 * share, height: 10 }),
          ),
        );
      }
    }
    if (plan.system === "cassandra" && plan.hashSpace) {
      const hs = plan.hashSpace;
      out.push(
        h(
          "p",
          { "data-testid": "hash-space" },
          t.tokenSpace(fieldDigits(hs.percent, this.t.lang)),
          this.badge(hs.exactness),
        ),
      );
    }
    out.push(this.steps(plan.steps, plan.unit, "steps"));
    if (plan.system !== "kafka" && !plan.ring) out.push(this.nodesTable(plan.nodes, plan.unit, "nodes"));
    if (plan.stops)
      out.push(h("p", { class: "warn", "data-testid": "stops" }, t.stops(f.int(plan.stops.moved), f.int(plan.moved))));
    if (plan.warnings.length)
      out.push(
        h("h2", {}, t.warnings),
        h(
          "ul",
          { "data-testid": "warnings" },
          plan.warnings.map((w) =>
            h("li", { class: "warn", "data-kind": w.kind }, this.warningText(plan, w.kind, w.text)),
          ),
        ),
      );
    if (plan.note !== null) out.push(h("p", { class: "hint", "data-testid": "note" }, this.noteText(plan)));
    if (plan.keys.length) out.push(this.planKeys(plan));
    return out;
  }

  /** A warning in the page's language: English as the tool's plan says it; others by its kind. */
  private warningText(plan: Plan, kind: string, text: string): string {
    if (this.t.lang === "en") return text;
    const say = this.t.plan.warningKinds[kind];
    return say ? say(this.f.int(plan.moved)) : this.t.plan.warningOther;
  }

  /** The plan's note: English as the tool says it; others by what the plan shows. */
  private noteText(plan: Plan): string {
    if (this.t.lang === "en") return plan.note ?? "";
    const t = this.t.plan;
    if (plan.system === "kafka") return plan.keys.length === 0 ? t.noteNoKeys : t.noteNothing;
    if (plan.system === "cassandra") return t.noteNoRange;
    return plan.steps.length === 0 ? t.noteNothing : t.noteOther;
  }

  private steps(steps: readonly PlanStep[], unit: string, testid: string): HTMLElement {
    const t = this.t.plan;
    const f = this.f;
    const what = (st: PlanStep): Child => {
      if (st.units.length) {
        const spans = unitSpans(st.units);
        const shown = spans.slice(0, SPANS_SHOWN).map(([a, b]) => (a === b ? f.id(a) : `${f.id(a)}–${f.id(b)}`));
        const more = spans.length - shown.length;
        return shown.join(", ") + (more > 0 ? ` ${t.more(f.int(more))}` : "");
      }
      const shown = st.names.slice(0, SPANS_SHOWN).map((n) => (unit === "ranges" ? this.rangeText(n) : n));
      const more = st.names.length - shown.length;
      // A key is data, shown as code in any language.
      const names = unit === "keys" ? shown.map((k, i) => [i ? ", " : "", h("code", {}, k)]) : shown.join(", ");
      return [names, more > 0 ? ` ${t.more(f.int(more))}` : ""];
    };
    return h(
      "div",
      {},
      h("h2", {}, t.stepsHeading),
      steps.length
        ? h(
            "ol",
            { class: "plan-steps", "data-testid": testid },
            steps.map((st) =>
              h(
                "li",
                {
                  class: "id",
                  "data-from": st.from,
                  "data-to": st.to,
                  "data-count": st.units.length + st.names.length,
                },
                // Node names are data (ids, addresses): shown as code, in any language.
                h("code", {}, this.nodeLabel(st.from, unit)),
                " → ",
                h("code", {}, this.nodeLabel(st.to, unit)),
                ": ",
                t.stepCount(
                  f.int(st.units.length + st.names.length),
                  (st.units.length + st.names.length === 1 ? t.unitOne[unit] : t.units[unit]) ?? unit,
                  unit === "ranges",
                ),
                // A ring plan's step: whether the change needs it, and its share of the hash space.
                st.kind
                  ? [
                      " (",
                      h("span", { class: `kind ${st.kind}` }, t.kinds[st.kind] ?? st.kind),
                      st.percent !== undefined ? `, ${fieldDigits(st.percent, this.t.lang)}%` : "",
                      ")",
                    ]
                  : "",
                // A ring step's units number its arcs: the share above says what they hold.
                st.kind ? "" : [": ", what(st)],
                st.bytes !== null ? ` (${t.bytes(f.int(Number(st.bytes)))})` : "",
              ),
            ),
          )
        : h("p", { "data-testid": testid }, t.noSteps),
    );
  }

  /** Kafka's nodes are partitions, named by number. */
  private nodeLabel(n: string, unit: string): string {
    return unit === "keys" ? this.t.plan.partition(fieldDigits(n, this.t.lang)) : n;
  }

  private share(sh: PlanShare): string {
    const t = this.t.plan;
    // A share of a hash space (Cassandra's) is said as the command line says it: its percentage.
    if (sh.percent !== undefined) return `${this.f.int(sh.count)} (${fieldDigits(sh.percent, this.t.lang)}%)`;
    return t.share(this.f.int(sh.count), this.f.int(sh.ranges), sh.ranges === 1);
  }

  private nodesTable(nodes: readonly PlanNode[], unit: string, testid: string): HTMLElement {
    const t = this.t.plan;
    const headers = [t.nodeCol, t.beforeShare(t.units[unit] ?? unit), t.afterShare(t.units[unit] ?? unit)];
    return stackOnPhones(
      table(
        t.nodesCaption,
        headers,
        nodes.map((n) => ({
          cells: [h("code", {}, n.node), this.share(n.before), this.share(n.after)],
          cellClass: ["l", undefined, undefined],
        })),
        testid,
      ),
      headers,
    );
  }

  private planKeys(plan: Plan): HTMLElement {
    const t = this.t.plan;
    const name = (n: string) => (plan.system === "kafka" ? this.nodeLabel(n, "keys") : n);
    return this.keysTable(
      plan.keys.map((k: PlanKey) => ({
        key: k.key,
        before: name(k.before),
        after: name(k.after),
        moves: k.moves,
        extra: k.token !== undefined ? fieldDigits(k.token.toString(), this.t.lang) : undefined,
      })),
      plan.system === "cassandra" ? t.tokenCol : undefined,
    );
  }

  private keysTable(
    rows: { key: string; before: string; after: string; moves: boolean; extra?: string | undefined }[],
    extraCol?: string,
  ): HTMLElement {
    const t = this.t.plan;
    const headers = [t.keyCol, ...(extraCol ? [extraCol] : []), t.before, t.after, t.movesCol];
    const moved = rows.filter((r) => r.moves).length;
    return h(
      "div",
      {},
      h("h2", {}, t.keysHeading),
      h("p", { "data-testid": "keys-summary" }, t.keysMoved(this.f.int(moved), this.f.int(rows.length))),
      stackOnPhones(
        table(
          t.keysCaption,
          headers,
          rows.map((r) => ({
            cells: [
              h("code", {}, r.key),
              ...(extraCol ? [r.extra ?? ""] : []),
              h("code", {}, r.before),
              h("code", {}, r.after),
              r.moves ? t.yes : t.no,
            ],
            cellClass: ["l", ...(extraCol ? [undefined] : []), "l", "l", r.moves ? "moved" : "kept"],
          })),
          "keys",
        ),
        headers,
      ),
    );
  }

  private exportLink(value: unknown): HTMLElement {
    return h(
      "p",
      { "data-testid": "export" },
      h(
        "a",
        { href: dataUrl(planJson(value)), download: "plan.json", "data-testid": "export-json" },
        this.t.plan.exportJson,
      ),
      " ",
      h("span", { class: "hint" }, this.t.plan.exportHint),
    );
  }
}
