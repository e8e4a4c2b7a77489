// What the cluster page asks the systems module: a system made from the page's options, its
// servers and answers as the page shows them, and the few forms of the page's own lists (one
// server a line; nginx's ` down`; Cassandra's NODE=TOKEN lines and nodetool text, which the
// module does not edit).
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
 * Cassandra's tokens are not a list the module edits (a node has several): its changes are a
 * NODE=TOKEN line added or a node's lines taken away, in the page's own token list.
 */
export function cassandraNode(line: string): string {
  const at = line.lastIndexOf("=");
  return (at < 0 ? line : line.slice(0, at)).trim();
}

/** Cassandra's nodes named in `nodetool ring` text (for the change's choices). */
export function cassandraNames(t: string): string[] {
  const out: string[] = [];
  for (const l of t.split("\n")) {
    const m = /^\s*(\d+\.\d+\.\d+\.\d+|\[?[0-9a-fA-F:]*:[0-9a-fA-F:]*\]?)\s/.exec(l);
    if (m?.[1]) out.push(m[1]);
  }
  return [...new Set(out)];
}

/** A Cassandra change made to `nodetool ring` text: a row added, or a node's rows taken away. */
export function cassandraChange(t: string, kind: string, target: string): string {
  if (kind === "add") {
    const [node, token] = [cassandraNode(target), target.slice(target.lastIndexOf("=") + 1)];
    return `${t.replace(/\n$/, "")}\n${node}  rack1  Up     Normal  1.0 MiB  25.00%  ${token}`;
  }
  const esc = target.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return t
    .split("\n")
    .filter((l) => !new RegExp(`^\\s*${esc}\\s`).test(l))
    .join("\n");
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
