// docs/cli.md is every command's --help as the CLI prints it: scripts/gen-cli-docs.mjs writes it
// from the native CLI, and this test regenerates it in memory from the native CLI and from the
// Node CLI (the package's bin, on ringlab-cli.wasm) and fails when either differs from the file.
// Every command and sub-form the top-level help lists must answer --help with status 0 and
// nothing on stderr, or the generation throws. The Node CLI's help is runCli's, the function the
// bin calls, run in this process (helpers.mjs, cliResult): the page is the commands' output, and
// one module serves every form instead of a Node process each; cli.test.mjs starts the bin itself
// and compares its --help forms with the native CLI's.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { cliDoc, docPath, helpForms, nativeCli, runner } from "../../scripts/gen-cli-docs.mjs";
import { cliResult, root } from "./helpers.mjs";

const doc = readFileSync(docPath, "utf8");
const fix = "docs/cli.md differs from the CLI's help: run node scripts/gen-cli-docs.mjs";

// A runner for cliDoc on the Node CLI: cliDoc asks synchronously, so the help of `--help` and of
// every form it lists is gathered first, each once, failing as runner() fails.
let nodeHelp;
function nodeRunner() {
  nodeHelp ??= (async () => {
    const texts = new Map();
    const help = async (args) => {
      const r = await cliResult(args);
      if (r.status !== 0 || r.stderr !== "")
        throw new Error(`ringlab ${args.join(" ")}: exit status ${r.status}, stderr ${JSON.stringify(r.stderr)}`);
      texts.set(args.join(" "), r.stdout);
      return r.stdout;
    };
    for (const args of helpForms(await help(["--help"]))) if (!texts.has(args.join(" "))) await help(args);
    return (args) => {
      const key = args.join(" ");
      if (!texts.has(key)) throw new Error(`ringlab ${key}: not a form ringlab --help lists`);
      return texts.get(key);
    };
  })();
  return nodeHelp;
}

test("docs/cli.md is what the native CLI's --help gives", (t) => {
  if (!existsSync(nativeCli)) return t.skip(`no native CLI at ${path.relative(root, nativeCli)} (cmake --build build)`);
  assert.ok(cliDoc(runner([nativeCli])) === doc, fix);
});

test("docs/cli.md is what the Node CLI's --help gives", async () => {
  assert.ok(cliDoc(await nodeRunner()) === doc, fix);
});

test("the page has a section for every command and sub-form the top-level help lists", async () => {
  const forms = helpForms((await nodeRunner())(["--help"])).map((a) => a.join(" "));
  for (const command of ["run", "h32", "jump", "compare", "digest", "phash2", "place nginx", "claims"])
    assert.ok(forms.includes(`${command} --help`), `ringlab --help lists ${command}`);
  for (const form of forms) assert.ok(doc.includes(`\n## \`ringlab ${form}\`\n`), `docs/cli.md: ringlab ${form}`);
});
