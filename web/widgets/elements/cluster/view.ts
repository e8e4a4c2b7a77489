// What the cluster page's parts share: the page they draw for (its language, formats and the
// calls that change its state), errors as the page says them, results and servers as it shows
// them, and the keys placed.
import type { RinglabErrorDetail } from "ringlab";
import { h, type Child } from "../../core/dom";
import { errorText } from "../../core/errors";
import type { Fmt } from "../../core/format";
import { serverClass } from "../../core/styles";
import type { Messages } from "../../i18n/index";
import { RANGE_RULES, type Config, type ErrorLike, type KeyRow, type PageSystem, type PlacementResult } from "./module";
import { MAX_BARS, MORE, type State } from "./state";

/** The page a part draws for. */
export interface Page {
  t: Messages;
  f: Fmt;
  /** The element (a chart measures and themes itself through it). */
  host: HTMLElement;
  /** The element in focus (an input being typed in keeps its text). */
  active: Element | null | undefined;
  /** Rows shown of the keys and of the moved keys ("show more" adds to them). */
  shown: { keys: number; moves: number };
  set(partial: Partial<State>): void;
  setOption(name: string, value: string): void;
  /** Runs the changes `make` makes as one step the reader can undo ("make it the cluster"). */
  undoable(make: () => void): void;
  redraw(): void;
}

export function errorView(page: Page, e: unknown, testid: string, withLead = true, said?: string): HTMLElement {
  const t = page.t.cluster;
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
  const message = said ?? errorText(page.t, page.f, e);
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
    page.t.lang === "en"
      ? h("code", { lang: "en", "data-testid": id }, message)
      : h("span", { "data-testid": id }, message),
  );
}

/** A result as the page shows it. */
export function resultText(page: Page, r: PlacementResult | undefined): string {
  const t = page.t.cluster;
  if (r === undefined || r === null) return "—";
  if (typeof r === "number" || typeof r === "bigint") return page.f.id(r);
  if (typeof r === "string") return r;
  if (!Array.isArray(r) && "node" in r && "slot" in r)
    return t.slotNode(page.f.id(Number(r.slot)), page.f.id(Number(r.node)));
  return JSON.stringify(r);
}

export function categoryLabel(page: Page, c: string): string {
  if (c.startsWith("node:")) return page.t.cluster.node(page.f.id(Number(c.slice(5))));
  return /^-?\d+$/.test(c) ? page.f.id(BigInt(c)) : c;
}

/** Every key placed: in one call, or key by key to find the ones the system refuses. */
export function place(sys: PageSystem, keys: string[]): KeyRow[] {
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

/** The servers in the chart's order: the configured ones, then any other answer (`found`, in the keys' order). */
export function categories(state: State, config: Config, sys: PageSystem, found: Iterable<string>): string[] {
  // The configured servers, as the module lists them (Redis's masters as its answers name them).
  const listed = sys.servers.map((s, i) => (state.system === "redis" ? `node:${i}` : s.name));
  const out = config.names.length ? [...config.names] : listed;
  const seen = new Set(out);
  const extra: string[] = [];
  for (const c of found) {
    if (!seen.has(c)) {
      seen.add(c);
      extra.push(c);
    }
  }
  if (extra.every((c) => /^-?\d+$/.test(c))) extra.sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  return [...out, ...extra];
}

export function swatch(cats: string[], c: string | null): Child {
  if (c === null) return null;
  const i = cats.indexOf(c);
  return i < 0 || cats.length > MAX_BARS
    ? null
    : h("span", { class: `swatch ${serverClass(i)}`, "aria-hidden": "true" });
}

export function keyCell(key: string): HTMLElement {
  return h("td", { class: "l key", title: key }, h("code", { class: "kc" }, key === "" ? '""' : key));
}

/** "Show more" under a table with `more` rows not shown (none: no button). */
export function showMore(page: Page, rows: "keys" | "moves", more: number, testid: string): HTMLElement | null {
  if (!more) return null;
  const button = h(
    "button",
    { type: "button", "data-testid": testid },
    page.t.cluster.showMore(page.f.int(Math.min(MORE, more))),
  );
  button.addEventListener("click", () => {
    page.shown[rows] += MORE;
    page.redraw();
  });
  return button;
}
