// The bucket seam: every hash-to-bucket algorithm (the registry's buckets family: jump, mod-N and
// the algorithms after them) behind one interface, built by name from typed options. `ringlab
// bucket`, the package's `ringlab/buckets` handle and the tests all go through it, so an
// algorithm added to the registry (algorithms.cpp's bucket_algorithms()) is on every surface.
//
//   Buckets b("jump", {.buckets = 10});   // checked against jump's rows (bucket_params.hpp)
//   b.bucket(42);                         // 42's bucket, as jump(42, 10)
//   b.remove(9);                          // jump removes only its last bucket
//   b.add();                              // bucket 9 again
//
// An algorithm implements BucketHasher and registers a maker beside its registry entry; Buckets
// checks what crosses (the algorithm's name, its options, each input, a bucket to remove) and
// holds the hasher. Mistakes are ringlab::Error with the rules of error_rules.def's "Bucket
// hashers" section.
//
// Most algorithms answer a bucket number 0 .. n - 1, which the caller maps to servers itself. One
// built from a list of named nodes (multi-probe consistent hashing) answers a node: bucket() is
// still a number, the node's place in the list, and the surfaces show its name (name_of()), as its
// registry entry says (BucketAlgorithm::answers).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/bucket_params.hpp"
#include "ringlab/bucket_trace.hpp"

