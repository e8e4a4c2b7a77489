// The examples of README.md and of every page in docs/ are tests: every fenced code block is
// either run here or listed as skipped with its reason, so an example that stops working (a
// renamed call, a changed message, a wrong commented result) fails the suite instead of
// misleading a reader. One test per block, named by its file and line.
//
// The rules, by the fence's info string (its first word is the language):
//
// - js, javascript, mjs, ts, typescript: the block runs as one ES module against the built package
//   (`import … from "ringlab"` resolves to this checkout's package). Top-level statements run in
//   order, like a REPL session: a declaration that throws ends the block; any other statement
//   that throws is reported and the next one runs. A comment that starts with a value (a number,
//   a string, an array or object literal, true/false/null/undefined/NaN/Infinity), or with
//   `=>` then a value, asserts that value: `rl.h32("k"); // 42 — prose after the value` or a
//   `// => value` line right after the statement. The longest prefix of the comment that parses
//   as a JavaScript expression is the value; it is compared by deep strict equality with the
//   statement's completion value (a typed array compared with an array literal by its elements);
//   on `const x = …;` it asserts x.
//   TypeScript (types, `using`) is compiled by the project's own typescript first.
// - sh, bash, shell, console, shell-session: when any line starts with `$ `, those lines are the
//   commands and the lines after each one, up to the next command, are its expected output
//   (stdout then stderr, exactly). A command with no output lines must exit 0 with nothing on
//   stderr; a command whose expected output is an error message (it writes to stderr) must exit
//   non-zero. Without `$ ` lines every line is a command that must exit 0 with nothing on stderr;
//   its trailing `# comment` asserts its stdout when the comment starts with a value, as in JS.
//   Commands run: `build/ringlab …` (the native CLI), `npx ringlab …` / `npx --no-install
//   ringlab …` / `node web/lib/dist/cli.js …` (the Node CLI), `ringlab …` (both, same output).
//   The native CLI is started as a process, from the repository root. The Node CLI runs in this
//   process, through runCli, the function the bin calls (helpers.mjs, cliResult): what is
//   checked here is a command's output, which is runCli's, and one module serves every command
//   instead of a Node process and a compiled ringlab-cli.wasm each; the bin's own plumbing
//   (arguments, stdio, exit status, npx) is tested by starting it, in cli.test.mjs.
//   Documentation-only commands, listed and skipped: those starting with DOC_ONLY's prefixes
//   (they install, build, serve or run whole suites — what `npm test` itself does). Any other
//   command fails: classify it here or mark its block.
// - cpp, c++: compiled with the native library (build/libringlab.a) and run; it must exit 0. A
//   block without `int main` is its #include lines and then a body wrapped in main().
// - The info-string word `no-test` (```sh no-test) skips a block, with that stated reason.
// - Any other language (cmake, html, none: synopses, layouts) is listed as skipped: not runnable.
// Indented code blocks are prose, not examples, and are not read.
//
// RINGLAB_BUILD_DIR (default `build`, where `npm test` builds) locates the native CLI and library;
// RINGLAB_DOC checks one file instead of README.md and docs/*.md (a draft, or this test's own
// checks).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { isDeepStrictEqual, inspect } from "node:util";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { cliJs, cliResult, root } from "./helpers.mjs";

// Commands name files from the repository root, where a reader runs them (and where `npm test`
// runs this file); the Node CLI in this process reads them from its current folder.
process.chdir(root);

// The files whose examples run: README.md and docs/*.md, or the one RINGLAB_DOC names.
const docPaths = process.env.RINGLAB_DOC
  ? [path.resolve(root, process.env.RINGLAB_DOC)]
  : [
      path.join(root, "README.md"),
      ...readdirSync(path.join(root, "docs"))
        .filter((f) => f.endsWith(".md"))
        .sort()
        .map((f) => path.join(root, "docs", f)),
    ];
const buildDir = path.resolve(root, process.env.RINGLAB_BUILD_DIR ?? "build");
const nativeCli = path.join(buildDir, "ringlab");
const nativeLib = path.join(buildDir, "libringlab.a");

