// libmemcached 1.1.4's memcached_servers_parse() against ringlab's reading of the same server
// strings (parse_memcached_servers, behind `place memcached --server-string` and the package's
// serverString): two small programs, compiled here, one against Debian's libmemcached-dev, one
// against the native build's libraries, each printing the servers (host, port, weight) it reads.
// Where the library reads a string as written, ringlab must read the same servers; where it
// would read something else than written (a line break kept in a host's name, a weight it skips),
// ringlab refuses the string with the rule named here, and the library's reading is checked to
// be the one that rule describes.
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "./lib.mjs";

// stdin: server strings, each ended by a NUL byte; stdout: for each, its servers as
// "HOSTHEX PORT WEIGHT" lines, or "NULL" where memcached_servers_parse() refuses it, then "=".
const LIBRARY = String.raw`
#include <libmemcached/memcached.h>
#include <stdio.h>
int main(void) {
  static char text[1 << 16];
  size_t n = 0;
  int c;
  while ((c = getchar()) != EOF) {
    if (c != 0) {
      if (n + 1 >= sizeof text) return 2;
      text[n++] = (char) c;
      continue;
    }
    text[n] = 0;
    n = 0;
    memcached_server_st *list = memcached_servers_parse(text);
    if (!list) printf("NULL\n");
    uint32_t count = list ? memcached_server_list_count(list) : 0;
    for (uint32_t i = 0; i < count; i++) {
      for (const unsigned char *h = (const unsigned char *) list[i].hostname; *h; h++) printf("%02x", *h);
      printf(" %u %u\n", (unsigned) list[i].port, (unsigned) list[i].weight);
    }
    if (list) memcached_server_list_free(list);
    printf("=\n");
  }
  return 0;
}
`;

// The same for ringlab, "ERROR RULE" (the innermost rule) where it refuses a string.
const RINGLAB = String.raw`
#include <iostream>
#include <iterator>
#include <string>
#include "ringlab/error.hpp"
#include "ringlab/systems/memcached.hpp"
int main() {
  const std::string all((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  std::size_t from = 0;
  static const char hex[] = "0123456789abcdef";
  for (std::size_t end; (end = all.find('\0', from)) != std::string::npos; from = end + 1) {
    try {
      for (const auto& s : ringlab::systems::parse_memcached_servers(all.substr(from, end - from))) {
        for (unsigned char c : s.host) std::cout << hex[c >> 4] << hex[c & 15];
        std::cout << ' ' << s.port << ' ' << s.weight << '\n';
      }
    } catch (const ringlab::Error& e) {
      const ringlab::Error* inner = &e;
      while (inner->inner() != nullptr) inner = inner->inner();
      std::cout << "ERROR " << inner->rule().id << '\n';
    }
    std::cout << "=\n";
  }
}
`;

// [text] where both read the same servers; [text, rule, library] where ringlab refuses with
// `rule` and the library reads `library` ([host, port, weight] each, or null: it refuses too).
export const STRINGS = [
  // Plain lists, the default port left out, weights after a space or a ':'.
  ["10.0.0.1:11211"],
  ["10.0.0.1:11211,10.0.0.2:11212,10.0.0.3"],
  ["cache"],
  ["cache-a,cache-b,cache-c,cache-d"],
  ["a,b:11212"],
  ["10.0.0.1:11211 3,10.0.0.2:11212:1, [::1]:11213 2,cache"],
  ["[::1]:11211"],
  ["[::1]"],
  ["[2001:db8::1]:22122 7"],
  ["memcached.internal:22122   5"],
  ["a:1 4294967295"],
  ["a:65535:2"],
  // Odd spacing: one white-space character after a comma, white space around a weight, a
  // weight after a space and tabs.
  ["a:11211, b:11212"],
  ["a:11211,\tb:11212"],
  ["a:11211,\nb:11212"],
  ["a:11211 2 ,b:11212"],
  ["a:11211 2 ,"],
  ["a:11211 2\t,b"],
  ["a:1 \t 5\t"],
  ["a:1 "],
  ["a:1\t"],
  // Trailing commas and newlines.
  ["a:11211,"],
  ["a:11211, "],
  ["a:11211,\n"],
  ["a:11211\n"],
  ["a:11211 2\n"],
  ["a:11211:3\n,b"],
  ["a:11211\r\n"],
  ["a:11211,b:11212\n"],
  // What the library reads otherwise than written: refused, with why.
  ["", "noneListed", null],
  [",", "mcEmptyEntry", [["", 11211, 1]]],
  [
    "a,,b",
    "mcEmptyEntry",
    [
      ["a", 11211, 1],
      ["", 11211, 1],
      ["b", 11211, 1],
    ],
  ],
  [
    "a:11211,  b:11212",
    "mcHostSpace",
    [
      ["a", 11211, 1],
      [" b", 11212, 1],
    ],
  ],
  [" a:1", "mcHostSpace", [[" a", 1, 1]]],
  ["a\n", "mcHostTrailingSpace", [["a\n", 11211, 1]]],
  [
    "a,b\n",
    "mcHostTrailingSpace",
    [
      ["a", 11211, 1],
      ["b\n", 11211, 1],
    ],
  ],
  ["a b:1", "mcHostChars", [["a b", 1, 1]]],
  ["a 3", "mcHostChars", [["a 3", 11211, 1]]],
  ["a:1\nb:2", "mcLineBreak", [["a", 1, 2]]],
  ["a:1\n2", "mcLineBreak", [["a", 1, 1]]],
  ["a:1\t2", "mcWeightAfterPort", [["a", 1, 1]]],
  ["a:1x", "mcWeightAfterPort", [["a", 1, 1]]],
  ["a:1:3 ", "mcAfterWeight", [["a", 1, 1]]],
  ["a:1 2 3", "mcAfterWeight", [["a", 1, 2]]],
  ["a:1 2x", "mcAfterWeight", [["a", 1, 2]]],
  ["a:1 x", "mcWeightDecimal", [["a", 1, 1]]],
  ["a:1:", "mcWeightDecimal", [["a", 1, 1]]],
  ["a:1 0", "between", [["a", 1, 1]]],
  ["a:x", "mcPortDecimal", [["a", 11211, 1]]],
  ["a: 5", "mcPortDecimal", [["a", 5, 5]]],
  ["a:-1", "mcPortDecimal", [["a", 65535, 1]]],
  ["a:", "mcPortDecimal", [["a", 11211, 1]]],
  ["a:0", "between", [["a", 11211, 1]]],
  ["a:99999", "between", [["a", 34463, 1]]],
  ["a:1 99999999999", "between", [["a", 1, 1215752191]]],
  [
    "a:1,a:1",
    "duplicateServer",
    [
      ["a", 1, 1],
      ["a", 1, 1],
    ],
  ],
  [
    "a,a:11211",
    "duplicateServer",
    [
      ["a", 11211, 1],
      ["a", 11211, 1],
    ],
  ],
];