namespace ringlab {

// What a bucket algorithm's reference program takes as a key (its registry entry says which):
// a 64-bit integer (jump), a 32-bit one (mod-N's hash), or a key's text, hashed as its UTF-8
// bytes (MementoHash's xxh32(key), for one).
enum class BucketInput : std::uint8_t { u64, u32, text };

// What a bucket algorithm's reference answers for a key: a bucket number 0 .. n - 1 (jump and most
// after it), or one of the nodes it was built from, by name (multi-probe consistent hashing). The
// seam answers a node by its place in the nodes list, and `ringlab bucket` and ringlab/buckets
// show its name.
enum class BucketAnswer : std::uint8_t { bucket, name };

// The options a bucket hasher may take, each by the name of its row (bucket_params.hpp). An
// algorithm takes the options it has rows for: one it has no row for is refused (notAnOption),
// one it has a row for but that is not given takes the row's default, or is refused (missing)
// when the row has none. A row's default may follow from another option (ParamSpec's
// default_of: a capacity from the buckets), and an algorithm that takes both buckets and
// capacity starts with at most capacity buckets live (between, on buckets). A list of nodes holds
// lo .. hi names of its row, none empty (emptyName) and none twice (duplicateListed).
struct BucketOptions {
  std::optional<std::int64_t> buckets{};   // the buckets live at the start, 0 .. buckets - 1
  std::optional<std::int64_t> capacity{};  // the buckets it has room for (fixed, or until it grows)
  std::optional<std::uint64_t> seed{};     // its hash's seed
  // The nodes, by name (each its UTF-8 bytes), in the order their places number them: what an
  // algorithm that answers a node's name (BucketAnswer::name) is built from.
  std::optional<std::vector<std::string>> nodes{};
  std::optional<std::int64_t> probes{};  // the probes it makes for each key
};

// One algorithm's bucket hasher. Buckets calls it only with what its registry entry says it
// takes, already checked: inputs of its kind (a u32 algorithm's below 2^32), a bucket to remove
// below 2^32, options set for each of its rows.
class BucketHasher {
 public:
  virtual ~BucketHasher() = default;
  // The bucket of a u64 or u32 input, and of a text input's UTF-8 bytes.
  [[nodiscard]] virtual std::uint32_t bucket(std::uint64_t input) const;
  [[nodiscard]] virtual std::uint32_t bucket_key(std::string_view key) const;
  // out[i] = bucket(inputs[i]) (out holds inputs.size() values); override for a faster loop.
  virtual void bucket_many(std::span<const std::uint64_t> inputs, std::span<std::uint32_t> out) const;
  virtual void bucket_many(std::span<const std::uint32_t> inputs, std::span<std::uint32_t> out) const;
  // out[i] = bucket_key(keys[i]) for a text algorithm's keys; override for a faster loop.
  virtual void bucket_many(std::span<const std::string_view> keys, std::span<std::uint32_t> out) const;
  // The steps of an input's lookup (bucket_trace.hpp), ending in its bucket. An algorithm with a
  // trace of its own (its BucketAlgorithm's `traces`) runs its lookup with a BucketTrace; the
  // defaults are the truthful minimum, the one `answer` step.
  [[nodiscard]] virtual std::vector<BucketStep> trace(std::uint64_t input) const;
  [[nodiscard]] virtual std::vector<BucketStep> trace_key(std::string_view key) const;
  // Membership, for an algorithm that has it (its registry entry's `membership`): add() makes a
  // bucket live and returns it; remove(b) takes live bucket b out. The defaults refuse
  // (noMembership) and say what the algorithm has not.
  [[nodiscard]] virtual bool can_add() const noexcept { return false; }
  [[nodiscard]] virtual bool can_remove() const noexcept { return false; }
  virtual std::uint32_t add();
  virtual void remove(std::uint32_t bucket);
  // A history's batch: the same as add() `count` times (out[i] the i-th bucket made live) and
  // remove() of each bucket in order, refusals included: the operations before a refused one
  // stay applied, as they would one at a time. The defaults are those loops; an algorithm
  // overrides one where a batch costs less than its operations (DxHash walks its adding probe
  // sequence once for all the buckets it adds, instead of once for each).
  virtual void add_many(std::span<std::uint32_t> out);
  virtual void remove_many(std::span<const std::uint32_t> buckets);
  // How many buckets are live (for an algorithm that answers a node: its nodes).
  [[nodiscard]] virtual std::uint32_t size() const noexcept = 0;
  // The name of the node at place `node` (below size()), for an algorithm that answers names.
  [[nodiscard]] virtual std::string_view name_of(std::uint32_t node) const;
  // A copy of its state, which then changes apart from this one: a caller that measures several
  // histories from the same start (the lab) builds the hasher once and copies it for each.
  [[nodiscard]] virtual std::unique_ptr<BucketHasher> clone() const = 0;
  // The bytes its state holds: each container's elements times an element's bytes (a vector<bool>
  // a bit each, rounded up to bytes; a name its UTF-8 bytes; an open-addressing table's slots,
  // every one allocated), not the few integers beside them. Sizes, not capacities: libstdc++ and
  // libc++ (the WebAssembly build) grow a vector differently once it has shrunk, and a
  // vector<bool>'s words are 8 bytes natively and 4 in WebAssembly, so capacities would differ
  // between the builds, where the lab prints the same bytes in both. The default is a hasher with
  // no container (jump, mod-N: n and its reciprocal): one function for them all, as the buckets
  // module pays for each.
  [[nodiscard]] virtual std::uint64_t memory_bytes() const noexcept { return 0; }

 protected:
  explicit BucketHasher(std::string_view algorithm) : algorithm_(algorithm) {}
  [[nodiscard]] std::string_view algorithm() const noexcept { return algorithm_; }

 private:
  std::string_view algorithm_;  // its registry name, for the messages
};

// The membership of an algorithm whose live buckets are always 0 .. n - 1 and that changes only n
// (jump, JumpBackHash): add() makes bucket n live, up to max_buckets; remove(b) takes only the
// last bucket, n - 1 (lastBucketOnly for another), and never the last one left (noBucketLeft).
// Growing n by one moves keys only to the new bucket, and shrinking it moves only the last
// bucket's keys; taking out any other bucket would renumber those after it, which moves most keys.
class LastBucketHasher : public BucketHasher {
 public:
  [[nodiscard]] bool can_add() const noexcept final { return true; }
  [[nodiscard]] bool can_remove() const noexcept final { return true; }
  std::uint32_t add() final;
  void remove(std::uint32_t bucket) final;
  [[nodiscard]] std::uint32_t size() const noexcept final { return n_; }

