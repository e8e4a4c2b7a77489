// What the cluster page asks the systems module: a system made from the page's options, its
// servers and answers as the page shows them, and the few forms of the page's own lists (one
// server a line; nginx's ` down`).
import type {
  Placement,
  RealSystem,
  RinglabSystems,
  SystemName as ModuleSystemName,
  SystemServer,
} from "ringlab/systems";
import { pageError } from "../../core/errors";
import { latinDigits } from "../../core/numbers";
import type { Field, SystemName } from "./systems";

export type ErrorLike = { code?: string; message?: string; param?: string };

/** The rules of a value out of its range: the errors whose `out_of_range` lead is right. */
export const RANGE_RULES = new Set(["between", "atLeast", "aboveFinite", "atLeastFinite", "interval", "chunkRange"]);

/** Lines of a textarea: a final newline starts no line. */
export function lines(t: string): string[] {
  if (t === "") return [];
  const out = t.split("\n");
  if (out[out.length - 1] === "") out.pop();
  return out;
}

/** nginx's list: a server marked down is written `ADDRESS down`, the page's way of giving `down`. */
const DOWN = " down";
export const isDown = (line: string) => line.trimEnd().endsWith(DOWN);
export const withoutDown = (line: string) => (isDown(line) ? line.trimEnd().slice(0, -DOWN.length) : line).trim();

/** A server as the page's list writes it: its weight when not 1 (or always), and nginx's down mark. */
export function listLine(s: SystemServer, always: boolean): string {
  return `${s.name}${always || s.weight !== 1 ? `=${s.weight}` : ""}${s.down ? DOWN : ""}`;
}

/**
 * The server "Add a server" proposes: the next in the user's own numbering, after the servers the
 * module lists (`names`): the form most of them share, a host ending in a number (an IPv4
 * address's last part, "cache-3"'s 3) and a port, with the number one more than the largest after
 * that prefix ("192.168.5.10:11211", "192.168.5.11:11211" → "192.168.5.12:11211"). `fallback(i)` (the
 * system's own example) when no name has a number to count on. A Cassandra ring (`ring`, the
 * module's tokens in ring order) gets its new node's token too: the middle of the largest gap
 * between two tokens, wrapping ("10.0.0.4=3074457345618258602").
 */
export function freshServer(
  names: readonly string[],
  fallback: (i: number) => string,
  ring?: { token: BigInt64Array },
): string {
  const form = (name: string) => {
    const port = /:\d+$/.exec(name)?.[0] ?? "";
    const m = /^(.*?)(\d+)(\D*)$/.exec(name.slice(0, name.length - port.length));
    return m ? { prefix: m[1]!, n: Number(m[2]), suffix: m[3]! + port } : null;
  };
  // The form most of the servers share (the later one of two as common): its prefix and port.
  const forms = names.map(form);
  const count = (f: { prefix: string; suffix: string }) =>
    forms.filter((g) => g && g.prefix === f.prefix && g.suffix === f.suffix).length;
  let last: ReturnType<typeof form> = null;
  for (const f of forms) if (f && (last === null || count(f) >= count(last))) last = f;
  let name = "";
  if (last && Number.isSafeInteger(last.n)) {
    let n = last.n;
    // The next number after every server's of that prefix, whatever its port: a new host.
    for (const f of forms) if (f && f.prefix === last.prefix && f.n > n) n = f.n;
    // An IPv4 address's part stays below 256.
    const ipv4 = /^\d+\.\d+\.\d+\.$/.test(last.prefix);
    do n++;
    while (names.includes(`${last.prefix}${n}${last.suffix}`));
    if (!ipv4 || n < 255) name = `${last.prefix}${n}${last.suffix}`;
  }
  if (ring === undefined) {
    for (let i = names.length + 1; name === ""; i++) if (!names.includes(fallback(i))) name = fallback(i);
    return name;
  }
  if (name === "") {
    for (let i = names.length + 1; name === ""; i++) {
      const f = fallback(i);
      const node = f.slice(0, f.lastIndexOf("="));
      if (!names.includes(node)) name = node;
    }
  }
  return `${name}=${largestGapMiddle(ring.token)}`;
}

/** The middle of the largest gap between a ring's tokens (ascending), wrapping past 2⁶³ − 1. */
export function largestGapMiddle(tokens: BigInt64Array): bigint {
  const SPAN = 2n ** 64n;
  if (tokens.length === 0) return 0n;
  let best = -1n;
  let from = 0n;
  tokens.forEach((t, i) => {
    const next = i + 1 < tokens.length ? tokens[i + 1]! : tokens[0]! + SPAN;
    if (next - t > best) [best, from] = [next - t, t];
  });
  return BigInt.asIntN(64, from + best / 2n);
}

