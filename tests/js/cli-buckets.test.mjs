// `ringlab bucket` on the Node CLI (the CLI's own module) and the native CLI: every bucket
// algorithm's vectors (tests/golden/buckets/) as one command line per case, byte for byte, and
// the same stdout, stderr and exit status from both for the command's forms: --keys FILE, --ops,
// --help, its errors. The algorithms are the registry's, so one added there is checked here too.
// The Node CLI runs in this process, through runCli, the function the bin calls (helpers.mjs,
// cliResult: what the bin would print, and its exit status): the subject is the command's output,
// and one module serves every list instead of a Node process each; cli.test.mjs starts the bin
// itself (its arguments, files, stdio and exit status).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { bucketVectorCases, cliJs, cliResult, root } from "./helpers.mjs";

const { runCli } = await import(pathToFileURL(cliJs).href);
const native = path.join(root, process.env.RINGLAB_BUILD_DIR ?? "build", "ringlab");
const hasNative = existsSync(native);

const registry = JSON.parse((await runCli(["algorithms", "--json"])).out).filter((a) => a.family === "buckets");

/** Each vector case as a command line and the bytes it must print. */
function vectorCommands() {
  const out = [];
  for (const { name } of registry) {
    for (const c of bucketVectorCases(name)) {
      const args = ["bucket", name, ...c.flags, ...(c.ops === "" ? [] : ["--ops", c.ops]), "--", ...c.inputs];
      // A bucket, or a node's name, one a line: the file's text.
      out.push({ args, stdout: c.answers.map((b) => `${b}\n`).join("") });
    }
  }
  return out;
}

test("every bucket algorithm's vectors: the Node CLI prints them", async () => {
  const commands = vectorCommands();
  assert.ok(commands.length >= registry.length);
  for (const { args, stdout } of commands) {
    const r = await runCli(args);
    assert.deepEqual([r.exitCode, r.out, r.err], [0, stdout, ""], args.slice(0, 6).join(" "));
  }
});

test(
  "every bucket algorithm's vectors: the native CLI prints the same",
  { skip: !hasNative && "no native build" },
  () => {
    for (const { args, stdout } of vectorCommands()) {
      const r = spawnSync(native, args, { encoding: "utf8" });
      assert.deepEqual([r.status, r.stdout, r.stderr], [0, stdout, ""], args.slice(0, 6).join(" "));
    }
  },
);

test(
  "the Node CLI and the native CLI: the same bytes for bucket's forms and errors",
  { skip: !hasNative && "no native build" },
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ringlab-bucket-"));
    try {
      const inputs = path.join(dir, "inputs.txt");
      writeFileSync(inputs, "599759890\n0x23bf9c12\n18446744073709551615\n");
      const bad = path.join(dir, "bad.txt");
      writeFileSync(bad, "1\n\n2\n");
      // A text algorithm's keys: UTF-8, bytes that are no UTF-8 (hashed as they are), no final
      // newline; and an empty line, an empty key.
      const texts = path.join(dir, "texts.txt");
      writeFileSync(texts, Buffer.concat([Buffer.from("user:42\nকী:৪২\n😀 x\n"), Buffer.from([0xff, 0xfe, 0x41])]));
      const textsBad = path.join(dir, "texts-bad.txt");
      writeFileSync(textsBad, "a\n\nb\n");
      // Each text algorithm with the options of its first vector case.
      const textForms = registry
        .filter((a) => a.input === "text")
        .flatMap((a) => {
          const { flags } = bucketVectorCases(a.name)[0];
          return [
            ["bucket", a.name, ...flags, "--keys", texts],
            ["bucket", a.name, ...flags, "--keys", textsBad],
            ["bucket", a.name, ...flags, "--", "user:42", "কী:৪২", "-1", "a b"],
          ];
        });
      const lists = [
        ["bucket", "--help"],
        ["bucket", "-h"],
        ...registry.map((a) => ["bucket", a.name, "--help"]),
        ["bucket", "jump", "--buckets", "10", "--keys", inputs],
        ["bucket", "jump", "--buckets", "10", "--ops", "remove:9,add,add", "--keys", inputs],
        ["bucket", "mod-n", "--buckets", "7", "--keys", inputs],
        ["bucket", "jump", "--buckets", "10", "--keys", bad],
        ["bucket", "jump", "--buckets", "10", "--keys", path.join(dir, "missing.txt")],
        ["bucket", "jump", "--buckets", "10", "--keys", inputs, "5"],
        ["bucket", "jump", "5", "--buckets", "10", "0X1F", "+7", "-0"],
        ["bucket"],
        ["bucket", "nope"],
        ["bucket", "jump"],
        ["bucket", "jump", "--buckets"],
        ["bucket", "jump", "--buckets", "1e3", "1"],
        ["bucket", "jump", "--buckets", "10", "--ops", "add,remove:10,remove:9", "1"],
        ["bucket", "jump", "--buckets", "10", "--ops", "", "1"],
        ["bucket", "jump", "--buckets", "10", "1\n2"],
        ...textForms,
      ];
      for (const args of lists) {
        const n = spawnSync(native, args, { encoding: "utf8" });
        const w = await cliResult(args);
        assert.deepEqual([w.status, w.stdout, w.stderr], [n.status, n.stdout, n.stderr], args.join(" "));
        assert.ok(n.status === 0 || n.status === 2, args.join(" "));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