 protected:
  // n live buckets, at most max_buckets (the top of its buckets row, which n was checked against).
  LastBucketHasher(std::string_view algorithm, std::uint32_t n, std::uint32_t max_buckets) noexcept
      : BucketHasher(algorithm), n_(n), max_buckets_(max_buckets) {}

 private:
  std::uint32_t n_;
  std::uint32_t max_buckets_;
};

// A bucket algorithm's part of the registry: what its hasher takes and how it is made. Kept apart
// from its Algorithm entry (same name) so that a module that reads the registry (the main
// WebAssembly module: compare, the digest) links no hasher.
struct BucketAlgorithm {
  std::string_view name;  // its Algorithm entry's
  BucketInput input = BucketInput::u64;
  BucketAnswer answers = BucketAnswer::bucket;
  std::span<const BucketParam> options;  // its rows, each named as the BucketOptions field it fills
  // Whether its hasher has a trace of its own (BucketHasher::trace), its lookup's steps; without,
  // a trace is the answer alone.
  bool traces = false;
  // Its hasher from options checked against those rows, every one of them set.
  std::unique_ptr<BucketHasher> (*make)(const BucketOptions& options) = nullptr;
};

// Every bucket algorithm, in the registry's order (algorithms.cpp).
[[nodiscard]] std::span<const BucketAlgorithm> bucket_algorithms() noexcept;
// The bucket algorithm of that name, or nullptr.
[[nodiscard]] const BucketAlgorithm* find_bucket_algorithm(std::string_view name) noexcept;
// The same, or invalid_argument (oneOf) naming every bucket algorithm: "algorithm must be mod-n
// or jump, got "x"".
[[nodiscard]] const BucketAlgorithm& bucket_algorithm(std::string_view name);

// "u64", "u32", "text": as `ringlab algorithms --json` and the package name an input kind.
[[nodiscard]] std::string_view input_name(BucketInput input) noexcept;
// "bucket", "name": as `ringlab algorithms --json` and the package name what an algorithm answers.
[[nodiscard]] std::string_view answer_name(BucketAnswer answers) noexcept;
// The row an input is checked against (nullptr for text, which has none).
[[nodiscard]] const ParamSpec* input_param(BucketInput input) noexcept;
// The option rows of an algorithm by name ("buckets"), or nullptr when it takes no such option.
[[nodiscard]] const ParamSpec* option_param(const BucketAlgorithm& a, std::string_view name) noexcept;
// The same row, or invalid_argument (notAnOption: "capacity is not an option of jump").
const ParamSpec& bucket_option(const BucketAlgorithm& a, std::string_view name);
// The names of BucketOptions' fields, in its order.
inline constexpr std::string_view kBucketOptionNames[] = {"buckets", "capacity", "seed", "nodes", "probes"};

// A built bucket algorithm: its registry entry and its hasher, with every value checked.
class Buckets {
 public:
  // The algorithm named (bucket_algorithm()), with `options` checked against its rows.
  Buckets(std::string_view algorithm, const BucketOptions& options);
  // A copy (BucketHasher::clone): the same answers, its membership changed apart from this one's.
  Buckets(const Buckets& other) : algorithm_(other.algorithm_), hasher_(other.hasher_->clone()) {}
  Buckets& operator=(const Buckets&) = delete;
  Buckets(Buckets&&) noexcept = default;
  Buckets& operator=(Buckets&&) noexcept = default;

