#!/usr/bin/env node
// docs/cli.md, written from the command line's own help: `ringlab --help`, then `ringlab COMMAND
// --help` for every command its Usage block lists, and `ringlab COMMAND SUB --help` for each
// sub-form it lists (`place malachi`, `place nginx`, …), each as the CLI prints it, after the
// short introduction below. The help is the core's (cpp/src/cli/help.cpp, from the parameter
// table), so the page cannot drift from the flags, their defaults and their limits.
//
//   node scripts/gen-cli-docs.mjs            write docs/cli.md from build/ringlab
//   node scripts/gen-cli-docs.mjs --check    exit 1 if docs/cli.md differs
//
// RINGLAB_BUILD_DIR (default `build`) locates the native CLI. tests/js/docs-cli.test.mjs
// regenerates the page from the native CLI and from the Node CLI and fails when either differs.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const docPath = path.join(root, "docs", "cli.md");
export const nativeCli = path.join(root, process.env.RINGLAB_BUILD_DIR ?? "build", "ringlab");

const intro = `# The command line

\`ringlab\` runs the course's programs, compares the algorithms, places keys as the real systems
do and checks the chapter's claims. It comes twice, with the same output byte for byte: natively
(\`build/ringlab\`, from \`cmake --build build\`) and in WebAssembly, in the npm package's bin
(\`npx ringlab\`, which runs every command in a module of its own, \`ringlab-cli.wasm\`). Both
read the files a command names byte for byte; Node decodes arguments as UTF-8, so a key whose
bytes are not UTF-8 belongs in a \`--keys\` file.

A bad flag or value prints one line on stderr and exits with status 2;
[bad-input.md](bad-input.md) lists every such line the tests check. What the commands' outputs
mean is in [experiments.md](experiments.md) (\`run\`, \`compare\`, \`claims\`) and
[systems.md](systems.md) (\`place\`, \`phash2\`).

Below is every command's \`--help\`, as the CLI prints it (\`ringlab place --help\` prints the
help of every system in turn). This page is written by \`node scripts/gen-cli-docs.mjs\` from the
CLI itself; a test fails when it differs.
`;

/**
 * The argument lists whose help the page shows: `--help`, then each command and sub-form of the
 * top-level help's Usage block, in its order. `help` is the text of `ringlab --help`.
 */
export function helpForms(help) {
  const usage = help.split(/\n\n/).find((part) => part.startsWith("Usage:"));
  if (!usage) throw new Error("ringlab --help has no Usage block");
  const forms = [["--help"]];
  const seen = new Set();
  for (const line of usage.split("\n").slice(1)) {
    const m = /^ {2}ringlab (\S+)(?: (\S+))?/.exec(line);
    if (!m || m[1] === "COMMAND" || m[1].startsWith("-")) continue;
    // A lowercase word after the command is a sub-form (`place nginx`); anything else is an
    // argument (`<experiment>`, `KEY...`, `[flags]`).
    const words = m[2] && /^[a-z][\w-]*$/.test(m[2]) ? [m[1], m[2]] : [m[1]];
    const key = words.join(" ");
    if (seen.has(key)) continue;
    seen.add(key);
    forms.push([...words, "--help"]);
  }
  return forms;
}

/** docs/cli.md's text; `run(args)` gives the CLI's stdout for args, failing on an error. */
export function cliDoc(run) {
  const top = run(["--help"]);
  const sections = helpForms(top).map((args) => {
    const text = args.length === 1 ? top : run(args);
    return `## \`ringlab ${args.join(" ")}\`\n\n\`\`\`text\n${text.replace(/\n$/, "")}\n\`\`\`\n`;
  });
  return [intro, ...sections].join("\n");
}

/** A runner for cliDoc: the program's stdout, or an error unless it exits 0 with nothing on stderr. */
export function runner(argv) {
  return (args) => {
    const r = spawnSync(argv[0], [...argv.slice(1), ...args], { cwd: root, encoding: "utf8" });
    if (r.error) throw r.error;
    if (r.status !== 0 || r.stderr !== "")
      throw new Error(`ringlab ${args.join(" ")}: exit status ${r.status}, stderr ${JSON.stringify(r.stderr)}`);
    return r.stdout;
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const want = cliDoc(runner([nativeCli]));
  if (process.argv.includes("--check")) {
    if (readFileSync(docPath, "utf8") !== want) {
      console.error("docs/cli.md differs from the CLI's help: run node scripts/gen-cli-docs.mjs");
      process.exit(1);
    }
  } else {
    writeFileSync(docPath, want);
    console.log(`docs/cli.md written from ${path.relative(root, nativeCli)} --help`);
  }
}
