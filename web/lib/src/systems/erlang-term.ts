// Erlang terms on the JavaScript side: the ErlangTerm value parseTerm returns, and the tagged
// strings terms cross the boundary as (cpp/wasm/systems.cpp describes the tags). A term here is
// its text, not a C++ object: nothing to dispose, and it can be kept, compared and sent anywhere.
import type { RawTerm } from "./raw.js";
import type { ErlangTerm, TermKind, TermValue } from "./types.js";
import { invalidType } from "../core/validate.js";

export class ErlangTermValue implements ErlangTerm {
  readonly erlang: string;
  readonly elixir: string;
  readonly kind: TermKind;
  /** How the module is given this term back. */
  readonly tagged: string;

  constructor(raw: RawTerm) {
    this.erlang = raw.erlang;
    this.elixir = raw.elixir;
    this.kind = raw.kind as TermKind;
    this.tagged = raw.tagged;
    Object.freeze(this);
  }

  toString(): string {
    return this.elixir;
  }
}

/**
 * A key or an id for the module: a string is an Elixir string, a number or a bigint an integer
 * (the core checks that the number is a safe integer), an ErlangTerm itself.
 */
export function tagTerm(v: unknown, what: string): string {
  switch (typeof v) {
    case "string":
      return "b" + v;
    case "number":
      return "n" + String(v);
    case "bigint":
      return "i" + v.toString();
    default:
      if (v instanceof ErlangTermValue) return v.tagged;
      throw invalidType(what, "a string, a number, a bigint or a term from parseTerm()", v);
  }
}

/** A term the module handed back, as the API gives it out. */
export function termValue(tagged: string, describe: (tagged: string) => RawTerm): TermValue {
  const text = tagged.slice(1);
  switch (tagged[0]) {
    case "b":
      return text;
    case "i": {
      const n = Number(text);
      return Number.isSafeInteger(n) ? n : BigInt(text);
    }
    default:
      return new ErlangTermValue(describe(tagged));
  }
}
