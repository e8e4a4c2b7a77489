// `npm start`: installs what is missing, builds the WebAssembly module and the package, and serves
// the playground with Vite's dev server at a printed localhost URL (Ctrl-C stops it).
//
//   npm start [-- --port 5173] [-- --host]
import path from "node:path";
import { main, root, run } from "./lib/proc.mjs";
import { setup } from "./setup.mjs";

function option(name) {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : (process.argv[i + 1] ?? "");
}

main(async () => {
  setup();
  // The library the playground imports (web/lib/dist): the C++ core compiled by Emscripten and
  // the TypeScript wrapper. The WASM test suite is `npm test`'s business.
  run("npm", ["run", "--silent", "build:wasm", "--", "--no-tests"]);
  // Imported only now: setup() may just have installed Vite.
  const { createServer } = await import("vite");
  const port = option("--port");
  const server = await createServer({
    configFile: path.join(root, "web", "playground", "vite.config.ts"),
    server: {
      port: port ? Number(port) : 5173,
      host: process.argv.includes("--host") ? true : "localhost",
    },
  });
  await server.listen();
  const urls = server.resolvedUrls?.local ?? [];
  console.log(`\nringlab playground: ${urls[0] ?? `http://localhost:${server.config.server.port}/`}`);
  for (const u of urls.slice(1)) console.log(`                    ${u}`);
  console.log("Every stepper, experiment and calculator is linked from that page. Ctrl-C stops the server.");
});
