// The raw embind API registered by cpp/wasm/bindings.cpp. Internal: the wrapper (api.ts) is the
// public surface. Every fallible call leaves a flag at errorFlagAddress() when it fails; numbers
// are doubles, strings are passed as UTF-16 units, batches of strings as units + offsets.

/** An embind class handle: C++ memory that JavaScript must release with delete(). */
export interface RawHandle {
  delete(): void;
  isDeleted(): boolean;
}

export interface RawServerInfo {
  name: string;
  weight: number;
  zone: string;
  points: number;
}

export interface RawRing extends RawHandle {
  owner(hash: number): number;
  ownerOfKey(key: string): number;
  ownersOfHashes(hashes: Uint32Array): Uint32Array;
  ownersOfKeys(units: Uint16Array, offsets: Uint32Array): Uint32Array;
  preferenceList(hash: number, rf: number, zones: boolean): Uint32Array;
  add(name: string, weight: number, zone: string): void;
  remove(name: string): void;
  setWeight(name: string, weight: number): void;
  servers(): RawServerInfo[];
  serverCount(): number;
  size(): number;
  vnodes(): number;
  indexOf(name: string): number;
  memoryBytes(): number;
  points(): { tokens: Uint32Array; servers: Uint32Array };
}

export interface RawRendezvous extends RawHandle {
  pick(key: string): number;
  pickMany(units: Uint16Array, offsets: Uint32Array): Int32Array;
  scores(key: string): Uint32Array;
  top(key: string, k: number): Uint32Array;
}

/** What the Emscripten runtime itself puts on the module object. */
export interface EmscriptenRuntime {
  HEAP32: Int32Array;
  HEAPU8: Uint8Array;
}

export interface RawCommon extends EmscriptenRuntime {
  errorFlagAddress(): number;
  takeError(): { code: string; message: string };
  version(): string;
}

export interface RawModule extends RawCommon {
  heapUsage(): { used: number; reserved: number };
  h32(s: string): number;
  h32Bytes(bytes: Uint8Array): number;
  h32Many(units: Uint16Array, offsets: Uint32Array): Uint32Array;
  mulberry32Fill(state: number, count: number): { values: Uint32Array; state: number };
  keyNumbers(seed: number, count: number): Uint32Array;
  jump(key: bigint, buckets: number): number;
  jumpMany32(keys: Uint32Array, buckets: number): Int32Array;
  jumpMany64(words: Uint32Array, buckets: number): Int32Array;
  modN(hash: number, n: number): number;
  modNMany(hashes: Uint32Array, n: number): Uint32Array;
  makeRing(names: string[], weights: Float64Array, zones: string[], vnodes: number): RawRing | null;
  makeUniformRing(servers: number, vnodes: number): RawRing | null;
  makeRendezvous(names: string[]): RawRendezvous | null;
  ringVsMod(seed: number, keys: number, servers: number, vnodes: number): unknown;
  vnodeSweep(seed: number, servers: number, keys: number, vnodes: Float64Array): unknown;
  hrwJump(seed: number, keys: number, servers: number, remove: number, buckets: number): unknown;
}

export interface RawCliModule extends RawCommon {
  runCli(args: string[]): { exitCode: number; out: string; err: string };
  cliHelp(): string;
}

/** The argument Emscripten's factory takes (the parts we use). */
export interface ModuleArg {
  instantiateWasm?(
    imports: WebAssembly.Imports,
    receive: (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void,
  ): object;
  wasmBinary?: ArrayBuffer | Uint8Array;
}

export type Factory<M> = (moduleArg?: ModuleArg) => Promise<M>;
