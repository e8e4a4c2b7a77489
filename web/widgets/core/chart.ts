// Charts with uPlot (canvas, no eval, no injected <style>: its CSS is in the shadow root's sheet).
// A chart is a function of its data; every value plotted came from the module. Each chart carries
// its numbers as a table in a <details> beneath it, the text alternative of the canvas.
import uPlot from "uplot";
import { h, s as svg } from "./dom";
import { table, type TableRow } from "./table";

export interface Series {
  label: string;
  values: (number | null)[];
  /** A widget colour variable: "--_accent", "--_s0", "--_muted", … */
  color: string;
  kind?: "line" | "bars" | "points";
  dash?: number[];
  /** The label is an identifier (a server's address, as configured): the legend shows it as code. */
  code?: boolean;
}

export interface ChartSpec {
  title: string;
  /** x values; with `categories`, 0 … n−1. */
  x: number[];
  /** Names of the x values, for bar charts over servers or algorithms. */
  categories?: string[];
  series: Series[];
  xLog?: boolean;
  yMin?: number;
  yMax?: number;
  xFmt: (v: number) => string;
  yFmt: (v: number) => string;
  xTitle?: string;
  yTitle?: string;
  height?: number;
  /** The same numbers as a table (caption, header row, rows). */
  table: { caption: string; headers: string[]; rows: TableRow[] };
  testid: string;
}

export interface Chart {
  el: HTMLElement;
  destroy(): void;
}

// Powers of ten spanning the data: the ticks of a log axis.
function decades(xs: number[]): number[] {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  const out: number[] = [];
  for (let d = 1; d <= hi * 1.0001; d *= 10) if (d >= lo / 1.0001) out.push(d);
  return out.length ? out : [lo];
}

// Text widths in the axis font, to give each axis the room its longest label needs (a guess from
// the character count clipped "100%" to "l00%" in some fonts and in Bengali digits).
let measureCtx: CanvasRenderingContext2D | null | undefined;
let measuredFont = "";
function textWidth(font: string, text: string): number {
  if (measureCtx === undefined) measureCtx = document.createElement("canvas").getContext("2d");
  if (!measureCtx) return text.length * 8;
  if (measuredFont !== font) {
    measureCtx.font = font;
    measuredFont = font;
  }
  return measureCtx.measureText(text).width;
}

// uPlot's defaults for the tick marks and the gap between a tick and its label.
const TICK = 10;
const GAP = 5;

/** A legend entry's mark: the series' line (dashed if it is), dot or bar, in its colour. */
function legendMark(s: Series, c: string): SVGSVGElement {
  const mark =
    s.kind === "bars"
      ? svg("rect", { x: 3, y: 2, width: 12, height: 8, fill: c })
      : s.kind === "points"
        ? svg("circle", { cx: 9, cy: 6, r: 3.5, fill: c })
        : svg("line", {
            x1: 1,
            y1: 6,
            x2: 17,
            y2: 6,
            stroke: c,
            "stroke-width": 2,
            "stroke-dasharray": s.dash ? s.dash.join(" ") : undefined,
          });
  return svg("svg", { width: 18, height: 12, viewBox: "0 0 18 12", "aria-hidden": "true" }, mark);
}

