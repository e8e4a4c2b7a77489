// The cluster page's load: the keys each server gets against its share by weight (a chart and
// its table, or the table alone for many servers), and Cassandra's ring.
import type { RinglabSystems } from "ringlab/systems";
import { Charts, chart } from "../../core/chart";
import { h, replace, type Child } from "../../core/dom";
import { ringDiagram } from "../../core/ring-diagram";
import { configOf } from "./config";
import { category, makeSystem, type Config, type KeyRow, type PageSystem } from "./module";
import { MAX_BARS, type State } from "./state";
import { axisLabels } from "./text";
import { categoryLabel, swatch, type Page } from "./view";

export function drawLoad(
  page: Page,
  out: HTMLElement,
  charts: Charts,
  state: State,
  sys: PageSystem,
  config: Config,
  /** The keys placed on a server (or a number), and how many each category has (results.ts). */
  tally: { count: ReadonlyMap<string, number>; placed: number },
  cats: string[],
  ring: SVGSVGElement | null = null,
): void {
  const t = page.t.cluster;
  const f = page.f;
  const count = tally.count;
  const placed = tally.placed;
  // Each server's share by weight (nginx's weight=, memcached's, libketama's memory, Envoy's
  // load_balancing_weight, a Redis master's slots): what an even spread gives it; none when down.
  // Cassandra's token count is no share of the ring (the tokens' spacing is), so its nodes share evenly.
  const byWeight = state.system !== "cassandra" && sys.servers.length === cats.length;
  const weightOf = (i: number) => {
    const s = byWeight ? sys.servers[i] : undefined;
    return s?.down ? 0 : (s?.weight ?? 1);
  };
  const total = cats.reduce((n, _, i) => n + weightOf(i), 0);
  const expected = (i: number) => (total ? weightOf(i) / total : 0);
  const isDownAt = (i: number) => (byWeight ? (sys.servers[i]?.down ?? false) : false);
  const tableRows = cats.map((c, i) => ({
    cells: [
      h(
        "span",
        {},
        swatch(cats, c),
        h("code", {}, categoryLabel(page, c)),
        isDownAt(i) ? h("span", { class: "down-mark", "data-testid": "down-mark" }, ` ${t.downMark}`) : null,
      ),
      f.int(count.get(c) ?? 0),
      placed ? f.pct((count.get(c) ?? 0) / placed) : "—",
      isDownAt(i) ? t.downMark : f.pct(expected(i)),
    ] as Child[],
    cellClass: ["l"],
  }));
  // The busiest server against its own share by weight.
  let ratio = 0;
  cats.forEach((c, i) => {
    const want = expected(i) * placed;
    if (want > 0) ratio = Math.max(ratio, (count.get(c) ?? 0) / want);
  });
  const configured = config.count || cats.length;
  const summary = h(
    "p",
    { class: "hint", "data-testid": "load-summary", "data-servers": configured },
    cats.length && placed ? t.loadSummary(placed, f.int(placed), f.int(configured), f.dec(ratio, 2)) : t.noLoad,
  );
  if (!cats.length || cats.length > MAX_BARS) {
    replace(
      out,
      h("p", { class: "part-title" }, t.loadTitle),
      summary,
      ring,
      cats.length ? h("p", { class: "hint" }, t.tooMany(f.int(cats.length))) : null,
      cats.length
        ? h(
            "details",
            {},
            h("summary", {}, t.loadCaption),
            h(
              "div",
              { class: "table-wrap" },
              h(
                "table",
                { "data-testid": "load-table" },
                h(
                  "thead",
                  {},
                  h(
                    "tr",
                    {},
                    [t.server, t.keysCol, t.shareCol, t.weightShareCol].map((x) => h("th", {}, x)),
                  ),
                ),
                h(
                  "tbody",
                  {},
                  tableRows.map((r) =>
                    h(
                      "tr",
                      {},
                      r.cells.map((c, i) => h("td", { class: i ? undefined : "l" }, c)),
                    ),
                  ),
                ),
              ),
            ),
          )
        : null,
    );
    return;
  }
  const el = charts.add(
    chart(page.host, {
      title: t.loadChart,
      x: cats.map((_, i) => i),
      categories: axisLabels(
        cats.map((c) => categoryLabel(page, c)),
        ((out.clientWidth || 320) - 60) / cats.length,
      ),
      // Up to eight servers, each bar in its server's colour (as the swatches); more, one colour.
      series:
        cats.length <= 8
          ? cats.map((c, i) => ({
              label: categoryLabel(page, c),
              values: cats.map((_, j) => (j === i ? (count.get(c) ?? 0) : null)),
              color: `--_s${i}`,
              kind: "bars" as const,
              code: true,
            }))
          : [{ label: t.keysCol, values: cats.map((c) => count.get(c) ?? 0), color: "--_accent", kind: "bars" }],
      xFmt: (v) => f.id(v),
      // Counts are whole: the ticks between them go unlabelled.
      yFmt: (v) => (Number.isInteger(v) ? f.int(v) : ""),
      yTitle: t.keysCol,
      table: {
        caption: t.loadCaption,
        headers: [t.server, t.keysCol, t.shareCol, t.weightShareCol],
        rows: tableRows,
      },
      testid: "load-chart",
      height: 220,
    }),
  );
  replace(out, h("p", { class: "part-title" }, t.loadTitle), summary, el, ring);
}

