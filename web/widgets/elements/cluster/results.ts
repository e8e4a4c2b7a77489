// The placing's answers as the cluster page reads them: a key's row, the keys refused, the keys
// per server, and the moved keys, each read from the typed arrays when asked (the page draws a
// hundred rows and counts the rest), so a hundred thousand keys cost the page no object each.
import type { Placement, SystemKey } from "ringlab/systems";
import { category, type KeyRow, type PageSystem, type PlacementResult } from "./module";
import type { Moves } from "./moves";
import { errorFromData } from "../../core/errors";
import type { Placed } from "./placing";

const strict = new TextDecoder("utf-8", { fatal: true });
const hex = (b: number) => `\\x${b.toString(16).padStart(2, "0")}`;

/**
 * A key as the page shows it: its text; a key that is no UTF-8 (a file's bytes) with each byte
 * outside a UTF-8 character written \xHH; a control character (a file's CR) written so too, so it shows.
 */
export function keyText(k: SystemKey): string {
  if (typeof k === "string")
    return /[\x00-\x1f\x7f]/.test(k) ? k.replace(/[\x00-\x1f\x7f]/g, (c) => hex(c.charCodeAt(0))) : k;
  let out = "";
  for (let i = 0; i < k.length;) {
    const b = k[i]!;
    const len = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    let ch: string | null = null;
    if (len === 1) ch = b < 0x20 || b === 0x7f || b === 0x5c ? null : String.fromCharCode(b);
    else if (len > 1 && i + len <= k.length) {
      try {
        ch = strict.decode(k.subarray(i, i + len));
      } catch {
        ch = null;
      }
    }
    if (ch === null) {
      out += b === 0x5c ? "\\\\" : hex(b);
      i++;
    } else {
      out += ch;
      i += len;
    }
  }
  return out;
}

export class Answers {
  readonly n: number;
  /** Keys refused by the system, and the first one's error (the input says it). */
  readonly refused: number;
  readonly firstError: unknown;
  /** Keys placed on a server (or a number), and how many per category (load.ts's counts). */
  readonly placedCount: number;
  readonly count = new Map<string, number>();
  /** Keys the system places on no server (nginx's empty key, a key libmemcached refuses). */
  readonly nulls: number;
  private readonly errorAt = new Map<number, number>();

  constructor(
    readonly placed: Placed,
    private readonly sys: PageSystem,
    private readonly keys: readonly SystemKey[],
  ) {
    this.n = placed.n;
    this.refused = placed.refused.length;
    placed.refused.forEach((k, j) => this.errorAt.set(k, j));
    this.firstError = placed.errors[0] ? errorFromData(placed.errors[0]) : undefined;
    // A category depends on the server alone when the system has servers (a name, Redis's
    // master), else on the number alone: one answer made per server or number, not per key.
    const byServer = sys.servers.length > 0 || placed.values === null;
    const cats = new Map<number | bigint, string | null>();
    let placedCount = 0;
    let nulls = 0;
    for (let i = 0; i < this.n; i++) {
      if (this.errorAt.has(i)) continue;
      const code = byServer ? placed.server[i]! : placed.values![i]!;
      let c = cats.get(code);
      if (c === undefined) {
        c = category(this.result(i));
        cats.set(code, c);
      }
      if (c === null) {
        nulls++;
        continue;
      }
      placedCount++;
      this.count.set(c, (this.count.get(c) ?? 0) + 1);
    }
    this.placedCount = placedCount;
    this.nulls = nulls;
  }

  /** The i-th key's answer as the page shows it. */
  result(i: number): PlacementResult {
    return this.sys.result(answer(this.placed, this.placed.server[i]!, this.placed.values?.[i]));
  }

  /** A server's name, by its index in the system's servers. */
  serverName(server: number): string {
    return this.sys.servers[server]?.name ?? "";
  }

  key(i: number): string {
    return keyText(this.keys[i]!);
  }

  row(i: number): KeyRow {
    const j = this.errorAt.get(i);
    return j === undefined
      ? { index: i, key: this.key(i), result: this.result(i) }
      : { index: i, key: this.key(i), error: errorFromData(this.placed.errors[j]!) };
  }

  /** The lines whose key is `text` exactly (as the page shows keys: bytes escaped). */
  find(text: string, most = 20): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.n && out.length < most; i++) {
      const k = this.keys[i]!;
      if (k === text || keyText(k) === text) out.push(i);
    }
    return out;
  }

  /** Lines whose key contains `text`. */
  containing(text: string, most = 5): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.n && out.length < most; i++) if (this.key(i).includes(text)) out.push(i);
    return out;
  }

  /** The moved keys, read from the placing's arrays (`other` names the servers after the change). */
  moves(other: PageSystem): Moves | null {
    const m = this.placed.moves;
    if (m === null || "error" in m) return null;
    const p = this.placed;
    return {
      keys: m.keys,
      count: m.index.length,
      key: (i) => this.key(m.index[i]!),
      index: (i) => m.index[i]!,
      from: (i) => this.sys.result(answer(p, m.from[i]!, m.fromValue?.[i])),
      to: (i) => other.result(answer(p, m.to[i]!, m.toValue?.[i])),
    };
  }

  /** Why the moves could not be found (the changed system refused, or diff did), else undefined. */
  get movesError(): unknown {
    const m = this.placed.moves;
    return m !== null && "error" in m ? errorFromData(m.error) : undefined;
  }
}

/** One answer in the module's shape, from the arrays. */
function answer(p: Placed, server: number, value: number | bigint | undefined): Placement {
  const out: Record<string, number | bigint> = { server };
  if (p.field !== null && value !== undefined) out[p.field] = value;
  return out as unknown as Placement;
}
