// Maglev (docs/algorithms.md#maglev): fuzzed backends (up to 20, names and weights) and a small table size, prime
// or not. Invalid input must throw ringlab::Error; valid input must give a full table of valid
// backends that equals a reference fill written from docs/algorithms.md, does not depend on the order the
// backends are listed in, and, unweighted, gives every backend floor(M/N) or ceil(M/N) slots.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "ringlab/error.hpp"
#include "ringlab/hash.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/ring.hpp"

namespace {

using ringlab::Backend;

// Table sizes: every prime up to 2000, plus non-primes and sizes below the backend count.
const std::vector<std::uint32_t>& table_sizes() {
  static const std::vector<std::uint32_t> sizes = [] {
    std::vector<std::uint32_t> out;
    std::vector<bool> composite(2001, false);
    for (std::uint32_t i = 2; i <= 2000; ++i) {
      if (composite[i]) continue;
      out.push_back(i);
      for (std::uint32_t j = i * i; j <= 2000; j += i) composite[j] = true;
    }
    for (std::uint32_t n : {0u, 1u, 4u, 9u, 15u, 21u, 25u, 49u, 91u, 221u, 1001u, 1369u, 2000u}) out.push_back(n);
    return out;
  }();
  return sizes;
}

bool naive_is_prime(std::uint32_t n) {
  if (n < 2) return false;
  for (std::uint32_t d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

std::u16string gen_name(fuzz::Reader& r, std::size_t index) {
  static constexpr char16_t kUnits[] = {u'b', u'a', u'B', u'1', u'|', u'\u0995', 0xFFFF, 0xD800};
  const std::uint8_t b = r.u8();
  if (b == 0) return u"";  // invalid
  std::u16string name;
  if (b < 128) {
    // Distinct by construction, so most inputs are valid.
    name = u"be";
    for (char c : std::to_string(index)) name += static_cast<char16_t>(c);
  }
  for (int i = 0, len = b % 3; i < len; ++i) name += kUnits[r.u8() % std::size(kUnits)];
  if (name.empty()) name = u"x";
  return name;
}

double gen_weight(fuzz::Reader& r) {
  static constexpr double kWeights[] = {1, 2, 3, 0.5, 0.1, 10, 1.5, 7, 0.25, 100, 1e-3, 0, -2, NAN, INFINITY};
  const std::size_t i = r.u8() % (std::size(kWeights) + 1);
  if (i < std::size(kWeights)) return kWeights[i];
  const double d = r.f64();
  // Keep lighter backends from being starved to nothing in a small table: finite weights are
  // folded into (0, 1000]; non-finite and non-positive ones stay (they must be refused).
  if (std::isfinite(d) && d > 0) return std::max(1e-3, std::fmod(d, 1000.0));
  return d;
}

// The fill of docs/algorithms.md#maglev, spelled out. Returns the table as backend names.
std::vector<std::u16string> reference_fill(const std::vector<Backend>& backends, std::uint32_t m) {
  std::vector<Backend> order = backends;
  std::sort(order.begin(), order.end(), [](const Backend& a, const Backend& b) { return a.name < b.name; });
  const std::size_t n = order.size();
  std::vector<std::uint64_t> offset(n), skip(n), next(n, 0);
  std::vector<double> target(n, 0);
  double w_max = 0;
  for (std::size_t b = 0; b < n; ++b) {
    offset[b] = ringlab::h32(order[b].name + u"|offset") % m;
    skip[b] = ringlab::h32(order[b].name + u"|skip") % (m - 1) + 1;
    w_max = std::max(w_max, order[b].weight);
  }
  std::vector<int> table(m, -1);
  std::uint32_t filled = 0;
  for (std::uint64_t iter = 1; filled < m; ++iter) {
    for (std::size_t b = 0; b < n && filled < m; ++b) {
      if (static_cast<double>(iter) * order[b].weight < target[b]) continue;
      target[b] += w_max;
      while (table[(offset[b] + next[b] * skip[b]) % m] >= 0) ++next[b];
      table[(offset[b] + next[b] * skip[b]) % m] = static_cast<int>(b);
      ++next[b];
      ++filled;
    }
  }
  std::vector<std::u16string> out;
  out.reserve(m);
  for (int b : table) out.push_back(order[static_cast<std::size_t>(b)].name);
  return out;
}

std::vector<std::u16string> names_of(const ringlab::Maglev& mg) {
  std::vector<std::u16string> out;
  for (std::uint32_t b : mg.table()) out.push_back(mg.backends()[b].name);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Reader r(data, size);
  const std::size_t n = r.u8() % 21;  // 0 is invalid
  const bool weighted = r.u8() & 1;
  const std::uint32_t m = table_sizes()[r.pick(table_sizes().size())];
  std::vector<Backend> backends;
  for (std::size_t i = 0; i < n; ++i) backends.push_back(Backend{gen_name(r, i), weighted ? gen_weight(r) : 1.0});

  // Which errors the input deserves (the implementation may report any one of them).
  std::vector<ringlab::ErrorCode> allowed;
  if (n == 0) allowed.push_back(ringlab::ErrorCode::out_of_range);
  for (std::size_t i = 0; i < n; ++i) {
    if (backends[i].name.empty()) allowed.push_back(ringlab::ErrorCode::invalid_argument);
    if (!std::isfinite(backends[i].weight) || !(backends[i].weight > 0))
      allowed.push_back(ringlab::ErrorCode::out_of_range);
    for (std::size_t j = 0; j < i; ++j)
      if (backends[i].name == backends[j].name) allowed.push_back(ringlab::ErrorCode::duplicate_server);
  }
  if (m < n) allowed.push_back(ringlab::ErrorCode::out_of_range);
  if (!naive_is_prime(m)) {
    allowed.push_back(ringlab::ErrorCode::invalid_argument);
    allowed.push_back(ringlab::ErrorCode::out_of_range);
  }
  CHECK(ringlab::is_prime(m) == naive_is_prime(m));

  try {
    const ringlab::Maglev mg(backends, m);
    CHECK_MSG(allowed.empty(), "Maglev accepted an invalid input (table size " + std::to_string(m) + ", " +
                                   std::to_string(n) + " backends)");
    CHECK(mg.table_size() == m);
    CHECK(mg.table().size() == m);
    for (std::uint32_t b : mg.table()) CHECK_MSG(b < n, "slot holds " + std::to_string(b) + " of " + std::to_string(n));
    for (std::size_t b = 0; b < n; ++b) {
      CHECK(mg.offset(static_cast<std::uint32_t>(b)) < m);
      CHECK(mg.skip(static_cast<std::uint32_t>(b)) >= 1 && mg.skip(static_cast<std::uint32_t>(b)) < m);
    }

    const auto counts = mg.entry_counts();
    CHECK(counts.size() == n);
    CHECK(std::accumulate(counts.begin(), counts.end(), std::uint64_t{0}) == m);
    for (std::size_t b = 0; b < n; ++b) {
      // Every backend takes a slot in the first pass (M >= N).
      CHECK_MSG(counts[b] >= 1, "backend " + std::to_string(b) + " got no slot");
      if (!weighted) {
        const std::uint32_t lo = m / static_cast<std::uint32_t>(n);
        const std::uint32_t hi = lo + (m % n != 0 ? 1 : 0);
        CHECK_MSG(counts[b] == lo || counts[b] == hi, "unweighted backend " + std::to_string(b) + " holds " +
                                                          std::to_string(counts[b]) + " of " + std::to_string(m) +
                                                          " slots with " + std::to_string(n) + " backends");
      }
    }

    const auto table = names_of(mg);
    CHECK_MSG(table == reference_fill(backends, m), "the table differs from the reference fill");

    // The fill turn by turn rebuilds the same table.
    const auto turns = mg.fill_turns();
    CHECK(turns.size() == m);
    std::vector<std::uint32_t> replay(m, 0xFFFFFFFFu);
    for (const auto& t : turns) {
      CHECK(t.slot < m && replay[t.slot] == 0xFFFFFFFFu);
      replay[t.slot] = t.backend;
    }
    CHECK(std::equal(replay.begin(), replay.end(), mg.table().begin(), mg.table().end()));

    // The same backends listed in another order give the same table (as names).
    std::vector<Backend> shuffled = backends;
    if (n > 1) {
      for (std::size_t i = n - 1; i > 0; --i) std::swap(shuffled[i], shuffled[r.u8() % (i + 1)]);
      if (r.empty()) std::reverse(shuffled.begin(), shuffled.end());
    }
    const ringlab::Maglev other(shuffled, m);
    CHECK_MSG(names_of(other) == table, "the table depends on the order the backends are listed in");

    // Lookups: table[h mod M].
    for (int k = 0; k < 4; ++k) {
      const std::uint32_t h = r.u32();
      CHECK(mg.lookup(h) == mg.table()[h % m]);
    }
  } catch (const ringlab::Error& e) {
    CHECK_MSG(std::find(allowed.begin(), allowed.end(), e.code()) != allowed.end(),
              "Maglev threw " + std::string(e.code_name()) + " (" + e.what() + ") for table size " + std::to_string(m) +
                  " and " + std::to_string(n) + " backends");
  }
  return 0;
}
