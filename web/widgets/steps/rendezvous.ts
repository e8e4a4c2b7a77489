// §6 Rendezvous (HRW): every server gets a score for the key, h32(key + "|" + server); the highest
// wins. The steps reveal the scores one by one, then the winner and the full ranking (the
// replicas, and where the key would go if its winner left).
import type { Ringlab } from "ringlab";

export interface RendezvousParams {
  key: string;
  servers: string[];
}

export interface RendezvousStep {
  kind: "intro" | "score" | "winner";
  /** Scores revealed so far (the first `shown` servers in list order). */
  shown: number;
  /** Every server's score (uint32), in list order. */
  scores: number[];
  /** Index of the winner, −1 with no servers. */
  winner: number;
  /** All servers by score, highest first (ties in list order). */
  ranking: string[];
}

export function rendezvousSteps(p: RendezvousParams, rl: Ringlab): RendezvousStep[] {
  const rv = rl.rendezvous(p.servers);
  try {
    const scores = [...rv.scores(p.key)];
    const winner = rv.pickIndex(p.key);
    const ranking = rv.top(p.key, p.servers.length);
    const base = { scores, winner, ranking };
    return [
      { kind: "intro", shown: 0, ...base },
      ...scores.map((_, i): RendezvousStep => ({ kind: "score", shown: i + 1, ...base })),
      { kind: "winner", shown: scores.length, ...base },
    ];
  } finally {
    rv.dispose();
  }
}
