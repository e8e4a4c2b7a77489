// The `ringlab/systems` API over an instantiated systems module.
import { RinglabError, wrapperError } from "../core/errors.js";
import { ErlangTermValue, tagTerm, termValue } from "./erlang-term.js";
import { Heap } from "../core/heap.js";
import type { Instantiated } from "../core/loader.js";
import { MalachiRingHandle } from "./malachi-ring.js";
import { optionValues } from "./inputs.js";
import { RealSystemHandle } from "./real-system.js";
import type { RawSystemOption, RawSystemsModule, SystemsDirect } from "./raw.js";
import type { MemoryUsage } from "../main/types.js";
import type {
  ErlangTerm,
  MalachiRing,
  MalachiRingOptions,
  ParseTermOptions,
  RealSystem,
  RinglabSystems,
  SystemName,
  SystemOptionSpec,
  SystemOptions,
  TermInput,
  TermValue,
} from "./types.js";
import { num, options, str } from "../core/validate.js";

const systemsDirectNames: readonly (keyof SystemsDirect)[] = [
  "ringlab_phash2_scratch",
  "ringlab_malachi_route_scratch",
];

export class RinglabSystemsModule implements RinglabSystems {
  readonly version: string;
  readonly #raw: RawSystemsModule;
  readonly #heap: Heap<SystemsDirect>;
  readonly #describe: (tagged: string) => ReturnType<RawSystemsModule["describeTerm"]>;
  readonly #tables = new Map<string, RawSystemOption[]>();

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

  /** The module's option table of a system, read once. */
  #table(name: string): RawSystemOption[] {
    let t = this.#tables.get(name);
    if (t === undefined) {
      const raw = this.#raw;
      t = this.#heap.call(() => raw.systemOptions(name));
      this.#tables.set(name, t);
    }
    return t;
  }

  #known(name: string): string {
    if (!this.#raw.systemNames().includes(name)) {
      throw wrapperError("invalid_argument", "noSuchSystem", "name", [name, ...this.#raw.systemNames()]);
    }
    return name;
  }

  options(name: SystemName): SystemOptionSpec[] {
    const n = this.#known(str(name, "name"));
    return this.#table(n).map((o) => ({
      name: o.name,
      flag: o.flag,
      type: o.type,
      choices: o.choices === "" ? [] : o.choices.split("|"),
      default: o.fallback === "" ? undefined : o.fallback,
      range: o.lo === 0 && o.hi === 0 ? undefined : [o.lo, o.hi],
      required: o.required,
    }));
  }

  system<N extends SystemName>(name: N, opts?: SystemOptions<N>): RealSystem<N> {
    const n = this.#known(str(name, "name")) as N;
    // Each value's JavaScript type is checked against the table here; its value is the core's to check.
    const values = optionValues(opts, this.#table(n), `system("${n}")`);
    const raw = this.#heap.call(() => this.#raw.makeSystem(n, values));
    if (raw === null) throw new RinglabError("internal", "the module returned no system");
    return new RealSystemHandle<N>(raw, this.#heap, n);
  }

  malachiRing(opts?: MalachiRingOptions): MalachiRing {
    const o = options<MalachiRingOptions>(opts, ["ringBits"], "malachiRing options");
    const bits = o.ringBits === undefined ? 32 : num(o.ringBits, "ringBits");
    const raw = this.#heap.call(() => this.#raw.makeMalachiRing(bits));
    if (raw === null) throw new RinglabError("internal", "the module returned no Malachi ring");
    return new MalachiRingHandle(raw, this.#heap, this.#describe);
  }
}
