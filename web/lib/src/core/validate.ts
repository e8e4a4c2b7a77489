// Validation of JavaScript types, before anything reaches the module: a string where a number
// belongs, an unknown option. Nothing else: integers, ranges, limits, defaults and the change's
// grammar are the core's (cpp/include/ringlab/params.hpp), which words their errors.
import { type RinglabError, wrapperError } from "./errors.js";
import type { RawChangeArgs, RawCompareArgs, RawRingArgs } from "./raw.js";
import type { ChangeSpec, Defaults, ServerSpec, WeightedServerSpec } from "../main/types.js";

function typeName(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "object") return (v as object).constructor?.name ?? "an object";
  return typeof v;
}

export function invalidType(what: string, expected: string, got: unknown): RinglabError {
  return wrapperError("invalid_type", "type", what, [expected, typeName(got)]);
}

/**
 * A number. Only its JavaScript type is checked here: whether it is an integer, and in range, is
 * the core's to say (its safe-integer rule and the parameter table, with their messages).
 */
export function num(v: unknown, what: string): number {
  if (typeof v !== "number") throw invalidType(what, "a number", v);
  return v;
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
      throw wrapperError("invalid_argument", "unknownOption", k, [k, what, ...allowed]);
    }
  }
  return v as Partial<T>;
}

/** An option that is a number, or `fallback` (one of the core's defaults) when it is left out. */
export function numOption(o: Record<string, unknown>, key: string, fallback: number): number {
  const v = o[key];
  return v === undefined ? fallback : num(v, key);
}

/** A run's `threads`: undefined (all cores) or a number, which the core checks against its range. */
export function threadsOption(o: Record<string, unknown>): number | undefined {
  const v = o.threads;
  return v === undefined ? undefined : num(v, "threads");
}

const serverKeys = ["name", "weight", "zone"];

/** A server as the module takes it; `weight` is the core's default weight, for one not given. */
export function serverSpec(v: unknown, what: string, weight: number): Required<ServerSpec> {
  if (typeof v === "string") return { name: v, weight, zone: "" };
  if (v === null || typeof v !== "object" || Array.isArray(v)) {
    throw invalidType(what, "a name or { name, weight?, zone? }", v);
  }
  const o = options<ServerSpec>(v, serverKeys, what);
  return {
    name: str(o.name, `${what}.name`),
    weight: o.weight === undefined ? weight : num(o.weight, `${what}.weight`),
    zone: o.zone === undefined ? "" : str(o.zone, `${what}.zone`),
  };
}

// The servers of a ring or a comparison as the module takes them: a count (the module makes S0 …
// S{n-1} and checks n), or names, weights and zones in list order (`weight`: the default).
export function serverList(servers: unknown, vnodes: number, weight: number): RawRingArgs {
  if (typeof servers === "number") return { servers, names: undefined, weights: undefined, zones: undefined, vnodes };
  if (!Array.isArray(servers)) throw invalidType("servers", "a count or an array of servers", servers);
  const specs = servers.map((s: unknown, i) => serverSpec(s, `servers[${i}]`, weight));
  return {
    servers: specs.length,
    names: specs.map((s) => s.name),
    weights: Float64Array.from(specs, (s) => s.weight),
    zones: specs.map((s) => s.zone),
    vnodes,
  };
}

// A name or { name, weight? } (weighted rendezvous, Maglev backends); `weight`: the default.
export function weightedSpec(v: unknown, what: string, weight: number): Required<WeightedServerSpec> {
  if (typeof v === "string") return { name: v, weight };
  if (v === null || typeof v !== "object" || Array.isArray(v))
    throw invalidType(what, "a name or { name, weight? }", v);
  const o = options<WeightedServerSpec>(v, ["name", "weight"], what);
  return {
    name: str(o.name, `${what}.name`),
    weight: o.weight === undefined ? weight : num(o.weight, `${what}.weight`),
  };
}

export function list(v: unknown, what: string, expected: string): unknown[] {
  if (!Array.isArray(v)) throw invalidType(what, expected, v);
  return v;
}

// The change of a comparison, as the user gave it: the text form (the CLI's --change) or a
// ChangeSpec's parts. Both are the core's to read (parse_change, change_from_parts).
export function changeArgs(v: unknown): RawChangeArgs {
  if (typeof v === "string") return { text: v, kind: undefined, name: "", weight: undefined };
  if (v === null || typeof v !== "object" || Array.isArray(v))
    throw invalidType("change", "a string or { kind, name?, weight? }", v);
  const o = options<ChangeSpec>(v, ["kind", "name", "weight"], "change");
  return {
    text: "",
    kind: str(o.kind, "change.kind"),
    name: o.name === undefined ? "" : str(o.name, "change.name"),
    weight: o.weight === undefined ? undefined : num(o.weight, "change.weight"),
  };
}

/**
 * A comparison's scenario as the module takes it, each option the user left out the core's
 * default: one reading for the main module's compare and the lab's rows of the newer algorithms,
 * whose scenarios are the same. `o`'s keys are already checked; `d` is compare's defaults as the
 * core's table has them (the lab module's compareDefaults() has them too), `weight` a server's.
 */
export function compareArgs(o: Record<string, unknown>, d: Defaults["compare"], weight: number): RawCompareArgs {
  return {
    ...serverList(o.servers === undefined ? d.servers : o.servers, numOption(o, "vnodes", d.vnodes), weight),
    seed: numOption(o, "seed", d.seed),
    keys: numOption(o, "keys", d.keys),
    change: changeArgs(o.change === undefined ? d.change : o.change),
    epsilon: numOption(o, "epsilon", d.epsilon),
    tableSize: numOption(o, "tableSize", d.tableSize),
    threads: threadsOption(o),
  };
}

/** A tally of a run in parts. The core checks its length and every count; here only that it is an array of numbers. */
export function tallyArg(tally: unknown): Float64Array {
  if (tally instanceof Float64Array) return tally;
  throw invalidType("tally", "a Float64Array", tally);
}
