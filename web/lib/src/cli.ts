#!/usr/bin/env node
// The `ringlab` command on Node: the C++ ringlab::run_cli compiled to WebAssembly (it lives in
// the library's module), so it takes the same flags, prints the same bytes and the same errors as
// the native binary.
//
//   npx ringlab run vnode-sweep --servers 3 --keys 800
//   npx ringlab compare --servers 10 --keys 100000 --change add --json
//   npx ringlab h32 KEY...
//   npx ringlab jump KEY BUCKETS
//   npx ringlab --help
//
// `h32` is answered by the module's h32 on the strings Node decoded from argv, i.e. on their
// UTF-16 units, exactly like the published function; everything else goes to run_cli.
//
// In this repository `npx --no-install ringlab ...` works from the root once `npm run build:wasm`
// has run: npm (>= 7) sees that the package in the current folder has a `ringlab` bin and links
// that folder into its npx cache (no registry, no npm link). An installed package has it in
// node_modules/.bin as usual.
import { Heap } from "./heap.js";
import { instantiate } from "./loader.js";
import createRinglabModule from "./wasm/ringlab.js";

// `ringlab ... | head` closes the pipe early; that is not an error worth a stack trace.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});

async function main(args: string[]): Promise<number> {
  const { module: raw, exports } = await instantiate(
    createRinglabModule,
    {},
    new URL("./wasm/ringlab.wasm", import.meta.url),
  );
  if (args[0] === "h32" && args.length > 1) {
    process.stdout.write(
      args
        .slice(1)
        .map((key) => `${raw.h32(key)}\n`)
        .join(""),
    );
    return 0;
  }
  const r = new Heap(raw, exports).call(() => raw.runCli(args));
  if (r.out) process.stdout.write(r.out);
  if (r.err) process.stderr.write(r.err);
  return r.exitCode;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`ringlab: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
