// The cluster page's moves: what a change moves, from which server to which (the flows, needless
// moves marked), and the keys moved.
import { h, replace } from "../../core/dom";
import { configOf } from "./config";
import { category, type Config, type PlacementResult } from "./module";
import type { State } from "./state";
import { SYS } from "./systems";
import { rich } from "./text";
import { categoryLabel, keyCell, resultText, swatch, showMore, type Page } from "./view";

export function drawMoves(
  page: Page,
  out: HTMLElement,
  state: State,
  kind: string,
  name: string,
  touched: string | null,
  total: number,
  moves: { key: string | Uint8Array; from: PlacementResult; to: PlacementResult }[],
  cats: string[],
  config: Config,
): void {
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
    return c === null ? h("code", {}, "—") : h("span", {}, swatch(cats, c), h("code", {}, categoryLabel(page, c)));
  };
  const shown = moves.slice(0, page.shown.moves);
  const moreButton = showMore(page, "moves", moves.length - shown.length, "moves-more");
  replace(
    out,
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
                      keyCell(typeof m.key === "string" ? m.key : new TextDecoder().decode(m.key)),
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
            h("p", { class: "cap" }, t.shownOf(f.int(shown.length), f.int(moves.length)), " ", moreButton),
          ),
        )
      : null,
  );
}
