// One claim of the chapter as a card: the chapter's figure beside ringlab's live one (or the two
// printed outputs with a byte-level comparison), the verdict, the tolerance and its reason, the
// scenario, and a link to the page that shows it with the claim's scenario set up. A function of
// the claim and the language: the claim widget and the claims page draw the same cards.
import type { Claim } from "ringlab/claims";
import type { Messages } from "../i18n/index";
import type { ClaimText } from "../claims/claim-texts";
import { h } from "./dom";
import type { Fmt } from "./format";

/**
 * Where each claim is shown live: a playground page and the attributes that set up the claim's
 * scenario (the defaults of most pages are the chapter's own example already).
 */
const live: Record<string, [route: string, params?: Record<string, string>]> = {
  "mod-n-six-keys": ["modn"],
  "mod-n-new-server-share": ["ring-vs-mod"],
  "mod-n-moves-80": ["cache"],
  "cache-hit-after-mod-n": ["cache"],
  "cache-database-load": ["cache"],
  "ring-vs-mod-output": ["ring-vs-mod"],
  "mod-n-measured": ["ring-vs-mod"],
  "ring-moves-21.9": ["ring-vs-mod"],
  "ring-none-between-old": ["ring-vs-mod"],
  "largest-arc-v1": ["vnodes"],
  "largest-arc-expected": ["vnodes"],
  "smallest-arc-expected": ["vnodes"],
  "sd-formula-n10": ["vnode-sweep"],
  "even-10x-needs-100x": ["vnode-sweep"],
  "vnode-sweep-output": ["vnode-sweep"],
  "vnodes-for-target": ["vnode-calculator", { servers: "10", target: "0.05" }],
  "memory-25600-points": ["vnode-calculator", { servers: "100", vnodes: "256" }],
  "lookup-15-comparisons": ["vnode-calculator", { servers: "100", vnodes: "256" }],
  "lookup-10x-vnodes": ["vnode-calculator", { servers: "100", vnodes: "2560" }],
  "hrw-jump-output": ["hrw-jump"],
  "hrw-balance": ["hrw-jump"],
  "hrw-moves-20.1": ["hrw-jump"],
  "hrw-none-from-others": ["hrw-jump"],
  "jump-moves-8.8": ["hrw-jump"],
  "jump-near-ideal": ["hrw-jump"],
  "jump-none-between-old": ["hrw-jump"],
  "jump-loops-ln-n": ["jump", { buckets: "1000000" }],
  "maglev-m-over-n": ["maglev", { backends: "S0,S1,S2,S3,S4,S5,S6,S7,S8,S9", "table-size": "65537" }],
  "bounded-load-cap": ["bounded", { servers: "S0,S1,S2,S3,S4,S5,S6,S7,S8,S9", vnodes: "1", keys: "10000" }],
  "bounded-most-stay": ["bounded", { servers: "S0,S1,S2,S3,S4,S5,S6,S7,S8,S9", vnodes: "1", keys: "10000" }],
  "hot-key-vnodes": ["hotkey"],
  "n-to-n-plus-1": ["cache"],
};

/** The playground page and attributes that show a claim (undefined for an id it does not know). */
export function liveRoute(id: string): { route: string; params: Record<string, string> } | undefined {
  const at = live[id];
  return at && { route: at[0], params: at[1] ?? {} };
}

/** A link to the claim's page: `base` is the playground's address ("" inside the playground). */
export function liveHref(id: string, base: string, lang: string): string | undefined {
  const at = liveRoute(id);
  if (!at) return undefined;
  const q = new URLSearchParams(at.params);
  if (lang !== "en") q.set("lang", lang);
  const qs = q.toString();
  return `${base}#/${at.route}${qs ? `?${qs}` : ""}`;
}

/** Where a figure comes from: a run on keys or rings that was counted, or a formula evaluated. */
export type Basis = "measured" | "formula";

/**
 * Each claim's two figures, the chapter's and ringlab's, by where they come from (null: the
 * chapter states no number). A published program's printed output is measured.
 */
