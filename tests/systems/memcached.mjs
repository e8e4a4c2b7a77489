// libmemcached 1.1.4 against `ringlab place memcached`: a small C program, compiled here against
// Debian's libmemcached-dev, builds a memcached_st the way the CLI's flags say an application
// does (the distribution or the KETAMA / KETAMA_WEIGHTED behaviour, then the key hash, then
// memcached_server_add_with_weight() for each server in order) and asks
// memcached_server_by_key() for every key. Placement needs no memcached server: the library
// only connects when a command is sent.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { place, writeKeys } from "./lib.mjs";
import { compare as compareParse } from "./memcached-parse.mjs";

// The C side. stdin: one configuration per line, "MODE HASH SORT N host port weight ...", HASH
// a memcached_hash_t number or -1 for none; stdout: one line per key and configuration,
// "host:port", or "-" where memcached_server_by_key() returns no server.
export const ORACLE = String.raw`
#include <libmemcached/memcached.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *keys_text;
static size_t keys_len;

static int die(const char *what) { fprintf(stderr, "oracle: %s\n", what); exit(2); }

int main(int argc, char **argv) {
  if (argc != 2) return die("usage: oracle KEYS_FILE");
  FILE *f = fopen(argv[1], "rb");
  if (!f) return die("cannot open the keys");
  fseek(f, 0, SEEK_END);
  keys_len = (size_t) ftell(f);
  fseek(f, 0, SEEK_SET);
  keys_text = malloc(keys_len + 1);
  if (fread(keys_text, 1, keys_len, f) != keys_len) return die("cannot read the keys");
  fclose(f);
  char mode[64];
  int hash, sort, n;
  while (scanf("%63s %d %d %d", mode, &hash, &sort, &n) == 4) {
    memcached_st *m = memcached_create(NULL);
    memcached_return_t rc = MEMCACHED_SUCCESS;
    if (!strcmp(mode, "modula")) rc = memcached_behavior_set_distribution(m, MEMCACHED_DISTRIBUTION_MODULA);
    else if (!strcmp(mode, "consistent")) rc = memcached_behavior_set_distribution(m, MEMCACHED_DISTRIBUTION_CONSISTENT);
    else if (!strcmp(mode, "consistent_ketama")) rc = memcached_behavior_set_distribution(m, MEMCACHED_DISTRIBUTION_CONSISTENT_KETAMA);
    else if (!strcmp(mode, "consistent_ketama_spy")) rc = memcached_behavior_set_distribution(m, MEMCACHED_DISTRIBUTION_CONSISTENT_KETAMA_SPY);
    else if (!strcmp(mode, "consistent_weighted")) rc = memcached_behavior_set_distribution(m, MEMCACHED_DISTRIBUTION_CONSISTENT_WEIGHTED);
    else if (!strcmp(mode, "behavior_ketama")) rc = memcached_behavior_set(m, MEMCACHED_BEHAVIOR_KETAMA, 1);
    else if (!strcmp(mode, "behavior_ketama_weighted")) rc = memcached_behavior_set(m, MEMCACHED_BEHAVIOR_KETAMA_WEIGHTED, 1);
    else return die("unknown mode");
    if (rc != MEMCACHED_SUCCESS) return die("the mode was refused");
    if (hash >= 0 && memcached_behavior_set(m, MEMCACHED_BEHAVIOR_HASH, (uint64_t) hash) != MEMCACHED_SUCCESS)
      return die("the hash was refused");
    if (sort && memcached_behavior_set(m, MEMCACHED_BEHAVIOR_SORT_HOSTS, 1) != MEMCACHED_SUCCESS)
      return die("SORT_HOSTS was refused");
    if (n < 0) {
      /* The rest of the line is a server string: memcached_servers_parse(), then push. */
      char text[65536];
      if (!fgets(text, sizeof text, stdin)) return die("bad server string");
      text[strcspn(text, "\n")] = 0;
      memcached_server_st *list = memcached_servers_parse(text + 1);
      if (!list) return die("memcached_servers_parse refused the string");
      if (memcached_server_push(m, list) != MEMCACHED_SUCCESS) return die("memcached_server_push failed");
      memcached_server_list_free(list);
    }
    for (int i = 0; i < n; i++) {
      char host[2048];
      unsigned port, weight;
      if (scanf("%2047s %u %u", host, &port, &weight) != 3) return die("bad server");
      if (memcached_server_add_with_weight(m, host, (in_port_t) port, weight) != MEMCACHED_SUCCESS)
        return die("a server was refused");
    }
    size_t from = 0;
    while (from <= keys_len) {
      char *nl = memchr(keys_text + from, '\n', keys_len - from);
      size_t len = nl ? (size_t) (nl - (keys_text + from)) : keys_len - from;
      memcached_return_t err;
      const memcached_instance_st *s = memcached_server_by_key(m, keys_text + from, len, &err);
      if (s) printf("%s:%u\n", memcached_server_name(s), (unsigned) memcached_server_port(s));
      else printf("-\n");
      from += len + 1;
      if (!nl) break;
    }
    printf("=\n");
    memcached_free(m);
  }
  return 0;
}
`;

const MODES = [
  "modula",
  "consistent",
  "consistent_ketama",
  "consistent_ketama_spy",
  "consistent_weighted",
  "behavior_ketama",
  "behavior_ketama_weighted",
];
// memcached_hash_t numbers (HSIEH, 7, is not in Debian's build and is not offered).
export const HASHES = {
  default: 0,
  md5: 1,
  crc: 2,
  fnv1_64: 3,
  fnv1a_64: 4,
  fnv1_32: 5,
  fnv1a_32: 6,
  murmur: 8,
  jenkins: 9,
  murmur3: 10,
};