const JS = new Set(["js", "javascript", "mjs", "ts", "typescript"]);
const SHELL = new Set(["sh", "bash", "shell", "console", "shell-session"]);
const CPP = new Set(["cpp", "c++", "cxx"]);
// Commands a reader runs to install, build, serve or test the whole project: `npm test` has
// already done them by the time this file runs, or they would start a server.
const DOC_ONLY = ["npm ", "cmake "];

/** Fenced blocks: {line (1-based, of the opening fence), lang, words, lines: [{n, text}]}. */
export function fencedBlocks(markdown) {
  const blocks = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s{0,3})(`{3,}|~{3,})(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, info] = open;
    const words = info.trim().split(/\s+/).filter(Boolean);
    const block = { line: i + 1, lang: (words[0] ?? "").toLowerCase(), words: words.slice(1), lines: [] };
    for (i++; i < lines.length; i++) {
      const close = new RegExp(`^\\s{0,3}${fence[0]}{${fence.length},}\\s*$`).exec(lines[i]);
      if (close) break;
      block.lines.push({ n: i + 1, text: lines[i].startsWith(indent) ? lines[i].slice(indent.length) : lines[i] });
    }
    blocks.push(block);
  }
  return blocks;
}

// ---------------------------------------------------------------------------------------------
// Values in comments.

const VALUE_START = /^(?:-?\d|-?\.\d|"|'|`|\[|\{|(?:true|false|null|undefined|NaN|-?Infinity)\b)/;

/**
 * The value a comment asserts, as {source, value}, or null when the comment is prose.
 * `text` is the comment without its `//` or `#`.
 */
export function commentValue(text) {
  let s = text.trim();
  const arrow = s.startsWith("=>");
  if (arrow) s = s.slice(2).trim();
  if (!VALUE_START.test(s)) return null;
  for (let end = s.length; end > 0; end--) {
    const source = s.slice(0, end).trim();
    if (!source || /[,;:(]$/.test(source)) continue;
    let value;
    try {
      // A value literal only: no names, so nothing in the docs can reach this process's state.
      value = new Function(`"use strict"; return (${source});`)();
    } catch {
      continue;
    }
    return { source, value };
  }
  return null;
}

function sameValue(actual, expected) {
  if (Array.isArray(expected) && ArrayBuffer.isView(actual) && !(actual instanceof DataView)) {
    actual = Array.from(actual);
  }
  return isDeepStrictEqual(actual, expected);
}

// ---------------------------------------------------------------------------------------------
// JavaScript and TypeScript blocks.

const show = (v) => inspect(v, { depth: 4, maxArrayLength: 12, breakLength: 100 });

/**
 * One block of the file `doc` as a module whose statements report to globalThis.__docs, and
 * what cannot be checked.
 */
function instrument(block, id, doc) {
  const code = block.lines.map((l) => l.text).join("\n");
  const first = block.lines[0]?.n ?? block.line + 1;
  const sf = ts.createSourceFile("block.ts", code, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS);
  const lineOf = (pos) => sf.getLineAndCharacterOfPosition(pos).line;
  const lines = code.split("\n");
  const edits = []; // [start, end, text], applied back to front
  const problems = [];
  for (const st of sf.statements) {
    const start = st.getStart(sf);
    const docLine = first + lineOf(st.end);
    // The asserted value: a trailing comment on the statement's last line, or a `// => value`
    // line right after it.
    let expected = null;
    const trailing = ts.getTrailingCommentRanges(code, st.end) ?? [];
    const sameLine = trailing.find(
      (c) => lineOf(c.pos) === lineOf(st.end) && c.kind === ts.SyntaxKind.SingleLineCommentTrivia,
    );
    if (sameLine) expected = commentValue(code.slice(sameLine.pos + 2, sameLine.end));
    const next = lines[lineOf(st.end) + 1];
    if (!expected && next !== undefined && /^\s*\/\/\s*=>/.test(next)) expected = commentValue(next.trim().slice(2));
    if (ts.isImportDeclaration(st)) {
      // `ringlab` and its subpaths resolve to this checkout's package, wherever the module sits.
      const spec = st.moduleSpecifier.text;
      if (spec === "ringlab" || spec.startsWith("ringlab/")) {
        edits.push([
          st.moduleSpecifier.getStart(sf),
          st.moduleSpecifier.end,
          JSON.stringify(import.meta.resolve(spec)),
        ]);
      }
      continue;
    }
    const at = JSON.stringify(`${doc}:${docLine}`);
    const key = JSON.stringify(id);
    const exp = expected ? `, { source: ${JSON.stringify(expected.source)} }` : "";
    if (ts.isExpressionStatement(st)) {
      const expr = code.slice(st.expression.getStart(sf), st.expression.end);
      edits.push([start, st.end, `await __docs.check(${key}, ${at}, async () => (${expr})${exp});`]);
    } else if (
      !ts.isVariableStatement(st) &&
      !ts.isFunctionDeclaration(st) &&
      !ts.isClassDeclaration(st) &&
      !ts.isInterfaceDeclaration(st) &&
      !ts.isTypeAliasDeclaration(st) &&
      !ts.isEnumDeclaration(st)
    ) {
      // try/if/blocks: their completion value is what a REPL would print, and direct eval gives it.
      const plain = ts.transpileModule(code.slice(start, st.end), {
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
      }).outputText;
      edits.push([start, st.end, `await __docs.check(${key}, ${at}, () => eval(${JSON.stringify(plain)})${exp});`]);
    } else if (expected) {
      // `const x = f(); // 42` asserts x; a comment on any other declaration cannot be checked.
      const decl = ts.isVariableStatement(st) ? st.declarationList.declarations : [];
      if (decl.length === 1 && ts.isIdentifier(decl[0].name)) {
        edits.push([st.end, st.end, ` await __docs.check(${key}, ${at}, () => ${decl[0].name.text}${exp});`]);
      } else {
        problems.push(`${doc}:${docLine}: a value comment on a declaration this test cannot check`);
      }
    }
    // Declarations stay as written: one that throws ends the block, and the error names the line.
  }
  let out = code;
  for (const [s, e, text] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, s) + text + out.slice(e);
  const module = ts.transpileModule(out, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022, // `using` becomes try/finally with Symbol.dispose
      module: ts.ModuleKind.ESNext,
      verbatimModuleSyntax: true, // keep imports only a comment-asserted eval uses
    },
    fileName: "block.ts",
  }).outputText;
  return { module, problems };
}

const blockFailures = new Map();
globalThis.__docs = {
  async check(id, line, run, expected) {
    const failures = blockFailures.get(id);
    let value;
    try {
      value = await run();
    } catch (e) {
      failures.push(`${line}: threw ${e?.name ?? "error"}${e?.code ? ` (${e.code})` : ""}: ${e?.message ?? e}`);
      return;
    }
    if (!expected) return;
    const want = commentValue(expected.source).value;
    if (!sameValue(value, want)) {
      failures.push(`${line}: the comment says ${expected.source}, the code gives ${show(value)}`);
    }
  },
};

async function runJs(block, tmp, doc) {
  const id = `${doc}:${block.line}`;
  const { module, problems } = instrument(block, id, doc);
  blockFailures.set(id, problems);
  const file = path.join(tmp, `block-${doc.replace(/\W/g, "-")}-${block.line}.mjs`);
  writeFileSync(file, module);
  try {
    await import(pathToFileURL(file).href);
  } catch (e) {
    // A declaration threw (or the block does not compile): the rest of the block cannot run.
    blockFailures
      .get(id)
      .push(`the block stopped: ${e?.name ?? "error"}${e?.code ? ` (${e.code})` : ""}: ${e?.message ?? e}`);
  }
  return blockFailures.get(id);
}

// ---------------------------------------------------------------------------------------------
// Shell blocks.

/** Splits a command line into words and its trailing comment; null words on shell syntax we do not run. */
export function shellWords(line) {
  const words = [];
  let word = null;
  let quote = null;
  let i = 0;
  for (; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === "\\" && quote === '"' && i + 1 < line.length) word += line[++i];
      else word += c;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      word ??= "";
    } else if (c === "\\" && i + 1 < line.length) {
      word = (word ?? "") + line[++i];
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "#" && word === null) {
      break;
    } else if ("|&;<>`$()".includes(c)) {
      return { words: null, comment: null };
    } else {
      word = (word ?? "") + c;
    }
  }
  if (word !== null) words.push(word);
  return { words, comment: i < line.length ? line.slice(i + 1) : null };
}

