// The JavaScript forms of a real system's configuration and of a change to its servers, read the
// same way wherever the package takes them (ringlab/systems' system() and edit(), ringlab/plan's
// rings.change()): only their JavaScript types are checked here; their values and grammar are the
// core's (cpp/include/ringlab/systems/placement.hpp), which reads them as `place`'s flags.
import { wrapperError } from "../core/errors.js";
import { invalidType, num, str } from "../core/validate.js";
import type { RawOptionValue, RawSystemOption } from "./raw.js";

/**
 * A system's options as typed values for the core: each option's JavaScript type checked against
 * the system's option table (the module's systemOptions(name)); `call` names the call in errors.
 */
export function optionValues(opts: unknown, table: readonly RawSystemOption[], call: string): RawOptionValue[] {
  if (opts !== undefined && (opts === null || typeof opts !== "object" || Array.isArray(opts))) {
    throw invalidType("system options", "an object", opts);
  }
  const values: RawOptionValue[] = [];
  for (const [k, v] of Object.entries(opts ?? {}) as [string, unknown][]) {
    if (v === undefined) continue;
    const o = table.find((x) => x.name === k);
    if (o === undefined) {
      throw wrapperError("invalid_argument", "unknownOption", k, [k, call, ...table.map((x) => x.name)]);
    }
    const value: RawOptionValue = { name: k, text: "", number: 0, on: false };
    if (o.type === "flag") {
      if (typeof v !== "boolean") throw invalidType(k, "a boolean", v);
      value.on = v;
    } else if (o.type === "integer") {
      value.number = num(v, k);
    } else if (o.type === "list") {
      if (Array.isArray(v)) value.text = v.map((e: unknown, i) => str(e, `${k}[${i}]`)).join(",");
      else value.text = str(v, k);
    } else {
      value.text = str(v, k);
    }
    values.push(value);
  }
  return values;
}

/** A change to a system's servers (a ServerChange), read: its kind, server and weight (1 when none). */
export interface ReadChange {
  kind: "add" | "remove" | "down" | "up" | "weight";
  server: string;
  weight: number;
}

/** A ServerChange's JavaScript form checked: one kind, its own options, a weight where it takes one. */
export function readChange(change: unknown): ReadChange {
  if (change === null || typeof change !== "object" || Array.isArray(change)) {
    throw invalidType("change", "an object", change);
  }
  const c = change as Record<string, unknown>;
  const kinds = ["add", "remove", "down", "up", "reweight"].filter((k) => k in c);
  if (kinds.length !== 1) {
    throw wrapperError("invalid_argument", "oneChange", "change", kinds);
  }
  const kind = kinds[0] as "add" | "remove" | "down" | "up" | "reweight";
  const known = kind === "add" || kind === "reweight" ? [kind, "weight"] : [kind];
  for (const k of Object.keys(c)) {
    if (!known.includes(k)) throw wrapperError("invalid_argument", "unknownChangeOption", k, [k, kind]);
  }
  const server = str(c[kind], kind);
  if (kind === "reweight" && c.weight === undefined) throw wrapperError("invalid_argument", "needs", "weight", [kind]);
  const weight = c.weight === undefined ? 1 : num(c.weight, "weight");
  return { kind: kind === "reweight" ? "weight" : kind, server, weight };
}