// Server sets: [host, port, weight]. Ports 11211 (left out of libmemcached's point strings)
// and others; equal and unequal weights.
const SETS = {
  three: [
    ["10.0.0.1", 11211, 1],
    ["10.0.0.2", 11211, 1],
    ["10.0.0.3", 11212, 1],
  ],
  weighted: [
    ["10.0.0.1", 11211, 3],
    ["10.0.0.2", 11212, 1],
    ["10.0.0.3", 11213, 7],
    ["10.0.0.4", 11211, 2],
  ],
  // libmemcached's own ketama fixture: 10.0.1.1 .. 10.0.1.8, all on 11211.
  fixture: [600, 300, 200, 350, 1000, 800, 950, 100].map((w, i) => [`10.0.1.${i + 1}`, 11211, w]),
  // Names, not addresses, out of order (for SORT_HOSTS), two on one host.
  names: [
    ["cache-b.example", 11211, 1],
    ["cache-a.example", 11300, 2],
    ["cache-a.example", 11211, 1],
    ["memcached.internal", 22122, 5],
    ["::1", 11211, 1],
  ],
  single: [["127.0.0.1", 11211, 1]],
  // The ends of the ranges: weights up to 2^32 - 1 (single-precision shares), ports 1 and 65535,
  // a host name that is not ASCII (SORT_HOSTS compares bytes).
  extremes: [
    ["a.example", 65535, 4294967295],
    ["b.example", 1, 1],
    ["\u00fc.example", 11211, 3000000000],
    ["c.example", 11211, 7],
  ],
};

function cliServers(set) {
  return set
    .map(([host, port, weight]) => {
      const h = host.includes(":") ? `[${host}]` : host;
      const p = port === 11211 && host.startsWith("10.0.0.1") ? "" : `:${port}`; // the default port left out once
      return `${h}${p}${weight === 1 ? "" : `=${weight}`}`;
    })
    .join(",");
}

// libmemcached's own server strings (memcached_servers_parse): weights after a space or a ':', a
// bracketed IPv6 address (the brackets stay in the host name), the default port left out.
const STRINGS = {
  "string weighted": "10.0.0.1:11211 3,10.0.0.2:11212:1, [::1]:11213 2,cache",
  "string names": "cache-b.example,cache-a.example:11300 2,cache-a.example:11211,memcached.internal:22122   5",
};

function configurations() {
  const out = [];
  const add = (setName, mode, hash, sort = false) => out.push({ setName, mode, hash, sort });
  for (const setName of Object.keys(STRINGS))
    for (const mode of MODES) for (const hash of [null, "md5", "crc"]) add(setName, mode, hash);
  // Every mode with every key hash (and none: what the mode leaves), on two server sets.
  for (const setName of ["three", "weighted"])
    for (const mode of MODES) for (const hash of [null, ...Object.keys(HASHES)]) add(setName, mode, hash);
  for (const mode of MODES) {
    add("fixture", mode, null);
    add("fixture", mode, "md5");
    add("names", mode, null);
    add("names", mode, null, true);
    add("names", mode, "crc", true);
    add("single", mode, null);
    add("extremes", mode, null);
    add("extremes", mode, "fnv1a_32", true);
  }
  return out;
}

// The real library's answers: one row { config, args, real } per configuration, args being
// `place memcached`'s flags for it.
export async function real({ keys, dir }) {
  const src = path.join(dir, "oracle.c");
  const bin = path.join(dir, "oracle");
  writeFileSync(src, ORACLE);
  const cc = spawnSync("sh", ["-c", `gcc -O1 -o "${bin}" "${src}" $(pkg-config --cflags --libs libmemcached)`], {
    encoding: "utf8",
  });
  if (cc.status !== 0) throw new Error(`cannot build the libmemcached oracle (libmemcached-dev):\n${cc.stderr}`);
  const keysFile = path.join(dir, "keys-oracle.txt");
  writeKeys(keysFile, keys);

  const configs = configurations();
  const input = configs
    .map(({ setName, mode, hash, sort }) => {
      const head = [mode, hash === null ? -1 : HASHES[hash], sort ? 1 : 0];
      if (STRINGS[setName]) return [...head, -1, STRINGS[setName]].join(" ");
      const set = SETS[setName];
      return [...head, set.length, ...set.flat()].join(" ");
    })
    .join("\n");
  const r = spawnSync(bin, [keysFile], { input: Buffer.from(input, "utf8"), encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`libmemcached oracle failed (${r.status}): ${r.stderr}`);
  const blocks = r.stdout.split("=\n");
  blocks.pop();
  if (blocks.length !== configs.length) throw new Error(`oracle gave ${blocks.length} answers for ${configs.length}`);

  return configs.map((c, i) => {
    const lines = blocks[i].split("\n");
    lines.pop();
    if (lines.length !== keys.length) throw new Error(`oracle: ${lines.length} answers for ${keys.length} keys`);
    const args = STRINGS[c.setName]
      ? ["--server-string", STRINGS[c.setName], "--mode", c.mode]
      : ["--servers", cliServers(SETS[c.setName]), "--mode", c.mode];
    if (c.hash !== null) args.push("--hash", c.hash);
    if (c.sort) args.push("--sort-hosts");
    const config = `${c.setName} ${c.mode}${c.hash === null ? "" : ` --hash ${c.hash}`}${c.sort ? " sorted" : ""}`;
    return { config, args, real: lines.map((l) => (l === "-" ? null : l)) };
  });
}

export async function compare({ keys, dir }) {
  const rows = await real({ keys, dir });
  return [
    ...rows.map(({ config, args, real }) => ({ config, keys, ringlab: place("memcached", args, keys, dir), real })),
    ...(await compareParse({ dir })),
  ];
}
