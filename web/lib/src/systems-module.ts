// The `ringlab/systems` API over an instantiated systems module.
import { RinglabError, wrapperError } from "./errors.js";
import { ErlangTermValue, tagTerm, termValue } from "./erlang-term.js";
import { Heap } from "./heap.js";
import type { Instantiated } from "./loader.js";
import { MalachiRingHandle } from "./malachi-ring.js";
import { RealSystemHandle } from "./real-system.js";
import type { RawSystemsModule, SystemsDirect } from "./systems-raw.js";
import type { MemoryUsage } from "./types.js";
import type {
  ErlangTerm,
  MalachiRing,
  MalachiRingOptions,
  ParseTermOptions,
  RealSystem,
  RinglabSystems,
  SystemOptions,
  TermInput,
  TermValue,
} from "./systems-types.js";
import { invalidType, num, options, str } from "./validate.js";

const systemsDirectNames: readonly (keyof SystemsDirect)[] = [
  "ringlab_phash2_scratch",
  "ringlab_malachi_route_scratch",
];

export class RinglabSystemsModule implements RinglabSystems {
  readonly version: string;
  readonly #raw: RawSystemsModule;
  readonly #heap: Heap<SystemsDirect>;
  readonly #describe: (tagged: string) => ReturnType<RawSystemsModule["describeTerm"]>;

  constructor({ module: raw, exports }: Instantiated<RawSystemsModule>) {
    this.#raw = raw;
    const heap = (this.#heap = new Heap<SystemsDirect>(raw, exports, systemsDirectNames));
    this.version = raw.version();
    this.#describe = (tagged) => heap.call(() => raw.describeTerm(tagged));
    Object.defineProperty(this, Symbol.for("ringlab.diagnostics"), { get: () => ({ direct: heap.directNames }) });
  }

  phash2(term: TermInput, range?: number): number {
    const ranged = range !== undefined;
    const r = ranged ? num(range, "range") : 0;
    // The direct export takes a range already valid (0: phash2/1); anything else, and a key with
    // no UTF-8 (-1), goes through embind, where the core words the error.
    if (typeof term === "string" && (!ranged || (Number.isInteger(r) && r >= 1 && r <= 2 ** 32))) {
      const len = this.#heap.key(term);
      if (len >= 0) {
        const h = this.#heap.direct!.ringlab_phash2_scratch(len, r);
        if (h >= 0) return h;
      }
    }
    const t = tagTerm(term, "term");
    return this.#heap.call(() => this.#raw.phash2(t, r, ranged));
  }

  phash2Many(keys: readonly string[], range?: number, out?: Uint32Array): Uint32Array {
    const ranged = range !== undefined;
    const r = ranged ? num(range, "range") : 0;
    const raw = this.#raw;
    return this.#heap.stagedStrings(keys, "keys", (n) => raw.phash2Many(n, r, ranged), { type: "uint32", out });
  }

  parseTerm(text: string, opts?: ParseTermOptions): ErlangTerm {
    const t = str(text, "text");
    const o = options<ParseTermOptions>(opts, ["syntax"], "parseTerm options");
    const syntax = o.syntax === undefined ? "elixir" : str(o.syntax, "syntax");
    return new ErlangTermValue(this.#heap.call(() => this.#raw.parseTerm(t, syntax)));
  }

  termElements(term: TermInput): TermValue[] {
    const t = tagTerm(term, "term");
    return this.#heap.call(() => this.#raw.termElements(t)).map((e) => termValue(e, this.#describe));
  }

  memory(): MemoryUsage {
    const u = this.#raw.heapUsage();
    return { heapUsed: u.used, heapReserved: u.reserved, memoryBytes: this.#heap.memoryBytes };
  }

  systems(): string[] {
    return this.#raw.systemNames();
  }

  system(name: string, opts?: SystemOptions): RealSystem {
    const n = str(name, "name");
    if (!this.#raw.systemNames().includes(n)) {
      throw wrapperError("invalid_argument", "noSuchSystem", "name", [n, ...this.#raw.systemNames()]);
    }
    const known = new Map(this.#raw.systemOptions(n).map(([flag, option, isSwitch]) => [option, { flag, isSwitch }]));
    if (opts !== undefined && (opts === null || typeof opts !== "object" || Array.isArray(opts))) {
      throw invalidType("system options", "an object", opts);
    }
    const flags: string[] = [];
    for (const [k, v] of Object.entries(opts ?? {})) {
      if (v === undefined) continue;
      const o = known.get(k);
      if (o === undefined) {
        throw wrapperError("invalid_argument", "unknownOption", k, [k, `system("${n}")`, ...known.keys()]);
      }
      const flag = o.flag;
      if (o.isSwitch) {
        if (typeof v !== "boolean") throw invalidType(k, "a boolean", v);
        if (v) flags.push(flag);
        continue;
      }
      if (Array.isArray(v)) flags.push(flag, v.map(String).join(","));
      else if (typeof v === "string" || typeof v === "number" || typeof v === "bigint") flags.push(flag, String(v));
      else throw invalidType(k, "a string, a number, a bigint or an array", v);
    }
    const raw = this.#heap.call(() => this.#raw.makeSystem(n, flags));
    if (raw === null) throw new RinglabError("internal", "the module returned no system");
    return new RealSystemHandle(raw, this.#heap, n);
  }

  malachiRing(opts?: MalachiRingOptions): MalachiRing {
    const o = options<MalachiRingOptions>(opts, ["ringBits"], "malachiRing options");
    const bits = o.ringBits === undefined ? 32 : num(o.ringBits, "ringBits");
    const raw = this.#heap.call(() => this.#raw.makeMalachiRing(bits));
    if (raw === null) throw new RinglabError("internal", "the module returned no Malachi ring");
    return new MalachiRingHandle(raw, this.#heap, this.#describe);
  }
}