const bases: Record<string, [chapter: Basis | null, ringlab: Basis]> = {
  "mod-n-six-keys": ["measured", "measured"],
  "mod-n-new-server-share": ["formula", "measured"],
  "mod-n-moves-80": ["formula", "formula"],
  "cache-hit-after-mod-n": ["formula", "formula"],
  "cache-database-load": ["formula", "formula"],
  "ring-vs-mod-output": ["measured", "measured"],
  "mod-n-measured": ["measured", "measured"],
  "ring-moves-21.9": ["measured", "measured"],
  "ring-none-between-old": ["measured", "measured"],
  "largest-arc-v1": ["formula", "formula"],
  "largest-arc-expected": ["formula", "measured"],
  "smallest-arc-expected": ["formula", "measured"],
  "sd-formula-n10": ["formula", "formula"],
  "even-10x-needs-100x": ["formula", "formula"],
  "vnode-sweep-output": ["measured", "measured"],
  "vnodes-for-target": ["formula", "formula"],
  "memory-25600-points": ["formula", "formula"],
  "lookup-15-comparisons": ["formula", "measured"],
  "lookup-10x-vnodes": ["formula", "formula"],
  "hrw-jump-output": ["measured", "measured"],
  "hrw-balance": ["formula", "measured"],
  "hrw-moves-20.1": ["measured", "measured"],
  "hrw-none-from-others": ["measured", "measured"],
  "jump-moves-8.8": ["measured", "measured"],
  "jump-near-ideal": ["formula", "measured"],
  "jump-none-between-old": ["measured", "measured"],
  "jump-loops-ln-n": ["formula", "measured"],
  "maglev-m-over-n": ["formula", "measured"],
  "bounded-load-cap": ["formula", "measured"],
  "bounded-most-stay": [null, "measured"],
  "hot-key-vnodes": [null, "measured"],
  "n-to-n-plus-1": ["formula", "formula"],
};

/** Where a claim's chapter figure and ringlab's figure come from (undefined for an unknown id). */
export function basisOf(id: string): { chapter: Basis | null; ringlab: Basis } | undefined {
  const b = bases[id];
  return b && { chapter: b[0], ringlab: b[1] };
}

/** The chapter's section as the page names it: "§4 Virtual nodes". */
export function sectionName(t: Messages, section: string): string {
  const n = Number(section.replace(/^§/, ""));
  return t.playground.sections[n - 1] ?? (n === 9 ? t.claims.checklist : section);
}

/** Whether a claim's figures are a published program's printed output (compared byte by byte). */
export function isOutput(c: Claim): boolean {
  return c.chapter.value === null && c.chapter.figure.includes("\n");
}

/** The first byte at which two texts' UTF-8 differ, or -1; and their lengths in bytes. */
export function byteDiff(a: string, b: string): { at: number; a: number; b: number } {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return { at: i === x.length && i === y.length ? -1 : i, a: x.length, b: y.length };
}

export interface CardContext {
  t: Messages;
  f: Fmt;
  /** The claim's words in the page's language (undefined: the core's English). */
  text: ClaimText | undefined;
  /** The scenario in words, where the core's is API calls rather than a command line. */
  scenario: string | undefined;
  /**
   * What ringlab measures where the chapter's figure is a formula, in the page's language
   * (undefined: nothing measured beside the formula).
   */
  measured: string | undefined;
  /** The playground's address for the link ("" inside the playground; null: no link). */
  base: string | null;
}

/** Whether a scenario is a command line a reader can type (kept as code, in any language). */
export function isCommand(scenario: string): boolean {
  return scenario.startsWith("ringlab ");
}

