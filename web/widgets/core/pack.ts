// Long text packed for an address: its UTF-8 deflated (raw DEFLATE, RFC 1951) by the browser's
// own CompressionStream and written in base64url (RFC 4648 §5, no padding), so a link can carry
// ten thousand keys where the text itself would pass any address's length. Both ways are
// asynchronous, as the streams are.

async function through(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function base64url(bytes: Uint8Array): string {
  let bin = "";
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new Error("not base64url");
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** The text, deflated and in base64url. */
export async function pack(text: string): Promise<string> {
  return base64url(await through(new TextEncoder().encode(text), new CompressionStream("deflate-raw")));
}

/** The text {@link pack} packed; throws when `packed` is not such text (a link cut short, edited). */
export async function unpack(packed: string): Promise<string> {
  const bytes = await through(fromBase64url(packed), new DecompressionStream("deflate-raw"));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}
