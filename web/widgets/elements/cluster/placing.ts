// The cluster page's per-key work, in one place for the worker (cluster-worker.ts, long key lists)
// and the page (short ones): every key placed by the systems module, the keys it refuses with
// their errors as data, and the keys a change moves (the module's diff). The answers stay typed
// arrays (server indices and the system's numbers), so a hundred thousand keys cross from the
// worker as a few buffers, and the page's parts count and draw from them without placing a key.
import type { RealSystem, RinglabSystems, ServerChange, SystemKey, SystemName } from "ringlab/systems";
import type { RinglabErrorDetail } from "ringlab";

export type SystemOptions = Record<string, string | number | boolean | readonly string[]>;

/** The keys: the textarea's text, or a file's bytes (one key a line, as `ringlab place --keys` reads them). */
export type KeysSource = { text: string } | { bytes: Uint8Array };

/** How the changed system is made from the page's: other options (a count, Cassandra's tokens), or an edit. */
export type ChangeRecipe = { options: SystemOptions } | { edit: ServerChange };

export interface PlaceJob {
  system: SystemName;
  /** The options as the module takes them (typed: module.ts typedOptions). */
  options: SystemOptions;
  change: ChangeRecipe | null;
  keys: KeysSource;
}

/** An error as data: a RinglabError's fields (code, rule, parameter, values), crossing from a worker. */
export interface ErrorData extends Partial<RinglabErrorDetail> {
  name?: string;
  code: string;
  message: string;
}

export interface MovesData {
  /** Keys compared (the keys the system places). */
  keys: number;
  /** Each moved key's index in the page's keys, in order. */
  index: Uint32Array;
  from: Int32Array;
  to: Int32Array;
  /** The system's numbers before and after (none for a system answering with servers alone). */
  fromValue: Uint32Array | BigInt64Array | null;
  toValue: Uint32Array | BigInt64Array | null;
}

export interface Placed {
  n: number;
  /** Each key's server (an index in the system's servers; -1: none decided by the key). */
  server: Int32Array;
  /** Each key's number (Redis slot, Kafka partition, Cassandra token, Guava bucket, phash2). */
  values: Uint32Array | BigInt64Array | null;
  /** That number's name in the module's answers ("slot", "partition"…); null: none. */
  field: string | null;
  /** The keys the system refuses (their indices, in order) and why. */
  refused: Uint32Array;
  errors: ErrorData[];
  /** What the change moves; an error when the changed system cannot be made; null: no change. */
  moves: MovesData | { error: ErrorData } | null;
}

/** Keys placed per call, so a worker can say how far it got (and hear of a newer job between). */
export const CHUNK = 10_000;

/** An error as data (a RinglabError's fields; anything else as an internal error). */
export function errorData(e: unknown): ErrorData {
  const x = (e ?? {}) as Partial<ErrorData>;
  return {
    name: typeof x.name === "string" ? x.name : "Error",
    code: typeof x.code === "string" ? x.code : "internal",
    message: typeof x.message === "string" ? x.message : String(e),
    ...(typeof x.rule === "string" ? { rule: x.rule } : {}),
    ...(typeof x.param === "string" ? { param: x.param } : {}),
    ...(Array.isArray(x.values) ? { values: [...x.values] } : {}),
    ...(x.inner !== undefined ? { inner: structuredClone(x.inner) } : {}),
  };
}

/**
 * A key file's keys, as `ringlab place --keys` reads them (split_key_lines in cpp/src): the bytes
 * between newlines, byte for byte (a CR stays in its key), a blank line the empty key, a final
 * newline starting no key. A key that is UTF-8 text is a string; one that is not stays bytes.
 */
export function fileKeys(bytes: Uint8Array): SystemKey[] {
  const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const out: SystemKey[] = [];
  let from = 0;
  while (from < bytes.length) {
    let nl = bytes.indexOf(10, from);
    if (nl < 0) nl = bytes.length;
    const line = bytes.subarray(from, nl);
    try {
      out.push(strict.decode(line));
    } catch {
      out.push(line.slice());
    }
    from = nl + 1;
  }
  return out;
}

/** The textarea's keys: one a line, a blank line the empty key, a final newline starting no key. */
export function textKeys(t: string): string[] {
  if (t === "") return [];
  const out = t.split("\n");
  if (out[out.length - 1] === "") out.pop();
  return out;
}

export const keysOf = (k: KeysSource): SystemKey[] => ("text" in k ? textKeys(k.text) : fileKeys(k.bytes));

