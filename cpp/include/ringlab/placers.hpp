// The server seam: every algorithm that places a key on one of a list of named servers (the
// registry's servers family, and mod-N over a list of servers) behind one interface, built by name
// from typed options. It is the bucket seam's counterpart (buckets.hpp) for the course's
// placements: `ringlab server` and the tests go through it, so an algorithm registered here
// (algorithms.cpp's placer_algorithms()) is on each of them.
//
//   Placer p("ring", {.servers = {{u"a"}, {u"b", 2.0}}, .vnodes = 100});
//   p.place(u"user:42");          // the index of its server, as Ring::owner_of_key answers
//   p.trace(u"user:42");          // its hash, the binary search to its owner point, its server
//   p.add({u"c"});                // the ring's own membership, as its registry entry says
//   p.preference(u"user:42", 2);  // its first two servers, as Ring::preference_list answers
//
// The seam wraps the placements' own classes (Ring, Rendezvous, WeightedRendezvous, Maglev,
// place_bounded, TokenRing) and answers what they answer, bit for bit. Each value is checked by
// the rule of its row in the parameter table (params.hpp) or by the class itself; what only the
// seam can see (an option the algorithm has no row for, a membership it has not) is refused with
// the bucket seam's rules: notAnOption, missing, noMembership; a preference list it has not, by
// noPreference.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/params.hpp"

