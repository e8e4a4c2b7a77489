// The cluster page's state (its attributes and address) and the limits of what it draws.
import { oneOf, packedIn, str, type Codec, type StateOf } from "../../core/params";
import { DEFAULT_KEYS, SYSTEMS, type SystemName } from "./systems";

/** Text kept as written (CRLF as LF); absent is null: the system's example. */
function text(): Codec<string | null> {
  return { def: null, parse: (t) => t.replace(/\r\n?/g, "\n"), format: (v) => v ?? "" };
}

/** Keys longer than this (in characters) go into an address packed (deflated, base64url). */
export const URL_KEYS_MAX = 2000;
/**
 * Packed keys longer than this (in characters) are left out of the address: a link of about
 * 100 KB still opens in every browser, and the page offers the key file instead.
 */
export const URL_PACKED_MAX = 100_000;

export const spec = {
  system: oneOf<SystemName>("nginx", SYSTEMS),
  servers: text(),
  format: oneOf<"list" | "text">("list", ["list", "text"]),
  config: text(),
  options: str(""),
  // A long key list goes into an address packed, as `zkeys` (core/pack.ts).
  keys: packedIn(
    {
      def: DEFAULT_KEYS,
      parse: (t: string) => t.replace(/\r\n?/g, "\n"),
      format: (v: string) => v,
    } as Codec<string>,
    { param: "zkeys", over: URL_KEYS_MAX, max: URL_PACKED_MAX },
  ),
  change: oneOf<"add" | "remove" | "down">("add", ["add", "remove", "down"]),
  target: str(""),
  /** The weight of a server added ("": the system's own default). */
  weight: str(""),
  /** A key searched for in the keys placed. */
  find: str(""),
};
export type State = StateOf<typeof spec>;

/** Rows shown at first, and added by "show more". */
export const ROWS = 100;
export const MORE = 1000;
/** Bars drawn at most (more servers: the table alone). */
export const MAX_BARS = 64;
