// The cluster page's change tools: a server added (with its weight), removed or marked down, or a
// count one more or one fewer; the changed system by the module's edit(), and "make it the
// cluster" writing it back in the page's own form.
import type { RinglabSystems } from "ringlab/systems";
import { h, replace, type Child } from "../../core/dom";
import { fieldDigits, latinDigits, stepWithArrows } from "../../core/numbers";
import { configOf, usesText } from "./config";
import { freshServer, listLine, makeSystem, pageSystem, wholeNumber, type Config, type PageSystem } from "./module";
import { drawMoves, type Moves } from "./moves";
import type { ChangeRecipe } from "./placing";
import type { Answers } from "./results";
import type { State } from "./state";
import { SYS } from "./systems";
import { plain, rich } from "./text";
import { errorView, type Page } from "./view";

/** The change's controls, its error and the moves it makes. */
export interface ChangeParts {
  box: HTMLDivElement;
  error: HTMLDivElement;
  moves: HTMLDivElement;
}

/**
 * The change's choices, its target, and what it moves (by diff); returns the moves (null when the
 * change cannot be made), which the page also offers as files.
 */
export function drawChange(
  page: Page,
  parts: ChangeParts,
  rl: RinglabSystems,
  state: State,
  sys: PageSystem,
  config: Config,
  /** The keys' answers with the moves (placer.ts); null while a long list is placed. */
  answers: Answers | null,
  cats: string[],
): Moves | null {
  const t = page.t.cluster;
  const def = SYS[state.system];
  const counted = def.count;
  const cassandra = state.system === "cassandra";
  const { kinds, kind, names, up, target } = changeTarget(state, sys);
  const weightText = state.weight.trim();
  const kindSelect = h("select", { "data-testid": "change-kind" });
  for (const k of kinds) {
    const label = counted ? t.countChange[k === "add" ? "add" : "remove"](t.fields[counted]) : t.changeKinds[k];
    kindSelect.append(h("option", { value: k, selected: k === kind }, plain(label)));
  }
  kindSelect.addEventListener("change", () =>
    page.set({ change: kindSelect.value as State["change"], target: "", weight: "" }),
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
      input.addEventListener("change", () => page.set({ target: input.value.trim() }));
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
          type: "text",
          class: "num",
          inputmode: "numeric",
          spellcheck: "false",
          autocomplete: "off",
          "data-numeric": "",
          value: fieldDigits(weightText === "" ? String(def.list?.weight ?? 1) : weightText, page.t.lang),
          "data-testid": "change-weight",
          "aria-describedby": "cl-change-error",
        });
        const setWeight = (text: string) => page.set({ weight: latinDigits(text).trim() });
        w.addEventListener("change", () => setWeight(w.value));
        stepWithArrows(w, { min: 1 }, (x) => setWeight(String(x)));
        controls.push(h("label", {}, t.weightLabel, w));
      }
    } else {
      const choices = kind === "down" ? up : names;
      const s = h("select", { "data-testid": "change-target" });
      for (const n of choices) s.append(h("option", { value: n, selected: n === target }, n));
      s.addEventListener("change", () => page.set({ target: s.value }));
      controls.push(h("label", {}, t.which, s));
    }
  }
  const apply = h("button", { type: "button", "data-testid": "apply" }, t.apply);
  controls.push(apply);
  replace(parts.box, controls);
  replace(parts.error);

  let other: PageSystem;
  try {
    const recipe = changeRecipe(page, state, kind, target);
    other = "edit" in recipe ? pageSystem(sys.real.edit(recipe.edit)) : makeSystem(rl, state.system, recipe.options);
  } catch (e) {
    replace(parts.error, errorView(page, e, "change-error-text"));
    replace(parts.moves);
    apply.disabled = true;
    return null;
  }
  try {
    // "Make it the cluster": the changed servers written back in the page's own form.
    const next = afterChange(state, kind, target, other);
    // One step the reader can undo (and go back from).
    apply.addEventListener("click", () =>
      page.undoable(() => {
        if (def.count) page.setOption(def.count, next.count ?? "");
        else page.set({ ...next.state, target: "", weight: "" });
      }),
    );
    // The keys moved: the module's diff, made where the keys were placed (placing.ts).
    const d = answers?.moves(other);
    if (!answers || !d) {
      const e = answers?.movesError;
      replace(
        parts.moves,
        e
          ? errorView(page, e, "change-error-text")
          : h("p", { class: "hint", "data-testid": "moves-pending" }, t.placingWait),
      );
      return null;
    }
    // The server the change touches, as the module names it (an added one: the name it gave it).
    const before = new Set(sys.servers.map((x) => x.name));
    const touched = counted
      ? null
      : kind === "add"
        ? (other.servers.find((x) => !before.has(x.name))?.name ?? target)
        : target;
    drawMoves(page, parts.moves, state, kind, touched ?? target, touched, d, cats, config);
    return d;
  } finally {
    other.dispose();
  }
}

