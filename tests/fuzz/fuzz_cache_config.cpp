// The cache systems' configuration text: an nginx upstream block, libmemcached's server string
// and libketama's server file. The first byte picks the reader, the rest is the text. Text that
// does not read must fail with a named error that gives its place (line and column, or column);
// text that reads must build its system, and every key must then go to one of its servers:
//   - nginx: each try of the failover order is a server that is not down, no server twice, at
//     most one try per server that is not down;
//   - libmemcached: under each mode, a server (or none for the empty key), the same one asked
//     twice;
//   - libketama: a server whose continuum point is the first at or after the key's hash.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ringlab/error.hpp"
#include "ringlab/systems/libketama.hpp"
#include "ringlab/systems/memcached.hpp"
#include "ringlab/systems/nginx.hpp"

namespace {

using namespace ringlab::systems;

const char* const kKeys[] = {"", "foo", "user:1000", "\xff\xfe", "k"};

void must_have_place(const ringlab::Error& e, std::string_view place) {
  const std::string m = e.what();
  if (m.find(place) == std::string::npos && m.find("must list at least one server") == std::string::npos)
    __builtin_trap();
}

void check_nginx(std::string_view text) {
  NginxConfig c;
  try {
    c = parse_nginx_upstream(text);
  } catch (const ringlab::Error& e) {
    must_have_place(e, "upstream line ");
    return;
  }
  // Big rings are right but slow to build; their points are the same code as small ones'.
  std::int64_t total = 0;
  for (const NginxServer& s : c.servers) total += s.weight;
  if (c.mode == NginxMode::consistent && total > 1000) return;
  const NginxUpstream u(c.servers, c.mode);
  std::size_t live = 0;
  for (const NginxServer& s : u.servers()) live += s.down ? 0 : 1;
  for (const char* key : kKeys) {
    const std::vector<NginxChoice> tries = u.tries(key);
    if (tries.empty() || tries.size() > std::max<std::size_t>(live, 1)) __builtin_trap();
    std::vector<bool> seen(u.servers().size(), false);
    for (const NginxChoice& t : tries) {
      if (t.kind != NginxChoice::Kind::server) continue;
      if (t.server >= u.servers().size() || u.servers()[t.server].down || seen[t.server]) __builtin_trap();
      seen[t.server] = true;
    }
    if (!(u.place(key) == tries.front())) __builtin_trap();
  }
}

void check_memcached(std::string_view text) {
  std::vector<MemcachedServer> servers;
  try {
    servers = parse_memcached_servers(text);
  } catch (const ringlab::Error& e) {
    must_have_place(e, "server string column ");
    return;
  }
  for (const MemcachedMode mode : {MemcachedMode::modula, MemcachedMode::consistent_ketama,
                                   MemcachedMode::consistent_ketama_spy, MemcachedMode::behavior_ketama_weighted}) {
    const Memcached m(servers, {mode});
    for (const char* key : kKeys) {
      const std::optional<std::size_t> at = m.place(key);
      if (std::string_view(key).empty() != !at.has_value()) __builtin_trap();
      if (at && (*at >= m.servers().size() || m.place(key) != at)) __builtin_trap();
    }
  }
}

void check_ketama(std::string_view text) {
  std::vector<KetamaServer> servers;
  try {
    servers = parse_ketama_servers(text);
  } catch (const ringlab::Error& e) {
    const std::string m = e.what();
    if (m.rfind("server list", 0) != 0) __builtin_trap();
    return;
  }
  const Libketama k(servers);
  for (const char* key : kKeys) {
    const std::size_t at = k.place(key);
    if (at >= k.servers().size()) __builtin_trap();
    const std::uint32_t h = Libketama::hash(key);
    const auto& c = k.continuum();
    const auto it = std::lower_bound(c.begin(), c.end(), h, [](const auto& p, std::uint32_t v) { return p.value < v; });
    if ((it == c.end() ? c.front().server : it->server) != at) __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    switch (data[0] % 3) {
      case 0: check_nginx(text); break;
      case 1: check_memcached(text); break;
      default: check_ketama(text); break;
    }
  } catch (const ringlab::Error&) {
    // Only the readers may refuse; a system built from text they accepted must not.
    __builtin_trap();
  }
  return 0;
}
