// §8 Membership: two clients with different server lists send one key to two places. Each client
// builds its own ring (the module); the key is the first of the course's keys on which they
// disagree, unless one is given; movement() counts how many keys they disagree on overall.
import type { Ringlab } from "ringlab";

export interface ClientsParams {
  a: string[];
  b: string[];
  key: string;
  vnodes: number;
  seed: number;
  sample: number;
}

export interface ClientsStep {
  kind: "lists" | "client-a" | "client-b" | "summary";
  key: string;
  ownerA: string;
  ownerB: string;
  disagree: number;
  sample: number;
  /** Each sample key's server by client 1 and by client 2 (names), for the moved-key count. */
  ownersA: string[];
  ownersB: string[];
  /** The sample keys (the course's key generator). */
  keys: string[];
}

export function clientsSteps(p: ClientsParams, rl: Ringlab): ClientsStep[] {
  const ra = rl.ring({ servers: p.a, vnodes: p.vnodes });
  const rb = rl.ring({ servers: p.b, vnodes: p.vnodes });
  try {
    const keys = rl.keys(p.seed, p.sample);
    const oa = ra.ownerMany(keys);
    const ob = rb.ownerMany(keys);
    let key = p.key;
    if (key === "")
      key = keys.find((_, i) => ra.servers[oa[i] ?? 0] !== rb.servers[ob[i] ?? 0]) ?? keys[0] ?? "user:42";
    // One id space: names of both lists; "new" = known only to client B.
    const union = [...p.a, ...p.b.filter((x) => !p.a.includes(x))];
    const mv = rl.movement(
      Uint32Array.from(oa, (i) => union.indexOf(ra.servers[i] ?? "")),
      Uint32Array.from(ob, (i) => union.indexOf(rb.servers[i] ?? "")),
      union.map((x) => !p.a.includes(x)),
    );
    const sa = ra.servers;
    const sb = rb.servers;
    const base = {
      key,
      ownerA: ra.owner(key),
      ownerB: rb.owner(key),
      disagree: mv.moved,
      sample: mv.keys,
      ownersA: Array.from(oa, (i) => sa[i] ?? ""),
      ownersB: Array.from(ob, (i) => sb[i] ?? ""),
      keys,
    };
    return [
      { kind: "lists", ...base },
      { kind: "client-a", ...base },
      { kind: "client-b", ...base },
      { kind: "summary", ...base },
    ];
  } finally {
    ra.dispose();
    rb.dispose();
  }
}
