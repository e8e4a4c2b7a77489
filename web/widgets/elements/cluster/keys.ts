// The cluster page's keys: their input (one key a line, the example keys or ten thousand), the
// keys the system refuses, and each key's server.
import { h, replace } from "../../core/dom";
import { category, type KeyRow } from "./module";
import type { State } from "./state";
import { DEFAULT_KEYS } from "./systems";
import { errorView, keyCell, resultText, swatch, showMore, type Page } from "./view";

/** The keys' input and what is said of the keys refused. */
export interface KeysInput {
  label: HTMLSpanElement;
  input: HTMLTextAreaElement;
  hint: HTMLParagraphElement;
  error: HTMLDivElement;
  example: HTMLButtonElement;
  many: HTMLButtonElement;
  /** The input's column. */
  view: HTMLElement;
}

export function keysInput(setKeys: (keys: string) => void, typed: (keys: string) => void): KeysInput {
  const label = h("span");
  const input = h("textarea", {
    rows: 8,
    spellcheck: "false",
    autocomplete: "off",
    "data-testid": "keys",
    "aria-describedby": "cl-keys-hint cl-keys-error",
  });
  input.addEventListener("input", () => typed(input.value));
  const hint = h("p", { class: "hint", id: "cl-keys-hint" });
  const error = h("div", { id: "cl-keys-error", "data-testid": "keys-error", "aria-live": "polite" });
  const example = h("button", { type: "button", "data-testid": "example-keys" });
  example.addEventListener("click", () => setKeys(DEFAULT_KEYS));
  const many = h("button", { type: "button", "data-testid": "many-keys" });
  many.addEventListener("click", () => setKeys(Array.from({ length: 10000 }, (_, i) => `user:${i + 1}`).join("\n")));
  const view = h(
    "div",
    {},
    h("label", { class: "field" }, label, input),
    h("div", { class: "buttons" }, example, many),
    hint,
    error,
  );
  return { label, input, hint, error, example, many, view };
}

/** The input's words, its text (not while typed in) and the keys the system refuses. */
export function drawKeysInput(page: Page, k: KeysInput, state: State, rows: KeyRow[] | null): void {
  const t = page.t.cluster;
  k.label.textContent = t.keysLabel;
  k.hint.textContent = t.keysHint;
  k.example.textContent = t.exampleKeys;
  k.many.textContent = t.manyKeys(page.f.int(10000));
  if (page.active !== k.input) k.input.value = state.keys;
  const bad = (rows ?? []).filter((r) => r.error);
  if (bad.length) {
    k.input.setAttribute("aria-invalid", "true");
    replace(
      k.error,
      h(
        "p",
        { class: "field-error", "data-testid": "keys-error-count" },
        t.badKeys(bad.length, page.f.int(bad.length)),
      ),
      errorView(page, bad[0]?.error, "key-error"),
    );
  } else {
    k.input.removeAttribute("aria-invalid");
    replace(k.error);
  }
}

export function drawKeys(page: Page, out: HTMLElement, state: State, rows: KeyRow[], cats: string[]): void {
  const t = page.t.cluster;
  const f = page.f;
  const shown = rows.slice(0, page.shown.keys);
  const nullNote = t.nullResult[state.system as keyof typeof t.nullResult];
  const body = shown.map((r) =>
    h(
      "tr",
      { "data-testid": "key-row", class: r.error ? "bad" : undefined },
      h("td", {}, f.id(r.index + 1)),
      keyCell(r.key),
      r.error
        ? h("td", { class: "l" }, errorView(page, r.error, "key-row-error", false))
        : h(
            "td",
            { class: "l", "data-testid": "result", title: r.result === null && nullNote ? nullNote : undefined },
            swatch(cats, category(r.result ?? null)),
            h("code", {}, resultText(page, r.result)),
          ),
    ),
  );
  const moreButton = showMore(page, "keys", rows.length - shown.length, "show-more");
  const nulls = rows.filter((r) => !r.error && r.result === null).length;
  replace(
    out,
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