namespace ringlab {

// One server as a placer is given it: its name (UTF-16 units, as a JavaScript string and the
// published programs hold it) and, for an algorithm with a row for them, its weight, its zone and
// its token. A field the algorithm has no row for is refused (notAnOption), not ignored.
// A change of the servers as `ringlab server --ops` gives it: compare's change grammar
// (parse_change), and an add that carries its server's token, add@T | add@T:NAME, for a placer
// whose servers are virtual nodes at explicit tokens (the token ring). T is read as --tokens reads
// one (integer_from_text; its range is the placer's). The token goes with the kind, before the
// first colon, so every text of compare's grammar keeps its meaning ("add:a@5" adds "a@5"). Kept
// beside the seam that applies it, so that compare's module does not carry it.
// Errors: parse_change's, and "change token must be a safe integer, got "x"" for T.
struct ServerChange {
  Change change;
  std::optional<std::int64_t> token{};
};
[[nodiscard]] ServerChange parse_server_change(std::u16string_view text);

struct PlacerServer {
  std::u16string name;
  std::optional<double> weight{};        // weighted algorithms (the table's `weight`; default 1)
  std::optional<std::u16string> zone{};  // the ring: the zone its preference list spreads over
  std::optional<std::int64_t> token{};   // the token ring: the virtual node's token (the table's `token`)
};

// A placer's options, each by the name of its row in the parameter table: the servers in list order
// (the order that breaks ties and numbers the answers), and the algorithm's own parameters. One the
// algorithm has no row for is refused; one it has a row for but is not given takes the row's
// default, or is refused (missing) when the row has none (bounded's epsilon).
struct PlacerOptions {
  std::vector<PlacerServer> servers{};
  std::optional<std::int64_t> vnodes{};      // ring, bounded: virtual nodes per server (ring_vnodes)
  std::optional<std::int64_t> table_size{};  // maglev: M (maglev_table_size)
  std::optional<double> epsilon{};           // bounded: the slack (bounded_epsilon)
  std::optional<std::int64_t> bits{};        // token-ring: the ring is [0, 2^bits) (token_ring_bits)
};

// No server: what rendezvous answers on an empty list (its pick's -1, as a 32-bit index).
inline constexpr std::uint32_t kNoServer = 0xFFFFFFFFu;

// What a step of a lookup is (PlaceStep), in the chapter's words. Each kind reads the fields as its
// line says; a field a kind does not use is 0.
//
//   hash    the key's hash: value (h32 of its UTF-16 units; the token ring's position, h32 mod 2^bits)
//   search  one step of the published binary search over the sorted tokens: the range [lo, hi),
//           point the middle one looked at, value its token, right whether the search went right of
//           it (token < hash)
//   owner   the owner point the search found (the first token >= the hash, or point 0 past the
//           last): point, value its token, server its server
//   score   rendezvous: server's score for the key, value (h32(key + "|" + name)); weighted, score
//           its weighted score -w / ln(value / 2^32)
//   slot    mod-N and Maglev: point the slot (hash mod N, hash mod M), server the slot's server,
//           hi the number of slots
//   full    bounded loads: point, whose server is full (value its load, hi its capacity), passed
//   answer  the server: always the last step, what place() answers
enum class PlaceStepKind : std::uint8_t { hash, search, owner, score, slot, full, answer };
inline constexpr std::string_view kPlaceStepKindNames[] = {"hash", "search", "owner", "score",
                                                           "slot", "full",   "answer"};
[[nodiscard]] constexpr std::string_view place_step_kind_name(PlaceStepKind kind) noexcept {
  return kPlaceStepKindNames[static_cast<std::size_t>(kind)];
}

struct PlaceStep {
  PlaceStepKind kind = PlaceStepKind::answer;
  std::uint32_t server = 0;
  std::uint32_t point = 0;
  std::uint64_t value = 0;
  std::uint32_t lo = 0;
  std::uint32_t hi = 0;
  bool right = false;
  double score = 0;
  friend bool operator==(const PlaceStep&, const PlaceStep&) = default;
};

// One algorithm's placer. Placer calls it only with options already checked against its rows.
class ServerPlacer {
 public:
  virtual ~ServerPlacer() = default;
  // The server of a key (its index in the list), as the algorithm's class answers it.
  [[nodiscard]] virtual std::uint32_t place(std::u16string_view key) const = 0;
  // out[i] = the server of keys[i]. For bounded loads the keys are placed in order as one batch
  // (place_bounded: the capacities are for keys.size() keys), so a key's server depends on the keys
  // before it; for every other algorithm it is place(keys[i]).
  virtual void place_many(std::span<const std::u16string> keys, std::span<std::uint32_t> out) const;
  // The steps of a key's lookup, placed alone, ending in place()'s answer. The default is the
  // truthful minimum: the answer alone.
  [[nodiscard]] virtual std::vector<PlaceStep> trace(std::u16string_view key) const;
  // The steps of each key's lookup within the batch, each ending in place_many's answer for it:
  // trace() of each key, but for bounded loads, whose walks depend on the keys before (one
  // placement of the batch serves every key's trace).
  [[nodiscard]] virtual std::vector<std::vector<PlaceStep>> trace_many(std::span<const std::u16string> keys) const;
  // Adds to counts[kind] the steps of each kind that trace(key) has, without making them (counts is
  // indexed by PlaceStepKind): what the lab counts. The default counts trace()'s steps. Rendezvous'
  // are known without scoring, a score per server and the answer: at 10^6 servers a trace is 10^6
  // hashes and 48 MB, and the lab counts 1,000 of them.
  virtual void count_trace(std::u16string_view key, std::span<std::uint64_t> counts) const;
  // Whether a key's server depends on the keys placed with it (bounded loads' capacities); when
  // not, place_many and trace_many are place() and trace() of each key, and a caller may take the
  // keys one at a time (the lab counts a trace's steps and lets it go, where rendezvous' traces of
  // 100,000 scores each for 1,000 keys would be gigabytes at once).
  [[nodiscard]] virtual bool places_as_batch() const noexcept { return false; }
  // Whether a key's server is a function of its h32 (hash.hpp) alone, the hash then mapped to a
  // server: a caller that places the same keys many times (the lab, over its removal histories)
  // hashes each key once and maps the hashes on each pass (place_hashes). Rendezvous scores the
  // key with each server's name, so it has no such split.
  [[nodiscard]] virtual bool maps_hash() const noexcept { return false; }
  // out[i] = the server of a key whose h32 is hashes[i]: place_many's answers for those keys, the
  // batch's order and size as place_many's (bounded loads' capacities). Called only when
  // maps_hash(); the default refuses.
  virtual void place_hashes(std::span<const std::uint32_t> hashes, std::span<std::uint32_t> out) const;
  // The key's preference list: its first n distinct servers in preference order, the first
  // place()'s answer, as the algorithm's class answers it (Ring::preference_list, Rendezvous::top,
  // ...). Placer calls it only for an algorithm whose registry entry has one, with 1 <= n <=
  // size(); the default refuses (noPreference).
  [[nodiscard]] virtual std::vector<std::uint32_t> preference(std::u16string_view key, std::uint32_t n) const;
  // Membership, as the algorithm's registry entry says (Membership): the defaults refuse
  // (noMembership).
  virtual void add(const PlacerServer& server);
  virtual void remove(std::u16string_view name);
  virtual void reweight(std::u16string_view name, double weight);
  // A history's batch: add() of each server and remove() of each name, in order, refusals
  // included: the operations before a refused one stay applied, as they would one at a time. The
  // defaults are those loops; a placer overrides one where the batch costs less (the ring and the
  // token ring check every operation first, then rebuild their points once).
  virtual void add_many(std::span<const PlacerServer> servers);
  virtual void remove_many(std::span<const std::u16string_view> names);
  // The servers, in list order (the answers' numbering).
  [[nodiscard]] virtual std::size_t size() const noexcept = 0;
  [[nodiscard]] virtual std::u16string_view name_of(std::uint32_t server) const = 0;
  // A copy of its state, which then changes apart from this one: a caller that measures several
  // histories from the same start (the lab) builds the placer once (a ring of 10^7 points hashed
  // and sorted) and copies it for each.
  [[nodiscard]] virtual std::unique_ptr<ServerPlacer> clone() const = 0;
  // The bytes its state holds, counted as a bucket hasher's are (BucketHasher::memory_bytes in
  // buckets.hpp: elements, not capacities, so that both builds count the same): a server's name
  // its UTF-16 units x 2, its weight 8 bytes, a virtual node's token 4; a ring's points and
  // owners, a table's entries, each at its element's bytes. The default is the names alone (mod-N,
  // rendezvous).
  [[nodiscard]] virtual std::uint64_t memory_bytes() const noexcept;

