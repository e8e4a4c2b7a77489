// docs/cli.md is every command's --help as the CLI prints it: scripts/gen-cli-docs.mjs writes it
// from the native CLI, and this test regenerates it in memory from the native CLI and from the
// Node CLI (the package's bin, on ringlab-cli.wasm) and fails when either differs from the file.
// Every command and sub-form the top-level help lists must answer --help with status 0 and
// nothing on stderr, or the generation throws.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { cliDoc, docPath, helpForms, nativeCli, runner } from "../../scripts/gen-cli-docs.mjs";
import { cliJs, root } from "./helpers.mjs";

const doc = readFileSync(docPath, "utf8");
const fix = "docs/cli.md differs from the CLI's help: run node scripts/gen-cli-docs.mjs";

test("docs/cli.md is what the native CLI's --help gives", (t) => {
  if (!existsSync(nativeCli)) return t.skip(`no native CLI at ${path.relative(root, nativeCli)} (cmake --build build)`);
  assert.ok(cliDoc(runner([nativeCli])) === doc, fix);
});

test("docs/cli.md is what the Node CLI's --help gives", () => {
  assert.ok(cliDoc(runner([process.execPath, cliJs])) === doc, fix);
});

test("the page has a section for every command and sub-form the top-level help lists", () => {
  const forms = helpForms(runner([process.execPath, cliJs])(["--help"])).map((a) => a.join(" "));
  for (const command of ["run", "h32", "jump", "compare", "digest", "phash2", "place nginx", "claims"])
    assert.ok(forms.includes(`${command} --help`), `ringlab --help lists ${command}`);
  for (const form of forms) assert.ok(doc.includes(`\n## \`ringlab ${form}\`\n`), `docs/cli.md: ringlab ${form}`);
});
