// The cluster page's moves: what a change moves, from which server to which (the flows, needless
// moves marked), and the keys moved.
import { h, replace } from "../../core/dom";
import { configOf } from "./config";
import { category, type Config, type PlacementResult } from "./module";
import type { State } from "./state";
import { SYS } from "./systems";
import { rich } from "./text";
import { categoryLabel, keyCell, resultText, swatch, showMore, type Page } from "./view";

/**
 * The keys a change moved, read from the placing's typed arrays (placing.ts MovesData) when
 * asked: a hundred thousand moves are counted without an object each.
 */
export interface Moves {
  /** Keys compared. */
  keys: number;
  /** Keys moved. */
  count: number;
  /** The i-th moved key as the page shows it, its line in the page's keys, and its answers before and after. */
  key(i: number): string;
  index(i: number): number;
  from(i: number): PlacementResult;
  to(i: number): PlacementResult;
}

export function drawMoves(
  page: Page,
  out: HTMLElement,
  state: State,
  kind: string,
  name: string,
  touched: string | null,
  moves: Moves,
  cats: string[],
  config: Config,
): void {
  const total = moves.keys;
  const t = page.t.cluster;
  const f = page.f;
  const def = SYS[state.system];
  let what: string;
  if (def.count) {
    const before = Number(config.options[def.count]);
    const n = Number(configOf(state, { kind, target: "" }).options[def.count]);
    what = t.resized(t.fields[def.count], f.id(before), f.id(n));
  } else {
    // The server's name is shown as code (it is the configuration's own text).
    const code = `\`${name}\``;
    what = kind === "add" ? t.added(code) : kind === "remove" ? t.removed(code) : t.downed(code);
  }
  // Needless moves: between two servers the change did not touch (as the compare page counts them).
  const needless = (m: { from: PlacementResult; to: PlacementResult }) =>
    touched !== null && category(m.from) !== touched && category(m.to) !== touched;
  // The flows: how many keys go from each server to each other.
  const flows = new Map<string, { from: PlacementResult; to: PlacementResult; n: number }>();
  for (let i = 0; i < moves.count; i++) {
    const from = moves.from(i);
    const to = moves.to(i);
    const k = `${category(from)}→${category(to)}`;
    const e = flows.get(k) ?? { from, to, n: 0 };
    e.n++;
    flows.set(k, e);
  }
  let nNeedless = 0;
  for (const f of flows.values()) if (needless(f)) nNeedless += f.n;
  const flowRows = [...flows.values()].sort((a, b) => b.n - a.n);
  const label = (r: PlacementResult) => {
    const c = category(r);
    return c === null ? h("code", {}, "—") : h("span", {}, swatch(cats, c), h("code", {}, categoryLabel(page, c)));
  };
  const shown = Array.from({ length: Math.min(moves.count, page.shown.moves) }, (_, i) => ({
    key: moves.key(i),
    from: moves.from(i),
    to: moves.to(i),
  }));
  const moreButton = showMore(page, "moves", moves.count - shown.length, "moves-more");
  replace(
    out,
    h(
      "p",
      {
        class: "narration",
        "data-testid": "moves-summary",
        "data-moved": moves.count,
        "data-keys": total,
        "data-needless": touched === null ? undefined : nNeedless,
      },
      rich(
        t.movedSummary(
          what,
          total,
          f.int(moves.count),
          f.int(total),
          total ? f.pct(moves.count / total) : f.pct(0),
          touched === null ? null : nNeedless,
          f.int(nNeedless),
        ),
      ),
    ),
    state.system === "redis" ? h("p", { class: "hint", "data-testid": "redis-fresh" }, rich(t.redisFresh)) : null,
    moves.count
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
                      keyCell(m.key),
                      // Before and after in one cell: on a phone "→ after" wraps under "before".
                      h(
                        "td",
                        { class: "l move" },
                        h("code", {}, resultText(page, m.from)),
                        " ",
                        h("span", { class: "to" }, "→ ", h("code", {}, resultText(page, m.to))),
                      ),
                    ),
                  ),
                ),
              ),
            ),
            h("p", { class: "cap" }, t.shownOf(f.int(shown.length), f.int(moves.count)), " ", moreButton),
          ),
        )
      : null,
  );
}