/** The programs a command names: [{label, argv}], or a string saying why it is not run. */
function programs(words) {
  const node = (args) => ({ label: "Node CLI", args });
  const native = (args) => ({ label: "native CLI", argv: [nativeCli, ...args], native: true });
  const [w0, w1, w2] = words;
  if (w0 === "build/ringlab") return [native(words.slice(1))];
  if (w0 === "npx" && w1 === "ringlab") return [node(words.slice(2))];
  if (w0 === "npx" && w1 === "--no-install" && w2 === "ringlab") return [node(words.slice(3))];
  if (w0 === "node" && path.resolve(root, w1 ?? "") === cliJs) return [node(words.slice(2))];
  if (w0 === "ringlab") return [node(words.slice(1)), native(words.slice(1))];
  return null;
}

/** Commands of a shell block: [{n, line, expected: string[] | null}]. */
function shellCommands(block) {
  const prompt = block.lines.some((l) => l.text.startsWith("$ "));
  const commands = [];
  for (const l of block.lines) {
    if (prompt) {
      if (l.text.startsWith("$ ")) commands.push({ n: l.n, line: l.text.slice(2).trim(), expected: [] });
      else if (commands.length > 0) commands.at(-1).expected.push(l.text);
      continue;
    }
    const prev = commands.at(-1);
    if (prev?.line.endsWith("\\")) prev.line = prev.line.slice(0, -1) + " " + l.text.trim();
    else if (l.text.trim() !== "" && !l.text.trim().startsWith("#"))
      commands.push({ n: l.n, line: l.text.trim(), expected: null });
  }
  for (const c of commands) {
    if (c.expected) {
      while (c.expected.length > 0 && c.expected.at(-1).trim() === "") c.expected.pop();
      c.expected = c.expected.length ? c.expected : null;
    }
  }
  return commands;
}

