#!/usr/bin/env node
// The package's `ringlab` command (package.json "bin"): it runs the Node CLI, web/lib/dist/cli.js.
//
// A file of the repository rather than of the build, so that it is there before the first build.
// `npx ringlab` in the project folder makes npm (>= 7) link the folder into its npx cache, with a
// link to the bin only if the bin's file exists, and npm keeps that entry. With the built file as
// the bin, one `npx ringlab` before `npm run build:wasm` left an entry without the command, and
// every later `npx ringlab` in that folder answered "ringlab: not found", built or not.
import { existsSync } from "node:fs";

const cli = new URL("../dist/cli.js", import.meta.url);
if (existsSync(cli)) {
  const { runAsCommand } = await import(cli.href);
  await runAsCommand(process.argv.slice(2));
} else {
  process.stderr.write(
    "ringlab: this copy of ringlab is not built (web/lib/dist/cli.js is missing): " +
      "run `npm run build:wasm` (or `npm start`, or `npm test`) in its folder first\n",
  );
  process.exitCode = 1;
}