/** Renders a chart; `host` is the widget (its CSS variables give the colours). */
export function chart(host: HTMLElement, spec: ChartSpec): Chart {
  const style = getComputedStyle(host);
  const color = (v: string) => style.getPropertyValue(v).trim() || "#777";
  const fg = color("--_fg");
  const grid = color("--_border");
  const font = `12px ${style.fontFamily || "system-ui"}`;
  // A bar per name needs room for the name (upright when wider than its bar): with more names
  // than the box has room for, the plot keeps that room and scrolls sideways in its own wrapper,
  // rather than leaving every second name out. The wrapper takes the focus when it scrolls
  // (element.ts, focusScrollers), named by the chart's title.
  const perName = 16;
  const roomy = spec.categories ? spec.categories.length * perName + 80 : 0;
  const plot = h("div", {
    class: "plot",
    "aria-hidden": "true",
    style: roomy ? `min-width:${roomy}px` : undefined,
  });
  const scroller = h("div", { class: "table-wrap chart-scroll", "data-label": spec.title }, plot);
  // uPlot's own legend is hidden (it lays out as a table of live values); ours names each series
  // with its mark, in the page's language, wrapping on a phone.
  const legend =
    spec.series.length > 1
      ? h(
          "ul",
          { class: "chart-legend", "data-testid": `${spec.testid}-legend` },
          spec.series.map((s) => h("li", {}, legendMark(s, color(s.color)), s.code ? h("code", {}, s.label) : s.label)),
        )
      : null;
  const el = h(
    "figure",
    { class: "chart", "data-testid": spec.testid, style: "margin:0" },
    h("figcaption", { class: "chart-title" }, spec.title),
    scroller,
    legend,
    h(
      "details",
      {},
      h("summary", {}, spec.table.caption),
      table(spec.table.caption, spec.table.headers, spec.table.rows, `${spec.testid}-table`),
    ),
  );
  const n = spec.x.length;
  const cats = spec.categories;
  let rotated = false;
  // The plotting area's width in CSS pixels (before the first layout, the canvas less an axis).
  const plotWidth = (u: uPlot) => Math.max(1, u.bbox?.width ? u.bbox.width / devicePixelRatio : u.width - 70);
  const catWidth = (values: unknown[] | null) =>
    values?.length ? Math.max(...values.map((v) => textWidth(font, String(v ?? "")))) : 0;
  const axis = (
    label: string | undefined,
    values: uPlot.Axis["values"],
    extra: Partial<uPlot.Axis> = {},
  ): uPlot.Axis => ({
    stroke: fg,
    font,
    labelFont: font,
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
    ...(label ? { label, labelSize: 20 } : {}),
    values,
    ...extra,
  });
  const series: uPlot.Series[] = [
    {},
    ...spec.series.map((s): uPlot.Series => {
      const c = color(s.color);
      if (s.kind === "bars") {
        return {
          label: s.label,
          stroke: c,
          fill: c,
          width: 0,
          paths: uPlot.paths.bars!({ size: [0.7, 60], align: 0 }),
          points: { show: false },
        };
      }
      return {
        label: s.label,
        stroke: c,
        width: 2,
        ...(s.dash ? { dash: s.dash } : {}),
        ...(s.kind === "points" ? { paths: () => null } : {}),
        points: { show: s.kind === "points" || n <= 12, size: 7, fill: c, stroke: c },
      };
    }),
  ];
  // A log axis's ticks: the decades the data span, the same at every redraw.
  const logTicks = spec.xLog && !cats ? decades(spec.x) : [];
  const opts: uPlot.Options = {
    width: 320,
    height: spec.height ?? 220,
    // Room on the right for half the last x label, which is centred on the plot's right edge when
    // the data end on a tick (a log axis's last decade, "1,000,000"): uPlot's own padding there is
    // half a y axis, which cut that label off. (Category axes label bars, never the edge.)
    padding: [
      null,
      cats ? null : Math.max(25, Math.ceil(textWidth(font, spec.xFmt(Math.max(...spec.x))) / 2) + 4),
      null,
      null,
    ],
    legend: { show: false },
    cursor: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: cats
        ? { time: false, range: () => [-0.5, n - 0.5] }
        : spec.xLog
          ? { time: false, distr: 3, log: 10 }
          : { time: false },
      y: {
        range: (_u, min, max) => [spec.yMin ?? Math.min(0, min), spec.yMax ?? (max > 0 ? max * 1.1 : 1)],
      },
    },
    axes: [
      axis(
        spec.xTitle,
        (u, splits) => {
          // Numbers: a log axis with its decades closer than a label's room gets some splits as
          // null (uPlot's log filter keeps every k-th decade), which draw no label, not "0".
          // Names too many to fit one per bar: every k-th, so they never run into each other.
          const k = cats ? Math.max(1, Math.ceil((n * 15) / plotWidth(u))) : 1;
          const shown = splits.map((v) =>
            cats ? (v % k === 0 ? (cats[v] ?? "") : "") : v === null ? "" : spec.xFmt(v),
          );
          // The labels drawn on the canvas, for the tests (a canvas has no text to read).
          plot.dataset.xLabels = shown.join("|");
          return shown;
        },
        cats
          ? {
              splits: () => spec.x,
              grid: { show: false },
              // Names wider than their bar stand upright (read downwards), so none overlaps another
              // or runs past the canvas.
              rotate: (u, values) => {
                rotated = catWidth(values) > plotWidth(u) / n - 6;
                return rotated ? -90 : 0;
              },
              size: (_u, values) => (rotated ? Math.ceil(TICK + GAP + 4 + catWidth(values)) : 34),
            }
          : spec.xLog
            ? {
                splits: () => logTicks,
                // The least room between two labelled decades: the widest label and a gap, so that
                // "100,000" and "1,000,000" never run into each other (uPlot then labels every k-th).
                space: Math.max(50, Math.ceil(Math.max(...logTicks.map((d) => textWidth(font, spec.xFmt(d))))) + 12),
              }
            : {},
      ),
      axis(spec.yTitle, (_u, splits) => splits.map((v) => (v === null ? "" : spec.yFmt(v))), {
        // Wide enough for the longest label as drawn (measured in the axis font), plus the tick, the
        // gap and a margin so the first glyph never touches the canvas edge.
        size: (_u, values) =>
          values?.length ? Math.ceil(TICK + GAP + 4 + Math.max(...values.map((v) => textWidth(font, String(v))))) : 50,
      }),
    ],
    series,
  };
  const data: uPlot.AlignedData = [spec.x, ...spec.series.map((s) => s.values)];
  const u = new uPlot(opts, data, plot);
  // Follow the container's width (phones, resizes).
  const ro = new ResizeObserver((entries) => {
    const w = Math.floor(entries[0]?.contentRect.width ?? 0);
    if (w > 0 && Math.abs(w - u.width) > 1) u.setSize({ width: w, height: spec.height ?? 220 });
  });
  ro.observe(plot);
  return {
    el,
    destroy() {
      ro.disconnect();
      u.destroy();
    },
  };
}

/** Holds a widget's charts so a re-render destroys the old ones. */
export class Charts {
  private list: Chart[] = [];
  add(c: Chart): HTMLElement {
    this.list.push(c);
    return c.el;
  }
  clear(): void {
    for (const c of this.list) c.destroy();
    this.list = [];
  }
}
