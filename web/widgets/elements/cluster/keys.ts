// The cluster page's keys: their input (one key a line, the example keys, ten thousand, or a key
// file read as bytes), how far a long list's placing got, the keys the system refuses, and each
// key's server.
import { h, replace } from "../../core/dom";
import { category } from "./module";
import type { Answers } from "./results";
import type { State } from "./state";
import { DEFAULT_KEYS } from "./systems";
import { rich } from "./text";
import { errorView, keyCell, resultText, swatch, showMore, type Page } from "./view";

/**
 * Typing in the keys waits this long after the last keystroke before the keys are placed again
 * (a hundred thousand keys take the worker a while; each keystroke would start them over).
 */
export const TYPING_MS = 300;

/**
 * A list longer than this many lines is not put into the field whole: a browser lays out and edits
 * a textarea of a hundred thousand lines in seconds, on the page's thread. The field then shows
 * the first lines, read-only, until the reader asks for all of them; the page places every key.
 */
export const FIELD_LINES = 2000;

/** The offset just past the `n`-th line break of `text`, or -1 when it has no more than `n` lines. */
function afterLines(text: string, n: number): number {
  let at = -1;
  for (let i = 0; i < n; i++) {
    at = text.indexOf("\n", at + 1);
    if (at < 0) return -1;
  }
  // A final line break starts no line.
  return at + 1 < text.length ? at + 1 : -1;
}

/** The lines of the keys' text (a final line break starts no line). */
function countLines(text: string): number {
  if (text === "") return 0;
  let n = 1;
  for (let at = text.indexOf("\n"); at >= 0 && at + 1 < text.length; at = text.indexOf("\n", at + 1)) n++;
  return n;
}

/** Whether the keys' text has more lines than the field shows. */
export function longList(text: string): boolean {
  return afterLines(text, FIELD_LINES) >= 0;
}

/** The keys' input and what is said of the keys refused. */
export interface KeysInput {
  label: HTMLSpanElement;
  input: HTMLTextAreaElement;
  hint: HTMLParagraphElement;
  error: HTMLDivElement;
  example: HTMLButtonElement;
  many: HTMLButtonElement;
  /** "Load a key file": a button that opens the hidden file input. */
  upload: HTMLButtonElement;
  file: HTMLInputElement;
  fileNote: HTMLParagraphElement;
  /** How far a long list's placing got. */
  progress: HTMLDivElement;
  bar: HTMLProgressElement;
  progressText: HTMLSpanElement;
  /** The input's column. */
  view: HTMLElement;
  /** Typing not yet given to the page (called on blur, and by the page before it reads the keys). */
  flush(): void;
  /** A long list's note (the field shows its first lines) and the button that puts all of them in. */
  longNote: HTMLParagraphElement;
  editAll: HTMLButtonElement;
  /** The reader asked for every key of a long list in the field (until the keys change). */
  full: boolean;
  /** The keys' whole text as last drawn. */
  text: string;
}

export function keysInput(
  setKeys: (keys: string) => void,
  typed: (keys: string) => void,
  loaded: (name: string, bytes: Uint8Array) => void,
): KeysInput {
  const label = h("span");
  const input = h("textarea", {
    rows: 8,
    spellcheck: "false",
    autocomplete: "off",
    "data-testid": "keys",
    "aria-describedby": "cl-keys-hint cl-keys-file cl-keys-error",
  });
  // Typing is given to the page once it pauses (or the field is left), not at each keystroke.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    typed(input.value);
  };
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(flush, TYPING_MS);
  });
  input.addEventListener("change", flush);
  input.addEventListener("blur", flush);
  // A paste that makes the list long goes to the page as it is, not into the field (the field then
  // shows the list's first lines); in a field showing a long list's first lines, it replaces the list.
  input.addEventListener("paste", (e) => {
    const pasted = e.clipboardData?.getData("text/plain");
    if (pasted === undefined) return;
    const next = input.readOnly
      ? pasted
      : input.value.slice(0, input.selectionStart) + pasted + input.value.slice(input.selectionEnd);
    if (!input.readOnly && !longList(next)) return;
    e.preventDefault();
    clearTimeout(timer);
    timer = undefined;
    setKeys(next.replace(/\r\n?/g, "\n"));
  });
  const hint = h("p", { class: "hint", id: "cl-keys-hint" });
  const error = h("div", { id: "cl-keys-error", "data-testid": "keys-error", "aria-live": "polite" });
  const example = h("button", { type: "button", "data-testid": "example-keys" });
  example.addEventListener("click", () => setKeys(DEFAULT_KEYS));
  const many = h("button", { type: "button", "data-testid": "many-keys" });
  many.addEventListener("click", () => setKeys(Array.from({ length: 10000 }, (_, i) => `user:${i + 1}`).join("\n")));
  const file = h("input", { type: "file", class: "visually-hidden", tabindex: -1, "data-testid": "keys-file" });
  const upload = h("button", { type: "button", "data-testid": "keys-upload" });
  upload.addEventListener("click", () => file.click());
  file.addEventListener("change", () => {
    const f = file.files?.[0];
    if (!f) return;
    void f.arrayBuffer().then((b) => {
      file.value = "";
      loaded(f.name, new Uint8Array(b));
    });
  });
  const fileNote = h("p", { class: "hint", id: "cl-keys-file", "data-testid": "keys-file-note" });
  const bar = h("progress", { "data-testid": "keys-progress-bar" });
  const progressText = h("span", { "data-testid": "keys-progress-text" });
  const progress = h(
    "div",
    { class: "progress", "data-testid": "keys-progress", role: "status", hidden: true },
    bar,
    " ",
    progressText,
  );
  const longNote = h("p", { class: "hint", "data-testid": "keys-long", hidden: true });
  const editAll = h("button", { type: "button", "data-testid": "keys-edit-all" });
  const view = h(
    "div",
    {},
    h("label", { class: "field" }, label, input),
    longNote,
    h("div", { class: "buttons" }, example, many, upload, file),
    fileNote,
    progress,
    hint,
    error,
  );
  const k: KeysInput = {
    label,
    input,
    hint,
    error,
    example,
    many,
    upload,
    file,
    fileNote,
    progress,
    bar,
    progressText,
    view,
    flush,
    longNote,
    editAll,
    full: false,
    text: "",
  };
  editAll.addEventListener("click", () => {
    k.full = true;
    input.readOnly = false;
    input.value = k.text;
    input.focus();
  });
  return k;
}

