import type { AlgorithmName, ComparisonReasonCode } from "ringlab";
import type { BucketAlgorithmName, BucketStepKind } from "ringlab/buckets";
import type { ErrorRuleText } from "../core/errors";
// English: the default language, and the shape every other language must have (`Messages`).
// Numbers arrive already formatted (strings) so each language picks its own digits.
const en = {
  lang: "en",
  numberLocale: "en-US",
  digits: "latn" as "latn" | "beng",

  error: "Error",
  stepper: "stepper",
  reset: "Reset",
  previous: "Previous",
  next: "Next",
  play: "Play",
  pause: "Pause",
  stepOf: (i: string, n: string) => `Step ${i} of ${n}`,
  key: "Key",
  keys: "Keys",
  hash: "hash",
  server: "Server",
  servers: "Servers",
  owner: "Owner",
  // The names of columns shown without a header (their cells say it): read by screen readers.
  movedCol: "moved?",
  noteCol: "note",
  seed: "Seed",

  scenario: {
    newServer: "New server",
    add: "Add",
    remove: (name: string) => `Remove ${name}`,
    rename: (name: string) => `Rename ${name}`,
    yourKey: "Your key",
    keyHash: (hash: string) => `hash ${hash}`,
    moved: (moved: string, keys: string, must: string) =>
      `${moved} of ${keys} keys moved; the fewest this change needs: ${must}.`,
    resetScenario: "The chapter's example",
    shortcuts: "Keys: → next, ← previous, Home first, End last, K play.",
    token: (name: string) => `Token of ${name}`,
    weight: (name: string) => `Weight of ${name}`,
    drag: "Drag a server along the ring to move its token.",
    duplicate: (name: string) => `There is already a server named ${name}.`,
    differ: (differ: string, keys: string, must: string) =>
      `${differ} of ${keys} keys go to different servers on the two clients; ${must} of them go to a server the other client does not know.`,
  },

  playground: {
    tagline: "consistent hashing you can run, see and check",
    language: "Language",
    theme: "Theme",
    themes: { auto: "auto", light: "light", dark: "dark" },
    skip: "Skip to content",
    contents: "Contents",
    homeTitle: "Consistent hashing you can run, see and check",
    homeIntro:
      "Steppers for each idea of the course chapter, the three published programs with their flags, a cache-stampede calculator and a comparison of every algorithm on your own scenario.",
    homeNumbers:
      "Every number on these pages comes from ringlab's WebAssembly module — the same C++ core that reproduces the course's programs byte for byte. Each page keeps its state in the address: copy the link to share the exact step.",
    sections: [
      "§1 The problem: hash mod N",
      "§2 The hash ring",
      "§3 Adding and removing servers",
      "§4 Virtual nodes",
      "§5 Lookup and the preference list",
      "§6 Rendezvous hashing",
      "§7 Jump, Maglev, bounded loads",
      "§8 Limits: hot keys and membership",
    ],
    groups: {
      experiments: "The published programs",
      tools: "What-if and comparison",
      systems: "Real systems",
      claims: "The chapter, checked",
    },
    routes: {
      modn: {
        title: "mod-N: 4 → 5 servers",
        intro:
          "Six keys with hashes 5, 20, 38, 50, 77 and 95. Going from 4 to 5 servers, hash mod N moves five of them — and none to the new server.",
      },
      ring: {
        title: "The ring over 0–99",
        intro:
          "Servers and keys on one circle: each key walks clockwise to the first server at or after its position, wrapping past the top.",
      },
      membership: {
        title: "Adding E, removing B",
        intro:
          "Add a server and only the arc it takes over changes hands; remove one and only its arc passes to its clockwise neighbour.",
      },
      vnodes: {
        title: "Virtual nodes",
        intro:
          "With V points per server the spread of load (sd/mean) falls like 1/√V. Slide V and compare the measured spread with the theory curve; a server of weight 2 gets twice the points.",
      },
      search: {
        title: "Binary search and the preference list",
        intro:
          "The ring in code is a sorted array of tokens: a lookup is a binary search for the first token ≥ the hash. Then the preference list walks on to the next distinct servers (and zones).",
      },
      rendezvous: {
        title: "Rendezvous (HRW) hashing",
        intro:
          "No ring: every server gets a score for the key and the highest wins. Add or remove servers and watch which keys move.",
      },
      jump: {
        title: "Jump consistent hash",
        intro:
          "No memory at all: a key jumps forward through the buckets, and lands in the last bucket before it jumps past n.",
      },
      buckets: {
        title: "Bucket hashers, step by step",
        intro:
          "The algorithms after jump — JumpBackHash, AnchorHash, MementoHash, FlipHash, BinomialHash, DxHash, multi-probe hashing — each as its module runs it: one key's lookup, step by step. Remove buckets and watch the lookup follow its replacements, or watch multi-probe's probes look for the nearest node.",
      },
      maglev: {
        title: "Maglev's lookup table",
        intro:
          "Backends take turns claiming their next preferred empty slot of a prime-sized table; a lookup is then one array read.",
      },
      bounded: {
        title: "Bounded loads",
        intro:
          "Each server takes at most ⌈(1 + ε)·m/n⌉ keys; a key whose server is full walks on clockwise to the next one with room.",
      },
      hotkey: {
        title: "A hot key",
        intro:
          "Consistent hashing balances keys, not traffic. Under Zipf traffic one key's server drowns; more virtual nodes do not help, k copies do.",
      },
      clients: {
        title: "Two clients, two server lists",
        intro:
          "Every rule assumes every client sees the same servers. When one client knows a server the other does not, one key goes to two places.",
      },
      "ring-vs-mod": {
        title: "ring-vs-mod",
        intro: "The published program: n → n + 1 servers, how many keys change server under mod-N and on a ring.",
      },
      "vnode-sweep": {
        title: "vnode-sweep",
        intro: "The published program: how even the load is with V virtual nodes per server.",
      },
      "hrw-jump": {
        title: "hrw-jump",
        intro: "The published program: rendezvous losing one server, and jump growing from b to b + 1 buckets.",
      },
      "vnode-calculator": {
        title: "Choosing V",
        intro:
          "A target spread for the servers' shares gives the virtual nodes per server: the chapter's V ≈ 1/c² beside the exact V of the sd/mean formula, then what that V costs — ring points, memory (the chapter's 16 bytes a point and ringlab's own ring) and the comparisons of a lookup.",
      },
      cache: {
        title: "Cache stampede calculator",
        intro:
          "Hit ratio before, servers before and after, and the algorithm: how many hits remain and how much more load the database takes.",
      },
      malachi: {
        title: "Malachi's ring",
        intro:
          "Malachi (Elixir) routes a key to the first vnode whose token is ≥ :erlang.phash2(key, 2^ring_bits), wrapping around. Type keys as you write them in Elixir and see exactly the vnode your cluster uses; add, remove or drag vnodes and see which keys move.",
      },
      cluster: {
        title: "Your cluster",
        intro:
          "Pick a real system — nginx, memcached, Redis, Kafka, Cassandra, Envoy, Guava, Erlang — give it your configuration and your keys, and see the server it sends each key to (the real software's answer, bit for bit), the load per server, and which keys move when a server is added, removed or marked down.",
      },
      claims: {
        title: "The chapter's claims, checked",
        intro:
          "Every number the chapter asserts, computed now by ringlab beside the figure the chapter prints, with its tolerance, a verdict and a link to the page that shows it.",
      },
      compare: {
        title: "Compare every algorithm",
        intro:
          "Ring, rendezvous, jump, Maglev, bounded loads and mod-N on your own scenario: what moves and how even the load stays.",
      },
      "lab-claims": {
        title: "The papers' claims, checked",
        intro:
          "What the papers of the newer bucket hashers claim — JumpBackHash, FlipHash, multi-probe, MementoHash, AnchorHash, DxHash — each computed now by ringlab from the same algorithms, beside the paper's own figure, with the check it is held to and whether it holds: the figures of ringlab lab --claims, computed in a background worker.",
      },
      plan: {
        title: "Migration plans",
        intro:
          "Paste your Redis Cluster's CLUSTER NODES, pick a Kafka topic's new partition count or paste a Cassandra ring, choose the change, and see what the real tool will move, in its order: Redis's 16384 slots before and after, Cassandra's ranges and who streams them, each node's share and fragmentation, the tool's quirks as warnings, your keys' owners before and after, and the plan as JSON. For memcached, libketama, twemproxy, nginx and Envoy's ring or Maglev table: which arcs of the hash space change server when one is added, removed, marked down or reweighted, necessary and collateral, the expected miss rate and each server's share.",
      },
      lab: {
        title: "The lab: every algorithm measured",
        intro:
          "Every bucket hasher and every placement on named servers, on the same seeded keys: balance, what moves when buckets are removed and restored, the work of a lookup, and balance after removal histories — the figures of ringlab lab, computed in a background worker.",
      },
    },
  },

  experiment: {
    title: (name: string) => `The published program ${name}`,
    run: "Run",
    cancel: "Cancel",
    progressLabel: "Progress of the run",
    running: "Running…",
    runningInWorker: "Running in background workers…",
    progress: (pct: string) => `Running in background workers: ${pct}`,
    cancelled: "Cancelled. Press Run to start again.",
    cancelledKept: "Cancelled. The output below is the previous run's; press Run to start again.",
    ranIn: (ms: string, worker: boolean) => `Ran in ${ms} ms${worker ? " in background workers" : ""}.`,
    output: "Output",
    outputNote: "Exactly what the published program prints for these flags (byte-identical, its own ASCII digits).",
    copy: "Copy",
    copied: "Copied",
    flagHelp: {
      seed: "PRNG seed for the keys (an integer)",
      keys: "number of keys",
      servers: "number of servers",
      vnodes: "virtual nodes per server (vnode-sweep: a comma-separated list of V values)",
      remove: "index of the server removed",
      buckets: "jump buckets before growing by one",
    } as Record<"seed" | "keys" | "servers" | "vnodes" | "remove" | "buckets", string>,
    keysLabel: "keys",
    loadPerServer: (v: string) => `Keys per server with V = ${v}`,
    loadTable: (v: string) => `Keys per server, V = ${v}`,
    sdTitle: (n: string) => `sd/mean against V (N = ${n}), with the theory √((N−1)/(N·V+1))`,
    sdTable: "sd/mean per V: measured and theory",
    theory: "theory",
    measured: "measured",
    vAxis: "V (virtual nodes per server, log scale)",
    movedLabel: "keys moved",
    movedTitle: (n: string, m: string) => `Keys moved going from ${n} to ${m} servers`,
    modTheory: "mod-N theory",
    ideal: "ideal (minimum)",
    betweenOldTitle: "Keys moved between old servers (what a good scheme avoids)",
    hrwLoad: (n: string) => `Keys per server, rendezvous over ${n} servers`,
    hrwJumpMoved: "Keys moved, against the minimum any scheme must move",
    hrwRemove: "HRW, one removed",
    idealHrw: "ideal 1/n",
    jumpGrow: (b: string, b1: string) => `jump ${b} → ${b1}`,
    idealJump: "ideal 1/(b+1)",
  },

  modn: {
    title: (n: string, m: string) => `mod-N: ${n} → ${m} servers, each key on server number hash mod N`,
    fromN: "N before",
    toN: "N after",
    notInUse: "not in use",
    notInUseWhy: (i: string, n: string, m: string) =>
      `Server number ${i}: beyond both mod ${n} and mod ${m}, so no key lands on it`,
    keyNote: (hash: string, n: string, a: string, aName: string, m: string, b: string, bName: string) =>
      `h32 = ${hash}; mod ${n} = ${a} → ${aName}; mod ${m} = ${b} → ${bName}`,
    band: (n: string) => `mod ${n}`,
    diagram: (n: string, m: string) =>
      `Each key's server under mod ${n} (top) and mod ${m} (bottom); lines join a key's two places`,
    tableCaption: (n: string, m: string) => `Keys under mod ${n} and mod ${m}`,
    moved: "moved",
    stayed: "stayed",
    intro: (keys: string, n: string, first: string, last: string) =>
      `${keys} keys and ${n} servers (${first}–${last}): each key goes to server number hash mod ${n}.`,
    key: (
      k: string,
      hash: string,
      n: string,
      a: string,
      aName: string,
      m: string,
      b: string,
      bName: string,
      moved: boolean,
    ) =>
      `${k}: ${hash} mod ${n} = ${a} → ${aName}; ${hash} mod ${m} = ${b} → ${bName}: ${moved ? "it moves." : "it stays."}`,
    summary: (moved: string, keys: string, toNew: string, newNames: string, theory: string, ideal: string) =>
      `${moved} of ${keys} keys moved, ${toNew} of them to the new server${newNames ? ` (${newNames})` : ""}. On average mod-N moves ${theory} of the keys; the least any scheme must move is ${ideal}.`,
    summaryLeft: (moved: string, keys: string, fromLeft: string, leftNames: string, theory: string, ideal: string) =>
      `${moved} of ${keys} keys moved: ${fromLeft} because their server (${leftNames}) left, the others only because hash mod N now counts the servers differently. On average mod-N moves ${theory} of the keys; the least any scheme must move is ${ideal}.`,
  },

  ring: {
    title: (lo: string, hi: string) => `The hash ring over ${lo}–${hi}`,
    diagram: (hi: string) =>
      `A ring of positions 0 to ${hi}, 0 at the top, clockwise: servers as circles, keys as diamonds`,
    tableCaption: "Each key's owner",
    equalNote: "equal: the server itself",
    wrapNote: "wraps past the top",
    intro: (hi: string, servers: string, keys: string) =>
      `Positions 0–${hi} on a circle; ${servers} servers and ${keys} keys sit at their hashes. A key belongs to the first server clockwise from it.`,
    key: (k: string, hash: string, owner: string, token: string, equal: boolean, wrapped: boolean, hi: string) =>
      equal
        ? `${k} at ${hash}: server ${owner} sits exactly there — equal counts, so ${owner} is the owner.`
        : wrapped
          ? `${k} at ${hash}: no server between ${hash} and ${hi}, so the walk wraps past the top to 0 and reaches ${owner} at ${token}.`
          : `${k} at ${hash}: walking clockwise, the first server is ${owner} at ${token}.`,
    summary: "Every key found its owner from the servers' positions alone: nobody had to keep a list of keys.",
    span: "Positions on the ring",
    hashes: "Key positions",
    keyRule: (hash: string, span: string, pos: string) => `h32 = ${hash}; ${hash} mod ${span} = ${pos}: its position`,
    sharesTitle: "Each server's share of the circle (its arcs, in its colour)",
    largestArc: (x: string, n: string) => `Largest arc ${x}× the mean arc (N = ${n}, one point each).`,
    movedFrom: (name: string) => `moved, was ${name}`,
    tokenN: (name: string, j: string) => `Token ${j} of ${name}`,
  },

  membership: {
    title: "Adding and removing servers: only one arc changes hands",
    diagram: (hi: string) =>
      `The ring 0–${hi}: servers as circles, keys as diamonds coloured by owner; the arc that changes hands is dashed`,
    captionStart: "Each key's owner",
    caption: "Owners before and after the change",
    before: "before",
    after: "after",
    moved: "moved",
    stayed: "stayed",
    start: (servers: string, keys: string) => `The ring with ${servers}, and the ${keys} keys on their owners.`,
    changes: "Changes, in order",
    addArc: (name: string, at: string, arcs: string, from: string) =>
      `${name} joins at ${at}. It takes over the arc ${arcs}, which was ${from}'s; nothing else changes hands.`,
    removeArc: (name: string, arcs: string, to: string) =>
      `${name} leaves. Its arc ${arcs} passes clockwise to ${to}; nothing else changes hands.`,
    moved_: (moved: string, keys: string, which: string, from: string, between: string, add: boolean) =>
      `${moved} of ${keys} keys moved${which ? `: ${which}` : ""}${from ? `, all from ${from}` : ""}. ` +
      (add ? `Keys moved between old servers: ${between}.` : "The others stay where they were."),
  },

  vnodes: {
    title: "Virtual nodes: V points per server even out the load",
    slider: (v: string) => `V = ${v} virtual nodes per server`,
    sliderWeight: (name: string, w: string, v: string) => `${name} with weight ${w} (V = ${v})`,
    diagram: (points: string, servers: string) =>
      `The ring with all ${points} points of ${servers} servers, one colour per server`,
    center: (points: string) => `${points} points`,
    sdTitle: (n: string) => `sd/mean against V (N = ${n}): measured and theory √((N−1)/(N·V+1))`,
    sdTable: "sd/mean per V",
    theory: "theory",
    measured: "measured",
    loadTitle: (v: string) => `Keys per server, V = ${v}`,
    loadWeightTitle: (name: string, w: string) => `Keys per server, ${name} with weight ${w}`,
    loadTable: "Points and keys per server",
    keys: "keys",
    points: "points",
    weightRow: (name: string, w: string, v: string) => `${name} × ${w} (V = ${v}), per unit of weight`,
    tableCaption: (n: string, k: string) => `${n} servers, ${k} keys: the spread for each V`,
    step: (v: string, points: string, maxOver: string, sd: string, theory: string) =>
      `V = ${v}: ${points} points on the ring. The busiest server has ${maxOver}× the mean; sd/mean is ${sd} (theory ${theory}, about 1/√V).`,
    weight: (name: string, w: string, p0: string, p1: string, share0: string, share1: string) =>
      `${name} has weight ${w}: ${p0} points where the others have ${p1}, so it gets ${share0} of the keys against about ${share1} for each of the others.`,
    nServers: "N (servers)",
    vList: "V values (comma-separated)",
    more: (n: string) => `and ${n} more`,
    largestArc: (name: string, share: string, ratio: string, n: string, harmonic: string) =>
      `Largest arc: ${name}'s, ${share} of the ring = ${ratio}× the mean. With one point per server the largest arc is expected near H(N) = ${harmonic}× the mean (N = ${n}).`,
    largestShare: (name: string, share: string, ratio: string) =>
      `Largest share of the ring: ${name}, ${share} = ${ratio}× the mean.`,
    movesTable: (v: string) => `Keys per server before and after your change, V = ${v}`,
    before: "before",
    after: "after",
    change: "change",
    min: "min",
    max: "max",
    maxOverMean: "max/mean",
    sdOverMean: "sd/mean",
    keyLands: (key: string, hash: string, point: string, points: string, token: string, server: string) =>
      `Your key “${key}”: h32 = ${hash}. Walking clockwise from there, the first of the ring's ${points} points is point ${point} (token ${token}), one of ${server}'s: ${server} owns the key.`,
  },

  search: {
    title: "Lookup by binary search, then the preference list",
    ringLabel: (hi: string) =>
      `The ring 0–${hi} with three servers at two positions each; the key being looked up as a diamond`,
    arrayLabel: "The ring as a sorted array: index, token and server of each point, with the search range",
    pastEnd: (n: string) => `lo = ${n}: past the end → point 0`,
    probesCaption: (hash: string) => `Binary search for ${hash}`,
    token: "token",
    right: "go right",
    left: "go left",
    compareCol: "comparison",
    walkCaption: (hash: string, rf: string) => `Preference list for ${hash}, RF = ${rf}`,
    point: "point",
    zone: "zone",
    listLabel: "Preference list",
    actionCol: "taken or skipped",
    actions: {
      take: "taken",
      "same-server": "skip: already in the list",
      "same-zone": "skip: zone already has a copy",
      "take-late": "taken on the second lap",
    } as Record<"take" | "same-server" | "same-zone" | "take-late", string>,
    intro: (n: string, tokens: string) =>
      `In code the ring is a sorted array of ${n} tokens: ${tokens}. A lookup is a binary search for the first token ≥ the key's hash.`,
    probe: (hash: string, k: string, lo: string, hi: string, mid: string, token: string, right: boolean) =>
      `Looking for ${hash}, step ${k}: lo = ${lo}, hi = ${hi}, mid = ${mid} holds ${token}; ${right ? `${token} < ${hash}, so the owner is right of mid.` : `${token} ≥ ${hash}, so mid may be the owner: keep the left half, mid included.`}`,
    found: (hash: string, index: string, token: string, owner: string, probes: string) =>
      `After ${probes} comparisons: the first token ≥ ${hash} is ${token} at index ${index}, so ${owner} owns ${hash}.`,
    equal: (hash: string, owner: string, probes: string) =>
      `After ${probes} comparisons: ${hash} is ${owner}'s own token — equal counts, ${owner} is the owner.`,
    wrapped: (hash: string, n: string, owner: string, token: string, probes: string) =>
      `After ${probes} comparisons the search ends at index ${n}, past the end: no token ≥ ${hash}. It wraps to point 0, ${owner} at ${token}.`,
    walk: (token: string, server: string, zone: string, action: string, list: string, lap: string) =>
      `Point ${token} belongs to ${server}${zone ? ` (zone ${zone})` : ""}: ${
        action === "take"
          ? "a new server, taken"
          : action === "take-late"
            ? `taken on lap ${lap}, to fill the list`
            : action === "same-zone"
              ? "its zone already has a copy, skipped on this lap"
              : "already in the list, skipped"
      }. List: ${list || "—"}.`,
    rf: "Replication factor (RF)",
    pref: "Preference list for position",
    zoneOf: (name: string) => `Zone of ${name}`,
    list: (hash: string, rf: string, list: string, zones: boolean) =>
      `The preference list for ${hash} with RF = ${rf}: ${list}${zones ? " — distinct servers, and distinct zones as far as the zones allow" : " — the first distinct servers clockwise"}.`,
  },

  jump: {
    title: "Jump consistent hash: a key jumps forward through the buckets",
    buckets: "Buckets",
    bucketsAfter: "Buckets after",
    keysLabel: "Keys (comma-separated)",
    keysCaption: (n: string, m: string) => `The keys' buckets with ${n} and with ${m} buckets`,
    withN: (n: string) => `${n} buckets`,
    bucketName: (b: string) => `bucket ${b}`,
    moved: "moved",
    stayed: "stayed",
    keyNote: (hash: string, jumps: string, b: string) => `h32 = ${hash}; ${jumps} jumps; lands in bucket ${b}`,
    diagram: (n: string) => `${n} buckets in a row; arcs show the key's jumps from bucket to bucket`,
    jumpsCaption: (key: string, hash: string) => `The jumps of ${key} (h32 = ${hash})`,
    bucket: "bucket b",
    keyAfter: "key after the step",
    next: "next candidate j",
    growCaption: (key: string) => `Where ${key} sits as the buckets grow`,
    bucketsCol: "buckets n",
    jumpedNew: "moved: into the new bucket",
    intro: (key: string, hash: string, n: string) =>
      `Key ${key}: h32 = ${hash}, the 64-bit key. Into ${n} buckets: no table, no ring — a loop of jumps seeded by the key.`,
    jump: (b: string, j: string, n: string, last: boolean) =>
      last
        ? `From bucket ${b} the next jump would land on ${j}, which is ≥ ${n}: the key stays in bucket ${b}. That is its bucket.`
        : `The key stands on bucket ${b}; the generator sends its next jump to bucket ${j}.`,
    grow: (key: string, moves: string, n: string) =>
      `As the buckets grow from 1 to ${n}, ${key} moves only ${moves} times — each time into the bucket just added, never between old ones.`,
  },

  // The bucket stepper: one lookup of any bucket hasher of ringlab/buckets, step by step. Each
  // step kind's narration reads the fields docs/algorithms.md#lookup-traces gives it.
  bucket: {
    title: "Bucket hashers: one key's lookup, step by step",
    algorithm: "Algorithm",
    buckets: "Buckets",
    nodes: "Nodes",
    removedLabel: "Removed buckets, in order (comma-separated)",
    remove: (b: string) => `Remove bucket ${b}`,
    addBack: (b: string) => `Add back bucket ${b}`,
    none: "none",
    keyNote: (input: string, steps: string, answer: string) => `${input}; ${steps} steps; answer: ${answer}`,
    inputText: (key: string) => `the key's text, ${key}`,
    inputHash: (hash: string) => `h32 = ${hash}`,
    diagram: (n: string) =>
      `${n} buckets in a row: removed buckets crossed out, the buckets the lookup has considered so far filled`,
    stepsCaption: (algorithm: string, key: string) => `The lookup of ${key} by ${algorithm}`,
    stepCol: "step",
    bucketCol: "bucket",
    boundCol: "bound",
    valueCol: "value",
    bucketName: (b: string) => `bucket ${b}`,
    nodeName: (name: string) => `node ${name}`,
    kinds: {
      hash: "hash",
      draw: "draw",
      candidate: "candidate",
      jump: "jump",
      range: "range",
      flip: "flip",
      level: "level",
      probe: "probe",
      removed: "removed",
      replaced: "replaced",
      elided: "left out",
      answer: "answer",
    } satisfies Record<BucketStepKind, string>,
    // What each algorithm's lookup does, said once in the introduction (docs/algorithms.md).
    about: {
      "mod-n": "hash mod N: the bucket is the input's remainder after dividing by the number of buckets.",
      jump: "Jump walks up from bucket 0, each jump drawn from the key's generator, and stops at the last bucket before a jump passes n.",
      jumpback:
        "JumpBackHash walks back down instead: from the highest power-of-two range below n, one range [lo, 2·lo) at a time, it answers the first candidate below n.",
      "jumpback-anchor":
        "JumpBack-Anchor walks as JumpBackHash over every bucket ever live; a bucket it reaches that was removed sends the key on among the buckets live right after it left, along the chain of its replacements.",
      fliphash:
        "FlipHash hashes the key into the power-of-two range that holds n and flips the bits below the top one; a bucket at or beyond n sends it to draw again, or to flip into the lower half.",
      memento:
        "MementoHash looks up as jump does (Guava's version); a removed bucket it reaches has the key hashed again among the buckets live right after it left, along the chain of replacements made after it.",
      binomial:
        "BinomialHash places positions in the levels of a binary tree: a position moves within its level until it lands below n.",
      anchor:
        "AnchorHash hashes the key among all the buckets of its capacity; a removed bucket it reaches has the key hashed again among the buckets working right after it left, along the chain of replacements of the buckets that left before it.",
      dx: "DxHash probes its slots in an order drawn from the key, each slot a candidate, up to the first live bucket.",
      multiprobe:
        "Multi-probe hashing hashes the key several times and takes the node whose point is nearest after a probe, clockwise.",
    } satisfies Record<BucketAlgorithmName, string>,
    intro: (algorithm: string, key: string, input: string, n: string, live: string, removed: string) =>
      `${algorithm} looks up key ${key} (${input}) among ${n} buckets` +
      (removed ? `, after removing ${removed}: ${live} live.` : "."),
    introNodes: (algorithm: string, key: string, n: string) => `${algorithm} looks up key ${key} among ${n} nodes.`,
    noTrace: "This algorithm records no steps of its own: its trace is the answer alone.",
    hash: (value: string, again: boolean) =>
      again ? `It hashes again: ${value}.` : `It starts from a hash of the input: ${value}.`,
    draw: (value: string, bound: string) =>
      bound
        ? `It draws a value from the key's generator, ${value}, to reduce into ${bound} values.`
        : `It draws a value from the key's generator: ${value}.`,
    candidate: (b: string, bound: string, from: string, beyond: string) =>
      `Candidate: bucket ${b}, held below ${bound}${from ? ` (from ${from})` : ""}` +
      (beyond ? `, at or beyond the ${beyond} buckets: not the answer, it tries again.` : "."),
    jump: (b: string, to: string, n: string, past: boolean) =>
      past
        ? `From bucket ${b} the next jump would land on ${to}, at or beyond ${n}: the walk ends at bucket ${b}.`
        : `From bucket ${b} the key jumps to bucket ${to}, below ${n}: the walk goes on.`,
    range: (lo: string, hi: string) =>
      `It walks back to the power-of-two range [${lo}, ${hi}): the key's last jump may lie in it.`,
    flip: (value: string, bound: string, b: string) =>
      `Within [0, ${bound}) it flips the bits of ${value} below its top bit: bucket ${b}.`,
    level: (position: string, lo: string, hi: string) =>
      `Position ${position} moves within its level of the tree, [${lo}, ${hi}).`,
    probe: (i: string, node: string, ahead: string, nearest: boolean) =>
      `Probe ${i}, at the first hash + ${i} × the second: the first point after it is node ${node}'s, ${ahead} ahead` +
      (nearest ? ": the nearest so far." : "; a nearer one is already found."),
    removed: (b: string, bound: string) =>
      bound
        ? `Bucket ${b} is not live: it was removed when ${bound} buckets were live, so the key is hashed again among those ${bound}.`
        : `Bucket ${b} is not live: it goes on to the next.`,
    replaced: (b: string, to: string, bound: string) =>
      `Removed bucket ${b} stands for bucket ${to}, which took its place when ${bound} buckets were live: the chain goes on to ${to}.`,
    elided: (n: string) => `${n} steps are left out here: a trace keeps at most 4,096.`,
    answer: (b: string, live: string) => `The answer: bucket ${b}, among ${live} live buckets.`,
    answerNode: (name: string, live: string) => `The answer: node ${name}, among ${live} nodes.`,
  },

  maglev: {
    title: (m: string) => `Maglev: backends take turns filling a table of ${m} slots`,
    diagram: (m: string) => `The lookup table, ${m} slots, coloured by the backend that took each`,
    backendsCaption: (m: string) => `Backends: permutation (offset + j·skip) mod ${m}, and slots held`,
    backend: "backend",
    slots: "slots",
    lookup: (key: string, hash: string, m: string, slot: string, backend: string) =>
      `Lookup: h32("${key}") = ${hash}; ${hash} mod ${m} = ${slot}, and slot ${slot} holds ${backend}.`,
    intro: (n: string, m: string) =>
      `${n} backends and a table of ${m} slots (a prime). Each backend has its own order of preference over the slots, from its offset and skip.`,
    turn: (k: string, backend: string, slot: string, skipped: string, none: boolean) =>
      `Turn ${k}: ${backend} takes slot ${slot}` +
      (none ? ", its next preference." : `, after passing over ${skipped} slots already taken.`),
    done: (counts: string, m: string) =>
      `All ${m} slots are full: ${counts}. Each backend holds almost exactly M/N slots.`,
    tableSize: "Table size M (a prime)",
    backends: "Backends",
    keyNote: (hash: string, slot: string, backend: string) => `hash ${hash} → slot ${slot} → ${backend}`,
    moved: (moved: string, m: string, must: string) =>
      `${moved} of ${m} slots changed backend (the keys hashing to them move); the fewest any table had to change: ${must}.`,
    keyMoved: (key: string, from: string, to: string) => `${key} moved from ${from} to ${to}.`,
    countsCaption: (m: string, mean: string) => `Entries per backend against M/N = ${mean} (M = ${m})`,
    share: "share of M",
    vsMean: "÷ M/N",
    stripCaption: (m: string) => `The whole table, ${m} slots, a pixel each, row after row; your key's slot marked`,
    movedStrip: "Slots that changed backend (in their new backend's colour)",
    stepperNote: (max: string) =>
      `The fill turn by turn is shown for tables of up to ${max} slots: set M to a small prime (13, 31, 97) to step through it.`,
    summary: (n: string, m: string, counts: string, mean: string) =>
      `${n} backends filled all ${m} slots: ${counts}. M/N = ${mean}: each holds ⌊M/N⌋ or ⌈M/N⌉ entries.`,
  },

  bounded: {
    title: "Bounded loads: nobody takes more than (1 + ε) times the mean",
    epsilon: (e: string) => `ε = ${e}`,
    ringLabel: (n: string) => `The ring with ${n} points; the key being placed as a diamond`,
    barsLabel: "Keys per server so far (bars) against each server's capacity (dashed line)",
    caption: (e: string) => `Placements with ε = ${e}`,
    first: "owner (first choice)",
    placed: "placed on",
    walk: "points walked",
    intro: (m: string, n: string, e: string, cap: string) =>
      `${m} keys, ${n} servers, ε = ${e}: each server takes at most ⌈(1 + ε)·m/n⌉ = ${cap} keys. Keys are placed one by one.`,
    direct: (key: string, server: string) => `${key} goes to its owner ${server}, which has room.`,
    walked: (key: string, first: string, placed: string, walk: string) =>
      `${key}'s owner ${first} is full: it walks on clockwise (points passed: ${walk}) and lands on ${placed}.`,
    done: (not: string, m: string, longest: string) =>
      `All placed: ${not} of ${m} keys are away from their first choice; the longest walk was ${longest} points. Smaller ε evens the load more but moves more keys.`,

    yourKey: "Your key (placed last)",
    vnodes: "Virtual nodes per server (V)",
    keys: "Keys (m)",
    was: (name: string) => `was ${name}`,
    epsilonNote: (m: string, n: string, e: string, cap: string, steps: string) =>
      `capacity ⌈(1 + ${e})·${m}/${n}⌉ = ${cap}; it changes only where (1 + ε)·m/n passes a whole number: ε = ${steps}`,
  },

  hotkey: {
    title: "A hot key: balanced keys are not balanced traffic",
    diagram: "Requests per server (bars); the busiest server outlined",
    caption: (requests: string, keys: string) => `${requests} requests over ${keys} keys`,
    copies: "copies",
    hottest: "requests for the hottest key",
    busiest: "busiest",
    kinds: {
      uniform: "uniform traffic",
      zipf: "Zipf traffic",
      "more-vnodes": "more virtual nodes",
      copies: "hot key in copies",
    } as Record<"uniform" | "zipf" | "more-vnodes" | "copies", string>,
    uniform: (requests: string, keys: string, maxOver: string) =>
      `${requests} requests spread evenly over ${keys} keys: the busiest server has ${maxOver} the mean load.`,
    zipf: (s: string, share: string, server: string, maxOver: string) =>
      `Zipf traffic (s = ${s}): the hottest key alone gets ${share} of all requests, and its server ${server} carries ${maxOver} the mean.`,
    more: (v: string, maxOver: string) =>
      `${v} virtual nodes per server: still ${maxOver} the mean — the hot key is one key, and it lives on one server.`,
    copies_: (k: string, maxOver: string) =>
      `The hot key spread over ${k} copies (key#1 … key#${k}) on different servers: the busiest server is down to ${maxOver} the mean.`,

    yourKey: "Key (the hottest key unless you type another)",
    fields: {
      requests: "Requests",
      keys: "Keys",
      s: "Zipf exponent s",
      vnodes: "Virtual nodes (V)",
      "more-vnodes": "More virtual nodes",
      copies: "Copies of the hot key",
      seed: "Seed",
    } as Record<"requests" | "keys" | "s" | "vnodes" | "more-vnodes" | "copies" | "seed", string>,
    run: "run",
    maxOverMean: "busiest ÷ mean",
    hotKeyOn: (key: string, hash: string) => `The hottest key ${key} (hash ${hash}) lives on`,
    keyOn: (key: string, hash: string) => `Your key ${key} (hash ${hash}) lives on`,
    copiesOn: (k: string) => `; its ${k} copies on`,
    hotStayed: (key: string, server: string) => `The hottest key ${key} stayed on ${server}.`,
    hotMoved: (key: string, from: string, to: string) => `The hottest key ${key} moved from ${from} to ${to}.`,
  },

  clients: {
    title: "Two clients, two server lists: one key, two places",
    listA: "Client 1 knows",
    listB: "Client 2 knows",
    vnodes: "Virtual nodes per server",
    movesLead: "Keys that change server when client 1 learns client 2's list:",
    keysCaption: "Where each client sends a few keys",
    same: "same",
    differs: "differs",
    sameCol: "same server?",
    keyNote: (a: string, b: string) => `client 1 → ${a}; client 2 → ${b}`,
    diagram:
      "Two clients with their server lists above, the servers below; each client's arrow points where it sends the key",
    clientA: "client 1",
    clientB: "client 2",
    client: "client",
    knows: "knows servers",
    sendsTo: "sends the key to",
    caption: (key: string) => `Where each client sends ${key}`,
    lists: (a: string, b: string) =>
      `Client 1 knows ${a}. Client 2 has already heard of the new server and knows ${b}.`,
    a: (key: string, owner: string) => `Client 1 writes ${key}: its ring says ${owner}.`,
    b: (key: string, owner: string, ownerA: string) =>
      `Client 2 reads ${key}: its ring says ${owner}, not ${ownerA}. The read misses, and an invalidation sent to ${ownerA} never reaches ${owner}.`,
    bSame: (key: string, owner: string) =>
      `Client 2 reads ${key}: its ring also says ${owner}. This key agrees; many others do not.`,
    summary: (n: string, total: string, pct: string) =>
      `Over ${total} keys the two clients disagree on ${n} (${pct}): every rule assumes every client sees the same membership.`,
  },

  // Each algorithm of the core's registry (rl.algorithms()) by its name, as every page spells it:
  // compare's rows, the cache what-if's choices. One entry per algorithm, no more (the type, and
  // tests/js/registry.test.mjs for every catalogue).
  algorithms: {
    "mod-n": "mod-N",
    ring: "ring",
    rendezvous: "rendezvous",
    "weighted-rendezvous": "weighted rendezvous",
    jump: "jump",
    maglev: "Maglev",
    bounded: "bounded loads",
    "token-ring": "token ring",
    jumpback: "JumpBackHash",
    "jumpback-anchor": "JumpBack-Anchor",
    fliphash: "FlipHash",
    memento: "MementoHash",
    binomial: "BinomialHash",
    anchor: "AnchorHash",
    dx: "DxHash",
    multiprobe: "multi-probe hashing",
  } satisfies Record<AlgorithmName, string>,

  compare: {
    title: "Every algorithm on one scenario",
    fields: {
      servers: "servers (a count, or names: A,B,C:2)",
      vnodes: "virtual nodes",
      keys: "keys",
      seed: "seed",
      change: "change",
      epsilon: "ε (bounded loads)",
      "table-size": "Maglev table size (a prime)",
    } as Record<"servers" | "vnodes" | "keys" | "seed" | "change" | "epsilon" | "table-size", string>,
    run: "Compare",
    cancel: "Cancel",
    runningInWorker: "Running in background workers…",
    progress: (pct: string) => `Comparing in background workers: ${pct}`,
    cancelled: "Cancelled. Press Compare to start again.",
    cancelledKept: "Cancelled. The table below is the previous comparison's; press Compare to start again.",
    caption: "What each algorithm moved, and how even the load stayed",
    algorithm: "algorithm",
    moved: "moved",
    toNew: "to new",
    betweenOld: "between old",
    needless: "needless",
    // One text for every change kind: the change touches the one server it adds, removes, fails or reweights.
    needlessNote:
      "needless: the keys that moved from a server the change did not touch to another it did not touch. A change touches one server — the one added, removed, failed or reweighted — and the moves onto it or off it have to happen; the others need not. Ring, rendezvous and jump make none on an add or a removal. “between old” counts every move that did not go to an added server, so on a removal or a failure it includes the keys that had to leave that server.",
    memory: "memory (bytes)",
    buildMs: "build (ms)",
    maxOverMean: "max/mean",
    sdOverMean: "sd/mean",
    unsupported: "not supported",
    // Why a row is not supported, by the code the module gives it (a row's reasonCode), with the
    // algorithm's name as the catalogue spells it: every code has its words here and in each language.
    reasonByCode: {
      no_weights: (name: string) => `${name} has no weights`,
      last_bucket_only: (name: string) => `${name} can only remove the last bucket`,
    } satisfies Record<ComparisonReasonCode, (name: string) => string>,
    newer: "newer algorithms (JumpBackHash and after)",
    newerLoading: "Computing the newer algorithms' rows…",
    newerNote:
      "The newer rows are the bucket hashers after jump: servers S0, S1, … are buckets 0, 1, …, and an added server is the bucket the algorithm adds. JumpBackHash, JumpBack-Anchor, FlipHash, BinomialHash and AnchorHash take the key's h32 as their 64-bit input, as jump does, DxHash takes its h32, MementoHash and multi-probe hashing the key's text; multi-probe's nodes are the servers' names. None of them has weights.",
    movedChart: "Keys moved (bars) and moved needlessly (dots)",
    loadChart: "Busiest server / mean after the change",
    note: "Build times are wall-clock and vary from run to run; every other number is exact for the scenario.",
  },

  cache: {
    title: "Cache stampede: what a resize does to the hit ratio",
    hit: "hit ratio before",
    from: "servers before",
    to: "servers after",
    algorithm: "algorithm",
    // Beside the algorithms compare runs (named as `algorithms` names them): the fewest keys any
    // placement moves.
    ideal: "ideal (minimum)",
    moved: "keys moved",
    hitAfter: "hit ratio right after",
    db: "database load",
    caption: (h: string, n: string, m: string) => `Hit ratio ${h}, ${n} → ${m} servers`,
    source: "source",
    theory: "theory",
    measured: (keys: string) => `measured on ${keys} keys`,
    notMeasured: "measured only for one server added or removed",
    unsupported: (why: string) => `not supported: ${why}`,
    chart: "Database load after the resize, × before",
    summary: (alg: string, moved: string, hit: string, after: string, db: string) =>
      `With ${alg}, ${moved} of the keys move: the hit ratio falls from ${hit} to ${after}, and the database takes ${db} its load.`,
    unavailable: (alg: string) => `${alg}: no measurement for this change (see the table).`,
  },

  vnodeCalc: {
    title: "Choosing V: a target spread, and what its virtual nodes cost",
    servers: "servers N",
    target: "target sd/mean c",
    vnodes: "virtual nodes V (empty: the exact V)",
    presetChapter: "The chapter's example: N = 100, V = 256",
    presetTarget: "c = 5 % at N = 10",
    fromTarget: "From a target spread to V",
    caption: (n: string, c: string) => `${n} servers, sd/mean of a server's share at most ${c}`,
    how: "V from",
    v: "V",
    sd: "sd/mean it gives",
    meets: (c: string) => `within ${c}?`,
    yes: "yes",
    no: "no",
    rule: "the chapter's rule V ≈ 1/c²",
    exact: "the sd/mean formula, exactly",
    yours: "your V",
    ruleNote: (exact: string, ratio: string, nn: string) =>
      `sd/mean = √((N − 1)/(N·V + 1)) reaches the target at V = ${exact}, rounded up. 1/c² leaves out the factor (N − 1)/N, so it asks for ${ratio} times the V needed (N/(N − 1) = ${nn}).`,
    costOf: (v: string, n: string) => `What V = ${v} costs with ${n} servers`,
    points: "ring points N·V",
    model: "memory, the chapter's model",
    bytes: (b: string) => `16 B a point: ${b} B`,
    measured: "memory, ringlab's ring",
    perPoint: (b: string, per: string) => `${b} B, ${per} B a point`,
    kb: (x: string) => `${x} KB`,
    comparisons: "comparisons ⌈log₂(N·V)⌉",
    log2: (p: string, l: string) => `log₂ ${p} = ${l}`,
    searched: (keys: string) => `most comparisons, ${keys} keys`,
    mean: (m: string) => `the published binary search; ${m} on average`,
    memoryNote:
      "The chapter counts 16 bytes a point (KB = 1,024 B). ringlab's ring holds each point in a 4-byte token and its server's index packed in as few bytes as N needs, plus a bucket index that starts each lookup.",
    tenfold: (v: string, p: string, kb: string, cmp: string, more: string) =>
      `Ten times the virtual nodes (V = ${v}): ${p} points, ${kb} by the chapter's model, and ⌈log₂⌉ = ${cmp} comparisons — only about log₂ 10 ≈ ${more} more.`,
  },

  malachi: {
    title: "Malachi's ring: each key on the vnode Malachi routes it to",
    bits: "ring_bits (1–32)",
    span: (size: string, max: string) => `The ring has 2^ring_bits = ${size} positions, 0 … ${max}.`,
    diagram: (max: string) =>
      `The ring 0 … ${max} drawn to scale, 0 at the top, clockwise: vnodes as circles, keys as diamonds numbered by line, each vnode's arc in its colour`,
    dragHint:
      "Drag a vnode around the ring to change its token, or focus it (Tab) and use the arrow keys; Shift or Page Up/Down take bigger steps.",
    pointLabel: (id: string) => `vnode ${id}: token`,
    vnodesCaption: "Vnodes in token order, each owning the arc (start_exclusive, end_inclusive]",
    vnode: "vnode",
    token: "token",
    arc: "boundaries",
    share: (pct: string) => `${pct} of the ring`,
    keysCol: "keys",
    whole: "alone: the whole ring",
    tokenOf: (id: string) => `Token of ${id}`,
    remove: "Remove",
    removeOf: (id: string) => `Remove ${id}`,
    noVnodes: "No vnodes yet: add one below.",
    notPlaced: "Not placed (from the address or the attribute):",
    lineFormat: "write a vnode as ID=TOKEN, for example :a=5",
    addTitle: "Add a vnode",
    newId: "id (an Elixir term)",
    newToken: "token",
    add: "Add",
    keysLabel: "Keys, one per line, as Elixir terms",
    syntaxNote:
      'Each line is one key, written as in Elixir: `"topic-a"` is a string (a binary), `\'abc\'` a charlist, `:a` an atom, `{:range, 7}` a tuple, `42` an integer. A line that is not an Elixir term is an error, never a guess: a bare `topic-a` is refused (write `"topic-a"`). Blank lines are skipped.',
    keysCaption: (n: string) => `Each key's position and vnode (${n} keys)`,
    line: "line",
    key: "key",
    position: (size: string) => `phash2(key, ${size})`,
    routed: "vnode",
    movedTitle: "What moved",
    noChange: "Add, remove or move a vnode to see which keys change vnode.",
    added: (id: string, token: string) => `${id} added at token ${token}`,
    removed: (id: string, token: string) => `${id} removed from token ${token}`,
    movedVnode: (id: string, from: string, to: string) => `${id} moved from token ${from} to ${to}`,
    movedSummary: (change: string, moved: string, total: string) =>
      `${change}: ${moved} of ${total} keys changed vnode; every other key stayed where it was.`,
    movesCaption: "Keys that changed vnode",
    from: "from",
    to: "to",
    errors: {
      token_out_of_range: "The token is outside the ring.",
      token_taken: "Another vnode already holds this token.",
      already_present: "This vnode is already on the ring.",
      not_found: "There is no such vnode on the ring.",
      empty: "The ring has no vnodes: a key has nowhere to go.",
      term: "This is not an Elixir term.",
      number: "This is not a whole number.",
      out_of_range: "ring_bits must be between 1 and 32.",
      limit_exceeded: "This term is larger than ringlab allows.",
      other: "The module refused this.",
    } as Record<
      | "token_out_of_range"
      | "token_taken"
      | "already_present"
      | "not_found"
      | "empty"
      | "term"
      | "number"
      | "out_of_range"
      | "limit_exceeded"
      | "other",
      string
    >,
  },

  cluster: {
    title: "Your cluster: where the real system sends each key, and what a change moves",
    system: "System",
    about: {
      nginx:
        "nginx's upstream with `hash $key consistent` (ketama-style points, 160 per unit of weight) or plain `hash` (the key's CRC-32, retried over the weighted list). The answer is the server as written in the upstream.",
      memcached:
        "`libmemcached 1.1.4`'s `memcached_server_by_key`: the distribution and key hash as your client sets them, servers added in order. The answer is host:port.",
      libketama: 'The original libketama: each server\'s points from MD5 of `"address-n"`, weighted by memory.',
      redis:
        "Redis Cluster: CRC16 of the key (or of its {hash tag}) mod 16384 gives the slot; the slots are split over the masters as `redis-cli --cluster create` does.",
      kafka: "Kafka's keyed partitioner: the partition of each record's key.",
      cassandra:
        "Cassandra's Murmur3Partitioner: the key's token, owned by the node with the first token at or after it, wrapping.",
      guava: "Guava's `Hashing.consistentHash`: the bucket of each key.",
      erlang: "Erlang's `erlang:phash2(Key, Range)`: the hash of each key as an Erlang term.",
      "envoy-ring":
        "Envoy's ring_hash load balancer: XXH64 of the key (a header hash policy) on a ring of the hosts, weighted.",
      "envoy-maglev": "Envoy's Maglev load balancer: XXH64 of the key looked up in a Maglev table of the hosts.",
    } as Record<
      | "nginx"
      | "memcached"
      | "libketama"
      | "redis"
      | "kafka"
      | "cassandra"
      | "guava"
      | "erlang"
      | "envoy-ring"
      | "envoy-maglev",
      string
    >,
    asList: "a server list",
    asText: {
      nginx: "an `upstream { … }` block",
      memcached: "libmemcached's server string",
      cassandra: "`nodetool ring` output",
      "envoy-ring": "the cluster's endpoints",
      "envoy-maglev": "the cluster's endpoints",
    } as Record<"nginx" | "memcached" | "cassandra" | "envoy-ring" | "envoy-maglev", string>,
    listLabel: {
      nginx: "Servers, one per line: `ADDRESS[=WEIGHT]`, add ` down` to mark one down",
      memcached: "Servers, one per line: `HOST[:PORT][=WEIGHT]`",
      libketama: "Servers, one per line: `ADDRESS=MEMORY`",
      cassandra: "Tokens, one per line: `NODE=TOKEN` (a node once per token)",
      "envoy-ring": "Hosts, one per line: `ADDRESS:PORT[=WEIGHT]`",
      "envoy-maglev": "Hosts, one per line: `ADDRESS:PORT[=WEIGHT]`",
    } as Record<"nginx" | "memcached" | "libketama" | "cassandra" | "envoy-ring" | "envoy-maglev", string>,
    listHint: {
      nginx: "In the upstream's order; the weight defaults to 1.",
      memcached: "Added in this order; port `11211` and weight 1 when not given.",
      libketama: "As libketama's server file lists them.",
      cassandra: "Tokens are signed 64-bit numbers.",
      "envoy-ring": "The weight is the endpoint's `load_balancing_weight` (1 when not given).",
      "envoy-maglev": "The weight is the endpoint's `load_balancing_weight` (1 when not given).",
    } as Record<"nginx" | "memcached" | "libketama" | "cassandra" | "envoy-ring" | "envoy-maglev", string>,
    textLabel: {
      nginx: "The upstream block, as in `nginx.conf`",
      memcached: "The server string, as `memcached_servers_parse()` reads it: `host:port weight, …`",
      cassandra: "The ring, as `nodetool ring` prints it",
      "envoy-ring": "The endpoints: `lb_endpoints` YAML, or `ADDRESS:PORT[=WEIGHT]` lines",
      "envoy-maglev": "The endpoints: `lb_endpoints` YAML, or `ADDRESS:PORT[=WEIGHT]` lines",
    } as Record<"nginx" | "memcached" | "cassandra" | "envoy-ring" | "envoy-maglev", string>,
    textHint: "Paste it as it is: an error names the line and column.",
    fields: {
      mode: "mode",
      hash: "key hash",
      sortHosts: "sort hosts",
      nodes: "masters",
      partitions: "partitions",
      partitioner: "partitioner",
      buckets: "buckets",
      input: "input",
      range: "range",
      term: "key as the term",
      minRing: "minimum ring size",
      maxRing: "maximum ring size",
      table: "table size (a prime)",
      useHostname: "hash the hostnames",
    } as Record<
      | "mode"
      | "hash"
      | "sortHosts"
      | "nodes"
      | "partitions"
      | "partitioner"
      | "buckets"
      | "input"
      | "range"
      | "term"
      | "minRing"
      | "maxRing"
      | "table"
      | "useHostname",
      string
    >,
    notSet: "(not set)",
    systemDefault: "default",
    keysLabel: "Keys, one per line",
    keysHint:
      "Each line is a key, byte for byte as UTF-8 (spaces count); a blank line is the empty key. A long list goes into the address compressed.",
    exampleKeys: "Example keys",
    manyKeys: (n: string) => `${n} keys`,
    loadFile: "Load a key file",
    fileNote: (name: string, keys: string, bytes: number, bytesText: string) =>
      `From ${name}: ${keys} keys, one a line as \`ringlab place --keys\` reads them` +
      (bytes
        ? `; ${bytesText} ${bytes === 1 ? "is" : "are"} not UTF-8, placed as their bytes (shown \`\\xHH\`).`
        : "."),
    placing: (done: string, total: string) => `Placing the keys: ${done} of ${total}`,
    placingWait: "Placing the keys…",
    longKeys: (shown: string, total: string) =>
      `The field shows the first ${shown} of the ${total} keys; all of them are placed. A paste here replaces the list.`,
    editAll: "Edit every key in the field (slow with this many)",
    findLabel: "Find a key",
    findHint:
      "Type a key as the list has it (a byte that is not UTF-8 as `\\xHH`) to see its line, its server and why.",
    findNone: (lines: string | null) =>
      lines === null ? "No key is exactly this." : `No key is exactly this; keys containing it are on lines ${lines}.`,
    alsoOn: (lines: string) => `also on lines ${lines}`,
    refusedKey: "refused by the system",
    whyLabel: "why",
    why: {
      redis: (n: string) =>
        `slot ${n}: CRC16 of the key (or of its {hash tag}) mod 16384; the master holding the slot serves it.`,
      kafka: (n: string) => `partition ${n}: murmur2 of the key's bytes, made positive, mod the partitions.`,
      cassandra: (n: string) => `token ${n}: Murmur3 of the key; the node with the first token at or after it owns it.`,
      guava: (n: string) => `bucket ${n}: \`consistentHash\` of the key's hash over the buckets.`,
      erlang: (n: string) => `phash2 ${n}: the hash of the key as an Erlang term, in the range.`,
    } as Record<"redis" | "kafka" | "cassandra" | "guava" | "erlang", (n: string) => string>,
    whyRing: {
      nginx: (hash: string, point: string, server: string) =>
        `hash ${hash} → point ${point} (server ${server}): the key's CRC32, then the ring's first point at or after it, wrapping past the last (and on past servers marked down).`,
      memcached: (hash: string, point: string, server: string) =>
        `hash ${hash} → point ${point} (server ${server}): libmemcached's hash of the key, then the continuum's first point at or after it, wrapping past the last.`,
      libketama: (hash: string, point: string, server: string) =>
        `hash ${hash} → point ${point} (server ${server}): the first four bytes of the key's MD5, then the continuum's first point at or after it, wrapping past the last.`,
      "envoy-ring": (hash: string, point: string, server: string) =>
        `hash ${hash} → point ${point} (host ${server}): XXH64 of the key, then the ring's first point at or after it, wrapping past the last.`,
      "envoy-maglev": (hash: string, point: string, server: string) =>
        `hash ${hash} → slot ${point} (host ${server}): XXH64 of the key mod the table's size picks the slot of the Maglev table, which holds the host.`,
    } as Record<
      "nginx" | "memcached" | "libketama" | "envoy-ring" | "envoy-maglev",
      (hash: string, point: string, server: string) => string
    >,
    noHash:
      "No ring point or number decides this key's server here (nginx's plain hash, memcached's modula, a key nginx does not hash): the server shown is the answer.",
    badKeys: (n: number, text: string) =>
      `${text} ${n === 1 ? "key is" : "keys are"} not valid for this system (marked in the table).`,
    lineError: (line: string, what: string) => `line ${line}: ${what}`,
    keysTitle: "Each key's answer",
    keysCaption: (n: string) => `Each key's answer (${n} keys)`,
    line: "line",
    key: "key",
    result: {
      nginx: "server",
      memcached: "server",
      libketama: "server",
      redis: "slot and master",
      kafka: "partition",
      cassandra: "node",
      guava: "bucket",
      erlang: "hash",
      "envoy-ring": "host",
      "envoy-maglev": "host",
    } as Record<
      | "nginx"
      | "memcached"
      | "libketama"
      | "redis"
      | "kafka"
      | "cassandra"
      | "guava"
      | "erlang"
      | "envoy-ring"
      | "envoy-maglev",
      string
    >,
    slotNode: (slot: string, node: string) => `slot ${slot} · master ${node}`,
    node: (n: string) => `master ${n}`,
    nullResult: {
      nginx: "the empty key: nginx falls back to round-robin, so the key does not decide the server.",
      memcached: "libmemcached refuses a key of 0 or more than 250 bytes.",
    } as Record<"nginx" | "memcached", string>,
    shownOf: (shown: string, total: string) => `${shown} of ${total} shown.`,
    showMore: (n: string) => `Show ${n} more`,
    loadTitle: "Load per server",
    ringLabel:
      "Cassandra's token ring, −2⁶³ at the top, clockwise: each node's tokens as circles and the arcs it owns in its colour, the first 40 keys as diamonds numbered by line at their tokens",
    loadChart: "Keys per server",
    loadCaption: "Keys per server, as a table",
    server: "server",
    keysCol: "keys",
    shareCol: "share",
    weightShareCol: "share by weight",
    downMark: "down",
    loadSummary: (n: number, keys: string, servers: string, ratio: string) =>
      `${keys} ${n === 1 ? "key" : "keys"} over ${servers} configured servers; the busiest has ${ratio}× its share by weight.`,
    noLoad: "No key was placed.",
    tooMany: (n: string) => `${n} of them: too many bars to draw, see the table.`,
    movesTitle: "What moves when the cluster changes",
    changeLabel: "Change",
    changeKinds: { add: "add a server", remove: "remove a server", down: "mark a server down (nginx `down`)" },
    countChange: {
      add: (what: string) => `one more (${what})`,
      remove: (what: string) => `one fewer (${what})`,
    },
    newServer: {
      nginx: "new server",
      memcached: "new server",
      libketama: "new server (`ADDRESS=MEMORY`)",
      cassandra: "new token (`NODE=TOKEN`)",
      "envoy-ring": "new host",
      "envoy-maglev": "new host",
    } as Record<"nginx" | "memcached" | "libketama" | "cassandra" | "envoy-ring" | "envoy-maglev", string>,
    which: "which",
    apply: "Make it the cluster",
    noTarget: "no server to change",
    added: (s: string) => `Adding ${s}`,
    removed: (s: string) => `Removing ${s}`,
    downed: (s: string) => `Marking ${s} down`,
    resized: (what: string, a: string, b: string) => `${what} ${a} → ${b}`,
    movedSummary: (
      change: string,
      n: number,
      moved: string,
      total: string,
      pct: string,
      needless: number | null,
      needlessText: string,
    ) =>
      `${change} moves ${moved} of ${total} ${n === 1 ? "key" : "keys"} (${pct})` +
      (needless === null
        ? "."
        : needless === 0
          ? "; every other key stays on its server."
          : `; ${needlessText} of them move between servers the change did not touch (needless moves, marked below).`),
    needlessMark: "(needless)",
    weightLabel: "weight",
    redisFresh:
      "Redis: two clusters created afresh, with one master more or fewer, are compared (each with its slots split evenly, as `redis-cli --cluster create` splits them), not a master added to this cluster by `add-node` and `rebalance`.",
    flowsTitle: "From where to where",
    movedKeys: "The keys that move",
    from: "before",
    to: "after",
    compatTitle: "Which npm packages agree with this system",
    compatIntro:
      "The packages JavaScript code uses for this system, run on 10,000 keys (ASCII, Unicode, bytes that are not UTF-8, the empty key, long keys, {tag} keys) against the real software: the share of keys on which each gives the real answer, and the shortest key where it does not.",
    compatNone: (system: string) => `The matrix has no npm package for ${system}.`,
    compatCols: {
      package: "package",
      call: "configuration",
      against: "compared with",
      compared: "keys",
      agrees: "agrees",
      example: "a key where it does not: package → real",
    },
    // The matrix's prose, translated where a catalogue needs it (English: as written).
    compatPhrases: {} as Record<string, string>,
    fixFirst: "Correct the configuration above to see what a change moves.",
    ofKeys: (n: string) => `of ${n}`,
    bytes: (hex: string) => `bytes \`${hex}\``,
    always: "—",
    errors: {
      invalid_argument: "The system does not accept this.",
      out_of_range: "This value is out of range.",
      duplicate_server: "This server is listed twice.",
      limit_exceeded: "This is larger than ringlab allows.",
      other: "The module refused this.",
    } as Record<"invalid_argument" | "out_of_range" | "duplicate_server" | "limit_exceeded" | "other", string>,
    /** "Make it the cluster", undone. */
    undo: {
      made: "The cluster is now the changed one.",
      button: "Undo",
      undone: "The cluster is as it was before the change.",
    },
    share: {
      title: "Share and export",
      linkLabel: "A link to this page as it is",
      copyLink: "Copy link",
      linkCopied: "Link copied.",
      linkCopiedWithoutKeys: "Link copied, without the keys: share the key file with it.",
      keysLeftOut: (n: number, keys: string, chars: string) =>
        `The link leaves out the ${keys} ${n === 1 ? "key" : "keys"}: even compressed they would be ${chars} characters, too long for a link. It opens with the example keys; share the key file with it.`,
      keyFile: (file: string) => `Download the key file (\`${file}\`)`,
      answersLabel: (n: string) => `Each key's answer (${n} keys)`,
      movesLabel: (n: string) => `The keys that move (${n})`,
      movesNone: "The keys that move (no change to show)",
      csv: "Download CSV",
      json: "Download JSON",
      copyTable: "Copy the table",
      tableCopied: (n: number, rows: string) =>
        `Table copied: ${rows} ${n === 1 ? "row" : "rows"} and a header, tab-separated; paste it into a spreadsheet.`,
      copyFailed: "The browser did not allow copying: download the file instead.",
      commandTitle: "The same answers from the command line",
      commandHint:
        "`ringlab place` with this configuration and these keys prints each key's answer, one JSON line a key (`npx ringlab` runs the npm package's).",
      commandHintFile: (file: string) =>
        `\`ringlab place\` with this configuration prints each key's answer, one JSON line a key; the keys are in \`${file}\`: download it beside the command.`,
      copyCommand: "Copy the command",
      commandCopied: "Command copied.",
    },
  },

  claims: {
    title: "The chapter's claims, checked live",
    one: (section: string) => `A claim of the chapter, ${section}`,
    summary: (claims: string, match: string, within: string, differs: string, noneDiffers: boolean) =>
      `${claims} claims, each computed now: ${match} match, ${within} are within their tolerance, ${noneDiffers ? "none differs" : `${differs} differ`}.`,
    computing: "Computing the claims (the chapter's experiments at full scale)…",
    verdicts: { match: "✓ matches", within: "≈ within its tolerance", differs: "✗ differs" },
    kinds: {
      exact: "exact",
      rounding: "equal at the printed digits",
      statistical: "statistical",
      model: "the chapter's model",
    },
    chapter: "The chapter",
    ringlab: "ringlab, now",
    figures: "The chapter's figure and ringlab's",
    chapterPrints: "The chapter prints",
    ringlabPrints: "ringlab prints now",
    sameBytes: (bytes: string) => `Byte for byte the same: ${bytes} bytes.`,
    differsAt: (at: string, chapter: string, ringlab: string) =>
      `They differ from byte ${at} on (the chapter ${chapter} bytes, ringlab ${ringlab}).`,
    tolerance: "Tolerance",
    scenario: "Scenario",
    see: "See it live",
    checklist: "§9 Checking ring code: the checklist",
    bases: { measured: "measured", formula: "formula" },
    ringlabMeasures: "ringlab measures",
    ringlabFormula: "The formula, now",
    how: "How it is checked",
    scrollCue: "Scroll sideways for the whole line →",
    section: "Section",
    allSections: (n: string) => `All sections (${n} claims)`,
    sectionOption: (name: string, n: string) => `${name} (${n})`,
    count: (n: string) => `${n} claims`,
  },
  rendezvous: {
    title: "Rendezvous hashing: every server gets a score, the highest wins",
    keysLabel: "Keys (comma-separated)",
    keysCaption: "The keys' servers before and after your last change",
    before: "before",
    after: "after",
    moved: "moved",
    stayed: "stayed",
    noChange: "Add, remove or rename a server: the keys below then show where they were and where they are.",
    keyNote: (hash: string, winner: string) => `h32 = ${hash}; highest score: ${winner}`,
    newServer: "New server",
    add: "Add",
    remove: (name: string) => `Remove ${name}`,
    nextName: (n: number) => `S${n}`,
    score: "score h32(key|server)",
    scoreFraction: "score / 2³²",
    rank: "rank",
    diagram: (key: string) => `Each server's score for ${key}, as a fraction of 2³²`,
    tableCaption: (key: string) => `Scores for ${key}`,
    intro: (key: string, n: string) =>
      `Key ${key} and ${n} servers. Each server's score is h32(key + "|" + server); the highest score wins.`,
    score_: (key: string, server: string, frac: string) => `h32("${key}|${server}") / 2³² = ${frac}.`,
    noServers: "No servers: nobody can take the key.",
    winner: (key: string, winner: string, runnerUp: string | undefined) =>
      `${winner} has the highest score, so ${key} goes to ${winner}.` +
      (runnerUp
        ? ` Removing any other server changes nothing; if ${winner} leaves, the key goes to the runner-up, ${runnerUp}.`
        : ""),
  },

  // A module error, by its code, rule and values (core/errors.ts). English shows the module's own
  // message; another language says each rule by its id.
  labClaims: {
    title: "The papers' claims about the newer bucket hashers",
    computing: "Computing the papers' claims in a background worker…",
    summary: (claims: string, holding: string, allHold: boolean) =>
      `${claims} claims, each computed now: ${allHold ? `all ${holding} hold` : `${holding} hold`}.`,
    seed: "seed",
    compute: "Compute",
    verdicts: { holds: "✓ holds", differs: "✗ differs" },
    paperFigure: "The paper's figure",
    ringlab: "ringlab, now",
    figures: "The paper's figure and ringlab's",
    how: "How it is checked",
    check: "Check",
    cited: "Cited",
  },
  lab: {
    title: "The lab: every algorithm on the same keys",
    fields: {
      buckets: "buckets (n)",
      keys: "keys per bucket",
      seed: "seed",
    } as Record<"buckets" | "keys" | "seed", string>,
    range: (min: string, max: string) => `${min} to ${max}`,
    run: "Run",
    sweep: "Sweep n",
    cancel: "Cancel",
    progressLabel: "Progress of the lab",
    prompt: "Press Run to measure every algorithm at these parameters, in a background worker.",
    starting: "Starting the background worker…",
    progress: (algorithm: string, complete: string, rows: string) =>
      `Measuring in a background worker: ${algorithm} done, ${complete} of ${rows} algorithms.`,
    sweepProgress: (n: string, algorithm: string, complete: string, rows: string) =>
      `Sweep, n = ${n}: ${algorithm} done, ${complete} of ${rows} algorithms.`,
    cancelled: "Cancelled: the worker was stopped. Press Run to start again.",
    sweepCancelled: "Sweep cancelled: the worker was stopped.",
    summary: (buckets: string, keys: string, distinct: string, seed: string) =>
      `${buckets} buckets, ${keys} keys (${distinct} distinct), seed ${seed}.`,
    tableCaption:
      "Every algorithm: balance over the n buckets, the work of a lookup and what moves when 10% are removed",
    headers: {
      algorithm: "algorithm",
      seam: "seam",
      removal: "removes",
      minPct: "Min%",
      maxPct: "Max%",
      var: "Var",
      noBucket: "no bucket",
      steps: "steps a lookup",
      movedOther: "moved from others (10% removed)",
      relocated: "relocated after restore",
      bytes: "bytes a bucket",
    },
    headerHelp: {
      minPct: "The emptiest bucket's keys, as a percentage of the mean",
      maxPct: "The fullest bucket's keys, as a percentage of the mean",
      var: "The variance of the keys a bucket",
      noBucket: "Keys that found no bucket",
      steps: "Trace steps a lookup, every kind but the answer, over the first 1,000 keys",
      movedOther: "Keys that moved between buckets that stayed, when the last 10% were removed",
      relocated: "Keys not back where they were once the removed buckets were added again",
      bytes:
        "The bytes its state holds once built, over the buckets: its containers' elements, the same in every build",
    },
    seams: { bucket: "bucket", server: "server" } as Record<string, string>,
    removals: { any: "any bucket", last: "the last only", none: "none" } as Record<string, string>,
    skipped: "work only: too many trace steps at this size",
    notBuilt: "not built: larger than the core allows at this n",
    noRemoval: "—",
    metric: "metric",
    metrics: { maxPct: "Max%", minPct: "Min%", var: "Var" } as Record<"maxPct" | "minPct" | "var", string>,
    order: "removal order",
    orders: {
      random: "random",
      fifo: "first in, first out (0 up)",
      lifo: "last in, first out (n−1 down)",
    } as Record<"random" | "fifo" | "lifo", string>,
    vsN: (metric: string) => `${metric} against n`,
    vsNNote:
      "Sweep n runs the lab at n = 10, 100, 1,000, 10,000, 100,000 and 1,000,000 with this seed and these keys per bucket, or as many as n allows (at most 10,000,000 keys: 10 a bucket at 1,000,000), one after another in the worker; the largest n take minutes.",
    vsNEmpty: "Press Sweep n to plot this metric against n.",
    vsNTable: (metric: string) => `${metric} for each n`,
    vsRemoved: (metric: string, order: string) => `${metric} against the share of buckets removed (${order})`,
    vsRemovedTable: (metric: string) => `${metric} for each share removed`,
    nAxis: "n (buckets)",
    removedAxis: "share of buckets removed",
    exports: "Export",
    csv: "CSV (ringlab lab --csv)",
    json: "JSON",
    sweepJson: "JSON of the sweep",
  },

  plan: {
    title: "Migration plan: what the real tool will move",
    systems: {
      redis: "Redis Cluster",
      kafka: "Kafka",
      cassandra: "Cassandra",
      memcached: "memcached (libmemcached)",
      libketama: "libketama",
      twemproxy: "twemproxy (nutcracker)",
      nginx: "nginx hash upstream",
      "envoy-ring": "Envoy ring_hash",
      "envoy-maglev": "Envoy Maglev",
    } as Record<string, string>,
    serverChanges: {
      add: "a server is added",
      remove: "a server is removed",
      down: "a server is marked down",
      reweight: "a server's weight changes",
    } as Record<string, string>,
    ops: { rebalance: "rebalance", reshard: "reshard" } as Record<string, string>,
    partitioners: {
      murmur2: "murmur2 (the Java client's)",
      consistent: "consistent (librdkafka, CRC-32)",
      fnv1a: "fnv1a (librdkafka)",
      all: "all three",
    } as Record<string, string>,
    changes: {
      join: "a node joins (bootstrap)",
      leave: "a node leaves (decommission)",
      remove: "a node is removed (removenode)",
    } as Record<string, string>,
    fields: {
      system: "system",
      op: "redis-cli --cluster",
      nodes: "CLUSTER NODES (of the node redis-cli is pointed at)",
      empty: "use empty masters (--cluster-use-empty-masters)",
      threshold: "threshold % (--cluster-threshold)",
      weights: "weights (ID=W, …)",
      from: "from (node ids, or all; empty: all)",
      to: "to (node id; empty: the first master without slots)",
      slots: "slots",
      partitions: "partitions before:after",
      partitioner: "partitioner",
      ring: "ring (nodetool ring, or TOKEN NODE DC RACK a line)",
      strategy: "replication strategy",
      change: "change",
      node: "node",
      tokens: "tokens of the new node",
      rack: "rack of the new node",
      dc: "data centre of the new node",
      keys: "keys, one a line",
      servers: "servers (as the system's --servers or --hosts)",
      mode: "mode",
      distribution: "distribution",
      hash: "hash",
      act: "change",
      server: "server",
      weight: "weight",
      table: "Maglev table size (--table; empty: the default)",
      "min-ring": "minimum ring size (--min-ring; empty: the default)",
      "max-ring": "maximum ring size (--max-ring; empty: the default)",
      "hash-tag": "hash tag (--hash-tag XY: hash only what is between X and Y)",
      "sort-hosts": "sort the servers by host, then port (--sort-hosts)",
      "use-hostname": "hash the hosts' names, not their addresses (--use-hostname)",
    } as Record<string, string>,
    units: { slots: "slots", keys: "keys", ranges: "ranges", arcs: "arcs", entries: "entries" } as Record<
      string,
      string
    >,
    unitOne: { slots: "slot", keys: "key", ranges: "range", arcs: "arc", entries: "entry" } as Record<string, string>,
    exactness: { exact: "exact", model: "model" } as Record<string, string>,
    summary: (steps: string, moved: string, unit: string, oneStep: boolean, oneMoved: boolean) =>
      `${steps} ${oneStep ? "step" : "steps"}, ${moved} ${unit} ${oneMoved ? "moves" : "move"}.`,
    slotsHeading: (n: string) => `The ${n} slots, coloured by master`,
    before: "before",
    after: "after",
    markHint: "A dark mark under the strip after: slots that change master (drawn at least a few pixels wide).",
    legend: "Nodes and their colours",
    ringHeading: "The token ring: each range coloured by its first replica",
    ringAlt: "The token ring: outer band before, inner band after, changed ranges marked inside",
    ringHint:
      "Outer band: each range's first replica before; inner band: after; a thin line inside: the range's replicas change. The tables below give every figure.",
    rangesCaption: "The ranges whose replicas change, replicas in the strategy's order",
    rangeCol: "range",
    stepsHeading: "Steps, in the tool's order",
    stepCount: (n: string, unit: string, streams: boolean) => (streams ? `streams ${n} ${unit}` : `${n} ${unit}`),
    more: (n: string) => `and ${n} more`,
    bytes: (n: string) => `${n} bytes`,
    noSteps: "Nothing moves.",
    partition: (n: string) => `partition ${n}`,
    nodesCaption: "Each node's share before and after, and in how many ranges (its fragmentation)",
    nodeCol: "node",
    beforeShare: (unit: string) => `${unit} before`,
    afterShare: (unit: string) => `${unit} after`,
    share: (count: string, ranges: string, one: boolean) => `${count} (${ranges} ${one ? "range" : "ranges"})`,
    stops: (moved: string, total: string) =>
      `The real run stops half done: ${moved} of the ${total} moves happen before redis-cli fails (see the warning).`,
    warnings: "Warnings",
    warningKinds: {} as Record<string, (moved: string) => string>,
    warningOther: "",
    noteNothing: "",
    noteNoKeys: "",
    noteNoRange: "",
    noteOther: "",
    hashSpace: (percent: string, fraction: string) =>
      `${percent}% of the hash's outputs change partition (${fraction}).`,
    tokenSpace: (percent: string) => `${percent}% of the token space changes replicas.`,
    alternative: "Fewest ranges: the same end counts, not what redis-cli does",
    alternativeAbout:
      "Each giving master gives from one end of its slots, next to the receiver's where it can: fewer ranges for comparison. A model, not the tool's order.",
    keysHeading: "Your keys",
    keysCaption: "Each key's owner before and after",
    keysMoved: (moved: string, n: string) => `${moved} of ${n} keys change owner.`,
    keyCol: "key",
    slotCol: "slot",
    tokenCol: "token",
    movesCol: "moves?",
    yes: "yes",
    no: "no",
    loadingKeys: "Loading the keys' slots…",
    exportJson: "Export the plan as JSON",
    exportHint: "(what ringlab/plan returns: units as arrays, 64-bit figures as decimal text)",
    loadingOptions: "Loading the system's options…",
    systemDefault: "(the system's own)",
    kinds: { necessary: "necessary", collateral: "collateral" } as Record<string, string>,
    ringMoved: (percent: string, fraction: string) => `${percent}% of the hash space changes server (${fraction}).`,
    ringKind: (kind: string, n: string, unit: string, percent: string) => `${kind}: ${n} ${unit}, ${percent}%`,
    missRate: (percent: string) => `Expected miss rate just after the change: ${percent}% of the keys.`,
    spaceRing: "The hash ring: the arcs that change server",
    spaceTable: "The lookup table: the entries that change server",
    spaceAlt: "The hash space with the parts that change server, necessary and collateral",
    spaceRingHint:
      "The ring starts at the top and runs clockwise. Necessary: hashes that move to or from the changed server; collateral: hashes that move between servers the change did not touch. Narrow arcs are drawn a little wider to stay visible.",
    spaceTableHint:
      "The table's entries from left to right. Necessary: entries that move to or from the changed server; collateral: entries that move between servers the change did not touch, drawn a little wider to stay visible.",
    serversCaption: "Each server's share of the hash space before and after",
    serverCol: "server",
  },

  errors: {
    /** Parameters as the pages name them (the module's JavaScript names when absent). */
    params: {} as Record<string, string>,
    /** Words for values: what JavaScript writes for special numbers, the kinds of text a rule names. */
    values: {} as Record<string, string>,
    /** Each rule by its id (cpp/include/ringlab/error_rules.def, the wrapper's, the pages'). */
    rules: {} as Record<string, ErrorRuleText>,
    /** What each code means, for an error whose rule the catalogue lacks. */
    codes: {
      invalid_argument: "This value is not accepted.",
      out_of_range: "This value is out of range.",
      limit_exceeded: "This is larger than ringlab allows.",
      duplicate_server: "A server is listed twice.",
      unknown_server: "There is no such server.",
      token_out_of_range: "The token is outside the ring.",
      token_taken: "Another virtual node already holds this token.",
      already_present: "This virtual node is already on the ring.",
      not_found: "There is no such virtual node on the ring.",
      empty: "The ring is empty: a key has nowhere to go.",
      out_of_memory: "The module ran out of memory.",
      invalid_type: "A value of the wrong type.",
      disposed: "This was already released.",
      load_failed: "The WebAssembly module could not be loaded.",
      internal: "Something went wrong inside ringlab.",
    } as Record<string, string> & { internal: string },
  },
};

export type Messages = typeof en;
export default en;