async function runShell(block, t, doc) {
  const failures = [];
  for (const c of shellCommands(block)) {
    const where = `${doc}:${c.n}: ${c.line}`;
    const docOnly = DOC_ONLY.find((p) => c.line.startsWith(p));
    if (docOnly) {
      t.diagnostic(`not run (documentation only, "${docOnly.trim()}"): ${where}`);
      continue;
    }
    const { words, comment } = shellWords(c.line);
    const progs = words && programs(words);
    if (!progs) {
      failures.push(
        `${where}: not a command this test knows how to run; add a rule to tests/js/docs-examples.test.mjs or mark the block no-test`,
      );
      continue;
    }
    const value = comment === null ? null : commentValue(comment);
    for (const p of progs) {
      if (p.native && !existsSync(nativeCli)) {
        t.diagnostic(`not run: no native CLI at ${path.relative(root, nativeCli)} (cmake --build build): ${where}`);
        continue;
      }
      const r = p.native
        ? spawnSync(p.argv[0], p.argv.slice(1), { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 })
        : await cliResult(p.args);
      if (r.error) {
        failures.push(`${where} (${p.label}): ${r.error.message}`);
        continue;
      }
      const problems = [];
      if (c.expected) {
        const want = c.expected.join("\n") + "\n";
        if (r.stdout + r.stderr !== want) problems.push(`printed\n${r.stdout}${r.stderr}expected\n${want}`);
        if ((r.stderr === "") !== (r.status === 0))
          problems.push(`exit status ${r.status} with stderr ${JSON.stringify(r.stderr)}`);
      } else {
        if (r.status !== 0 || r.stderr !== "")
          problems.push(`exit status ${r.status}, stderr ${JSON.stringify(r.stderr)}`);
        if (value) {
          const out = r.stdout.replace(/\n$/, "");
          if (out !== String(value.value))
            problems.push(`the comment says ${value.source}, it printed ${JSON.stringify(out)}`);
        }
      }
      if (problems.length) failures.push(`${where} (${p.label}): ${problems.join("; ")}`);
    }
  }
  return failures;
}

