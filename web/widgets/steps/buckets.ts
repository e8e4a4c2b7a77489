// The bucket hashers (ringlab/buckets): one key's lookup, step by step, for any algorithm of the
// registry — its trace as the module records it (JumpBackHash's walk back through the power-of-two
// ranges, AnchorHash's and MementoHash's replacement chains after removals, FlipHash's flips,
// BinomialHash's levels, DxHash's probes), after the reader's own removals. The steps are the
// trace's, one for one, after an introduction: nothing here computes a bucket.
import type { Ringlab } from "ringlab";
import type { BucketAlgorithmInfo, BucketStep, BucketStepKind, RinglabBuckets } from "ringlab/buckets";
import type { Fmt } from "../core/format";
import type { Messages } from "../i18n/en";

export interface BucketParams {
  algorithm: string;
  key: string;
  buckets: number;
  /** The buckets removed, in order: each a remove() on the hasher built with `buckets`. */
  removed: readonly number[];
}

/** Which of a step's fields its kind reads (docs/algorithms.md#lookup-traces); the others are 0. */
export type StepField = "bucket" | "bound" | "value";
const FIELDS: Record<BucketStepKind, readonly StepField[]> = {
  hash: ["value"],
  draw: ["bound", "value"],
  candidate: ["bucket", "bound", "value"],
  jump: ["bucket", "bound", "value"],
  range: ["bucket", "bound"],
  flip: ["bucket", "bound", "value"],
  level: ["bucket", "bound", "value"],
  probe: ["bucket", "bound", "value"],
  removed: ["bucket", "bound"],
  replaced: ["bucket", "bound", "value"],
  elided: ["value"],
  answer: ["bucket", "bound"],
};

/** The fields a step's kind reads; a draw's bound and a removed bucket's view only where set. */
export function fieldsOf(step: BucketStep): StepField[] {
  return FIELDS[step.kind].filter(
    (f) => !(f === "bound" && (step.kind === "draw" || step.kind === "removed") && step.bound === 0),
  );
}

/** One key's lookup: what every step of it shares. */
export interface BucketLookup {
  info: BucketAlgorithmInfo;
  key: string;
  /** The input the hasher takes: the key's text, or for an integer input the key's h32. */
  input: string | number;
  /** The key's h32 when the input is an integer (as the jump stepper hashes a key), else undefined. */
  hash: number | undefined;
  /** The buckets at the start, and the buckets removed since, in order. */
  buckets: number;
  removed: number[];
  /** The hasher's live buckets (or nodes) after the removals. */
  live: number;
  /** Whether the hasher removes buckets at all, and any bucket or only its last. */
  canRemove: boolean;
  removesAny: boolean;
  /** The nodes' names of an algorithm that answers names (the answer's bucket is a place in them). */
  nodes: string[] | undefined;
  /** The lookup's steps, as the module records them, the last the answer. */
  trace: BucketStep[];
  /** What the hasher answers for the input: a bucket, or a node's name. */
  answer: number | string;
}

export interface BucketView {
  kind: "intro" | BucketStepKind;
  /** The trace's step this view shows (-1: the introduction). */
  index: number;
  step: BucketStep | undefined;
  lookup: BucketLookup;
}

/** The algorithm's options from its registry entry's option names, for `buckets` buckets (or nodes). */
export function optionsFor(info: BucketAlgorithmInfo, buckets: number): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  if (info.options.includes("buckets")) options.buckets = buckets;
  // An algorithm of named nodes gets the course's server names, S0 … S(n−1).
  if (info.options.includes("nodes")) options.nodes = Array.from({ length: buckets }, (_, i) => `S${i}`);
  return options;
}