export function claimCard(c: Claim, { t, f, text, scenario, measured, base }: CardContext): HTMLElement {
  const v = c.ringlab.values;
  const basis = basisOf(c.id) ?? { chapter: null, ringlab: "measured" };
  const figures = isOutput(c)
    ? outputs(c, t, f)
    : numbers(
        c,
        t,
        text ? text.chapter : c.chapter.figure,
        text ? text.ringlab(v, f) : c.ringlab.figure,
        basis,
        measured,
      );
  const detail = text ? text.detail(v, f) : c.ringlab.detail;
  const href = base === null ? undefined : liveHref(c.id, base, t.lang);
  const route = liveRoute(c.id)?.route;
  const routeTitle = route ? t.playground.routes[route as keyof Messages["playground"]["routes"]]?.title : undefined;
  const command = isCommand(c.ringlab.scenario);
  return h(
    "article",
    { class: `claim ${c.verdict}`, "data-claim": c.id, "data-verdict": c.verdict, "data-testid": "claim" },
    h(
      "p",
      { class: "claim-head" },
      h("span", { class: "claim-section" }, sectionName(t, c.section)),
      h("span", { class: `verdict ${c.verdict}`, "data-testid": "verdict" }, t.claims.verdicts[c.verdict]),
    ),
    h("p", { class: "claim-text", "data-testid": "claim-text" }, text ? text.claim : c.claim),
    figures,
    // How it is checked: folded, so that a phone shows the claims and their figures first.
    h(
      "details",
      { class: "claim-how" },
      h("summary", {}, t.claims.how),
      detail ? h("p", { class: "hint", "data-testid": "detail" }, detail) : null,
      h(
        "p",
        { class: "hint", "data-testid": "tolerance" },
        h("strong", {}, `${t.claims.tolerance}: ${t.claims.kinds[c.tolerance.kind]}`),
        ` — ${text ? text.reason : c.tolerance.reason}`,
      ),
      h(
        "p",
        { class: "hint", "data-testid": "scenario", "data-command": command ? "" : undefined },
        `${t.claims.scenario}: `,
        command || scenario === undefined
          ? h("code", { translate: "no" }, c.ringlab.scenario)
          : h("span", { class: "scenario-text" }, scenario),
        ` (${text ? text.scale : c.ringlab.scale})`,
      ),
    ),
    href && routeTitle
      ? h("p", { class: "claim-link" }, h("a", { href, "data-testid": "live" }, `${t.claims.see}: ${routeTitle}`))
      : null,
  );
}

/** A figure's label: whose figure, and a tag saying whether it was measured or is a formula. */
function label(t: Messages, who: string, basis: Basis | null): HTMLElement {
  return h(
    "dt",
    {},
    who,
    basis
      ? h("span", { class: `tag ${basis}`, "data-testid": "basis", "data-basis": basis }, t.claims.bases[basis])
      : null,
  );
}

function numbers(
  c: Claim,
  t: Messages,
  chapter: string,
  ringlab: string,
  basis: { chapter: Basis | null; ringlab: Basis },
  measured: string | undefined,
): HTMLElement {
  // A list of terms, not a table: a long statement wraps on a phone instead of scrolling. Where
  // the chapter's figure is a formula and ringlab measures it too, the measurement comes first
  // and stands out; the formula's value (what the verdict holds against the chapter) follows.
  return h(
    "dl",
    { class: "claim-figures", "data-testid": "figures", "aria-label": t.claims.figures },
    h(
      "div",
      { "data-row": "chapter" },
      label(t, t.claims.chapter, basis.chapter),
      h("dd", { "data-testid": "chapter" }, chapter),
    ),
    measured !== undefined
      ? h(
          "div",
          { "data-row": "measured" },
          label(t, t.claims.ringlabMeasures, "measured"),
          h("dd", { "data-testid": "measured", class: "live main" }, measured),
        )
      : null,
    h(
      "div",
      { "data-row": "ringlab" },
      label(t, measured !== undefined ? t.claims.ringlabFormula : t.claims.ringlab, basis.ringlab),
      h(
        "dd",
        { "data-testid": "ringlab", class: `live ${c.verdict}${measured === undefined ? " main" : ""}` },
        ringlab,
      ),
    ),
  );
}

function outputs(c: Claim, t: Messages, f: Fmt): HTMLElement {
  const d = byteDiff(c.chapter.figure, c.ringlab.figure);
  // A program's line is not wrapped (its columns line up); a phone scrolls it, and says so.
  const printed = (caption: string, testid: string, text: string) =>
    h(
      "figure",
      {},
      h("figcaption", {}, caption),
      h("pre", { "data-testid": testid, class: "scrolls", translate: "no", tabindex: "0" }, text),
      h("p", { class: "scroll-cue", "data-testid": "scroll-cue", "aria-hidden": "true" }, t.claims.scrollCue),
    );
  return h(
    "div",
    { class: "claim-outputs" },
    h(
      "div",
      { class: "pair" },
      printed(t.claims.chapterPrints, "chapter", c.chapter.figure),
      printed(t.claims.ringlabPrints, "ringlab", c.ringlab.figure),
    ),
    h(
      "p",
      { class: `bytes ${d.at < 0 ? "match" : "differs"}`, "data-testid": "bytes" },
      d.at < 0 ? t.claims.sameBytes(f.int(d.a)) : t.claims.differsAt(f.int(d.at), f.int(d.a), f.int(d.b)),
    ),
  );
}