/** A placement result as the page shows it: a server's name, a number, Redis's { slot, node }, or null. */
export type PlacementResult = string | number | bigint | null | { slot: number; node: number };
export type SystemOptions = Record<string, string | number | boolean | readonly string[]>;

/** A system whose answers are the page's results (the module answers with indices and numbers). */
export interface PageSystem {
  readonly real: RealSystem;
  /** Its servers, as the module lists them (configuration order, weights, down marks). */
  readonly servers: SystemServer[];
  placeMany(keys: string[]): PlacementResult[];
  place(key: string): PlacementResult;
  /** One answer of the module's as the page shows it. */
  result(p: Placement): PlacementResult;
  diff(
    other: PageSystem,
    keys: string[],
  ): { keys: number; moves: { key: string | Uint8Array; from: PlacementResult; to: PlacementResult }[] };
  dispose(): void;
}

export function pageSystem(sys: RealSystem): PageSystem & { result: (p: Placement) => PlacementResult } {
  const servers = sys.servers();
  const names = servers.map((s) => s.name);
  const result = (p: Placement): PlacementResult => {
    const q = p as Placement & { slot?: number; partition?: number; token?: bigint; bucket?: number; hash?: number };
    if (q.slot !== undefined) return names.length ? { slot: q.slot, node: q.server } : q.slot;
    if (names.length) return q.server < 0 ? null : (names[q.server] ?? null);
    return q.partition ?? q.token ?? q.bucket ?? q.hash ?? null;
  };
  return {
    real: sys,
    servers,
    result,
    placeMany(keys) {
      const many = sys.placeMany(keys) as unknown as Record<string, ArrayLike<number | bigint>>;
      return keys.map((_, i) => {
        const p: Record<string, number | bigint> = {};
        for (const [k, v] of Object.entries(many)) p[k] = v[i]!;
        return result(p as unknown as Placement);
      });
    },
    place: (key) => result(sys.place(key)),
    diff(other, keys) {
      // A move's `to` indexes the other system's servers.
      const o = other as PageSystem & { result: typeof result };
      const d = sys.diff(o.real, keys);
      return { keys: d.keys, moves: d.moves.map((m) => ({ key: m.key, from: result(m.from), to: o.result(m.to) })) };
    },
    dispose: () => sys.dispose(),
  };
}

/** The options as the module's table types them: a number field's text as a number. */
export function typedOptions(rl: RinglabSystems, name: SystemName, options: SystemOptions): SystemOptions {
  const integers = new Set(
    rl
      .options(name as ModuleSystemName)
      .filter((o) => o.type === "integer")
      .map((o) => o.name),
  );
  const out: SystemOptions = {};
  for (const [k, v] of Object.entries(options)) out[k] = integers.has(k) && typeof v === "string" ? Number(v) : v;
  return out;
}

export function makeSystem(rl: RinglabSystems, name: SystemName, options: SystemOptions): PageSystem {
  return pageSystem(rl.system(name as ModuleSystemName, typedOptions(rl, name, options) as never));
}

/** A placement result as a category of the load chart (null: no server decided by the key). */
export function category(r: PlacementResult): string | null {
  if (r === null) return null;
  if (typeof r === "object" && !Array.isArray(r) && "node" in r) return `node:${String(r.node)}`;
  return String(r);
}

/** A scalar field's value as the module takes it. */
export function scalar(f: Field, v: string): string | number | boolean | undefined {
  if (f.kind === "check") return v === "1" || v === "true" ? true : undefined;
  if (v.trim() === "") return undefined;
  if (f.kind === "number") return wholeNumber(v, f.opt ?? f.name);
  return v;
}

/** A number field's text as a whole number, or the page's error saying it is none (not "safe integer"). */
export function wholeNumber(v: string, param: string): number {
  const latin = latinDigits(v).trim();
  const n = Number(latin);
  if (!/^[-+]?\d+$/.test(latin) || !Number.isSafeInteger(n))
    throw pageError("invalid_argument", "notWhole", param, [v.trim()]);
  return n;
}

export interface Config {
  options: SystemOptions;
  /** A count's servers (Redis's masters, Kafka's partitions…) when few enough to draw each. */
  names: string[];
  /** The count itself (Kafka's 100 partitions), 0 for a system of listed servers. */
  count: number;
}

export interface KeyRow {
  index: number;
  key: string;
  result?: PlacementResult;
  error?: unknown;
}
