// A widget's state is its attributes: each parameter has a codec between the attribute string and
// a typed value. The same strings go into the URL, so a link, an attribute and `el.state = …`
// are three spellings of one thing. Parsing is lenient on purpose: a value the module rejects
// (NaN, a fraction, a negative count) reaches it and comes back as a RinglabError, shown in place.
// Numbers read in either digit set, Bengali or Latin (core/numbers.ts); they are written in Latin.
import { latinDigits, readNumber, readNumbers } from "./numbers";

export interface Codec<T> {
  /** The value when the attribute is absent. */
  readonly def: T;
  parse(text: string): T;
  format(value: T): string;
  /** How an address carries the text when it is long (absent: always as it is). */
  readonly packed?: Packing;
}

/**
 * A parameter whose long text an address carries packed (core/pack.ts: deflated, base64url) in a
 * parameter of its own: ten thousand keys fit in a link that their text would make too long to
 * share. The attribute keeps the text; only the address differs.
 */
export interface Packing {
  /** The packed text's parameter (an attribute too: a link's value is unpacked when set). */
  readonly param: string;
  /** Texts longer than this (characters) go packed. */
  readonly over: number;
  /** A packed text longer than this is left out of the address (the widget says so). */
  readonly max: number;
}

/** A codec whose long texts an address carries packed. */
export function packedIn<T>(codec: Codec<T>, packed: Packing): Codec<T> {
  return { ...codec, packed };
}

/** A number. Empty or unparsable text gives NaN (the module then says what is wrong). */
export function num(def: number): Codec<number> {
  return {
    def,
    parse: readNumber,
    format: (v) => String(v),
  };
}

/**
 * A fraction as the reader writes it: 0.95, or as a percentage the way the chapter does ("95",
 * "95 %", "95%", in Bengali digits too). The one rule: a "%" sign, or a plain number above 1 and
 * at most 100, is a percentage. Anything else (text, 150, −3) goes to the module unchanged, which
 * names the error.
 */
export function parseFraction(text: string): number {
  // Bengali digits read as the same numbers.
  const t = latinDigits(text).trim();
  const pct = /^(.*?)\s*[%٪]$/.exec(t);
  const body = (pct ? pct[1] : t) ?? "";
  if (body.trim() === "") return NaN;
  const x = Number(body);
  if (!Number.isFinite(x)) return NaN;
  return pct || (x > 1 && x <= 100) ? x / 100 : x;
}

/** A fraction read by {@link parseFraction}; the attribute keeps the fraction (0.95). */
export function fraction(def: number): Codec<number> {
  return { def, parse: parseFraction, format: (v) => String(v) };
}

/**
 * A number the module has a default for (rl.defaults()): absent, it is undefined and the module
 * uses its own, so the page keeps no copy of it. Unparsable text is NaN, as for num().
 */
export function moduleNum(): Codec<number | undefined> {
  return {
    def: undefined,
    parse: (t) => (t.trim() === "" ? undefined : readNumber(t)),
    format: (v) => (v === undefined ? "" : String(v)),
  };
}

/** A step index: anything unparsable is step 0 (a stepper clamps it to its steps). */
export function stepIndex(): Codec<number> {
  return {
    def: 0,
    parse: (t) => {
      const n = Number.parseInt(latinDigits(t), 10);
      return Number.isFinite(n) && n >= 0 ? n : 0;
    },
    format: (v) => String(v),
  };
}

export function str(def: string): Codec<string> {
  return { def, parse: (t) => t, format: (v) => v };
}

/**
 * Text that may be absent, and absent means something else than empty: null when the attribute
 * is not there, its text (maybe "") when it is.
 */
export function optionalStr(): Codec<string | null> {
  return { def: null, parse: (t) => t, format: (v) => v ?? "" };
}

export function bool(def: boolean): Codec<boolean> {
  return { def, parse: (t) => t !== "false" && t !== "0", format: (v) => (v ? "true" : "false") };
}

/** A comma-separated list of numbers: "5,20,38". */
export function nums(def: readonly number[]): Codec<number[]> {
  return {
    def: [...def],
    parse: readNumbers,
    format: (v) => v.join(","),
  };
}

/** A comma-separated list of names: "A,B,C". */
export function strs(def: readonly string[]): Codec<string[]> {
  return {
    def: [...def],
    parse: (t) =>
      t
        .split(",")
        .map((x) => x.trim())
        .filter((x) => x !== ""),
    format: (v) => v.join(","),
  };
}

/** A server and its positions on a small ring: "A:10" or "A:105/930". */
export interface Placed {
  name: string;
  tokens: number[];
}

/** "A:10,B:30" or "A:105/930,B:290/610". */
export function placed(def: readonly Placed[]): Codec<Placed[]> {
  return {
    def: def.map((p) => ({ name: p.name, tokens: [...p.tokens] })),
    parse: (t) =>
      t
        .split(",")
        .map((x) => x.trim())
        .filter((x) => x !== "")
        .map((item) => {
          const at = item.lastIndexOf(":");
          const name = at < 0 ? item : item.slice(0, at).trim();
          const rest = at < 0 ? "" : item.slice(at + 1);
          return {
            name,
            tokens: rest
              .split("/")
              .map((x) => x.trim())
              .filter((x) => x !== "")
              .map(readNumber),
          };
        }),
    format: (v) => v.map((p) => `${p.name}:${p.tokens.join("/")}`).join(","),
  };
}

/** "A:az1,B:az1,C:az2": a name → value map (zones). */
export function pairs(def: Readonly<Record<string, string>>): Codec<Record<string, string>> {
  return {
    def: { ...def },
    parse: (t) => {
      const out: Record<string, string> = {};
      for (const item of t.split(",")) {
        const at = item.indexOf(":");
        if (at > 0) out[item.slice(0, at).trim()] = item.slice(at + 1).trim();
      }
      return out;
    },
    format: (v) =>
      Object.entries(v)
        .map(([k, x]) => `${k}:${x}`)
        .join(","),
  };
}

/** A choice among fixed strings; anything else is the default. */
export function oneOf<T extends string>(def: T, values: readonly T[]): Codec<T> {
  return {
    def,
    parse: (t) => ((values as readonly string[]).includes(t) ? (t as T) : def),
    format: (v) => v,
  };
}

export type Spec = Record<string, Codec<unknown>>;
export type StateOf<S extends Spec> = { -readonly [K in keyof S]: S[K] extends Codec<infer T> ? T : never };
