// Validation of JavaScript types, before anything reaches the module: ranges and limits are the
// core's (it has the documented ones and words their errors).
import { RinglabError } from "./errors.js";
import type { RawChangeArgs, RawRingArgs } from "./raw.js";
import type { ChangeSpec, ServerSpec, WeightedServerSpec } from "./types.js";

function typeName(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "object") return (v as object).constructor?.name ?? "an object";
  return typeof v;
}

export function invalidType(what: string, expected: string, got: unknown): RinglabError {
  return new RinglabError("invalid_type", `${what} must be ${expected}, got ${typeName(got)}`);
}

export function num(v: unknown, what: string): number {
  if (typeof v !== "number") throw invalidType(what, "a number", v);
  return v;
}

export function int(v: unknown, what: string): number {
  const n = num(v, what);
  if (!Number.isSafeInteger(n)) {
    throw new RinglabError("invalid_argument", `${what} must be a safe integer, got ${String(n)}`);
  }
  return n;
}

export function uint32(v: unknown, what: string): number {
  const n = int(v, what);
  if (n < 0 || n > 0xffffffff) {
    throw new RinglabError("out_of_range", `${what} must be between 0 and 4294967295, got ${n}`);
  }
  return n;
}

export function str(v: unknown, what: string): string {
  if (typeof v !== "string") throw invalidType(what, "a string", v);
  return v;
}

export function u32array(v: unknown, what: string): Uint32Array {
  if (!(v instanceof Uint32Array)) throw invalidType(what, "a Uint32Array", v);
  return v;
}

export function options<T extends object>(v: unknown, allowed: readonly string[], what: string): Partial<T> {
  if (v === undefined) return {};
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw invalidType(`${what} options`, "an object", v);
  for (const k of Object.keys(v)) {
    if (!allowed.includes(k)) {
      throw new RinglabError("invalid_argument", `unknown option "${k}" for ${what} (known: ${allowed.join(", ")})`);
    }
  }
  return v as Partial<T>;
}

export function intOption(o: Record<string, unknown>, key: string, fallback: number): number {
  const v = o[key];
  return v === undefined ? fallback : int(v, key);
}

const serverKeys = ["name", "weight", "zone"];

export function serverSpec(v: unknown, what: string): Required<ServerSpec> {
  if (typeof v === "string") return { name: v, weight: 1, zone: "" };
  if (v === null || typeof v !== "object" || Array.isArray(v)) {
    throw invalidType(what, "a name or { name, weight?, zone? }", v);
  }
  const o = options<ServerSpec>(v, serverKeys, what);
  return {
    name: str(o.name, `${what}.name`),
    weight: o.weight === undefined ? 1 : num(o.weight, `${what}.weight`),
    zone: o.zone === undefined ? "" : str(o.zone, `${what}.zone`),
  };
}

export function defaultNames(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `S${i}`);
}

// The servers of a ring or a comparison as the module takes them: a count (the module makes S0 …
// S{n-1} and checks n), or names, weights and zones in list order.
export function serverList(servers: unknown, vnodes: number): RawRingArgs {
  if (typeof servers === "number") {
    return { servers: int(servers, "servers"), names: undefined, weights: undefined, zones: undefined, vnodes };
  }
  if (!Array.isArray(servers)) throw invalidType("servers", "a count or an array of servers", servers);
  const specs = servers.map((s: unknown, i) => serverSpec(s, `servers[${i}]`));
  return {
    servers: specs.length,
    names: specs.map((s) => s.name),
    weights: Float64Array.from(specs, (s) => s.weight),
    zones: specs.map((s) => s.zone),
    vnodes,
  };
}

// A name or { name, weight? } (weighted rendezvous, Maglev backends).
export function weightedSpec(v: unknown, what: string): Required<WeightedServerSpec> {
  if (typeof v === "string") return { name: v, weight: 1 };
  if (v === null || typeof v !== "object" || Array.isArray(v))
    throw invalidType(what, "a name or { name, weight? }", v);
  const o = options<WeightedServerSpec>(v, ["name", "weight"], what);
  return { name: str(o.name, `${what}.name`), weight: o.weight === undefined ? 1 : num(o.weight, `${what}.weight`) };
}

export function list(v: unknown, what: string, expected: string): unknown[] {
  if (!Array.isArray(v)) throw invalidType(what, expected, v);
  return v;
}

// A jump key: a bigint 0 … 2^64 − 1 or a non-negative safe integer.
export function jumpKey(key: unknown): bigint {
  if (typeof key === "bigint") {
    if (key < 0n || key > 0xffffffffffffffffn) {
      throw new RinglabError("out_of_range", `key must be between 0 and 18446744073709551615, got ${key}`);
    }
    return key;
  }
  if (typeof key === "number") {
    if (!Number.isSafeInteger(key)) {
      throw new RinglabError(
        "invalid_argument",
        `key must be a safe integer (use a bigint beyond 2^53 - 1), got ${String(key)}`,
      );
    }
    if (key < 0) throw new RinglabError("out_of_range", `key must be >= 0, got ${key}`);
    return BigInt(key);
  }
  throw invalidType("key", "a bigint or a number", key);
}

const changeKinds = ["add", "remove", "fail", "weight"] as const;
// The decimal forms JavaScript's Number() and the CLI's --change weight:NAME=W accept.
const decimal = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

// The change of a comparison: the CLI's --change text or a ChangeSpec.
export function parseChange(v: unknown): RawChangeArgs {
  if (typeof v === "string") {
    const colon = v.indexOf(":");
    const kind = colon < 0 ? v : v.slice(0, colon);
    const rest = colon < 0 ? "" : v.slice(colon + 1);
    if (kind === "add") return { kind: 0, name: rest, weight: 1 };
    if ((kind === "remove" || kind === "fail" || kind === "weight") && rest === "") {
      throw new RinglabError("invalid_argument", `change ${kind} needs a server: ${kind}:NAME`);
    }
    if (kind === "remove" || kind === "fail") return { kind: changeKinds.indexOf(kind), name: rest, weight: 1 };
    if (kind === "weight") {
      const eq = rest.lastIndexOf("=");
      if (eq <= 0) throw new RinglabError("invalid_argument", "change weight needs weight:NAME=W");
      const w = rest.slice(eq + 1);
      if (!decimal.test(w)) throw new RinglabError("invalid_argument", `change weight needs a number, got "${w}"`);
      return { kind: 3, name: rest.slice(0, eq), weight: Number(w) };
    }
    throw new RinglabError(
      "invalid_argument",
      `change must be add, add:NAME, remove:NAME, fail:NAME or weight:NAME=W, got "${v}"`,
    );
  }
  if (v === null || typeof v !== "object" || Array.isArray(v))
    throw invalidType("change", "a string or { kind, name?, weight? }", v);
  const o = options<ChangeSpec>(v, ["kind", "name", "weight"], "change");
  const kind = changeKinds.indexOf(o.kind as (typeof changeKinds)[number]);
  if (typeof o.kind !== "string") throw invalidType("change.kind", "a string", o.kind);
  if (kind < 0)
    throw new RinglabError("invalid_argument", `change.kind must be add, remove, fail or weight, got "${o.kind}"`);
  const name = o.name === undefined ? "" : str(o.name, "change.name");
  if (kind > 0 && name === "") throw new RinglabError("invalid_argument", `change ${o.kind} needs a server name`);
  if (kind === 3 && o.weight === undefined) throw new RinglabError("invalid_argument", "change weight needs a weight");
  return { kind, name, weight: o.weight === undefined ? 1 : num(o.weight, "change.weight") };
}
