// The `ringlab/placers` API over an instantiated buckets module (the module of both generic seams).
import { wrapperError } from "../core/errors.js";
import { Heap } from "../core/heap.js";
import type { Instantiated } from "../core/loader.js";
import { invalidType, num, str } from "../core/validate.js";
import type { MemoryUsage } from "../main/types.js";
import type { PlacerOptionFields } from "./options.js";
import type { RawPlacerAlgorithm, RawPlacerOptions, RawPlacersModule } from "./raw.js";
import { ServerPlacerHandle } from "./server-placer.js";
import { rawServer } from "./servers.js";
import type {
  PlacerAlgorithmInfo,
  PlacerAlgorithmName,
  PlacerMembership,
  PlacerOptions,
  PlacerRemoval,
  PlaceStepKind,
  RinglabPlacers,
  ServerPlacer,
} from "./types.js";

// Every option a placer may take beside its servers (PlacerOptionFields): which ones an algorithm
// takes is the core's to say.
const optionKeys: readonly string[] = ["servers", "vnodes", "tableSize", "epsilon", "bits"] satisfies readonly (
  "servers" | keyof PlacerOptionFields
)[];

export class RinglabPlacersModule implements RinglabPlacers {
  readonly version: string;
  readonly #raw: RawPlacersModule;
  readonly #heap: Heap<object>;
  // The registry's placers, read once: a handle's membership and traits are its entry's.
  readonly #algorithms: ReadonlyMap<string, RawPlacerAlgorithm>;

  constructor({ module: raw, exports }: Instantiated<RawPlacersModule>) {
    this.#raw = raw;
    this.#heap = new Heap<object>(raw, exports, []);
    this.version = raw.version();
    this.#algorithms = new Map(raw.placerAlgorithms().map((a) => [a.name, a]));
  }

  algorithms(): PlacerAlgorithmInfo[] {
    return [...this.#algorithms.values()].map((a) =>
      Object.freeze({
        name: a.name as PlacerAlgorithmName,
        options: Object.freeze(a.options as PlacerAlgorithmInfo["options"][number][]),
        membership: Object.freeze(a.membership as PlacerMembership[]),
        removal: a.removal as PlacerRemoval,
        weights: a.weights,
        zones: a.zones,
        traces: a.traces,
        preference: a.preference,
      }),
    );
  }

  stepKinds(): readonly PlaceStepKind[] {
    return Object.freeze(this.#raw.placeStepKinds() as PlaceStepKind[]);
  }

  placer<A extends PlacerAlgorithmName>(algorithm: A, options: PlacerOptions<A>): ServerPlacer<A> {
    const name = str(algorithm, "algorithm");
    if (options === null || typeof options !== "object" || Array.isArray(options)) {
      throw invalidType("placer options", "an object", options);
    }
    const o = options as Partial<Record<string, unknown>>;
    for (const k of Object.keys(o)) {
      if (!optionKeys.includes(k)) {
        throw wrapperError("invalid_argument", "unknownOption", k, [k, `placer("${name}")`, ...optionKeys]);
      }
    }
    const servers = o.servers;
    if (servers !== undefined && !Array.isArray(servers)) {
      throw invalidType("servers", "an array of names or servers", servers);
    }
    const raw: RawPlacerOptions = {
      servers: servers?.map((s: unknown, i) => rawServer(s, `servers[${i}]`)),
      vnodes: o.vnodes === undefined ? undefined : num(o.vnodes, "vnodes"),
      tableSize: o.tableSize === undefined ? undefined : num(o.tableSize, "tableSize"),
      epsilon: o.epsilon === undefined ? undefined : num(o.epsilon, "epsilon"),
      bits: o.bits === undefined ? undefined : num(o.bits, "bits"),
    };
    // No servers is refused by the module, as `ringlab server` refuses no --servers.
    const handle = this.#heap.call(() => this.#raw.makePlacer(name, raw))!;
    const entry = this.#algorithms.get(handle.algorithm())!;
    return new ServerPlacerHandle<A>(
      handle,
      this.#heap,
      Object.freeze(entry.membership as PlacerMembership[]),
      entry.traces,
    ) as unknown as ServerPlacer<A>;
  }

  memory(): MemoryUsage {
    const u = this.#raw.heapUsage();
    return { heapUsed: u.used, heapReserved: u.reserved, memoryBytes: this.#heap.memoryBytes };
  }
}
