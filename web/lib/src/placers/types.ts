// The public types of `ringlab/placers`.
import type { Handle, MemoryUsage } from "../main/types.js";
import type { PlacerAlgorithms, PlacerOptionFields, PlacerServerFields } from "./options.js";

export type { PlacerAlgorithms, PlacerOptionFields, PlacerServerFields } from "./options.js";

/** A placer's name: `"ring"`, `"maglev"`, … (the registry's entries with a placer). */
export type PlacerAlgorithmName = keyof PlacerAlgorithms;

/**
 * One server of placer A: an object with its name and the fields A takes ({@link
 * PlacerServerFields}: a weight, a zone, a token), or, where A requires none (every placer but the
 * token ring, whose servers need a token), its name alone.
 */
export type PlacerServer<A extends PlacerAlgorithmName> =
  | ({ name: string } & PlacerAlgorithms[A]["server"])
  | ([PlacerAlgorithms[A]["required"]] extends [never] ? string : never);

/**
 * The options of placer A: its servers, in list order (the order that breaks ties and numbers the
 * answers), and its own options ({@link PlacerOptionFields}), those without a default required.
 */
export type PlacerOptions<A extends PlacerAlgorithmName> = {
  servers: readonly PlacerServer<A>[];
} & PlacerAlgorithms[A]["options"];

/** The membership operations a built placer has, as its registry entry says. */
export type PlacerMembership = "add" | "remove" | "reweight";

/** Which servers can leave, as the registry says (`ringlab algorithms`' `removal`). */
export type PlacerRemoval = "any" | "last" | "renumber";

/** A placer as the module's registry has it. */
export interface PlacerAlgorithmInfo {
  readonly name: PlacerAlgorithmName;
  /** The options and server fields it takes, by name (`"vnodes"`, `"weight"`, `"zone"`, …). */
  readonly options: readonly (keyof PlacerOptionFields | keyof PlacerServerFields)[];
  /** The operations its handle has; none: it is built again for each list of servers. */
  readonly membership: readonly PlacerMembership[];
  /** Which servers can leave: any (only its keys move), or any with the rest renumbered (mod-N). */
  readonly removal: PlacerRemoval;
  /** Whether it takes a weight per server. */
  readonly weights: boolean;
  /** Whether its servers have zones. */
  readonly zones: boolean;
  /** Whether {@link ServerPlacer.trace} shows its lookup's steps; without, a trace is the answer alone. */
  readonly traces: boolean;
  /** Whether its handle has {@link PlacerPreference.preference}: a key's servers in preference order. */
  readonly preference: boolean;
}

/** Where a key is placed: its server's place in {@link ServerPlacer.servers} and its name. */
export interface Placement {
  /** Its place in `servers()`; 4294967295 for none (rendezvous over no servers). */
  readonly index: number;
  /** Its name; undefined for none. */
  readonly server: string | undefined;
}

/**
 * What a lookup's step is (docs/algorithms.md#the-server-seam), as the core names them
 * (`load().stepKinds()` lists them in its order); a server is a place in `servers()`:
 * - `"hash"`: the key's hash, `value` (the token ring's: its position, h32 mod 2^bits);
 * - `"search"`: a step of the binary search over the sorted tokens: the range [`lo`, `hi`), the
 *   middle `point` it looked at and its token `value`, `right` whether it went right of it;
 * - `"owner"`: the owner point the search found, `point`, its token `value`, its `server`;
 * - `"score"`: rendezvous: `server`'s score for the key, `value`; weighted, `score` its weighted score;
 * - `"slot"`: mod-N and Maglev: the slot `point` of `hi` slots, and its `server`;
 * - `"full"`: bounded loads: `point`, whose `server` is full (`value` its load, `hi` its capacity), passed;
 * - `"answer"`: the server, always the last step.
 */
export type PlaceStepKind = "hash" | "search" | "owner" | "score" | "slot" | "full" | "answer";

/** One step of a lookup: what each field holds is its {@link PlaceStepKind}'s; a field it does not use is 0. */
export interface PlaceStep {
  readonly kind: PlaceStepKind;
  readonly server: number;
  readonly point: number;
  readonly value: bigint;
  readonly lo: number;
  readonly hi: number;
  readonly right: boolean;
  readonly score: number;
}

