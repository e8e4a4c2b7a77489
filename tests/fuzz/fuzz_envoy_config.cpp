// Envoy's endpoint text and host lists. The first byte picks the reader (lb_endpoints YAML or
// ADDR:PORT lines, a --hosts list, a list with --use-hostname, one address), the rest is the
// text. Refused text must be a named Error that gives its place; accepted text must give hosts
// that build Envoy's two balancers (or are refused for a rule of the balancers: duplicates,
// weights adding up beyond a uint32), and then:
//   - every address hashed reads back as itself (Envoy's printed form is a fixed point);
//   - the ring is sorted, each host's entries are the hashes of KEY_0, KEY_1, ..., and every
//     key's host is the first entry at or after the key's XXH64, else the first;
//   - the Maglev table is full, does not depend on the hosts' order, and every key's host is
//     table[XXH64 % M].
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/error.hpp"
#include "ringlab/systems/envoy.hpp"
#include "ringlab/systems/hashes.hpp"

namespace {

using namespace ringlab::systems;

const char* const kKeys[] = {"", "foo", "user:1000", "\xff\xfe", "k", "topic-a"};

bool mentions(const ringlab::Error& e, std::string_view what) {
  return std::string_view(e.what()).find(what) != std::string_view::npos;
}

void check_ring(const std::vector<envoy::Host>& hosts, bool use_hostname, envoy::RingHash hash) {
  std::unique_ptr<envoy::Ring> ring;
  try {
    ring = std::make_unique<envoy::Ring>(
        hosts, envoy::RingOptions{.min_ring_size = 64, .hash = hash, .use_hostname = use_hostname});
  } catch (const ringlab::Error& e) {
    const bool ok = e.code() == ringlab::ErrorCode::duplicate_server || e.code() == ringlab::ErrorCode::limit_exceeded;
    if (!ok) __builtin_trap();
    return;
  }
  const auto& entries = ring->entries();
  if (entries.empty()) __builtin_trap();
  // Sorted, and each host's entries are the hashes of KEY_0, KEY_1, ... KEY_(c-1). A host may get
  // none: shares are doubles, and Envoy's running sums can round a one-entry share away.
  std::vector<std::vector<std::uint64_t>> of_host(hosts.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i > 0 && entries[i - 1].hash > entries[i].hash) __builtin_trap();
    of_host.at(entries[i].host).push_back(entries[i].hash);
  }
  for (std::size_t h = 0; h < hosts.size(); ++h) {
    const std::string key = envoy::host_key(hosts[h], use_hostname);
    std::vector<std::uint64_t> expected;
    for (std::size_t i = 0; i < of_host[h].size(); ++i) {
      const std::string point = key + "_" + std::to_string(i);
      expected.push_back(hash == envoy::RingHash::murmur2 ? libstdcxx_hash_bytes(point) : xxhash64(point, 0));
    }
    std::sort(expected.begin(), expected.end());
    if (expected != of_host[h]) __builtin_trap();
  }
  for (const char* key : kKeys) {
    const std::uint64_t h = xxhash64(key, 0);
    std::size_t expected = entries.front().host;
    for (const envoy::Ring::Entry& e : entries)
      if (e.hash >= h) {
        expected = e.host;
        break;
      }
    if (ring->place(key) != expected) __builtin_trap();
  }
}

void check_maglev(const std::vector<envoy::Host>& hosts, bool use_hostname) {
  std::unique_ptr<envoy::Maglev> maglev;
  try {
    maglev = std::make_unique<envoy::Maglev>(hosts, 251, use_hostname);
  } catch (const ringlab::Error& e) {
    const bool ok = e.code() == ringlab::ErrorCode::duplicate_server || e.code() == ringlab::ErrorCode::limit_exceeded;
    if (!ok) __builtin_trap();
    return;
  }
  const std::vector<std::uint32_t>& table = maglev->table();
  if (table.size() != 251) __builtin_trap();
  for (const std::uint32_t h : table)
    if (h >= hosts.size()) __builtin_trap();
  std::vector<envoy::Host> reversed(hosts.rbegin(), hosts.rend());
  const envoy::Maglev other(reversed, 251, use_hostname);
  for (std::size_t i = 0; i < table.size(); ++i)
    if (hosts[table[i]].address != reversed[other.table()[i]].address) __builtin_trap();
  for (const char* key : kKeys)
    if (maglev->place(key) != table[xxhash64(key, 0) % 251]) __builtin_trap();
}

void check_hosts(const std::vector<envoy::Host>& hosts, bool use_hostname) {
  if (hosts.empty() || hosts.size() > 64) return;
  std::uint64_t total = 0;
  for (const envoy::Host& h : hosts) {
    if (h.weight < 1 || h.weight > 4294967295) __builtin_trap();
    total += static_cast<std::uint64_t>(h.weight);
    if (!use_hostname && h.hash_key.empty()) {
      const std::string printed = envoy::canonical_address(h.address);
      if (envoy::canonical_address(printed) != printed) __builtin_trap();
    }
  }
  // A ring of 64 entries for the lightest host is 64 * total / min entries: keep it small.
  std::int64_t lightest = hosts.front().weight;
  for (const envoy::Host& h : hosts) lightest = std::min(lightest, h.weight);
  if (total / static_cast<std::uint64_t>(lightest) <= 1024) {
    check_ring(hosts, use_hostname, envoy::RingHash::xxhash);
    check_ring(hosts, use_hostname, envoy::RingHash::murmur2);
  }
  check_maglev(hosts, use_hostname);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 4) {
    case 0: {
      std::vector<envoy::Host> hosts;
      try {
        hosts = envoy::parse_endpoints(text);
      } catch (const ringlab::Error& e) {
        if (!mentions(e, "endpoints line ") || !mentions(e, ", column ")) __builtin_trap();
        return 0;
      }
      check_hosts(hosts, false);
      check_hosts(hosts, true);
      return 0;
    }
    case 1:
    case 2: {
      const bool use_hostname = data[0] % 4 == 2;
      std::vector<envoy::Host> hosts;
      try {
        hosts = envoy::hosts_from_list(text, use_hostname);
      } catch (const ringlab::Error& e) {
        if (!mentions(e, "--hosts entry ")) __builtin_trap();
        return 0;
      }
      check_hosts(hosts, use_hostname);
      return 0;
    }
    default: {
      try {
        const std::string printed = envoy::canonical_address(text);
        if (envoy::canonical_address(printed) != printed) __builtin_trap();
      } catch (const ringlab::Error& e) {
        if (e.code() != ringlab::ErrorCode::invalid_argument) __builtin_trap();
      }
      return 0;
    }
  }
}
