// What every handle shares: the C++ object it owns, freed by dispose(), by Symbol.dispose
// (`using`) or, as a safety net, when it is garbage collected.
import { wrapperError } from "./errors.js";
import type { RawHandle } from "./raw.js";

// Node 20 and current browsers have Symbol.dispose; elsewhere use the registered symbol that
// polyfills (and TypeScript's `using` helpers) agree on.
const disposeSymbol: typeof Symbol.dispose =
  (Symbol as { dispose?: typeof Symbol.dispose }).dispose ?? (Symbol.for("Symbol.dispose") as typeof Symbol.dispose);

// The safety net: a handle that is garbage collected without dispose() frees its C++ object.
const registry =
  typeof FinalizationRegistry === "function"
    ? new FinalizationRegistry<RawHandle>((raw) => {
        if (!raw.isDeleted()) raw.delete();
      })
    : undefined;

/** A handle on one C++ object of the module; the subclasses add its calls. */
export abstract class HandleBase<R extends RawHandle> {
  #raw: R | null;
  readonly #kind: string;

  protected constructor(raw: R, kind: string) {
    this.#raw = raw;
    this.#kind = kind;
    registry?.register(this, raw, this);
  }

  /** The live raw handle; throws "disposed" after dispose(). */
  protected get raw(): R {
    if (this.#raw === null) throw wrapperError("disposed", "disposed", "", [this.#kind]);
    return this.#raw;
  }

  get disposed(): boolean {
    return this.#raw === null;
  }

  dispose(): void {
    if (this.#raw === null) return;
    registry?.unregister(this);
    this.#raw.delete();
    this.#raw = null;
  }

  [disposeSymbol](): void {
    this.dispose();
  }
}