function makeOther(rl: RinglabSystems, job: PlaceJob, sys: RealSystem): RealSystem {
  const c = job.change!;
  return "edit" in c ? sys.edit(c.edit) : rl.system(job.system, c.options as never);
}

/**
 * Every key placed, a chunk at a time: the generator yields how far it got after each chunk (a
 * worker says so to the page, and hears of a newer job between chunks), and returns the answers.
 * A chunk the system refuses a key of is placed key by key, to say which keys and why.
 */
export function* placing(
  rl: RinglabSystems,
  job: PlaceJob,
  keys: SystemKey[],
): Generator<{ done: number; total: number }, Placed> {
  const sys = rl.system(job.system, job.options as never);
  try {
    const n = keys.length;
    const server = new Int32Array(n);
    let values: Uint32Array | BigInt64Array | null = null;
    let field: string | null = null;
    const refused: number[] = [];
    const errors: ErrorData[] = [];
    for (let start = 0; start < n; start += CHUNK) {
      const chunk = keys.slice(start, start + CHUNK);
      try {
        const p = sys.placeMany(chunk) as unknown as Record<string, Int32Array | Uint32Array | BigInt64Array>;
        server.set(p.server as Int32Array, start);
        for (const [k, v] of Object.entries(p)) {
          if (k === "server") continue;
          field = k;
          values ??= v instanceof BigInt64Array ? new BigInt64Array(n) : new Uint32Array(n);
          values.set(v as never, start);
        }
      } catch {
        chunk.forEach((key, i) => {
          try {
            const p = sys.place(key) as unknown as Record<string, number | bigint>;
            server[start + i] = p.server as number;
            for (const [k, v] of Object.entries(p)) {
              if (k === "server") continue;
              field = k;
              values ??= typeof v === "bigint" ? new BigInt64Array(n) : new Uint32Array(n);
              values[start + i] = v as never;
            }
          } catch (e) {
            server[start + i] = -1;
            refused.push(start + i);
            errors.push(errorData(e));
          }
        });
      }
      yield { done: Math.min(n, start + CHUNK), total: n };
    }
    const placed: Placed = { n, server, values, field, refused: Uint32Array.from(refused), errors, moves: null };
    if (job.change) placed.moves = movesOf(rl, job, sys, keys, placed);
    return placed;
  } finally {
    sys.dispose();
  }
}

/** {@link placing} run through at once (a short list, on the page). */
export function placeNow(rl: RinglabSystems, job: PlaceJob): Placed {
  const it = placing(rl, job, keysOf(job.keys));
  for (;;) {
    const r = it.next();
    if (r.done) return r.value;
  }
}

/** The keys the change moves, by the module's diff over the keys the system places. */
function movesOf(
  rl: RinglabSystems,
  job: PlaceJob,
  sys: RealSystem,
  keys: SystemKey[],
  placed: Placed,
): MovesData | { error: ErrorData } {
  let other: RealSystem;
  try {
    other = makeOther(rl, job, sys);
  } catch (e) {
    return { error: errorData(e) };
  }
  try {
    const refused = new Set(placed.refused);
    const at: number[] = [];
    const valid: SystemKey[] = [];
    keys.forEach((k, i) => {
      if (!refused.has(i)) {
        at.push(i);
        valid.push(k);
      }
    });
    const wide = placed.values instanceof BigInt64Array;
    const d = sys.diff(other, valid);
    const m = d.moves.length;
    const out: MovesData = {
      keys: d.keys,
      index: new Uint32Array(m),
      from: new Int32Array(m),
      to: new Int32Array(m),
      fromValue: placed.values === null ? null : wide ? new BigInt64Array(m) : new Uint32Array(m),
      toValue: placed.values === null ? null : wide ? new BigInt64Array(m) : new Uint32Array(m),
    };
    d.moves.forEach((mv, j) => {
      out.index[j] = at[mv.index]!;
      out.from[j] = mv.from.server as number;
      out.to[j] = mv.to.server as number;
      const f = mv.from as unknown as Record<string, number | bigint>;
      const t = mv.to as unknown as Record<string, number | bigint>;
      for (const k of Object.keys(f)) {
        if (k === "server") continue;
        out.fromValue![j] = f[k] as never;
        out.toValue![j] = t[k] as never;
      }
    });
    return out;
  } catch (e) {
    return { error: errorData(e) };
  } finally {
    other.dispose();
  }
}
