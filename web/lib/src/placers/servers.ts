// A server as the module takes it: its name and the fields it was given, each of its type. Which
// fields a placer takes, and every value's range, is the core's to say.
import { wrapperError } from "../core/errors.js";
import { invalidType, num, str } from "../core/validate.js";
import type { PlacerServerFields } from "./options.js";
import type { RawPlacerServer } from "./raw.js";

// Every field a server may have (PlacerServerFields), its name first.
const serverKeys: readonly string[] = ["name", "weight", "zone", "token"] satisfies readonly (
  "name" | keyof PlacerServerFields
)[];

export function rawServer(v: unknown, what: string): RawPlacerServer {
  if (typeof v === "string") return { name: v };
  if (v === null || typeof v !== "object" || Array.isArray(v)) {
    throw invalidType(what, "a string or an object with a name", v);
  }
  const o = v as Partial<Record<string, unknown>>;
  for (const k of Object.keys(o)) {
    if (!serverKeys.includes(k)) throw wrapperError("invalid_argument", "unknownOption", k, [k, what, ...serverKeys]);
  }
  const s: RawPlacerServer = { name: str(o.name, `${what}.name`) };
  if (o.weight !== undefined) s.weight = num(o.weight, "weight");
  if (o.zone !== undefined) s.zone = str(o.zone, "zone");
  if (o.token !== undefined) s.token = num(o.token, "token");
  return s;
}