/**
 * The change shown: its kinds, its kind, the servers it chooses from, and its target (a new
 * server to add when none is given, or one of the servers to remove or mark down).
 */
export function changeTarget(
  state: State,
  sys: PageSystem,
): {
  kinds: ("add" | "remove" | "down")[];
  kind: "add" | "remove" | "down";
  names: string[];
  up: string[];
  target: string;
} {
  const def = SYS[state.system];
  const counted = def.count;
  const cassandra = state.system === "cassandra";
  const kinds: ("add" | "remove" | "down")[] = def.down ? ["add", "remove", "down"] : ["add", "remove"];
  const kind = kinds.includes(state.change) ? state.change : "add";
  // The servers as the module lists them (Cassandra's nodes, however many tokens each holds).
  const names = sys.servers.map((s) => s.name);
  const up = sys.servers.filter((s) => !s.down).map((s) => s.name);
  // The target: a new server to add (the next of the user's own, a new Cassandra node with the
  // token that halves the ring's largest gap), or one of the servers to remove or mark down.
  let target = state.target;
  if (!counted) {
    if (kind === "add" && target === "" && def.list)
      target = freshServer(names, def.list.fresh, cassandra ? sys.real.tokens() : undefined);
    if (kind === "remove" && !names.includes(target)) target = names[names.length - 1] ?? "";
    if (kind === "down" && !up.includes(target)) target = up[up.length - 1] ?? "";
  }
  return { kinds, kind, names, up, target };
}

/**
 * How the changed system is made from the page's: other options (a count one more or fewer) or
 * an edit of its servers (a Cassandra node added with its token, and no weight). Throws when
 * there is no target or the weight is no whole number.
 */
export function changeRecipe(page: Page, state: State, kind: string, target: string): ChangeRecipe {
  const def = SYS[state.system];
  const weightText = state.weight.trim();
  if (!def.count && target === "") throw { code: "invalid_argument", message: page.t.cluster.noTarget };
  const weight = weightText === "" ? (def.list?.weight ?? 1) : wholeNumber(weightText, "weight");
  if (def.count) return { options: configOf(state, { kind, target }).options };
  const add = state.system === "cassandra" ? { add: target } : { add: target, weight };
  return { edit: kind === "add" ? add : kind === "remove" ? { remove: target } : { down: target } };
}

/** The state that makes the changed system the cluster: its configuration in the page's form. */
export function afterChange(
  state: State,
  kind: string,
  target: string,
  other: PageSystem,
): { state: Partial<State>; count?: string } {
  const def = SYS[state.system];
  if (def.count) {
    const n = Number(configOf(state, { kind, target }).options[def.count]);
    return { state: {}, count: String(n) };
  }
  if (usesText(state) && def.text) {
    // The module writes its configuration back as it was given: an upstream block, a server
    // string, Envoy's YAML, Cassandra's nodetool ring text.
    const written = other.real.config() as Record<string, string | undefined>;
    return { state: { config: written[def.text.opt] ?? "" } };
  }
  if (state.system === "cassandra") {
    // Its tokens as the module writes them back (NODE=TOKEN entries), one a line as the page lists them.
    return { state: { servers: (other.real.config().tokens ?? "").split(",").join("\n") } };
  }
  const always = def.list?.weight !== undefined;
  return { state: { servers: other.servers.map((s) => listLine(s, always)).join("\n") } };
}