 protected:
  explicit ServerPlacer(std::string_view algorithm) : algorithm_(algorithm) {}
  [[nodiscard]] std::string_view algorithm() const noexcept { return algorithm_; }

 private:
  std::string_view algorithm_;  // its registry name, for the messages
};

// A server-family algorithm's part of the registry: what its placer takes and how it is made. Kept
// apart from its Algorithm entry (same name), as the bucket hashers are, so that a module that
// reads the registry (the main WebAssembly module: compare, the digest) links no placer.
struct PlacerAlgorithm {
  std::string_view name;  // its Algorithm entry's
  // Its rows of the parameter table, each named as the field it fills: PlacerOptions' (vnodes,
  // tableSize, epsilon, bits) and PlacerServer's (weight, token). A server's zone has no row: the
  // ring takes one because its registry entry has zones.
  std::span<const Param> options{};
  bool traces = false;  // whether its trace has steps of its own, not the answer alone
  // Whether its class has a preference list, a key's servers in order (the ring's walk, zone-aware;
  // rendezvous' and weighted rendezvous' top; the token ring's walk over its vnodes). Mod-N, Maglev
  // and bounded loads have none: each answers one server, and bounded loads' depends on the batch.
  bool preference = false;
  std::unique_ptr<ServerPlacer> (*make)(const PlacerOptions& options) = nullptr;  // options checked
};

// Every placer, in the registry's order (algorithms.cpp).
[[nodiscard]] std::span<const PlacerAlgorithm> placer_algorithms() noexcept;
// The placer of that name, or nullptr.
[[nodiscard]] const PlacerAlgorithm* find_placer_algorithm(std::string_view name) noexcept;
// The same, or invalid_argument (oneOf) naming every placer: "algorithm must be mod-n, ring, ...
// or token-ring, got "x"".
[[nodiscard]] const PlacerAlgorithm& placer_algorithm(std::string_view name);

// Whether the algorithm takes the option or server field named `name` ("vnodes", "weight",
// "zone", ...): a row of its own, or for "zone" its registry entry's zones.
[[nodiscard]] bool has_option(const PlacerAlgorithm& a, std::string_view name) noexcept;

// A built placer: its registry entry and its algorithm, every value checked.
class Placer {
 public:
  // The algorithm named (placer_algorithm()), with `options` checked against its rows.
  Placer(std::string_view algorithm, const PlacerOptions& options);
  // A copy (ServerPlacer::clone): the same answers, its membership changed apart from this one's.
  Placer(const Placer& other) : algorithm_(other.algorithm_), placer_(other.placer_->clone()) {}
  Placer& operator=(const Placer&) = delete;
  Placer(Placer&&) noexcept = default;
  Placer& operator=(Placer&&) noexcept = default;

