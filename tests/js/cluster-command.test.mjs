// The cluster page's `ringlab place` command (web/widgets/elements/cluster/command.ts): every
// option of every system has the flag the command line knows (the module's options() names
// options, not flags, so the page keeps their spelling: this holds it to the CLI's own), and a
// word the page quotes reads back unchanged in a POSIX shell. tests/e2e/cluster-share.test.mjs
// runs the commands the page shows.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { cliJs, distDir, root } from "./helpers.mjs";

const out = mkdtempSync(path.join(tmpdir(), "ringlab-command-"));
after(() => rmSync(out, { recursive: true, force: true }));
// command.ts imports types alone: its JavaScript runs as it is.
const src = readFileSync(path.join(root, "web/widgets/elements/cluster/command.ts"), "utf8");
const file = path.join(out, "command.mjs");
writeFileSync(
  file,
  ts.transpileModule(src, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } })
    .outputText,
);
const { placeCommand, shellWord } = await import(pathToFileURL(file).href);
const { load } = await import(pathToFileURL(path.join(distDir, "systems.js")).href);
const { runCli } = await import(pathToFileURL(cliJs).href);
const rl = await load();
// Every system the module has: the core's list, written nowhere else.
const SYSTEMS = rl.systems();

test("every option of every system has a flag the command line takes", async () => {
  for (const system of SYSTEMS) {
    for (const o of rl.options(system)) {
      const flag = o.flag;
      assert.match(flag, /^--[a-z][a-z0-9-]*$/, `${system}: the option ${o.name}'s flag`);
      // An unknown flag is a usage error naming it; a known one with a value it rejects is not.
      const r = await runCli(["place", system, flag, ...(o.type === "flag" ? [] : ["1"]), "k"]);
      assert.doesNotMatch(r.err, /unknown flag/, `${system} ${flag}: ${r.err}`);
    }
  }
  // And a flag the CLI does not know is named as such (the check above can fail).
  assert.match((await runCli(["place", "nginx", "--no-such-flag", "1", "k"])).err, /unknown flag --no-such-flag/);
});

test("a word the page quotes reads back unchanged in a POSIX shell", () => {
  const words = [
    "plain",
    "",
    "a b",
    "it's",
    "'",
    "''",
    '"q"',
    "$HOME",
    "`ls`",
    "a\\b",
    "tab\there",
    "café",
    "ঢাকা",
    "{a,b}",
    "*",
    "~x",
    "=x",
    "-x",
    "a=b",
    "x;y",
    "!x",
  ];
  const r = spawnSync("sh", ["-c", `for w in ${words.map(shellWord).join(" ")}; do printf '%s\\0' "$w"; done`], {
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.stdout.split("\0").slice(0, -1), words);
});

test("keys inline when few (after -- when one starts like a flag), else in keys.txt", () => {
  const few = placeCommand(rl, "kafka", { partitions: 6 }, ["a", "--b", ""]);
  assert.equal(few.text, "ringlab place kafka --partitions 6 -- a --b ''");
  assert.equal(few.keyFile, false);
  const many = placeCommand(
    rl,
    "kafka",
    { partitions: 6 },
    Array.from({ length: 21 }, (_, i) => `k${i}`),
  );
  assert.equal(many.text, "ringlab place kafka --partitions 6 --keys keys.txt");
  assert.equal(many.keyFile, true);
  // A file option's text in a heredoc whose end word is no line of it.
  const up = placeCommand(rl, "nginx", { upstream: "upstream u {\nEOF\n}" }, ["k"]);
  assert.equal(
    up.text,
    "cat > upstream.conf <<'EOF1'\nupstream u {\nEOF\n}\nEOF1\nringlab place nginx --upstream upstream.conf k",
  );
});
