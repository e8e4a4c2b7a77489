/**
 * Every failure ringlab reports, from the C++ core or from this wrapper, as one error class with
 * a stable `code`.
 * @module
 */

/**
 * The stable error codes: the C++ core's ten (`ringlab::ErrorCode`, same names) and five from
 * the module and this wrapper. See {@link RinglabErrorCode} for what each means.
 */
export const errorCodes = [
  "invalid_argument",
  "out_of_range",
  "limit_exceeded",
  "duplicate_server",
  "unknown_server",
  "token_out_of_range",
  "token_taken",
  "already_present",
  "not_found",
  "empty",
  "out_of_memory",
  "invalid_type",
  "disposed",
  "load_failed",
  "internal",
] as const;

/**
 * One of {@link errorCodes}:
 *
 * | code | meaning |
 * |---|---|
 * | `invalid_argument` | NaN, a fraction where an integer is needed, an unparsable value, an empty name, an unknown option |
 * | `out_of_range` | a number outside its documented range (servers < 1, buckets > 2^31 − 1, …) |
 * | `limit_exceeded` | a request larger than a documented cap (ring points, keys per run, batch size) |
 * | `duplicate_server` | two servers with one name |
 * | `unknown_server` | a server name that is not on the ring |
 * | `token_out_of_range` | explicit-token ring: a token outside [0, 2^bits) |
 * | `token_taken` | explicit-token ring: another virtual node holds that token |
 * | `already_present` | explicit-token ring: the virtual node is already on the ring |
 * | `not_found` | explicit-token ring: no such virtual node; a bucket hasher (`ringlab/buckets`): a bucket that is not live |
 * | `empty` | a lookup on a ring with no points |
 * | `out_of_memory` | the WebAssembly heap could not grow (it is capped at 2 GiB) |
 * | `invalid_type` | a JavaScript value of the wrong type (a string where a number is needed, …) |
 * | `disposed` | a handle used after `dispose()` |
 * | `load_failed` | the `.wasm` could not be fetched, read or instantiated |
 * | `internal` | a bug in ringlab; please report it |
 */
export type RinglabErrorCode = (typeof errorCodes)[number];

/**
 * A value of an error's rule: a bound, the value given, a count, a name, a line or a column. An
 * integer is a number while it is exact, and a bigint beyond 2^53 (a 64-bit bound); a value given
 * as text (a flag's argument, a line of a configuration) and a name are strings, as typed.
 */
export type RinglabErrorValue = number | bigint | string;

/**
 * What an error says, as data: which rule refused the input, about which parameter, with which
 * values. {@link RinglabError} has these; an error found inside something larger (a line of a
 * configuration, an entry of a list, a term) keeps the error found there as `inner`.
 */
export interface RinglabErrorDetail {
  /**
   * The rule that refused the input: a stable id such as `"between"` (values: min, max, the value
   * given), `"atLeast"` (min, given), `"aboveFinite"` / `"atLeastFinite"` (min, given),
   * `"interval"` (open bracket, min, max, close bracket, given), `"integer"` (given), `"oneOf"`
   * (the choices, then the value given), `"ringCap"` (points, cap), `"duplicateNamed"` (name),
   * `"notOnRing"` (name), `"configAt"` (what was read, line, column; the error there is `inner`),
   * `"entryAt"` (flag, entry number, entry text; `inner`), `"termAt"` (syntax, column; `inner`),
   * `"termAtLine"` (syntax, line, column; `inner`), `"type"` (what was expected, the type given),
   * `"unknownOption"` (the option, whose options, the known ones). The core's rules, each with
   * its English template, are listed in `cpp/include/ringlab/error_rules.def`; a load that fails
   * says why as `"cannotLoad"` (the cause's message), `"notMainModule"`, `"noMemory"` or
   * `"workerFailed"` or `"labWorkerFailed"` (the cause's message); the module's own failures (`out_of_memory`,
   * `internal`) have their code as their rule.
   */
  readonly rule: string;
  /**
   * The parameter the error concerns, as this API spells it (`"servers"`, `"tableSize"`,
   * `"keys[1]"`), or `""` when it concerns no single one (a duplicate server, a cap on a product).
   */
  readonly param: string;
  /** The rule's values, in the rule's order (see {@link RinglabErrorDetail.rule}). */
  readonly values: readonly RinglabErrorValue[];
  /** The error found inside a located one (`configAt`, `entryAt`, `termAt`, …). */
  readonly inner?: RinglabErrorDetail;
}

/**
 * The error every ringlab call throws. `code` is stable (switch on it); `rule`, `param` and
 * `values` say what was wrong as data, so that an application can word it in its own language;
 * `message` is the English, the C++ core's own message when the core rejected the input.
 *
 * @example
 * ```ts
 * try { rl.jump(1n, 0); } catch (e) {
 *   if (e instanceof RinglabError && e.code === "out_of_range") console.log(e.rule, e.param, e.values);
 *   // "between" "buckets" [1, 2147483647, 0]
 * }
 * ```
 */
export class RinglabError extends Error implements RinglabErrorDetail {
  /** The stable code, e.g. `"out_of_range"`. */
  readonly code: RinglabErrorCode;
  readonly rule: string;
  readonly param: string;
  readonly values: readonly RinglabErrorValue[];
  readonly inner?: RinglabErrorDetail;