// ---------------------------------------------------------------------------------------------
// C++ blocks.

function runCpp(block, tmp, t, doc) {
  if (!existsSync(nativeLib)) {
    t.skip(`no native library at ${path.relative(root, nativeLib)} (cmake --build build)`);
    return [];
  }
  const lines = block.lines.map((l) => l.text);
  const source = lines.some((l) => /\bint\s+main\s*\(/.test(l))
    ? lines.join("\n")
    : [
        ...lines.filter((l) => l.startsWith("#")),
        "int main() {",
        ...lines.filter((l) => !l.startsWith("#")),
        "  return 0;",
        "}",
      ].join("\n");
  const base = path.join(tmp, `block-${doc.replace(/\W/g, "-")}-${block.line}`);
  const src = `${base}.cpp`;
  const exe = base;
  writeFileSync(src, source + "\n");
  const compiler = process.env.CXX ?? "c++";
  const args = ["-std=c++20", "-ffp-contract=off", "-I", path.join(root, "cpp", "include"), src, nativeLib, "-o", exe];
  const cc = spawnSync(compiler, args, { encoding: "utf8" });
  if (cc.error || cc.status !== 0)
    return [`${doc}:${block.line}: does not compile:\n${cc.error?.message ?? cc.stderr}`];
  const r = spawnSync(exe, [], { encoding: "utf8" });
  if (r.status !== 0) return [`${doc}:${block.line}: the program exited with ${r.status ?? r.signal}: ${r.stderr}`];
  return [];
}

// ---------------------------------------------------------------------------------------------

const tmp = mkdtempSync(path.join(tmpdir(), "ringlab-docs-"));
process.on("exit", () => rmSync(tmp, { recursive: true, force: true }));

for (const docPath of docPaths) {
  const doc = path.relative(root, docPath);
  const blocks = fencedBlocks(readFileSync(docPath, "utf8"));

  if (doc === "README.md") {
    test("README.md has examples to check", () => {
      assert.ok(
        blocks.some((b) => JS.has(b.lang)),
        "no JavaScript example",
      );
      assert.ok(
        blocks.some((b) => SHELL.has(b.lang)),
        "no shell example",
      );
    });
  }

  for (const block of blocks) {
    const first = block.lines.find((l) => l.text.trim() !== "")?.text.trim() ?? "";
    const name = `${doc}:${block.line} \`\`\`${[block.lang, ...block.words].join(" ")}: ${first.slice(0, 60)}`;
    if (block.words.includes("no-test")) {
      test(name, { skip: "marked no-test" }, () => {});
    } else if (JS.has(block.lang)) {
      test(name, async () => {
        const failures = await runJs(block, tmp, doc);
        if (failures.length) assert.fail(failures.join("\n"));
      });
    } else if (SHELL.has(block.lang)) {
      test(name, async (t) => {
        const failures = await runShell(block, t, doc);
        if (failures.length) assert.fail(failures.join("\n"));
      });
    } else if (CPP.has(block.lang)) {
      test(name, (t) => {
        const failures = runCpp(block, tmp, t, doc);
        if (failures.length) assert.fail(failures.join("\n"));
      });
    } else {
      test(name, { skip: `${block.lang ? `\`\`\`${block.lang}` : "no language"}: not a runnable example` }, () => {});
    }
  }
}