/** The bar of a long list's placing: `done` of `total` keys (null: none placing). */
export function drawProgress(page: Page, k: KeysInput, p: { done: number; total: number } | null): void {
  k.progress.hidden = p === null;
  if (p === null) return;
  k.bar.max = Math.max(p.total, 1);
  k.bar.value = p.done;
  k.progressText.textContent = page.t.cluster.placing(page.f.int(p.done), page.f.int(p.total));
}

/**
 * The input's words, its text (not while typed in), the key file's note and the keys the system
 * refuses (none known while a long list is placed).
 */
export function drawKeysInput(
  page: Page,
  k: KeysInput,
  state: State,
  answers: Answers | null,
  file: { name: string; keys: number; bytes: number } | null,
): void {
  const t = page.t.cluster;
  k.label.textContent = t.keysLabel;
  k.hint.textContent = t.keysHint;
  k.example.textContent = t.exampleKeys;
  k.many.textContent = t.manyKeys(page.f.int(10000));
  k.upload.textContent = t.loadFile;
  k.file.setAttribute("aria-label", t.loadFile);
  // A long list: its first lines, read-only, unless the reader asked for every key.
  if (k.text !== state.keys) k.full = false;
  k.text = state.keys;
  const cut = k.full ? -1 : afterLines(state.keys, FIELD_LINES);
  k.input.readOnly = cut >= 0;
  if (cut >= 0) {
    const first = state.keys.slice(0, cut);
    if (k.input.value !== first) k.input.value = first;
    const total = countLines(state.keys);
    k.editAll.textContent = t.editAll;
    replace(k.longNote, t.longKeys(page.f.int(FIELD_LINES), page.f.int(total)), " ", k.editAll);
  } else {
    if (page.active !== k.input) k.input.value = state.keys;
    replace(k.longNote);
  }
  k.longNote.hidden = cut < 0;
  replace(
    k.fileNote,
    file ? rich(t.fileNote(file.name, page.f.int(file.keys), file.bytes, page.f.int(file.bytes))) : null,
  );
  k.fileNote.hidden = file === null;
  const bad = answers?.refused ?? 0;
  if (bad) {
    k.input.setAttribute("aria-invalid", "true");
    replace(
      k.error,
      h("p", { class: "field-error", "data-testid": "keys-error-count" }, t.badKeys(bad, page.f.int(bad))),
      errorView(page, answers?.firstError, "key-error"),
    );
  } else {
    k.input.removeAttribute("aria-invalid");
    replace(k.error);
  }
}

export function drawKeys(page: Page, out: HTMLElement, state: State, answers: Answers, cats: string[]): void {
  const t = page.t.cluster;
  const f = page.f;
  const n = answers.n;
  const shown = Array.from({ length: Math.min(n, page.shown.keys) }, (_, i) => answers.row(i));
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
  const moreButton = showMore(page, "keys", n - shown.length, "show-more");
  replace(
    out,
    h("p", { class: "part-title" }, t.keysTitle),
    h(
      "div",
      { class: "table-wrap" },
      h(
        "table",
        { "data-testid": "keys-table" },
        h("caption", { class: "visually-hidden" }, t.keysCaption(f.int(n))),
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
    h("p", { class: "cap", "data-testid": "keys-count" }, t.shownOf(f.int(shown.length), f.int(n)), " ", moreButton),
    answers.nulls && nullNote ? h("p", { class: "hint", "data-testid": "null-note" }, `— ${nullNote}`) : null,
  );
}

/** What the keys' parts show while a long list is placed. */
export function drawPlacing(page: Page, out: HTMLElement, testid: string): void {
  replace(out, h("p", { class: "hint", "data-testid": testid }, page.t.cluster.placingWait));
}
