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
 * | `not_found` | explicit-token ring: no such virtual node |
 * | `empty` | a lookup on a ring with no points |
 * | `out_of_memory` | the WebAssembly heap could not grow (it is capped at 2 GiB) |
 * | `invalid_type` | a JavaScript value of the wrong type (a string where a number is needed, …) |
 * | `disposed` | a handle used after `dispose()` |
 * | `load_failed` | the `.wasm` could not be fetched, read or instantiated |
 * | `internal` | a bug in ringlab; please report it |
 */
export type RinglabErrorCode = (typeof errorCodes)[number];

/**
 * The error every ringlab call throws. `code` is stable (switch on it); `message` is meant for a
 * person and is the C++ core's own message when the core rejected the input.
 *
 * @example
 * ```ts
 * try { rl.jump(1n, 0); } catch (e) {
 *   if (e instanceof RinglabError && e.code === "out_of_range") console.log(e.message);
 * }
 * ```
 */
export class RinglabError extends Error {
  /** The stable code, e.g. `"out_of_range"`. */
  readonly code: RinglabErrorCode;

  constructor(code: RinglabErrorCode, message: string) {
    super(message);
    this.code = code;
  }

  static {
    // On the prototype (not an own property), so stack traces and util.inspect say RinglabError.
    Object.defineProperty(this.prototype, "name", { value: "RinglabError", writable: true, configurable: true });
  }
}

/** @internal Narrows the code of an error coming from the core to a known one. */
export function toCode(code: string): RinglabErrorCode {
  return (errorCodes as readonly string[]).includes(code) ? (code as RinglabErrorCode) : "internal";
}
