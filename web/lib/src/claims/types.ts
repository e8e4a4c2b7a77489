// The `ringlab/claims` API: the chapter's quantitative claims, each computed live by the core.
// The shape is the JSON of `ringlab claims --json`, which the core writes (cpp/src/claims/claims.cpp).
import type { MemoryUsage } from "../main/types.js";

/** How ringlab's figure is held against the chapter's. */
export type ToleranceKind =
  /** The same number or the same bytes. */
  | "exact"
  /** Equal at the digits the chapter prints. */
  | "rounding"
  /** A random quantity: within three standard deviations of the chapter's expectation. */
  | "statistical"
  /** The chapter's figure rests on a simplified model; the check is the one the model promises. */
  | "model";

/** `match`: equal (at the printed digits); `within`: inside the tolerance; `differs`: outside it. */
export type Verdict = "match" | "within" | "differs";

/** The chapter's figure. */
export interface ChapterFigure {
  /** As the chapter prints it: a number, a statement, or a published program's output (bytes). */
  readonly figure: string;
  /** The number, in the unit of `figure` (percent as percent); null for a statement or an output. */
  readonly value: number | null;
}

/** ringlab's live figure. */
export interface RinglabFigure extends ChapterFigure {
  /** Further live figures: a table's other values, a measured sample, ringlab's own model. */
  readonly detail: string;
  /** The numbers `figure` and `detail` are written from, by name (what a translation formats). */
  readonly values: Readonly<Record<string, number | null>>;
  /** The options that reproduce it (a command line or the API calls). */
  readonly scenario: string;
  /** The scale it ran at. */
  readonly scale: string;
}

/** One claim of the chapter. */
export interface Claim {
  /** A stable slug ("ring-moves-21.9"): the key for widgets and translations. */
  readonly id: string;
  /** The chapter's section: "§3". */
  readonly section: string;
  /** What the chapter asserts, in ringlab's words (English). */
  readonly claim: string;
  readonly chapter: ChapterFigure;
  readonly ringlab: RinglabFigure;
  readonly tolerance: { readonly kind: ToleranceKind; readonly reason: string };
  readonly verdict: Verdict;
}

/** The API `load()` from `ringlab/claims` resolves to. */
export interface RinglabClaims {
  /** The package version the module was built from. */
  readonly version: string;
  /**
   * Every claim, computed now, in the chapter's order (about a second: the chapter's experiments
   * at full scale). Each call computes them again and returns new objects.
   */
  claims(): Claim[];
  /** The same catalogue as `ringlab claims --json` prints it, byte for byte. */
  claimsJson(): string;
  /** The module's heap (see `ringlab`'s `memory()`). */
  memory(): MemoryUsage;
}
