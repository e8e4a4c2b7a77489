// Tables: the text alternative of every diagram (and often the clearest view of the numbers).
import { h, type Child } from "./dom";

export interface TableRow {
  cells: Child[];
  /** "now" highlights the row of the current step; "dim" greys a row not reached yet. */
  class?: string;
  /** Classes per cell (e.g. "moved", "kept", "l" for left-aligned). */
  cellClass?: (string | undefined)[];
  /** Columns per cell where more than one: a note in place of several empty figures. */
  spans?: (number | undefined)[];
}

export function table(caption: string, headers: Child[], rows: TableRow[], testid = "table"): HTMLDivElement {
  return h(
    "div",
    { class: "table-wrap" },
    h(
      "table",
      { "data-testid": testid },
      h("caption", {}, caption),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          headers.map((x) => h("th", { scope: "col" }, x)),
        ),
      ),
      h(
        "tbody",
        {},
        rows.map((r) =>
          h(
            "tr",
            { class: r.class },
            r.cells.map((c, i) =>
              i === 0
                ? h("th", { scope: "row", class: r.cellClass?.[i] }, c)
                : h("td", { class: r.cellClass?.[i], colspan: r.spans?.[i] }, c),
            ),
          ),
        ),
      ),
    ),
  );
}

/**
 * A column header the design leaves blank (its cells say what they are, e.g. "moved"), named for
 * screen readers all the same: a header without text leaves the column unnamed.
 */
export function hiddenHeader(name: string): HTMLSpanElement {
  return h("span", { class: "sr-only" }, name);
}

/** A coloured dot and a server's name (colour is never the only cue: the name is there). */
export function serverLabel(name: string, cls: string): HTMLSpanElement {
  return h("span", { class: cls }, h("span", { class: "swatch", "aria-hidden": "true" }), name);
}

/**
 * Lets a wide table reflow on a phone: each row becomes a block of "header: value" lines (the
 * header from each cell's data-label), instead of columns hidden behind a horizontal scroll.
 */
export function stackOnPhones(wrap: HTMLDivElement, headers: readonly string[]): HTMLDivElement {
  const tableEl = wrap.querySelector("table");
  tableEl?.classList.add("stack");
  tableEl?.querySelectorAll("tbody tr").forEach((tr) => {
    // A cell's header is its first column's: a cell spanning columns moves the later ones along.
    let column = 0;
    [...tr.children].forEach((cell) => {
      const span = (cell as HTMLTableCellElement).colSpan;
      const label = headers[column];
      if (column > 0 && label && span === 1) cell.setAttribute("data-label", label);
      column += span;
    });
  });
  return wrap;
}
