#include "ringlab/maglev.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "key_blocks.hpp"
#include "names.hpp"
#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/ring.hpp"

namespace ringlab {

RINGLAB_ONCE_PER_CALL bool is_prime(std::uint32_t n) noexcept {
  if (n < 2) return false;
  if (n % 2 == 0) return n == 2;
  for (std::uint32_t d = 3; static_cast<std::uint64_t>(d) * d <= n; d += 2)
    if (n % d == 0) return false;
  return true;
}

RINGLAB_ONCE_PER_CALL void check_maglev_table_size(Param p, std::int64_t table_size, std::int64_t backends) {
  check_integer(p, table_size, backends, kMaxMaglevTableSize);
  if (!is_prime(static_cast<std::uint32_t>(table_size)))
    throw Error(ErrorCode::invalid_argument, rule::prime, std::string(param(p).name), {table_size});
}

RINGLAB_ONCE_PER_CALL Maglev Maglev::uniform(std::int64_t backends, std::int64_t table_size) {
  check_integer(Param::maglev_backends, backends);
  check_maglev_table_size(Param::maglev_table_size, table_size, backends);
  std::vector<Backend> list;
  list.reserve(static_cast<std::size_t>(backends));
  for (std::uint32_t b = 0; b < backends; ++b) list.push_back({default_server_name(b), 1.0});
  return Maglev(std::move(list), table_size);
}

Maglev::Maglev(std::vector<Backend> backends, std::int64_t m) : backends_(std::move(backends)) {
  if (backends_.empty()) throw Error(ErrorCode::out_of_range, rule::noBackend, "");
  check_integer(Param::maglev_backends, static_cast<std::int64_t>(backends_.size()));
  std::vector<std::u16string_view> listed;
  for (const Backend& b : backends_) {
    names::check(b.name, "backend");
    check_number(Param::weight, b.weight);
    listed.push_back(b.name);
  }
  if (names::first_duplicate(std::move(listed)))
    throw Error(ErrorCode::duplicate_server, rule::duplicate, "", {"backend"});
  check_maglev_table_size(Param::maglev_table_size, m, static_cast<std::int64_t>(backends_.size()));
  const auto table_size = static_cast<std::uint32_t>(m);
  table_.assign(table_size, 0);
  slot_of_ = FastMod(table_size);
  offsets_.resize(backends_.size());
  skips_.resize(backends_.size());
  for (std::size_t b = 0; b < backends_.size(); ++b) {
    const std::u16string& name = backends_[b].name;
    offsets_[b] = Fnv1a{}.units(name).units(u"|offset").finish() % table_size;
    skips_[b] = Fnv1a{}.units(name).units(u"|skip").finish() % (table_size - 1) + 1;
  }
  fill(nullptr);
}

void Maglev::fill(std::vector<Turn>* turns) {
  const auto m = static_cast<std::uint32_t>(table_.size());
  const std::size_t n = backends_.size();
  // Backends take turns in ascending name order (UTF-16 units), so the table does not depend on
  // the order the user listed them in.
  const std::vector<std::uint32_t> order = names::order(backends_);
  double w_max = 0;
  for (const Backend& b : backends_) w_max = std::max(w_max, b.weight);
  constexpr std::uint32_t kFree = 0xFFFFFFFFu;
  std::fill(table_.begin(), table_.end(), kFree);
  // Each backend's place in its permutation, kept as the slot itself: preference j + 1 is
  // preference j plus skip, mod M, so one add and one compare replace a 64-bit multiply and
  // division per probe.
  std::vector<std::uint32_t> at(offsets_);
  std::vector<double> target(n, 0);
  std::uint32_t filled = 0;
  for (std::uint64_t iter = 1; filled < m; ++iter) {
    for (std::uint32_t b : order) {
      // A lighter backend sits out a pass until its share catches up with the heaviest one's.
      if (static_cast<double>(iter) * backends_[b].weight < target[b]) continue;
      target[b] += w_max;
      std::uint32_t skipped = 0;
      const std::uint32_t skip = skips_[b];
      const auto advance = [&](std::uint32_t slot) { return slot >= m - skip ? slot - (m - skip) : slot + skip; };
      std::uint32_t slot = at[b];
      while (table_[slot] != kFree) {
        slot = advance(slot);
        ++skipped;
      }
      table_[slot] = b;
      at[b] = advance(slot);
      if (turns != nullptr) turns->push_back(Turn{b, slot, skipped});
      if (++filled == m) break;  // stop the moment the table is full, mid-pass
    }
  }
}

RINGLAB_ONCE_PER_CALL std::size_t Maglev::index(std::int64_t backend) const {
  return static_cast<std::size_t>(
      check_integer(Param::maglev_backend, backend, 0, static_cast<std::int64_t>(backends_.size()) - 1));
}

RINGLAB_ONCE_PER_CALL std::vector<Maglev::Turn> Maglev::fill_turns() const {
  Maglev copy = *this;
  std::vector<Turn> turns;
  turns.reserve(table_.size());
  copy.fill(&turns);
  return turns;
}

std::uint32_t Maglev::lookup_key(std::u16string_view key) const noexcept { return lookup(h32(key)); }

void Maglev::lookup_many(std::span<std::uint32_t> hashes) const noexcept {
  for (auto& h : hashes) h = lookup(h);
}

void Maglev::lookup_keys(std::span<const char16_t> units, std::span<const std::uint32_t> offsets,
                         std::span<std::uint32_t> out) const noexcept {
  h32_many(units, offsets, out);
  lookup_many(out);
}

RINGLAB_ONCE_PER_CALL std::vector<std::uint32_t> Maglev::entry_counts() const {
  std::vector<std::uint32_t> counts(backends_.size(), 0);
  for (std::uint32_t b : table_) ++counts[b];
  return counts;
}

}  // namespace ringlab
