// Guava 31.1 (Debian's libguava-java, on the JDK) against `ringlab place guava`: a small Java
// program, compiled here with javac against guava.jar, calls Hashing.consistentHash with the
// long each --input makes of a key. A key that is UTF-8 text is hashed as a Java String
// (hashString(key, UTF_8)); a key that is not, as its bytes (hashBytes), which is what ringlab
// defines for it. murmur3_32 is Hashing.murmur3_32_fixed().
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { place, random, writeKeys } from "./lib.mjs";

const GUAVA_JAR = "/usr/share/java/guava.jar";

// argv: one keys file per key set. stdin: "SET INPUT BUCKETS" lines. stdout: a bucket per key,
// then "=", per line of stdin.
const ORACLE = String.raw`
import com.google.common.hash.HashFunction;
import com.google.common.hash.Hashing;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class Oracle {
  static List<byte[]> split(byte[] all) {
    List<byte[]> keys = new ArrayList<>();
    int from = 0;
    for (int i = 0; i <= all.length; i++) {
      if (i == all.length || all[i] == '\n') {
        keys.add(Arrays.copyOfRange(all, from, i));
        from = i + 1;
      }
    }
    return keys;
  }

  // The key as a String when it is UTF-8, else null.
  static String text(byte[] key) {
    try {
      return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(key)).toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  static long hashed(HashFunction f, byte[] key) {
    String s = text(key);
    return (s != null ? f.hashString(s, StandardCharsets.UTF_8) : f.hashBytes(key)).padToLong();
  }

  static long input(String kind, byte[] key) {
    String s = new String(key, StandardCharsets.ISO_8859_1);
    switch (kind) {
      case "auto":
        if (s.matches("[+-]?[0-9]+")) {
          try {
            return Long.parseLong(s);
          } catch (NumberFormatException e) {
            // beyond a long: hashed
          }
        }
        return hashed(Hashing.murmur3_128(), key);
      case "long":
        if (s.startsWith("0x") || s.startsWith("0X")) return Long.parseUnsignedLong(s.substring(2), 16);
        if (s.startsWith("-")) return Long.parseLong(s);
        return Long.parseUnsignedLong(s);
      case "murmur3_128": return hashed(Hashing.murmur3_128(), key);
      case "murmur3_32": return hashed(Hashing.murmur3_32_fixed(), key);
      case "farmhash64": return hashed(Hashing.farmHashFingerprint64(), key);
      default: throw new IllegalArgumentException(kind);
    }
  }

  public static void main(String[] args) throws Exception {
    List<List<byte[]>> sets = new ArrayList<>();
    for (String a : args) sets.add(split(Files.readAllBytes(Paths.get(a))));
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintWriter out = new PrintWriter(System.out);
    String line;
    while ((line = in.readLine()) != null) {
      String[] f = line.trim().split(" ");
      int buckets = Integer.parseInt(f[2]);
      for (byte[] key : sets.get(Integer.parseInt(f[0]))) out.println(Hashing.consistentHash(input(f[1], key), buckets));
      out.println("=");
    }
    out.flush();
  }
}
`;

// Keys that --input long takes: signed and unsigned decimals (leading zeros and '+' too), 0x hex,
// the ends of the range, and the inputs where Guava and jump differ.
function longKeys(seed, count) {
  const rand = random(seed);
  const u64 = () => (BigInt(Math.floor(rand() * 2 ** 32)) << 32n) | BigInt(Math.floor(rand() * 2 ** 32));
  const fixed = ["0", "1", "-1", "42", "-42", "9223372036854775807", "-9223372036854775808", "18446744073709551615"];
  fixed.push("3331094687578809748", "10560583522357363147", "0x2e3a6cf82e536594", "0x9999999999999999", "007", "+5");
  const keys = fixed.map((k) => Buffer.from(k));
  const forms = [
    (v) => BigInt.asIntN(64, v).toString(),
    (v) => v.toString(),
    (v) => `0x${v.toString(16)}`,
    (v) => `0X${v.toString(16).toUpperCase()}`,
    (v) => String(v % 1000000n),
    (v) => `00${BigInt.asIntN(32, v)}`.replace("00-", "-00"),
    (v) => `+${v % 10n ** 18n}`,
  ];
  while (keys.length < count) keys.push(Buffer.from(forms[keys.length % forms.length](u64())));
  return keys;
}

const INPUTS = ["auto", "long", "murmur3_128", "murmur3_32", "farmhash64"];
const BUCKETS = [1, 2, 10, 100, 1000, 65536, 2147483647];

// javac and the oracle run a few seconds each: the client compiler alone and the serial collector
// spend about half the CPU time of the default server compiler and parallel GC threads on so
// short a run (javac writes the same class file; Java 17's arithmetic is the same at every
// compiler tier, so Guava answers the same).
const JVM = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];

// The real answers: one row per configuration, { config, args (place guava's flags), keys, real }.
export async function real({ keys, dir, seed }) {
  if (!existsSync(GUAVA_JAR)) throw new Error(`${GUAVA_JAR} not found (Debian: libguava-java)`);
  const classes = path.join(dir, "classes");
  mkdirSync(classes);
  const src = path.join(dir, "Oracle.java");
  writeFileSync(src, ORACLE);
  const cc = spawnSync("javac", [...JVM.map((f) => `-J${f}`), "-cp", GUAVA_JAR, "-d", classes, src], {
    encoding: "utf8",
  });
  if (cc.status !== 0) throw new Error(`cannot build the Guava oracle (default-jdk-headless):\n${cc.stderr}`);

  const sets = [keys, longKeys(seed, keys.length)];
  const files = sets.map((set, i) => {
    const f = path.join(dir, `keys-oracle-${i}.txt`);
    writeKeys(f, set);
    return f;
  });
  const configs = [];
  for (const input of INPUTS)
    for (const buckets of BUCKETS) configs.push({ set: input === "long" ? 1 : 0, input, buckets });
  // auto given the long keys too: every one is long text, most within a signed long.
  for (const buckets of [10, 65536]) configs.push({ set: 1, input: "auto", buckets });
  const stdin = configs.map((c) => `${c.set} ${c.input} ${c.buckets}`).join("\n") + "\n";
  const r = spawnSync("java", [...JVM, "-cp", `${classes}:${GUAVA_JAR}`, "Oracle", ...files], {
    input: stdin,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  if (r.status !== 0) throw new Error(`Guava oracle failed (${r.status}): ${r.stderr}`);
  const blocks = r.stdout.split("=\n");
  blocks.pop();
  if (blocks.length !== configs.length) throw new Error(`oracle gave ${blocks.length} answers for ${configs.length}`);

  return configs.map((c, i) => {
    const set = sets[c.set];
    const answers = blocks[i].trim().split("\n").map(Number);
    if (answers.length !== set.length) throw new Error(`oracle: ${answers.length} answers for ${set.length} keys`);
    const args = ["--buckets", String(c.buckets), "--input", c.input];
    const config = `--input ${c.input} --buckets ${c.buckets}${c.set === 1 ? " (64-bit integer keys)" : ""}`;
    return { config, args, keys: set, real: answers };
  });
}

export async function compare(ctx) {
  return (await real(ctx)).map((row) => ({ ...row, ringlab: place("guava", row.args, row.keys, ctx.dir) }));
}