  [[nodiscard]] const BucketAlgorithm& algorithm() const noexcept { return *algorithm_; }
  // The bucket of an input: a u64 algorithm's any 64-bit integer, a u32 algorithm's one below 2^32
  // (out_of_range otherwise, as input_param's row words it).
  [[nodiscard]] std::uint32_t bucket(std::uint64_t input) const;
  // The bucket of a text algorithm's key (its UTF-8 bytes).
  [[nodiscard]] std::uint32_t bucket_key(std::string_view key) const;
  // out[i] = bucket(inputs[i]); a u32 algorithm checks every input before any bucket is computed.
  void bucket_many(std::span<const std::uint64_t> inputs, std::span<std::uint32_t> out) const;
  void bucket_many(std::span<const std::uint32_t> inputs, std::span<std::uint32_t> out) const;
  // out[i] = bucket_key(keys[i]), for a text algorithm.
  void bucket_many(std::span<const std::string_view> keys, std::span<std::uint32_t> out) const;
  // The same for keys already UTF-8, laid end to end in `bytes`: key i is bytes[offsets[i],
  // offsets[i + 1]), so out holds offsets.size() - 1 answers. The offsets are checked first
  // (invalid_argument, byteOffsets: at least one, the first 0, ascending, the last
  // bytes.size()), then the keys go to the hasher's batch a block of views at a time. An
  // algorithm whose input is no text refuses (invalid_argument, noMembership: "jump has no text
  // keys").
  void bucket_many_utf8(std::string_view bytes, std::span<const std::uint32_t> offsets,
                        std::span<std::uint32_t> out) const;
  // The steps of an input's lookup (bucket_trace.hpp), checked as bucket() and bucket_key() check:
  // the last step is the answer, the bucket they return.
  [[nodiscard]] std::vector<BucketStep> trace(std::uint64_t input) const;
  [[nodiscard]] std::vector<BucketStep> trace_key(std::string_view key) const;
  // Membership: the bucket made live, and a bucket taken out (any integer: one that is not a
  // live bucket is refused as not_found, bucketNotLive).
  std::uint32_t add();
  void remove(std::int64_t bucket);
  // add() out.size() times and remove() of each bucket in order, in one batch each
  // (BucketHasher::add_many): the same buckets, the same state and the same refusals as one at a
  // time, the operations before a refused one applied.
  void add_many(std::span<std::uint32_t> out);
  void remove_many(std::span<const std::int64_t> buckets);
  [[nodiscard]] bool can_add() const noexcept { return hasher_->can_add(); }
  [[nodiscard]] bool can_remove() const noexcept { return hasher_->can_remove(); }
  [[nodiscard]] std::uint32_t size() const noexcept { return hasher_->size(); }
  // The bytes its state holds (BucketHasher::memory_bytes).
  [[nodiscard]] std::uint64_t memory_bytes() const noexcept { return hasher_->memory_bytes(); }
  // What an answer is shown as: the name of node `answer` for an algorithm that answers names, the
  // bucket number in decimal for the others.
  [[nodiscard]] std::string shown(std::uint32_t answer) const;

 private:
  const BucketAlgorithm* algorithm_;
  std::unique_ptr<BucketHasher> hasher_;
};

// An input as text, as the command line takes it: for a u64 or u32 algorithm an integer in
// decimal or 0x hex ("input must be an integer, decimal or 0x hex, got "x"", then the row's
// range), for a text algorithm the text itself. Returns the integer (0 for text).
[[nodiscard]] std::uint64_t bucket_input_from_text(BucketInput input, std::string_view text);

// One membership change of `ringlab bucket --ops`: "add" or "remove:B".
struct BucketOp {
  bool add = false;
  std::int64_t bucket = 0;  // remove's
};
// A comma-separated list of them, in order ("ops must be add or remove:B, got "x"" for an item of
// another shape; remove's B is an integer, "bucket must be a safe integer, got ...").
[[nodiscard]] std::vector<BucketOp> parse_bucket_ops(std::string_view text);

// A command-line option of `ringlab bucket`: the text given for option `name` (one of
// kBucketOptionNames), read by the kind of the algorithm's row for it (an integer, a 64-bit
// integer in decimal or 0x hex, or a comma-separated list of names, each kept as given: an empty
// one is refused with the list) into `options`. An option the algorithm has no row for is refused
// first, whatever its text ("capacity is not an option of jump").
void set_bucket_option(const BucketAlgorithm& a, BucketOptions& options, std::string_view name, std::string_view text);

}  // namespace ringlab
