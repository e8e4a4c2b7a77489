// The widgets' shared style sheet, adopted into every shadow root (constructable style sheets are
// not subject to CSP; where they are missing, a <style> element is used, which style-src
// 'unsafe-inline' allows). Theming: every colour and the font are CSS custom properties that a
// host page may set (--ringlab-accent, --ringlab-bg, --ringlab-fg, --ringlab-muted,
// --ringlab-border, --ringlab-surface, --ringlab-focus, --ringlab-font, --ringlab-mono,
// --ringlab-radius, --ringlab-s0 … --ringlab-s11 for servers). Light and dark follow
// prefers-color-scheme unless the element has theme="light" or theme="dark".
import uplotCss from "uplot/dist/uPlot.min.css?inline";

const css = String.raw`
:host {
  /* Light defaults. Server colours s0–s7: the Okabe–Ito set (blue, vermilion, bluish green,
     reddish purple, yellow, grey), darkened where white needs 3:1, plus a purple. The sky blue
     (s5) read as a second s0 once darkened, so s5 and s8–s11 were chosen by the largest smallest
     CIEDE2000 difference to all the others, in normal vision and in simulated deuteranopia and
     protanopia (Machado 2009; those weighted 1.6): dusty rose, teal, periwinkle, sage, maroon. Every
     pair differs by at least 14 (ΔE2000), every colour has at least 3.3:1 against the background
     in both themes; the dark theme's new colours keep the light ones' hues, at 4.5:1 or more.
     Names are always drawn beside a colour, so no colour has to be told apart alone. */
  --_accent: var(--ringlab-accent, #0b5cad);
  --_bg: var(--ringlab-bg, #ffffff);
  --_fg: var(--ringlab-fg, #1b1f24);
  --_muted: var(--ringlab-muted, #57606a);
  --_border: var(--ringlab-border, #c9d1d9);
  --_surface: var(--ringlab-surface, #f3f5f7);
  --_focus: var(--ringlab-focus, #0b5cad);
  --_ok: var(--ringlab-ok, #1a7f37);
  --_bad: var(--ringlab-bad, #b42318);
  --_s0: var(--ringlab-s0, #0072b2);
  --_s1: var(--ringlab-s1, #c4480a);
  --_s2: var(--ringlab-s2, #007a5a);
  --_s3: var(--ringlab-s3, #b0407f);
  --_s4: var(--ringlab-s4, #8a6d00);
  --_s5: var(--ringlab-s5, #a08282);
  --_s6: var(--ringlab-s6, #6b4c9a);
  --_s7: var(--ringlab-s7, #5f6b73);
  --_s8: var(--ringlab-s8, #0096aa);
  --_s9: var(--ringlab-s9, #8c78fa);
  --_s10: var(--ringlab-s10, #78965a);
  --_s11: var(--ringlab-s11, #962832);
  display: block;
  color-scheme: light;
  font-family: var(--ringlab-font, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Bengali", "Hind Siliguri", sans-serif);
  font-size: 1rem;
  line-height: 1.5;
  color: var(--_fg);
  margin: 1rem 0;
}
:host([hidden]) { display: none; }
@media (prefers-color-scheme: dark) {
  :host(:not([theme="light"])) {
    --_accent: var(--ringlab-accent, #6cb6ff);
    --_bg: var(--ringlab-bg, #16191d);
    --_fg: var(--ringlab-fg, #e6edf3);
    --_muted: var(--ringlab-muted, #a3adb8);
    --_border: var(--ringlab-border, #3d444d);
    --_surface: var(--ringlab-surface, #21262d);
    --_focus: var(--ringlab-focus, #6cb6ff);
    --_ok: var(--ringlab-ok, #57c26b);
    --_bad: var(--ringlab-bad, #ff7b72);
    --_s0: var(--ringlab-s0, #56b4e9);
    --_s1: var(--ringlab-s1, #f08a4b);
    --_s2: var(--ringlab-s2, #2fc497);
    --_s3: var(--ringlab-s3, #e58fc0);
    --_s4: var(--ringlab-s4, #f0d24a);
    --_s5: var(--ringlab-s5, #f8d8d0);
    --_s6: var(--ringlab-s6, #b79be0);
    --_s7: var(--ringlab-s7, #b5bec6);
    --_s8: var(--ringlab-s8, #608888);
    --_s9: var(--ringlab-s9, #5078f8);
    --_s10: var(--ringlab-s10, #c8f8a8);
    --_s11: var(--ringlab-s11, #d85860);
    color-scheme: dark;
  }
}
:host([theme="dark"]) {
  --_accent: var(--ringlab-accent, #6cb6ff);
  --_bg: var(--ringlab-bg, #16191d);
  --_fg: var(--ringlab-fg, #e6edf3);
  --_muted: var(--ringlab-muted, #a3adb8);
  --_border: var(--ringlab-border, #3d444d);
  --_surface: var(--ringlab-surface, #21262d);
  --_focus: var(--ringlab-focus, #6cb6ff);
  --_ok: var(--ringlab-ok, #57c26b);
  --_bad: var(--ringlab-bad, #ff7b72);
  --_s0: var(--ringlab-s0, #56b4e9);
  --_s1: var(--ringlab-s1, #f08a4b);
  --_s2: var(--ringlab-s2, #2fc497);
  --_s3: var(--ringlab-s3, #e58fc0);
  --_s4: var(--ringlab-s4, #f0d24a);
  --_s5: var(--ringlab-s5, #f8d8d0);
  --_s6: var(--ringlab-s6, #b79be0);
  --_s7: var(--ringlab-s7, #b5bec6);
  --_s8: var(--ringlab-s8, #608888);
  --_s9: var(--ringlab-s9, #5078f8);
  --_s10: var(--ringlab-s10, #c8f8a8);
  --_s11: var(--ringlab-s11, #d85860);
  color-scheme: dark;
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.w {
  background: var(--_bg);
  border: 1px solid var(--_border);
  border-radius: var(--ringlab-radius, 10px);
  padding: 0.75rem;
  min-width: 0;
}
.w:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, summary:focus-visible, .stage:focus-visible {
  outline: 3px solid var(--_focus);
  outline-offset: 2px;
}
.title { font-weight: 600; margin: 0 0 0.5rem; }
/* A part's title inside a widget: not a heading element, since an embedded widget cannot know
   the level of the page's heading above it (an h3 after a page's h1 skips a level). */
.part-title { font-weight: 600; margin: 1.1rem 0 0.4rem; }
.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.hint { color: var(--_muted); font-size: 0.875rem; margin: 0.25rem 0; }
.params { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: end; margin: 0 0 0.75rem; }
.params label, .field { display: flex; flex-direction: column; font-size: 0.875rem; color: var(--_muted); gap: 0.15rem; }
.params label.inline { flex-direction: row; align-items: center; gap: 0.4rem; }
input, select, button, textarea {
  font: inherit; font-size: 0.95rem; color: var(--_fg); background: var(--_bg);
  border: 1px solid var(--_border); border-radius: 6px; padding: 0.3rem 0.5rem; min-height: 2.25rem;
}
input[type="range"] { padding: 0; min-width: 10rem; accent-color: var(--_accent); }
input[type="checkbox"] { min-height: 0; accent-color: var(--_accent); width: 1.1rem; height: 1.1rem; }
input.num { width: 7.5rem; }
input.wide { width: 16rem; max-width: 100%; }
button { cursor: pointer; background: var(--_surface); }
button:hover { border-color: var(--_accent); }
button.primary { background: var(--_accent); color: var(--_bg); border-color: var(--_accent); font-weight: 600; }
button[aria-pressed="true"] { background: var(--_accent); color: var(--_bg); }
button:disabled, button[aria-disabled="true"] { opacity: 0.5; cursor: default; }
.controls { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin-top: 0.5rem; }
.controls .counter { margin-left: auto; color: var(--_muted); font-size: 0.9rem; font-variant-numeric: tabular-nums; }
.narration { min-height: 3em; margin: 0.6rem 0 0; padding: 0.5rem 0.65rem; background: var(--_surface); border-radius: 6px; border-left: 4px solid var(--_accent); }
.error { color: var(--_bad); font-weight: 600; margin: 0.5rem 0; white-space: pre-wrap; }
.stage { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 0.75rem; align-items: start; border-radius: 6px; }
.stage.single { grid-template-columns: minmax(0, 1fr); }
@media (max-width: 640px) { .stage { grid-template-columns: minmax(0, 1fr); } }
:host([layout="stack"]) .stage { grid-template-columns: minmax(0, 1fr); }
svg.diagram { width: 100%; height: auto; max-width: 26rem; display: block; margin: 0 auto; overflow: visible; }
svg.wide { max-width: 100%; }
svg text { fill: var(--_fg); font-size: 12px; font-family: inherit; }
svg .muted { fill: var(--_muted); }
svg text.chip-text { fill: var(--_bg); font-size: 11px; font-weight: 600; }
svg .axis { stroke: var(--_border); fill: none; }
svg .track { stroke: var(--_border); stroke-width: 10; fill: none; }
svg .walk { fill: none; stroke-width: 6; stroke-linecap: round; opacity: 0.9; }
svg .arc-owned { fill: none; stroke-width: 10; opacity: 0.35; }
svg .arc-moved { fill: none; stroke-width: 10; stroke-dasharray: 4 3; }
svg .key { stroke: var(--_bg); stroke-width: 1.5; }
svg .point { stroke: var(--_bg); stroke-width: 2; }
svg .em { stroke: var(--_fg); stroke-width: 2.5; }
svg .cell { stroke: var(--_border); fill: var(--_bg); }
svg .cell.taken { stroke: var(--_bg); }
svg .hl { stroke: var(--_fg); stroke-width: 3; fill: none; }
svg .bar-cap { stroke: var(--_fg); stroke-width: 2; stroke-dasharray: 5 3; }
.s0 { fill: var(--_s0); stroke: var(--_s0); --c: var(--_s0); }
.s1 { fill: var(--_s1); stroke: var(--_s1); --c: var(--_s1); }
.s2 { fill: var(--_s2); stroke: var(--_s2); --c: var(--_s2); }
.s3 { fill: var(--_s3); stroke: var(--_s3); --c: var(--_s3); }
.s4 { fill: var(--_s4); stroke: var(--_s4); --c: var(--_s4); }
.s5 { fill: var(--_s5); stroke: var(--_s5); --c: var(--_s5); }
.s6 { fill: var(--_s6); stroke: var(--_s6); --c: var(--_s6); }
.s7 { fill: var(--_s7); stroke: var(--_s7); --c: var(--_s7); }
.s8 { fill: var(--_s8); stroke: var(--_s8); --c: var(--_s8); }
.s9 { fill: var(--_s9); stroke: var(--_s9); --c: var(--_s9); }
.s10 { fill: var(--_s10); stroke: var(--_s10); --c: var(--_s10); }
.s11 { fill: var(--_s11); stroke: var(--_s11); --c: var(--_s11); }
svg .point[class*=" s"] { stroke: var(--_bg); }
svg .moved-mark { fill: none; stroke: var(--c, var(--_fg)); stroke-width: 2.5; stroke-dasharray: 3 2; }
svg .mover { stroke: var(--_bg); stroke-width: 1.5; }
.moves { margin: 0.5rem 0 0; font-weight: 600; }
.note { font-size: 0.8rem; color: var(--_muted); font-variant-numeric: tabular-nums; }
.chip input.chip-name { min-height: 0; padding: 0 0.2rem; border: 1px solid transparent; background: transparent; font-size: 0.875rem; width: auto; }
.chip input.chip-name:hover, .chip input.chip-name:focus { border-color: var(--_border); }
.chip input.num { width: 4.5rem; min-height: 0; padding: 0 0.25rem; font-size: 0.85rem; }
.servers-field { min-width: 0; max-width: 100%; }
.add-server { display: flex; flex-direction: row; align-items: center; gap: 0.3rem; flex-wrap: wrap; }
.shortcuts { font-size: 0.8rem; color: var(--_muted); margin: 0.35rem 0 0; }
/* Keyboard shortcuts mean nothing on a touch screen without a keyboard, nor on a phone's width. */
@media (pointer: coarse), (max-width: 480px) { .shortcuts { display: none; } }
kbd { font-family: inherit; font-size: 0.8rem; border: 1px solid var(--_border); border-bottom-width: 2px; border-radius: 4px; padding: 0 0.3rem; background: var(--_surface); }
.swatch { display: inline-block; width: 0.8em; height: 0.8em; border-radius: 50%; background: var(--c); margin-right: 0.3em; vertical-align: -0.05em; }
table { border-collapse: collapse; font-size: 0.9rem; font-variant-numeric: tabular-nums; width: 100%; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.25rem; }
th, td { padding: 0.2rem 0.45rem; border-bottom: 1px solid var(--_border); text-align: right; white-space: nowrap; }
th:first-child, td:first-child, th.l, td.l { text-align: left; }
thead th { color: var(--_muted); font-weight: 600; }
tr.now td { background: var(--_surface); font-weight: 600; }
tr.dim td { color: var(--_muted); }
td.moved { color: var(--_bad); font-weight: 600; }
td.kept { color: var(--_ok); }
.table-wrap { overflow-x: auto; max-width: 100%; }
pre { font-family: var(--ringlab-mono, ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace); font-size: 0.8rem; background: var(--_surface); padding: 0.6rem; border-radius: 6px; overflow-x: auto; margin: 0.25rem 0; }
.out-head { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; justify-content: space-between; }
.out-head .hint { margin: 0; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 18rem), 1fr)); gap: 0.75rem; margin-top: 0.75rem; }
.chart { min-width: 0; }
.chart .chart-title { font-size: 0.875rem; font-weight: 600; margin: 0 0 0.25rem; }
.chart .plot { width: 100%; min-height: 200px; }
details { margin-top: 0.25rem; font-size: 0.875rem; }
summary { cursor: pointer; color: var(--_muted); }
progress { width: 100%; height: 0.8rem; accent-color: var(--_accent); }
.run-status { display: flex; gap: 0.5rem; align-items: center; margin: 0.5rem 0; }
.big { font-size: 1.6rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.kpis { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: 0.5rem; margin: 0.5rem 0; }
.kpi { background: var(--_surface); border-radius: 6px; padding: 0.5rem 0.65rem; }
.kpi .label { font-size: 0.8rem; color: var(--_muted); }
.list { display: flex; flex-wrap: wrap; gap: 0.3rem; margin: 0.25rem 0; padding: 0; list-style: none; }
.chip { border: 1px solid var(--_border); border-radius: 999px; padding: 0.1rem 0.55rem; font-size: 0.875rem; display: inline-flex; align-items: center; gap: 0.3rem; }
.chip button { min-height: 0; padding: 0 0.3rem; line-height: 1.2; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.legend { display: flex; flex-wrap: wrap; gap: 0.25rem 0.8rem; font-size: 0.85rem; margin: 0.25rem 0; padding: 0; list-style: none; }
.uplot { font-family: inherit; }
.u-legend { display: none; }
.chart-legend { display: flex; flex-wrap: wrap; gap: 0.2rem 0.9rem; font-size: 0.8rem; margin: 0.15rem 0 0; padding: 0; list-style: none; }
.chart-legend li { display: inline-flex; align-items: center; gap: 0.3rem; }
@media (max-width: 640px) {
  table.stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table.stack, table.stack tbody, table.stack tr { display: block; width: 100%; }
  table.stack tr { border-bottom: 1px solid var(--_border); padding: 0.25rem 0; }
  table.stack caption { display: block; text-align: left; }
  table.stack th, table.stack td { display: block; border: 0; padding: 0.1rem 0.3rem; text-align: left; }
  table.stack td[data-label] { display: flex; justify-content: space-between; gap: 0.75rem; text-align: right; }
  table.stack td[data-label]::before { content: attr(data-label); color: var(--_muted); text-align: left; }
  table.compact { font-size: 0.75rem; }
  table.compact th, table.compact td { padding: 0.15rem 0.2rem; white-space: normal; }
}
`;

let sheet: CSSStyleSheet | null | undefined;

/** Gives a shadow root the shared styles (plus a widget's own, if any). */
export function adoptStyles(root: ShadowRoot, extra = ""): void {
  const text = uplotCss + css + extra;
  if (sheet === undefined) {
    try {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(uplotCss + css);
    } catch {
      sheet = null; // no constructable style sheets here: fall back to <style>
    }
  }
  if (sheet && "adoptedStyleSheets" in root) {
    const sheets = [sheet];
    if (extra) {
      const own = new CSSStyleSheet();
      own.replaceSync(extra);
      sheets.push(own);
    }
    root.adoptedStyleSheets = sheets;
  } else {
    const style = document.createElement("style");
    style.textContent = text;
    root.appendChild(style);
  }
}

/** The CSS class for a colour slot (twelve colours, then they repeat; see scenario.ts's colorSlots). */
export function serverClass(index: number): string {
  return `s${((index % 12) + 12) % 12}`;
}
