// A few keys before and after a change, where no ring is drawn (rendezvous, jump, two clients):
// each key as a card "key: old owner → new owner", the moved ones framed with a dashed line in the
// old owner's colour, and the same keys as a table with a moved/stayed column. Right after the
// reader's own change the new owner slides in (never when the reader asked for less motion).
import { h } from "./dom";
import { hiddenHeader, serverLabel, table } from "./table";

export interface KeyMove {
  key: string;
  /** Owner before the change ("" when there was none). */
  before: string;
  after: string;
}

export interface KeyMovesLabels {
  caption: string;
  key: string;
  before: string;
  after: string;
  moved: string;
  stayed: string;
  /** The moved/stayed column's name (the column shows no header; screen readers read it). */
  movedCol: string;
  /** How a server (or bucket) is written in a cell. */
  owner?: (name: string) => string;
}

/** The cards and the table of a few keys' owners before and after a change. */
export function keyMoves(
  rows: readonly KeyMove[],
  colors: ReadonlyMap<string, string>,
  l: KeyMovesLabels,
  animate: boolean,
  /** Milliseconds the animation has already played (drawn again after a change, it continues). */
  elapsed = 0,
): HTMLDivElement {
  const shown = l.owner ?? ((n: string) => n);
  const label = (name: string) => (name === "" ? "—" : serverLabel(shown(name), colors.get(name) ?? ""));
  const strip = h(
    "ul",
    {
      class: `key-strip${animate ? " animate" : ""}`,
      "data-testid": "moves-strip",
      "aria-hidden": "true",
      ...(animate && elapsed > 0 ? { style: `--ringlab-elapsed: ${-Math.round(elapsed)}ms` } : {}),
    },
    rows.map((r) => {
      const moved = r.before !== r.after;
      return h(
        "li",
        {
          class: `kcard${moved ? ` moved ${colors.get(r.before) ?? ""}` : ""}`,
          "data-key": r.key,
          "data-moved": String(moved),
        },
        h("span", { class: "kname" }, r.key),
        moved ? h("span", { class: "from" }, label(r.before), " →") : undefined,
        h("span", { class: "to" }, label(r.after)),
      );
    }),
  );
  const tbl = table(
    l.caption,
    [l.key, l.before, l.after, hiddenHeader(l.movedCol)],
    rows.map((r) => {
      const moved = r.before !== r.after;
      return {
        cells: [r.key, label(r.before), label(r.after), moved ? l.moved : l.stayed],
        class: moved ? "moved-row" : "",
        cellClass: ["l", "l", "l", moved ? "moved" : "kept"],
      };
    }),
    "key-moves",
  );
  return h("div", { class: "key-moves" }, strip, tbl);
}

/** Styles for keyMoves and the steppers that show it (adopted as a widget's extra styles). */
export const KEY_MOVES_CSS = String.raw`
.below { grid-column: 1 / -1; display: flex; flex-direction: column; gap: 0.5rem; min-width: 0; }
.key-moves { display: flex; flex-direction: column; gap: 0.5rem; min-width: 0; }
.key-strip { display: flex; flex-wrap: wrap; gap: 0.35rem; margin: 0; padding: 0; list-style: none; }
.kcard { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 0.3rem; border: 1px solid var(--_border); border-radius: 6px; padding: 0.1rem 0.45rem; font-size: 0.85rem; max-width: 100%; }
.kcard .kname { font-family: var(--ringlab-mono, ui-monospace, monospace); overflow-wrap: anywhere; }
.kcard.moved { border: 2px dashed var(--c, var(--_bad)); }
.kcard .from { color: var(--_muted); }
.kcard .to { display: inline-block; }
.key-strip.animate .kcard.moved .to { animation: ringlab-key-move 0.9s ease-out var(--ringlab-elapsed, 0s) both; }
@keyframes ringlab-key-move { from { transform: translateX(-1.6em); opacity: 0.2; } to { transform: none; opacity: 1; } }
svg .moved-chip { stroke: var(--c, var(--_bad)); stroke-width: 2; stroke-dasharray: 3 2; fill: none; }
svg.animate .moved-new { animation: ringlab-chip-in 0.9s ease-out var(--ringlab-elapsed, 0s) both; }
@keyframes ringlab-chip-in { from { opacity: 0; } to { opacity: 1; } }
tr.moved-row th { color: var(--_bad); }
td.l, th.l { text-align: start; }
thead th { white-space: normal; }
@media (max-width: 560px) {
  th, td { padding: 0.2rem 0.25rem; }
  td { white-space: normal; overflow-wrap: anywhere; }
  td.moved, td.kept { overflow-wrap: normal; }
  tbody th { white-space: normal; overflow-wrap: anywhere; }
}
@media (prefers-reduced-motion: reduce) {
  .key-strip.animate .kcard.moved .to, svg.animate .moved-new { animation: none; }
}
`;
