// The placers as TypeScript sees them: each one's options, its servers' fields and its membership,
// derived from the registry's data (web/lib/src/placers/algorithms.ts, written from `ringlab
// algorithms --json`), so a placer added to the core's registry is typed here with no list to
// edit. tests/js/placers.test.mjs holds the result to the registry.
import type { PlacerEntry } from "./algorithms.js";

/**
 * Every option a placer may take beside its servers. Each placer takes the ones its rows name
 * ({@link PlacerAlgorithms}), in their ranges (`ringlab algorithms` lists them); an option it does
 * not take is refused by the core (`"vnodes is not an option of maglev"`).
 */
export interface PlacerOptionFields {
  /** Virtual nodes per server, per unit of weight (the ring, bounded loads): an integer. */
  vnodes: number;
  /** Maglev's table size M: a prime, at least the number of servers. */
  tableSize: number;
  /** Bounded loads' slack: each server holds at most ⌈(1 + epsilon) · keys / servers⌉ keys. */
  epsilon: number;
  /** The token ring's size: its tokens are 0 … 2^bits − 1. */
  bits: number;
}

/**
 * Every field a server may have beside its name. Each placer takes the ones its rows name (a zone
 * where its registry entry has zones); a field it does not take is refused by the core
 * (`"weight is not an option of rendezvous"`).
 */
export interface PlacerServerFields {
  /** Its weight: finite and > 0. */
  weight: number;
  /** Its zone (the ring): any text. */
  zone: string;
  /** Its virtual node's token (the token ring): an integer 0 … 2^bits − 1. */
  token: number;
}

/** A placer's rows of the parameter table. */
type Rows<E extends PlacerEntry> = E["placer"]["options"][number];
type Required_<R> = Exclude<R, { readonly default: string }>;
type Optional_<R> = Extract<R, { readonly default: string }>;

/** The fields of `F` the rows `R` name: those without a default required, the others optional. */
type FieldsOf<R, F> = {
  [O in Required_<R> as O extends { readonly name: infer N } ? N & keyof F : never]: F[O extends {
    readonly name: infer N;
  }
    ? N & keyof F
    : never];
} & {
  [O in Optional_<R> as O extends { readonly name: infer N } ? N & keyof F : never]?: F[O extends {
    readonly name: infer N;
  }
    ? N & keyof F
    : never];
};

/**
 * The placers, by their registry names: each one's options (an option whose row has no default
 * required), the fields of its servers (a zone where its entry has zones; a token, which has no
 * default, required), its membership (the operations its handle has) and whether it has a
 * preference list.
 */
export type PlacerAlgorithms = {
  [E in PlacerEntry as E["name"]]: {
    options: FieldsOf<Rows<E>, PlacerOptionFields>;
    server: FieldsOf<Rows<E>, PlacerServerFields> & (E["zones"] extends true ? { zone?: string } : unknown);
    required: keyof FieldsOf<Required_<Rows<E>>, PlacerServerFields>;
    membership: E["membership"][number];
    preference: E["placer"]["preference"];
  };
};
