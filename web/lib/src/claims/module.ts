// The `ringlab/claims` API over an instantiated claims module.
import type { Claim, RinglabClaims } from "./types.js";
import type { RawClaimsModule } from "./raw.js";
import { Heap } from "../core/heap.js";
import type { Instantiated } from "../core/loader.js";
import type { MemoryUsage } from "../main/types.js";

export class RinglabClaimsModule implements RinglabClaims {
  readonly version: string;
  readonly #raw: RawClaimsModule;
  readonly #heap: Heap<object>;

  constructor({ module: raw, exports }: Instantiated<RawClaimsModule>) {
    this.#raw = raw;
    this.#heap = new Heap<object>(raw, exports, []);
    this.version = raw.version();
  }

  claimsJson(): string {
    return this.#heap.call(() => this.#raw.claimsJson());
  }

  claims(): Claim[] {
    return JSON.parse(this.claimsJson()) as Claim[];
  }

  memory(): MemoryUsage {
    const u = this.#raw.heapUsage();
    return { heapUsed: u.used, heapReserved: u.reserved, memoryBytes: this.#heap.memoryBytes };
  }
}
