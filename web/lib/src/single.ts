// The entry point of `ringlab/single` (package.json exports "./single"): web/lib/dist/single.js
// and single.d.ts. The main entry's API (main/) over the inlined scalar module
// (wasm/ringlab.inline.js). It defines load() and re-exports RinglabError and errorCodes
// (core/errors.ts, the bundle every entry shares) and the API's types (main/types.ts).
/**
 * ringlab with the WebAssembly inlined into the JavaScript (gzipped, base64): nothing to serve,
 * locate or configure in a bundler — for embedding. About as large to download as the main entry
 * plus its `.wasm`. Same API.
 *
 * The module is inflated with the platform's `DecompressionStream` (Chrome 80, Firefox 113,
 * Safari 16.4, Node 18 and later); where there is none, use the main entry.
 *
 * The inlined module is the scalar `ringlab.wasm`, which runs in every engine: the main entry's
 * SIMD128 build (`ringlab-simd.wasm`, chosen by `load()` where the engine has SIMD128) is not
 * inlined, as a second copy would not fit the page budget.
 *
 * @example
 * ```ts
 * import { load } from "ringlab/single";
 * const rl = await load();
 * ```
 * @module
 */
import { createRinglab } from "./main/api.js";
import { RinglabError } from "./core/errors.js";
import { instantiate } from "./core/loader.js";
import type { Ringlab } from "./main/types.js";
import wasmGzipBase64 from "./wasm/ringlab.inline.js";
import createRinglabModule from "./wasm/ringlab.js";

export {
  RinglabError,
  errorCodes,
  type RinglabErrorCode,
  type RinglabErrorDetail,
  type RinglabErrorValue,
} from "./core/errors.js";
export type * from "./main/types.js";

let shared: Promise<Ringlab> | undefined;

function decodeBase64(b64: string): Uint8Array {
  const text = atob(b64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

async function gunzip(bytes: Uint8Array): Promise<ArrayBuffer> {
  if (typeof DecompressionStream !== "function") {
    throw new RinglabError(
      "load_failed",
      'ringlab/single needs DecompressionStream, which this environment lacks: import "ringlab" instead',
    );
  }
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).arrayBuffer();
}

/**
 * Instantiates the inlined module and resolves to the API. Every call resolves to the same
 * instance.
 *
 * @throws RinglabError `"load_failed"` (as a rejection) when WebAssembly cannot be instantiated.
 */
export function load(): Promise<Ringlab> {
  shared ??= gunzip(decodeBase64(wasmGzipBase64))
    .then((wasmBinary) => instantiate(createRinglabModule, { wasmBinary }))
    .then(createRinglab)
    .catch((e: unknown) => {
      shared = undefined;
      if (e instanceof RinglabError) throw e;
      const err = new RinglabError(
        "load_failed",
        `cannot load ringlab's .wasm: ${e instanceof Error ? e.message : String(e)}`,
      );
      (err as { cause?: unknown }).cause = e;
      throw err;
    });
  return shared;
}