/** What every placer has: its placements and its servers. */
export interface ServerPlacerBase<A extends PlacerAlgorithmName = PlacerAlgorithmName> extends Handle {
  /** Its algorithm's name. */
  readonly algorithm: A;
  /** The membership operations it has (its registry entry's). */
  readonly membership: readonly PlacerMembership[];
  /** Whether {@link ServerPlacer.trace} shows the lookup's steps: its registry entry's `traces`. */
  readonly traces: boolean;
  /** How many servers it has. */
  readonly size: number;
  /** Its servers' names, in list order: the numbering of the answers (a new array each call). */
  servers(): string[];
  /**
   * The server of a key, as the algorithm's class places it (`rl.ring`'s owner, …); for bounded
   * loads, the key placed alone (a batch of one).
   * @throws RinglabError `"invalid_type"` for a key that is not a string.
   */
  place(key: string): Placement;
  /**
   * The server of each key, its place in `servers()`, in a new Uint32Array or in `out` (of the
   * keys' length). For bounded loads the keys are one batch, placed in order, the capacities for
   * all of them, as `ringlab server` places its keys.
   * @throws RinglabError `"invalid_type"` for keys that are not an array of strings, or an `out`
   *   of another length.
   */
  placeMany(keys: readonly string[], out?: Uint32Array): Uint32Array;
  /** The steps of a key's lookup (placed alone), the last its `"answer"`: `ringlab server --trace`'s. */
  trace(key: string): PlaceStep[];
  /**
   * The steps of each key's lookup within the batch, each ending in
   * {@link ServerPlacerBase.placeMany}'s answer for it: `ringlab server --trace KEY...`'s. For
   * bounded loads a key's walk past full servers (`"full"` steps) is the batch's; for the others
   * each is `trace(key)`.
   */
  traceMany(keys: readonly string[]): PlaceStep[][];
}

/** Adds a server at the end of the list. @throws RinglabError as the options' checks of a server. */
export interface PlacerAdd<A extends PlacerAlgorithmName> {
  add(server: PlacerServer<A>): void;
}
/** Takes a server out by name (those after it renumbered). @throws RinglabError for a name not listed. */
export interface PlacerRemove {
  remove(name: string): void;
}
/** Changes a server's weight. @throws RinglabError for a name not listed or a weight out of range. */
export interface PlacerReweight {
  reweight(name: string, weight: number): void;
}
/**
 * A key's preference list, for a placer whose class has one (the ring's zone-aware walk,
 * rendezvous' top scores, the token ring's walk over its virtual nodes): `ringlab server
 * --preference N`'s.
 */
export interface PlacerPreference {
  /**
   * The key's first n servers, in preference order, by name; the first is `place(key)`'s.
   * @throws RinglabError `"out_of_range"` for n outside 1 … the number of servers (parameter `rf`);
   *   `"invalid_type"` for a key that is not a string.
   */
  preference(key: string, n: number): string[];
  /**
   * Each key's first n servers as places in `servers()`, row after row: `[i * n, (i + 1) * n)` is
   * keys[i]'s list, in a new Uint32Array or in `out` (of keys.length × n values). n is checked once,
   * before any key.
   */
  preferenceMany(keys: readonly string[], n: number, out?: Uint32Array): Uint32Array;
}

/**
 * A placer of named servers, built (see docs/algorithms.md#the-server-seam): a key's server, and
 * the membership operations its registry entry has (`add`, `remove`, `reweight`) and its preference
 * list where it has one, typed for A. It
 * holds WebAssembly memory: dispose of it when done.
 */
export type ServerPlacer<A extends PlacerAlgorithmName = PlacerAlgorithmName> = ServerPlacerBase<A> &
  ("add" extends PlacerAlgorithms[A]["membership"] ? PlacerAdd<A> : unknown) &
  ("remove" extends PlacerAlgorithms[A]["membership"] ? PlacerRemove : unknown) &
  ("reweight" extends PlacerAlgorithms[A]["membership"] ? PlacerReweight : unknown) &
  (PlacerAlgorithms[A]["preference"] extends true ? PlacerPreference : unknown);

/** The API `load()` from `ringlab/placers` resolves to. */
export interface RinglabPlacers {
  /** The package version the module was built from. */
  readonly version: string;
  /** The placers, in the registry's order. */
  algorithms(): PlacerAlgorithmInfo[];
  /** The kinds of a lookup's steps ({@link PlaceStepKind}), in the core's order. */
  stepKinds(): readonly PlaceStepKind[];
  /**
   * Placer A built from its servers and options, `ringlab server`'s checks and errors.
   * @throws RinglabError `"invalid_argument"` for a name that is no placer (rule `"oneOf"`,
   *   naming them), an option or server field it does not take (`"notAnOption"`), one it needs
   *   and was not given (`"missing"`) or an unknown key (`"unknownOption"`); `"out_of_range"` for
   *   a value outside its range; `"duplicate_server"` for a server listed twice.
   */
  placer<A extends PlacerAlgorithmName>(algorithm: A, options: PlacerOptions<A>): ServerPlacer<A>;
  /** The module's heap (see `ringlab`'s `memory()`). */
  memory(): MemoryUsage;
}
