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
// and `target`, the change whose moves are shown; `find`, a key searched for. A long key list goes
// into an address packed (`zkeys`, deflated: core/pack.ts), or is left out of it, the page saying
// so. A key file's bytes (keys that are no UTF-8 among them) are kept beside the state while the
// keys' text is the file's.
//
// A long key list is placed in a worker (cluster/placer.ts), the page showing how far it got; the
// keys' table, the load and the moves are all drawn from its answers (typed arrays).
import type { RinglabSystems, SystemKey } from "ringlab/systems";
import { Charts } from "../core/chart";
import { h, replace } from "../core/dom";
import { RinglabElement } from "../core/element";
import { systemsIfLoaded } from "../core/systems";
import { changeRecipe, changeTarget, drawChange, type ChangeParts } from "./cluster/change";
import { placeCommand } from "./cluster/command";
import { compatRows, compatView, loadAll } from "./cluster/compat";
import { configOf, optionValues } from "./cluster/config";
import { buildForm, clearErrors, fillForm, formParts, showConfigError, type Form } from "./cluster/form";
import {
  drawKeys,
  drawKeysInput,
  drawPlacing,
  drawProgress,
  keysInput,
  longList,
  type KeysInput,
} from "./cluster/keys";
import { cassandraRing, drawLoad } from "./cluster/load";
import { makeSystem, typedOptions, type Config, type PageSystem } from "./cluster/module";
import { Placer, type Status } from "./cluster/placer";
import { fileKeys, textKeys, type ChangeRecipe, type PlaceJob } from "./cluster/placing";
import { Answers } from "./cluster/results";
import { drawSearch, searchInput, type Search } from "./cluster/search";
import { SHARE_STYLES, drawShare, shareParts } from "./cluster/share";
import { ROWS, spec, type State } from "./cluster/state";
import { STYLES } from "./cluster/styles";
import { NAMES, SYS, SYSTEMS, type SystemName } from "./cluster/systems";
import { rich } from "./cluster/text";
import { drawUndo, undoParts, type UndoParts } from "./cluster/undo";
import { categories, errorView, type Page } from "./cluster/view";

/** A key file loaded: its bytes, its keys, and the text the keys' field shows for it. */
interface KeyFile {
  id: number;
  name: string;
  bytes: Uint8Array;
  keys: SystemKey[];
  text: string;
}
let files = 0;

export class Cluster extends RinglabElement<typeof spec, RinglabSystems> {
  static override spec = spec;
  private charts = new Charts();
  private shown = { keys: ROWS, moves: ROWS };
  private systemLabel!: HTMLSpanElement;
  private systemSelect!: HTMLSelectElement;
  private about!: HTMLParagraphElement;
  private form!: Form;
  private keys!: KeysInput;
  private keysOut!: HTMLDivElement;
  private loadOut!: HTMLDivElement;
  private movesTitle!: HTMLParagraphElement;
  private change!: ChangeParts;
  private compatTitle!: HTMLParagraphElement;
  private compatOut!: HTMLDivElement;
  private share = shareParts();
  private undo: UndoParts = undoParts();
  /** Inside undoable(): the changes made notify once, when all are made. */
  private batching = false;
  private search!: Search;
  private placer = new Placer(
    () => this.requestUpdate(),
    (done, total) => drawProgress(this.page(), this.keys, { done, total }),
  );
  private file: KeyFile | null = null;
  /** The keys of the text last placed, and its answers as the parts read them (kept across renders). */
  private split: { text: string; keys: string[] } = { text: "", keys: [] };
  private answers: { placed: unknown; answers: Answers } | undefined;

  protected heading(): string {
    return this.t.cluster.title;
  }

  protected override loadModule(): Promise<RinglabSystems> {
    return loadAll();
  }

  protected override moduleIfLoaded(): RinglabSystems | undefined {
    return compatRows.length ? systemsIfLoaded() : undefined;
  }

  protected override extraStyles(): string {
    return STYLES + SHARE_STYLES;
  }

