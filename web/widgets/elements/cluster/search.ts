// The cluster page's search: a key found in the placed keys, with its line, its server, and why
// that server: the number the system answers with (Redis's slot, Kafka's partition, Cassandra's
// token, Guava's bucket, Erlang's phash2), read from the placing's answers, not placed again; for
// a ring system, the key's hash and the ring point (Maglev: the table's slot) it lands on, which
// the module gives for the one key found (RealSystem.why).
import type { SystemReason } from "ringlab/systems";
import { h, replace } from "../../core/dom";
import { TYPING_MS } from "./keys";
import type { Answers } from "./results";
import type { State } from "./state";
import { rich } from "./text";
import { resultText, type Page } from "./view";

export interface Search {
  label: HTMLSpanElement;
  input: HTMLInputElement;
  out: HTMLDivElement;
  view: HTMLElement;
}

export function searchInput(find: (text: string) => void): Search {
  const label = h("span");
  const input = h("input", {
    type: "search",
    spellcheck: "false",
    autocomplete: "off",
    "data-testid": "find",
    "aria-describedby": "cl-find-out",
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    find(input.value);
  };
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(flush, TYPING_MS);
  });
  input.addEventListener("change", flush);
  const out = h("div", { id: "cl-find-out", "data-testid": "find-result", "aria-live": "polite" });
  const view = h("div", { class: "find" }, h("label", { class: "field" }, label, input), out);
  return { label, input, out, view };
}

/**
 * The key searched for, where it is and why (none while a long list is placed: `answers` null);
 * `reason(i)` asks the module why the i-th key goes where it does.
 */
export function drawSearch(
  page: Page,
  s: Search,
  state: State,
  answers: Answers | null,
  reason?: (i: number) => SystemReason,
): void {
  const t = page.t.cluster;
  const f = page.f;
  s.label.textContent = t.findLabel;
  if (page.active !== s.input) s.input.value = state.find;
  const text = state.find;
  if (text === "" || answers === null) {
    replace(s.out, text === "" ? h("p", { class: "hint" }, rich(t.findHint)) : null);
    return;
  }
  const lines = answers.find(text);
  if (!lines.length) {
    const near = answers.containing(text);
    replace(
      s.out,
      h(
        "p",
        { class: "hint", "data-testid": "find-none" },
        t.findNone(near.length ? near.map((i) => f.id(i + 1)).join(", ") : null),
      ),
    );
    return;
  }
  const i = lines[0]!;
  const row = answers.row(i);
  const value = answers.placed.values?.[i];
  const why = t.why[state.system as keyof typeof t.why];
  const whyRing = t.whyRing[state.system as keyof typeof t.whyRing];
  // A ring system's reason: its hash and point (or slot), the point's server by its name.
  const r = !row.error && whyRing !== undefined && reason !== undefined ? reason(i) : null;
  const onRing = r !== null && r.kind !== "answer" ? r : null;
  const ringText =
    onRing === null
      ? null
      : whyRing!(
          f.id(onRing.hash),
          f.id(onRing.kind === "slot" ? onRing.slot : onRing.point),
          answers.serverName(onRing.server),
        );
  replace(
    s.out,
    h(
      "dl",
      { class: "found", "data-testid": "found", "data-line": i + 1 },
      h("dt", {}, t.line),
      h(
        "dd",
        { "data-testid": "found-line" },
        f.id(i + 1),
        lines.length > 1
          ? ` (${t.alsoOn(
              lines
                .slice(1)
                .map((j) => f.id(j + 1))
                .join(", "),
            )})`
          : null,
      ),
      h("dt", {}, t.result[state.system]),
      h(
        "dd",
        { "data-testid": "found-result" },
        row.error ? t.refusedKey : h("code", {}, resultText(page, row.result)),
      ),
      h("dt", {}, t.whyLabel),
      h(
        "dd",
        {
          "data-testid": "found-why",
          "data-value": value === undefined || row.error ? undefined : String(value),
          "data-hash": onRing === null ? undefined : String(onRing.hash),
          "data-point": onRing === null ? undefined : String(onRing.kind === "slot" ? onRing.slot : onRing.point),
          "data-server": onRing === null ? undefined : String(onRing.server),
        },
        row.error
          ? null
          : ringText !== null
            ? ringText
            : why !== undefined && value !== undefined
              ? why(f.id(value))
              : t.noHash,
      ),
    ),
  );
}