  /** `detail` left out: an error with no rule but its code (a load failure, a bug). */
  constructor(code: RinglabErrorCode, message: string, detail?: RinglabErrorDetail) {
    super(message);
    this.code = code;
    this.rule = detail?.rule ?? code;
    this.param = detail?.param ?? "";
    this.values = detail?.values ?? [];
    if (detail?.inner !== undefined) this.inner = detail.inner;
  }

  static {
    // On the prototype (not an own property), so stack traces and util.inspect say RinglabError.
    Object.defineProperty(this.prototype, "name", { value: "RinglabError", writable: true, configurable: true });
  }
}

// What each of load()'s options must be (loadOptionType).
const loadOptionTypes = {
  wasmUrl: "a string or a URL",
  wasmBinary: "an ArrayBuffer or a Uint8Array",
  wasmModule: "a WebAssembly.Module",
} as const;

// The wrapper's own rules (its checks of JavaScript values, before the module sees them, and its
// failures to load a module), each worded once here as the core words its rules in
// error_rules.def. oneLoadOption's values: the options allowed, "", then the options given;
// cannotLoad's and workerFailed's: the cause's own message (the engine's or the fetch's).
const wrapperRules = {
  type: (p: string, [expected, got]: readonly RinglabErrorValue[]) => `${p} must be ${expected}, got ${got}`,
  unknownOption: (_p: string, [option, of, ...known]: readonly RinglabErrorValue[]) =>
    `unknown option "${option}" for ${of} (known: ${known.join(", ")})`,
  mustBe: (p: string, [expected]: readonly RinglabErrorValue[]) => `${p} must be ${expected}`,
  unknownRunOption: (_p: string, [option, of]: readonly RinglabErrorValue[]) => `unknown ${of} option "${option}"`,
  disposed: (_p: string, [kind]: readonly RinglabErrorValue[]) => `this ${kind} was disposed`,
  outLength: (p: string, [n, got]: readonly RinglabErrorValue[]) =>
    `${p} must hold one value per key: length ${n}, got ${got}`,
  changedWhileRead: (p: string) => `${p} changed while they were read`,
  otherInstance: () => "the ring belongs to another ringlab instance",
  oneChange: (_p: string, given: readonly RinglabErrorValue[]) =>
    "change must name one of add, remove, down, up or reweight" + (given.length ? `, got ${given.join(" and ")}` : ""),
  unknownChangeOption: (_p: string, [option, kind]: readonly RinglabErrorValue[]) =>
    `unknown option "${option}" for a ${kind} change`,
  needs: (p: string, [of]: readonly RinglabErrorValue[]) => `${of} needs a ${p}`,
  planChange: (p: string, [kind]: readonly RinglabErrorValue[]) =>
    `a plan's ${p} must be add, remove, down or reweight, got ${kind}`,
  noSuchSystem: (_p: string, [name, ...known]: readonly RinglabErrorValue[]) =>
    `unknown system "${name}": use ${known.join(", ")}`,
  notUnicode: (p: string) => `${p} is not Unicode text (it holds a lone surrogate), so it has no UTF-8 bytes`,
  // Loading a module (loader.ts, heap.ts, the entry parallel.ts).
  loadOptionsObject: () => "load() options must be an object",
  unknownLoadOption: (p: string) => `unknown load() option "${p}"`,
  oneLoadOption: (_p: string, values: readonly RinglabErrorValue[]) => {
    const split = values.indexOf("");
    return `give at most one of ${values.slice(0, split).join(", ")} (got ${values.slice(split + 1).join(", ")})`;
  },
  loadOptionType: (p: string) => `${p} must be ${loadOptionTypes[p as keyof typeof loadOptionTypes]}`,
  cannotLoad: (_p: string, [cause]: readonly RinglabErrorValue[]) => `cannot load ringlab's .wasm: ${cause}`,
  notMainModule: () =>
    "cannot load ringlab's .wasm: it is not one of this package's main modules (ringlab.wasm or ringlab-simd.wasm)",
  noMemory: () => "the module exports no memory",
  workerFailed: (_p: string, [cause]: readonly RinglabErrorValue[]) => `a comparison worker failed: ${cause}`,
  labWorkerFailed: (_p: string, [cause]: readonly RinglabErrorValue[]) => `the lab's worker failed: ${cause}`,
  oneOf: (p: string, values: readonly RinglabErrorValue[]) =>
    `${p} must be ${values.slice(0, -2).join(", ")} or ${values.at(-2)}, got ${JSON.stringify(String(values.at(-1)))}`,
} as const;

/** The ids of the wrapper's own rules (the core's are in cpp/include/ringlab/error_rules.def). */
export type WrapperRule = keyof typeof wrapperRules;
/** @internal For the catalogue test: every rule the wrapper itself raises. */
export const wrapperRuleIds = Object.keys(wrapperRules) as WrapperRule[];

/** @internal An error of one of the wrapper's rules, its English made from its data. */
export function wrapperError(
  code: RinglabErrorCode,
  rule: WrapperRule,
  param: string,
  values: readonly RinglabErrorValue[] = [],
): RinglabError {
  return new RinglabError(code, wrapperRules[rule](param, values), { rule, param, values });
}

/** @internal Narrows the code of an error coming from the core to a known one. */
export function toCode(code: string): RinglabErrorCode {
  return (errorCodes as readonly string[]).includes(code) ? (code as RinglabErrorCode) : "internal";
}