  protected build(box: HTMLDivElement): void {
    this.systemLabel = h("span");
    this.systemSelect = h("select", { "data-testid": "system" });
    for (const s of SYSTEMS) this.systemSelect.append(h("option", { value: s }, NAMES[s]));
    this.systemSelect.addEventListener("change", () => this.pickSystem(this.systemSelect.value as SystemName));
    this.about = h("p", { class: "hint", "data-testid": "about" });
    this.form = formParts();
    this.keys = keysInput(
      (keys) => this.setKeys(keys),
      (keys) => this.setState({ keys }, true),
      (name, bytes) => this.loadFile(name, bytes),
    );
    this.search = searchInput((find) => this.setState({ find }, true));
    this.keysOut = h("div", { "data-testid": "keys-result" });
    this.loadOut = h("div", { "data-testid": "load" });
    this.movesTitle = h("p", { class: "part-title" });
    this.change = {
      box: h("div", { class: "change", "data-testid": "change" }),
      error: h("div", { "data-testid": "change-error", "aria-live": "polite" }),
      moves: h("div", { "data-testid": "moves", "aria-live": "polite" }),
    };
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
          this.form.formatBox,
          this.form.formBox,
          this.form.configError,
        ),
        this.keys.view,
      ),
      this.search.view,
      h("div", { class: "cl-grid" }, this.keysOut, this.loadOut),
      this.movesTitle,
      this.change.box,
      this.undo.view,
      this.change.error,
      this.change.moves,
      this.share.view,
      this.compatTitle,
      this.compatOut,
    );
  }

  private pickSystem(sys: SystemName): void {
    // Another system: its own example cluster (the keys stay).
    for (const k of ["servers", "format", "config", "options", "change", "target"]) this.removeAttribute(k);
    this.shown = { keys: ROWS, moves: ROWS };
    this.setState({ system: sys }, true);
  }

  private setKeys(keys: string): void {
    this.shown = { keys: ROWS, moves: ROWS };
    // A long list is not put into the field whole (keys.ts: the field shows its first lines).
    if (!longList(keys)) this.keys.input.value = keys;
    this.setState({ keys }, true);
  }

  /** A key file: its keys as `ringlab place --keys` reads the file, its text shown in the field. */
  private loadFile(name: string, bytes: Uint8Array): void {
    const text = spec.keys.parse(new TextDecoder().decode(bytes));
    this.file = { id: ++files, name, bytes, keys: fileKeys(bytes), text };
    this.setKeys(text);
  }

  private setOption(name: string, value: string): void {
    const sys = SYS[this.state.system];
    const f = sys.fields.find((x) => x.name === name);
    const map = optionValues(this.state);
    if (f && value === f.def) map.delete(name);
    else map.set(name, value);
    this.setState({ options: new URLSearchParams([...map]).toString() }, !this.batching);
  }

  /** The attributes that are the state (null: absent). */
  private stateAttributes(): Record<string, string | null> {
    return Object.fromEntries(Object.keys(spec).map((k) => [k, this.getAttribute(k)]));
  }

  /** The changes `make` makes, as one step: a history entry the host may keep, and an Undo. */
  private undoable(make: () => void): void {
    const before = this.stateAttributes();
    this.batching = true;
    try {
      make();
    } finally {
      this.batching = false;
    }
    this.undo.step = { before, after: this.stateAttributes() };
    this.undo.said = "made";
    this.notify(true);
  }

  /** Undo: the state before the step, as it was. */
  private undoStep(): void {
    const step = this.undo.step;
    if (!step) return;
    for (const [k, v] of Object.entries(step.before)) {
      if (v === null) this.removeAttribute(k);
      else this.setAttribute(k, v);
    }
    this.undo.step = null;
    this.undo.said = "undone";
    this.notify();
  }

  /** The page as its parts see it. */
  private page(): Page {
    return {
      t: this.t,
      f: this.f,
      host: this,
      active: this.shadowRoot?.activeElement,
      shown: this.shown,
      set: (partial) => this.setState(partial, !this.batching),
      setOption: (name, value) => this.setOption(name, value),
      undoable: (make) => this.undoable(make),
      redraw: () => this.requestUpdate(),
    };
  }

  protected render(rl: RinglabSystems, state: State): void {
    const t = this.t.cluster;
    const page = this.page();
    this.systemLabel.textContent = t.system;
    this.systemSelect.value = state.system;
    replace(this.about, rich(t.about[state.system]));
    this.movesTitle.textContent = t.movesTitle;
    this.compatTitle.textContent = t.compatTitle;
    buildForm(page, this.form, state);
    fillForm(page, this.form, state);
    clearErrors(this.form);
    this.charts.clear();
    replace(this.compatOut, compatView(this.t, this.f, state.system));

    // The keys: a file's while the field shows its text, else the field's lines.
    const file = this.file?.text === state.keys ? this.file : null;
    if (!file) this.file = null;
    if (this.split.text !== state.keys) this.split = { text: state.keys, keys: textKeys(state.keys) };
    const keys: readonly SystemKey[] = file ? file.keys : this.split.keys;
    const fileInfo = file
      ? { name: file.name, keys: file.keys.length, bytes: file.keys.filter((k) => typeof k !== "string").length }
      : null;
    let config: Config;
    let sys: PageSystem;
    try {
      config = configOf(state);
      sys = makeSystem(rl, state.system, config.options);
    } catch (e) {
      showConfigError(page, this.form, state, e);
      drawKeysInput(page, this.keys, state, null, fileInfo);
      drawProgress(page, this.keys, null);
      this.box.removeAttribute("aria-busy");
      replace(this.keysOut);
      replace(this.loadOut);
      replace(this.change.box);
      replace(this.change.error);
      replace(this.change.moves, h("p", { class: "hint", "data-testid": "moves-blocked" }, t.fixFirst));
      replace(this.share.view);
      drawUndo(page, this.undo, this.stateAttributes(), () => this.undoStep());
      drawSearch(page, this.search, state, null);
      return;
    }
    try {
      // The change whose moves are placed with the keys (none when it cannot be made: drawChange says why).
      let recipe: ChangeRecipe | null = null;
      try {
        const c = changeTarget(state, sys);
        recipe = changeRecipe(page, state, c.kind, c.target);
        if ("options" in recipe) recipe = { options: typedOptions(rl, state.system, recipe.options) };
      } catch {
        recipe = null;
      }
      const job: PlaceJob = {
        system: state.system,
        options: typedOptions(rl, state.system, config.options),
        change: recipe,
        keys: file ? { bytes: file.bytes } : { text: state.keys },
      };
      const status: Status = this.placer.status(rl, job, file?.id ?? 0, keys.length);
      const answers = status.state === "done" ? this.answersOf(status.placed, sys, keys) : null;
      this.box.toggleAttribute("aria-busy", status.state === "placing");
      drawProgress(page, this.keys, status.state === "placing" ? status : null);
      drawKeysInput(page, this.keys, state, answers, fileInfo);
      // Why the key found goes where it does: the module asked for that one key, by this render's system.
      drawSearch(page, this.search, state, answers, (i) => sys.real.why(keys[i]!));
      drawUndo(page, this.undo, this.stateAttributes(), () => this.undoStep());
      if (!answers) {
        if (status.state === "failed") replace(this.keysOut, errorView(page, status.error, "keys-failed"));
        else drawPlacing(page, this.keysOut, "keys-placing");
        drawPlacing(page, this.loadOut, "load-placing");
        drawChange(page, this.change, rl, state, sys, config, null, categories(state, config, sys, []));
        replace(this.share.view);
        return;
      }
      const cats = categories(state, config, sys, answers.count.keys());
      drawKeys(page, this.keysOut, state, answers, cats);
      const ring =
        state.system === "cassandra"
          ? cassandraRing(
              page,
              rl,
              state,
              Array.from({ length: Math.min(40, answers.n) }, (_, i) => answers.row(i)),
              cats,
            )
          : null;
      drawLoad(
        page,
        this.loadOut,
        this.charts,
        state,
        sys,
        config,
        { count: answers.count, placed: answers.placedCount },
        cats,
        ring,
      );
      const moves = drawChange(page, this.change, rl, state, sys, config, answers, cats);
      drawShare(page, this.share, {
        system: state.system,
        keys,
        count: answers.n,
        // Each key as it is (the table shows a byte that is no UTF-8, or a tab, escaped).
        rows: () =>
          Array.from({ length: answers.n }, (_, i) => {
            const k = keys[i]!;
            return { ...answers.row(i), key: typeof k === "string" ? k : new TextDecoder().decode(k) };
          }),
        moves,
        command: placeCommand(rl, state.system, config.options, keys),
        link: this.hostLink({}) === undefined ? undefined : async () => this.hostLink(await this.addressParams()) ?? "",
        packedKeys: () => this.packedParam("keys"),
      });
    } finally {
      sys.dispose();
    }
  }

  /** The answers as the parts read them, made once per placing. */
  private answersOf(placed: unknown, sys: PageSystem, keys: readonly SystemKey[]): Answers {
    const kept = this.answers;
    if (kept && kept.placed === placed) return kept.answers;
    const answers = new Answers(placed as never, sys, keys);
    this.answers = { placed, answers };
    return answers;
  }

  protected override disconnected(): void {
    this.charts.clear();
    this.placer.dispose();
  }
}