function build(dir, name, source, command) {
  const src = path.join(dir, name);
  writeFileSync(src, source);
  const bin = path.join(dir, name.replace(/\.\w+$/, ""));
  const cc = spawnSync("sh", ["-c", command(src, bin)], { encoding: "utf8" });
  if (cc.status !== 0) throw new Error(`cannot build ${name}:\n${cc.stderr}`);
  return bin;
}

// Each string's servers, [[host, port, weight], ...], or "ERROR RULE" / "NULL".
function readings(bin, strings) {
  const input = Buffer.concat(strings.flatMap((s) => [Buffer.from(s, "utf8"), Buffer.from([0])]));
  const r = spawnSync(bin, [], { input, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${bin} failed (${r.status}): ${r.stderr}`);
  const blocks = r.stdout.split("=\n");
  blocks.pop();
  if (blocks.length !== strings.length) throw new Error(`${bin}: ${blocks.length} answers for ${strings.length}`);
  return blocks.map((b) => {
    const lines = b.split("\n");
    lines.pop();
    if (lines.length === 1 && /^(ERROR|NULL)/.test(lines[0])) return lines[0];
    return lines.map((l) => {
      const [host, port, weight] = l.split(" ");
      return [Buffer.from(host, "hex").toString("utf8"), Number(port), Number(weight)];
    });
  });
}

export async function compare({ dir }) {
  const lib = build(
    dir,
    "parse-library.c",
    LIBRARY,
    (src, bin) => `gcc -O1 -o "${bin}" "${src}" $(pkg-config --cflags --libs libmemcached)`,
  );
  // The libraries the CLI links, as one group: the native build compiles them as unity batches,
  // so the object that holds the parser also holds code that calls into the CLI's library.
  const libs = ["ringlab_systems", "ringlab_erlang", "ringlab_claims", "ringlab_cli_lib", "ringlab"].map((l) =>
    path.join(root, "build", `lib${l}.a`),
  );
  for (const l of libs) if (!existsSync(l)) throw new Error(`${l} not found: build it (cmake --build --preset native)`);
  const ours = build(
    dir,
    "parse-ringlab.cpp",
    RINGLAB,
    (src, bin) =>
      `g++ -std=c++20 -O1 -I"${path.join(root, "cpp", "include")}" -o "${bin}" "${src}" -Wl,--start-group ${libs.join(" ")} -Wl,--end-group`,
  );
  const texts = STRINGS.map(([text]) => text);
  const library = readings(lib, texts);
  const ringlab = readings(ours, texts);
  // The library's reading of a refused string must be the one the table says (else the reason
  // for refusing it no longer holds): the real side of the row is then the expected refusal.
  const real = STRINGS.map(([, rule, reads], i) => {
    if (rule === undefined) return library[i];
    const expected = reads === null ? "NULL" : reads;
    return JSON.stringify(library[i]) === JSON.stringify(expected)
      ? `ERROR ${rule}`
      : { libraryReads: library[i], tableSays: expected };
  });
  return [
    {
      config: `memcached_servers_parse: ${texts.length} server strings`,
      keys: texts.map((t) => Buffer.from(t, "utf8")),
      ringlab,
      real,
    },
  ];
}