/**
 * Cassandra's ring, drawn as the course draws rings: the tokens of the configuration (−2⁶³ at
 * the top, clockwise), each node's arcs in its colour, and the first 40 keys at their own
 * tokens (Murmur3Partitioner's), coloured by the node owning them. The tokens, their nodes and
 * the keys' tokens are the systems module's (tokens() and placeMany()); a key's number is drawn
 * where it has room, and is the key's tooltip where it has none.
 */
export function cassandraRing(
  page: Page,
  rl: RinglabSystems,
  state: State,
  rows: KeyRow[],
  cats: string[],
): SVGSVGElement | null {
  const t = page.t.cluster;
  const f = page.f;
  const SPAN = 100000;
  const HALF = 2n ** 63n;
  const at = (token: bigint) => Number(((token + HALF) * BigInt(SPAN)) / (2n * HALF));
  // The first 40 keys the module placed (a key it refused has no token).
  const drawn = rows.slice(0, 40).filter((r) => !r.error);
  let ring: { token: BigInt64Array; server: Int32Array };
  let names: string[];
  let keyTokens: BigInt64Array;
  const sys = makeSystem(rl, "cassandra", configOf(state).options);
  try {
    ring = sys.real.tokens();
    names = sys.servers.map((s) => s.name);
    keyTokens = (sys.real.placeMany(drawn.map((r) => r.key)) as unknown as { token: BigInt64Array }).token;
  } finally {
    sys.dispose();
  }
  if (!ring.token.length) return null;
  const idx = (server: number) => Math.max(0, cats.indexOf(names[server] ?? ""));
  const n = ring.token.length;
  return ringDiagram({
    span: SPAN,
    label: t.ringLabel,
    points: Array.from(ring.token, (x, i) => ({ pos: at(x), server: idx(ring.server[i]!) })),
    arcs: Array.from(ring.token, (x, i) => ({
      from: at(ring.token[(i + n - 1) % n]!),
      to: at(x),
      server: idx(ring.server[i]!),
      kind: "owned" as const,
    })),
    keys: drawn.map((r, i) => {
      const owner = category(r.result ?? null);
      return {
        pos: at(keyTokens[i]!),
        label: f.id(r.index + 1),
        server: owner === null ? undefined : Math.max(0, cats.indexOf(owner)),
      };
    }),
    ticks: [
      { pos: 0, label: `−${f.id(2)}⁶³` },
      { pos: SPAN / 4, label: `−${f.id(2)}⁶²` },
      { pos: SPAN / 2, label: f.id(0) },
      { pos: (3 * SPAN) / 4, label: `${f.id(2)}⁶²` },
    ],
    roomyLabels: true,
  });
}
