/**
 * ringlab with the WebAssembly inlined into the JavaScript (base64): nothing to serve, locate or
 * configure in a bundler — for embedding. About a third larger to download than the main entry.
 * Same API.
 *
 * @example
 * ```ts
 * import { load } from "ringlab/single";
 * const rl = await load();
 * ```
 * @module
 */
import { createRinglab } from "./api.js";
import { instantiate } from "./loader.js";
import type { Ringlab } from "./types.js";
import wasmBase64 from "./wasm/ringlab.inline.js";
import createRinglabModule from "./wasm/ringlab.js";

export { RinglabError, errorCodes, type RinglabErrorCode } from "./errors.js";
export type * from "./types.js";

let shared: Promise<Ringlab> | undefined;

function decodeBase64(b64: string): Uint8Array {
  const text = atob(b64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Instantiates the inlined module and resolves to the API. Every call resolves to the same
 * instance.
 *
 * @throws RinglabError `"load_failed"` (as a rejection) when WebAssembly cannot be instantiated.
 */
export function load(): Promise<Ringlab> {
  shared ??= Promise.resolve()
    .then(() => instantiate(createRinglabModule, { wasmBinary: decodeBase64(wasmBase64) }))
    .then(createRinglab)
    .catch((e: unknown) => {
      shared = undefined;
      throw e;
    });
  return shared;
}
