// erl (Debian's erlang-base, OTP 25) against `ringlab place erlang`: a small module, compiled
// here with erlc, makes each key the term --term names (the binary itself, the charlist
// unicode:characters_to_list gives, binary_to_atom(Key, utf8), binary_to_integer(Key)) and
// answers erlang:phash2/1 and phash2/2 for every range. Keys erl cannot make that term of are
// "error"; the rows compare the keys it can, and a last row checks that ringlab refuses the
// others too.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { erlVmFlags } from "../erlang/erl.mjs";
import { nativeCli, place, random, writeKeys } from "./lib.mjs";

const ORACLE = String.raw`
-module(keyed_oracle).
-export([main/1]).

main([KeysFile, OutFile, Kind | RangeTexts]) ->
    {ok, Data} = file:read_file(KeysFile),
    Keys = binary:split(Data, <<"\n">>, [global]),
    Ranges = [list_to_integer(R) || R <- RangeTexts],
    ok = file:write_file(OutFile, [line(term(Kind, K), Ranges) || K <- Keys]),
    halt(0).

term("binary", K) -> {ok, K};
term("charlist", K) ->
    case unicode:characters_to_list(K) of
        L when is_list(L) -> {ok, L};
        _ -> error
    end;
term("atom", K) -> try {ok, binary_to_atom(K, utf8)} catch _:_ -> error end;
term("integer", K) -> try {ok, binary_to_integer(K)} catch _:_ -> error end.

line(error, _) -> "error\n";
line({ok, T}, Ranges) ->
    [integer_to_list(erlang:phash2(T)), [[",", integer_to_list(erlang:phash2(T, R))] || R <- Ranges], "\n"].
`;

const RANGES = [1, 4, 1000, 2 ** 27, 4294967295, 4294967296];
const KINDS = ["binary", "charlist", "atom", "integer"];

// Decimal integers of 1 to 120 digits: signs, leading zeros, the small/big boundaries of
// phash2 (2^27, 2^59, 2^64) and around them.
function integerKeys(seed, count) {
  const rand = random(seed);
  const fixed = ["0", "-0", "+0", "007", "-007", "+42", "134217727", "134217728", "-134217728", "-134217729"];
  fixed.push(String(2n ** 59n - 1n), String(2n ** 59n), String(2n ** 64n - 1n), String(2n ** 64n), `-${2n ** 64n}`);
  const keys = fixed.map((k) => Buffer.from(k));
  while (keys.length < count) {
    const digits = 1 + Math.floor(rand() ** 3 * 120);
    let s = "";
    for (let i = 0; i < digits; i++) s += String(Math.floor(rand() * 10));
    const sign = ["", "", "-", "+"][Math.floor(rand() * 4)];
    keys.push(Buffer.from(sign + s));
  }
  return keys;
}

function runErl(dir, keys, kind) {
  const keysFile = path.join(dir, `keys-erl-${kind}.txt`);
  const outFile = path.join(dir, `answers-${kind}.txt`);
  writeKeys(keysFile, keys);
  const r = spawnSync(
    "erl",
    [
      ...erlVmFlags,
      "-noshell",
      "-pa",
      dir,
      "-run",
      "keyed_oracle",
      "main",
      keysFile,
      outFile,
      kind,
      ...RANGES.map(String),
    ],
    { cwd: dir, encoding: "utf8", maxBuffer: 1 << 26 },
  );
  if (r.status !== 0 || !existsSync(outFile)) throw new Error(`erl failed (${r.status}): ${r.stderr}${r.stdout}`);
  const lines = readFileSync(outFile, "utf8").split("\n");
  lines.pop();
  if (lines.length !== keys.length) throw new Error(`erl: ${lines.length} answers for ${keys.length} keys`);
  return lines.map((l) => (l === "error" ? null : l.split(",").map(Number)));
}

// The real answers: one row per configuration, { config, args (place erlang's flags), keys, real },
// then per kind a row of keys erl refuses to make that term of, each answered "refused".
export async function real({ keys, dir, seed, makeKeys }) {
  writeFileSync(path.join(dir, "keyed_oracle.erl"), ORACLE);
  const c = spawnSync("erlc", ["-o", dir, path.join(dir, "keyed_oracle.erl")], { encoding: "utf8" });
  if (c.status !== 0) throw new Error(`erlc failed (erlang-base): ${c.stderr}${c.stdout}`);

  // More keys than needed for charlist and atom, which refuse some (bytes that are not UTF-8,
  // names over 255 characters): as many of those they take as there are keys are compared.
  const wide = makeKeys(seed, 2 * keys.length);
  const candidates = { binary: keys, charlist: wide, atom: wide, integer: integerKeys(seed, keys.length) };
  const rows = [];
  const refusedRows = [];
  for (const kind of KINDS) {
    const all = candidates[kind];
    const answers = runErl(dir, all, kind);
    const taken = [];
    const values = [];
    const refused = [];
    answers.forEach((a, i) => {
      if (a === null) refused.push(all[i]);
      else if (taken.length < keys.length) (taken.push(all[i]), values.push(a));
    });
    if (taken.length < keys.length) throw new Error(`only ${taken.length} keys erl takes as ${kind}`);
    [null, ...RANGES].forEach((range, r) => {
      const args = ["--term", kind, ...(range === null ? [] : ["--range", String(range)])];
      const config = `--term ${kind} ${range === null ? "(phash2/1)" : `--range ${range}`}`;
      rows.push({ config, args, keys: taken, real: values.map((a) => a[r]) });
    });
    if (refused.length > 0)
      refusedRows.push({
        config: `keys erl refuses as --term ${kind}`,
        args: ["--term", kind],
        keys: refused,
        real: refused.map(() => "refused"),
        refused: true,
      });
  }
  return [...rows, ...refusedRows];
}

// Each refused key alone (up to 200 of each kind): ringlab must refuse it too, naming the key.
function ringlabRefuses(row, dir) {
  const step = Math.max(1, Math.floor(row.keys.length / 200));
  const keys = row.keys.filter((_, i) => i % step === 0).slice(0, 200);
  const answers = keys.map((key) => {
    const f = path.join(dir, "refused.txt");
    writeKeys(f, [key]);
    const r = spawnSync(nativeCli(), ["place", "erlang", ...row.args, "--keys", f], { encoding: "utf8" });
    return r.status === 2 && r.stderr.startsWith("ringlab: key 1") ? "refused" : `exit ${r.status}: ${r.stderr}`;
  });
  return { ...row, keys, real: keys.map(() => "refused"), ringlab: answers };
}

export async function compare(ctx) {
  return (await real(ctx)).map((row) =>
    row.refused ? ringlabRefuses(row, ctx.dir) : { ...row, ringlab: place("erlang", row.args, row.keys, ctx.dir) },
  );
}
