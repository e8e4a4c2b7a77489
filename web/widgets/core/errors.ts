// A module error in the page's language, from its data: the error's code, rule, parameter and
// values (RinglabError), never from its English. English keeps the module's message exactly as it
// is (the same text the command line and the docs show); another language says the rule from its
// catalogue (`t.errors.rules`, by the rule's id) with the values in its own digits and words. A
// rule the catalogue lacks is said by what its code means (tests/js/error-templates.test.mjs
// fails on such a rule).
import { RinglabError, type RinglabErrorCode, type RinglabErrorDetail, type RinglabErrorValue } from "ringlab";
import type { Messages } from "../i18n/en";
import type { Fmt } from "./format";

/** How a catalogue says a rule: with the parameter's name, the values and the inner error, in its words. */
export type ErrorRuleText = string | ((param: string, values: string[], inner: string) => string);

/**
 * An error of a page's own rule (a drawn ring's token outside it, a claim that does not exist),
 * as data like the module's: its English made from the same values by PAGE_RULES.
 */
export function pageError(
  code: RinglabErrorCode,
  rule: keyof typeof PAGE_RULES,
  param: string,
  values: readonly RinglabErrorValue[],
): RinglabError {
  const s = values.map(String);
  return new RinglabError(code, PAGE_RULES[rule](param, s), { rule, param, values });
}

/**
 * An error that crossed from a worker as data (a module's error: its code, message, rule,
 * parameter and values), a RinglabError again, as the module raised it.
 */
export function errorFromData(d: {
  code: string;
  message: string;
  rule?: string;
  param?: string;
  values?: readonly RinglabErrorValue[];
  inner?: RinglabErrorDetail;
}): RinglabError {
  return new RinglabError(
    d.code as RinglabErrorCode,
    d.message,
    d.rule === undefined
      ? undefined
      : { rule: d.rule, param: d.param ?? "", values: d.values ?? [], ...(d.inner ? { inner: d.inner } : {}) },
  );
}

/** The pages' own rules, in English. */
export const PAGE_RULES = {
  tokenOutside: (_p: string, [server, token, last]: string[]) =>
    `the token of ${server} ${token} is outside the ring's positions 0–${last}`,
  keyOutside: (_p: string, [pos, last]: string[]) =>
    `the key position ${pos} is outside the ring's positions 0–${last}`,
  spanRange: (p: string, [got]: string[]) => `${p} must be a whole number from 2 to 2^32, got ${got}`,
  notWhole: (p: string, [got]: string[]) => `${p} must be a whole number, got ${got}`,
  duplicateNamed: (_p: string, [name]: string[]) => `server "${name}" is listed twice`,
  noServerNamed: (_p: string, [name]: string[]) => `no server named ${name} on the ring`,
  noServerToScore: () => "rendezvous needs at least one server to score the key",
  unreadablePacked: (p: string, [param]: string[]) =>
    `the link's ${p} (its ${param} parameter) cannot be read: the link was cut short or changed`,
  unknownClaim: (_p: string, [id, ...ids]: string[]) => `unknown claim "${id}": use ${ids.join(", ")}`,
  keysWorkerFailed: (_p: string, [why]: string[]) => `the keys' worker failed: ${why}`,
} as const;

/** The rule's id, when e carries one. */
function detailOf(e: unknown): RinglabErrorDetail | undefined {
  const d = e as Partial<RinglabErrorDetail> | null | undefined;
  return d && typeof d.rule === "string" && Array.isArray(d.values) ? (d as RinglabErrorDetail) : undefined;
}

/**
 * The text of an error's data in t's language, or undefined when its catalogue lacks the rule (or
 * an inner error's rule).
 */
export function detailText(t: Messages, f: Fmt, d: RinglabErrorDetail): string | undefined {
  const x = t.errors;
  const say = (x.rules as Record<string, ErrorRuleText | undefined>)[d.rule];
  if (say === undefined) return undefined;
  if (typeof say === "string") return say;
  let inner = "";
  if (d.inner) {
    const i = detailText(t, f, d.inner);
    if (i === undefined) return undefined;
    inner = i;
  }
  const words = x.values as Record<string, string | undefined>;
  // A value in the page's digits (counts grouped) and words; a name or a text as it was typed.
  const value = (v: RinglabErrorValue): string => {
    const s = String(v);
    const word = words[s];
    if (word !== undefined) return word;
    if (typeof v === "bigint" || (typeof v === "number" && Number.isSafeInteger(v)))
      return typeof v === "number" ? f.int(v) : f.digitsIn(s);
    return typeof v === "number" ? f.digitsIn(s) : s;
  };
  const name = (x.params as Record<string, string | undefined>)[d.param] ?? d.param;
  return say(name, d.values.map(value), inner);
}

/**
 * An error as the page shows it: in English the module's own message; in another language the
 * same rule and values in that language's words and digits, or what its code means.
 */
export function errorText(t: Messages, f: Fmt, e: unknown): string {
  const err = (e ?? {}) as { code?: unknown; message?: unknown };
  const message = typeof err.message === "string" ? err.message : String(e);
  if (t.lang === "en") return message;
  const code = typeof err.code === "string" ? err.code : "internal";
  const x = t.errors;
  const d = detailOf(e);
  const text = d === undefined ? undefined : detailText(t, f, d);
  return text ?? (x.codes as Record<string, string | undefined>)[code] ?? x.codes.internal;
}