export function bucketSteps(p: BucketParams, bk: RinglabBuckets, rl: Ringlab): BucketView[] {
  const info = bk.algorithms().find((a) => a.name === p.algorithm);
  // A name the module does not have: the module's own refusal, naming the ones it has.
  if (!info) bk.hasher(p.algorithm as never, {} as never);
  const entry = info as BucketAlgorithmInfo;
  const options = optionsFor(entry, p.buckets);
  const hasher = bk.hasher(entry.name, options as never);
  let lookup: BucketLookup;
  try {
    for (const b of p.removed) hasher.remove(b);
    const hash = entry.input === "text" ? undefined : rl.h32(p.key);
    const input = hash ?? p.key;
    lookup = {
      info: entry,
      key: p.key,
      input,
      hash,
      buckets: p.buckets,
      removed: [...p.removed],
      live: hasher.size,
      canRemove: hasher.canRemove,
      removesAny: hasher.canRemove && entry.removal === "any",
      nodes: options.nodes as string[] | undefined,
      trace: hasher.trace(input as never),
      answer: hasher.bucket(input as never),
    };
  } finally {
    hasher.dispose();
  }
  const trace = lookup.trace;
  return [
    { kind: "intro", index: -1, step: undefined, lookup },
    ...trace.map((step, index): BucketView => ({ kind: step.kind, index, step, lookup })),
  ];
}

/** The bucket the reader's "remove" takes next: the key's own where any may go, else the last live one. */
export function nextRemoval(lookup: BucketLookup): number | undefined {
  if (!lookup.canRemove || lookup.live < 2) return undefined;
  if (lookup.removesAny && typeof lookup.answer === "number") return lookup.answer;
  return lookup.live - 1;
}

/**
 * A step in words, in the catalogue's language: the introduction says what the algorithm does
 * and the reader's removals; each step of the trace is said by its kind, from its fields.
 */
export function narration(view: BucketView, m: Messages, f: Fmt): string {
  const t = m.bucket;
  const lookup = view.lookup;
  const algorithm = m.algorithms[lookup.info.name] ?? lookup.info.name;
  const step = view.step;
  if (view.kind === "intro" || !step) {
    const about = t.about[lookup.info.name as keyof typeof t.about] ?? "";
    const input = lookup.hash === undefined ? t.inputText(lookup.key) : t.inputHash(f.id(lookup.hash));
    const head =
      lookup.nodes !== undefined
        ? t.introNodes(algorithm, lookup.key, f.int(lookup.live))
        : t.intro(
            algorithm,
            lookup.key,
            input,
            f.int(lookup.buckets),
            f.int(lookup.live),
            lookup.removed.map((b) => t.bucketName(f.id(b))).join(", "),
          );
    return [head, about, lookup.info.traces ? "" : t.noTrace].filter((x) => x !== "").join(" ");
  }
  const b = f.id(step.bucket);
  const bound = f.id(step.bound);
  const value = f.id(step.value);
  switch (step.kind) {
    case "hash":
      return t.hash(
        value,
        lookup.trace.slice(0, view.index).some((st) => st.kind === "hash"),
      );
    case "draw":
      return t.draw(value, step.bound === 0 ? "" : bound);
    case "candidate": {
      // At or beyond the buckets, for an algorithm whose live buckets are 0 … live − 1: it goes on.
      const beyond = !lookup.removesAny && step.bucket >= lookup.live;
      return t.candidate(b, bound, step.value === 0n ? "" : value, beyond ? f.int(lookup.live) : "");
    }
    case "jump":
      return t.jump(b, value, bound, step.value >= BigInt(step.bound));
    case "range":
      return t.range(b, bound);
    case "flip":
      return t.flip(value, bound, b);
    case "level":
      return t.level(value, b, bound);
    case "probe": {
      // The nearest so far: nearer than every probe before it (of equal distances, the first wins).
      const earlier = lookup.trace.slice(0, view.index).filter((st) => st.kind === "probe");
      const nearest = earlier.every((st) => st.value > step.value);
      return t.probe(f.int(step.bound), lookup.nodes?.[step.bucket] ?? b, value, nearest);
    }
    case "removed":
      return t.removed(b, step.bound === 0 ? "" : bound);
    case "replaced":
      return t.replaced(b, value, bound);
    case "elided":
      return t.elided(f.int(Number(step.value)));
    case "answer":
      return lookup.nodes !== undefined
        ? t.answerNode(lookup.nodes[step.bucket] ?? b, f.int(step.bound))
        : t.answer(b, f.int(step.bound));
  }
  return "";
}