/** The cards' styles (added to the widget's shadow root). */
export const claimStyles = `
.claim { border-top: 1px solid var(--_border); padding: 0.6rem 0 0.2rem; }
.claim:first-of-type { border-top: 0; padding-top: 0; }
.claim-head { display: flex; flex-wrap: wrap; gap: 0.3rem 0.75rem; justify-content: space-between; align-items: baseline; margin: 0 0 0.3rem; }
.claim-section { color: var(--_muted); font-size: 0.875rem; }
.verdict { font-weight: 600; white-space: nowrap; }
.verdict.match, .bytes.match { color: var(--_ok); }
.verdict.within { color: var(--_accent); }
.verdict.differs, .bytes.differs { color: var(--_bad); }
.claim-text { margin: 0 0 0.4rem; }
.claim-figures { margin: 0.2rem 0 0.4rem; }
.claim-figures > div { display: grid; grid-template-columns: 13rem minmax(0, 1fr); gap: 0.75rem; padding: 0.2rem 0; border-bottom: 1px solid var(--_border); }
.claim-figures dt { color: var(--_muted); }
.claim-figures dd { margin: 0; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.claim-figures dd.main { font-weight: 600; }
.claim-figures dd.live:not(.main) { color: var(--_muted); }
.tag { display: inline-block; margin-inline-start: 0.4rem; padding: 0 0.35rem; border: 1px solid var(--_border); border-radius: 4px; font-size: 0.75rem; color: var(--_muted); white-space: nowrap; }
.tag.measured { border-color: var(--_accent); color: var(--_accent); }
.claim-how { margin: 0.2rem 0; }
.claim-how summary { cursor: pointer; color: var(--_muted); font-size: 0.875rem; }
.claim-how[open] summary { margin-bottom: 0.2rem; }
@media (max-width: 480px) { .claim-figures > div { grid-template-columns: minmax(0, 1fr); gap: 0; } }
.claim-outputs .pair { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 0.5rem; }
@media (max-width: 760px) { .claim-outputs .pair { grid-template-columns: minmax(0, 1fr); } }
.claim-outputs figure { margin: 0; min-width: 0; }
.claim-outputs figcaption { font-size: 0.875rem; color: var(--_muted); }
.claim-outputs pre { margin: 0.2rem 0 0; padding: 0.4rem 0.5rem; background: var(--_surface); border-radius: 6px; overflow-x: auto; font-size: 0.8rem; }
.claim-outputs pre[data-overflow] { box-shadow: inset -1.25rem 0 1rem -1rem var(--_fg, currentColor); }
.scroll-cue { display: none; margin: 0.15rem 0 0; font-size: 0.8rem; color: var(--_muted); }
.claim-outputs pre[data-overflow] + .scroll-cue { display: block; }
.claims-section .claim-section { display: none; }
.claims-section { margin: 0.6rem 0; }
.claims-section > summary { cursor: pointer; display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 0.6rem; padding: 0.3rem 0; border-bottom: 1px solid var(--_border); }
.claims-section > summary > h2 { display: inline; font-size: 1rem; margin: 0; }
.claims-section > summary { list-style: none; }
.claims-section > summary::-webkit-details-marker { display: none; }
.claims-section > summary::before { content: "▸"; color: var(--_muted); }
.claims-section[open] > summary::before { content: "▾"; }
.claims-section[open] > summary { margin-bottom: 0.5rem; }
.claims-filter { display: flex; flex-wrap: wrap; gap: 0.4rem 0.75rem; align-items: center; margin: 0 0 0.5rem; }
.claims-filter select { max-width: 100%; }
.bytes { font-weight: 600; margin: 0.3rem 0; }
.claim code { overflow-wrap: anywhere; }
.claim-link { margin: 0.2rem 0 0.4rem; }
.claim-link a { color: var(--_accent); }
`;