  [[nodiscard]] const PlacerAlgorithm& algorithm() const noexcept { return *algorithm_; }
  [[nodiscard]] std::uint32_t place(std::u16string_view key) const { return placer_->place(key); }
  // out[i] = the server of keys[i] (out holds keys.size() values: invalid_argument otherwise).
  void place_many(std::span<const std::u16string> keys, std::span<std::uint32_t> out) const;
  [[nodiscard]] std::vector<std::uint32_t> place_many(std::span<const std::u16string> keys) const;
  // The steps of a key's lookup, the last its answer; and of each key placed among `keys`, as
  // place_many places them.
  [[nodiscard]] std::vector<PlaceStep> trace(std::u16string_view key) const { return placer_->trace(key); }
  [[nodiscard]] std::vector<std::vector<PlaceStep>> trace_many(std::span<const std::u16string> keys) const {
    return placer_->trace_many(keys);
  }
  // ServerPlacer::count_trace: trace(key)'s steps counted by kind into counts (one a kind).
  void count_trace(std::u16string_view key, std::span<std::uint64_t> counts) const {
    placer_->count_trace(key, counts);
  }
  [[nodiscard]] bool places_as_batch() const noexcept { return placer_->places_as_batch(); }
  // ServerPlacer's hash and map split: whether it has one, and out[i] = the server of a key whose
  // h32 is hashes[i], as place_many answers it (out holds hashes.size() values, and the placer
  // maps hashes: invalid_argument otherwise).
  [[nodiscard]] bool maps_hash() const noexcept { return placer_->maps_hash(); }
  void place_hashes(std::span<const std::uint32_t> hashes, std::span<std::uint32_t> out) const;
  // The key's preference list: its first n servers in order, n by the table's rf (Param::rf), from
  // 1 to the number of servers (out_of_range otherwise); noPreference for an algorithm without one.
  // An empty placer lists nothing: the token ring refuses as place() does (noVnodes), rendezvous
  // with noneListed (servers).
  [[nodiscard]] std::vector<std::uint32_t> preference(std::u16string_view key, std::int64_t n) const;
  // The same for each key, row after row: out[i * n .. (i + 1) * n) is keys[i]'s list (out holds
  // keys.size() * n values: invalid_argument otherwise). n and the algorithm are checked once,
  // before any key, and the n x keys servers by the table's count (a batch's values).
  void preference_many(std::span<const std::u16string> keys, std::int64_t n, std::span<std::uint32_t> out) const;
  [[nodiscard]] std::vector<std::uint32_t> preference_many(std::span<const std::u16string> keys, std::int64_t n) const;
  // Membership: a server appended to the list (its fields checked as the options' are), a server
  // taken out by name (those after it renumbered), a server's weight changed.
  void add(const PlacerServer& server);
  void remove(std::u16string_view name);
  void reweight(std::u16string_view name, double weight);
  // add() of each server and remove() of each name in one batch (ServerPlacer::add_many): the
  // same servers, answers and refusals as one at a time, the operations before a refused one
  // applied.
  void add_many(std::span<const PlacerServer> servers);
  void remove_many(std::span<const std::u16string_view> names);
  [[nodiscard]] std::size_t size() const noexcept { return placer_->size(); }
  [[nodiscard]] std::u16string_view name_of(std::uint32_t server) const { return placer_->name_of(server); }
  // The bytes its state holds (ServerPlacer::memory_bytes).
  [[nodiscard]] std::uint64_t memory_bytes() const noexcept { return placer_->memory_bytes(); }

 private:
  const PlacerAlgorithm* algorithm_;
  std::unique_ptr<ServerPlacer> placer_;
};

// The makers, registered beside the registry's entries (algorithms.cpp); each takes options a
// Placer has checked.
std::unique_ptr<ServerPlacer> make_mod_n_placer(const PlacerOptions& options);
std::unique_ptr<ServerPlacer> make_ring_placer(const PlacerOptions& options);
std::unique_ptr<ServerPlacer> make_rendezvous_placer(const PlacerOptions& options);
std::unique_ptr<ServerPlacer> make_weighted_rendezvous_placer(const PlacerOptions& options);
std::unique_ptr<ServerPlacer> make_maglev_placer(const PlacerOptions& options);
std::unique_ptr<ServerPlacer> make_bounded_placer(const PlacerOptions& options);
std::unique_ptr<ServerPlacer> make_token_ring_placer(const PlacerOptions& options);

}  // namespace ringlab
