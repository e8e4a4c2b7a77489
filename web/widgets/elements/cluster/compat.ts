// The compatibility matrix (tests/golden/systems/compat.json): fetched with the systems module,
// on first use, as a chunk of its own.
import type { RinglabSystems } from "ringlab/systems";
import { h, type Child } from "../../core/dom";
import type { Fmt } from "../../core/format";
import { getSystems } from "../../core/systems";
import type { Messages } from "../../i18n/index";
import { NAMES, type SystemName } from "./systems";
import { rich } from "./text";

export interface CompatRow {
  package: string;
  call: string;
  against: string;
  keys: number;
  compared: number;
  agree: number;
  share: string;
  notExpressible: number;
  refused: number;
  example: { key?: string; hex: string; package: unknown; real: unknown } | null;
}

export let compatRows: CompatRow[] = [];

/** The systems module and the compatibility matrix, both fetched on first use. */
export async function loadAll(): Promise<RinglabSystems> {
  const [rl, json] = await Promise.all([getSystems(), import("../../../../tests/golden/systems/compat.json?raw")]);
  compatRows = (JSON.parse(json.default) as { rows: CompatRow[] }).rows;
  return rl;
}

/** Which system a row of the matrix is compared with. */
export function compatSystem(row: CompatRow): SystemName | undefined {
  const a = row.against;
  if (a.startsWith("libmemcached")) return "memcached";
  if (a.startsWith("libketama")) return "libketama";
  if (a.startsWith("redis")) return "redis";
  if (/Java client|librdkafka/.test(a)) return "kafka";
  if (a.startsWith("Guava")) return "guava";
  return undefined;
}

/** The matrix's "compared with" text in this language (its names and code stay as they are). */
function against(t: Messages, text: string): string {
  let out = text;
  for (const [from, to] of Object.entries(t.cluster.compatPhrases)) out = out.replace(from, to);
  // A product and its version ("redis-server 7.0") is a name: shown as code, as the matrix's
  // backquoted parts are.
  return out
    .split("`")
    .map((part, i) => (i % 2 ? `\`${part}\`` : part.replace(/([A-Za-z][\w-]* \d+(?:\.\d+)+)/g, "`$1`")))
    .join("");
}

/** The matrix's rows for a system: each package's agreement with the real software. */
export function compatView(m: Messages, f: Fmt, system: SystemName): Child[] {
  const t = m.cluster;
  const rows = compatRows.filter((r) => compatSystem(r) === system);
  // Backquoted parts of the matrix's text are code.
  const show = (v: unknown) => (typeof v === "number" ? f.id(v) : h("code", {}, JSON.stringify(v)));
  if (!rows.length) {
    return [h("p", { class: "hint", "data-testid": "compat-none" }, rich(t.compatNone(`\`${NAMES[system]}\``)))];
  }
  return [
    h("p", { class: "hint" }, t.compatIntro),
    h(
      "div",
      { class: "table-wrap compat" },
      h(
        "table",
        { "data-testid": "compat-table" },
        h("caption", { class: "visually-hidden" }, t.compatTitle),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { class: "l" }, t.compatCols.package),
            h("th", { class: "l" }, t.compatCols.call),
            h("th", { class: "l" }, t.compatCols.against),
            h("th", {}, t.compatCols.compared),
            h("th", {}, t.compatCols.agrees),
            h("th", { class: "l" }, t.compatCols.example),
          ),
        ),
        h(
          "tbody",
          {},
          rows.map((r) => {
            const ex = r.example;
            return h(
              "tr",
              { "data-testid": "compat-row" },
              h("td", { class: "l pkg" }, h("code", {}, r.package)),
              h("td", { class: "l call", "data-label": t.compatCols.call }, h("code", {}, r.call)),
              h("td", { class: "l against", "data-label": t.compatCols.against }, rich(against(m, r.against))),
              h(
                "td",
                { "data-label": t.compatCols.compared },
                f.int(r.compared),
                r.compared < r.keys ? h("div", { class: "hint" }, t.ofKeys(f.int(r.keys))) : null,
              ),
              // The matrix's own figure (docs/systems.md shows the same), in this language's digits.
              h(
                "td",
                {
                  class: `share ${r.agree === r.compared ? "kept" : "moved"}`,
                  "data-testid": "compat-share",
                  "data-label": t.compatCols.agrees,
                },
                f.digitsIn(r.share),
              ),
              h(
                "td",
                { class: "l ex", "data-label": t.compatCols.example },
                ex
                  ? [
                      ex.key !== undefined ? h("code", {}, JSON.stringify(ex.key)) : rich(t.bytes(ex.hex)),
                      ": ",
                      show(ex.package),
                      " → ",
                      show(ex.real),
                    ]
                  : t.always,
              ),
            );
          }),
        ),
      ),
    ),
  ];
}
