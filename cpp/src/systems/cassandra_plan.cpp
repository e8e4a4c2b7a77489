#include "ringlab/systems/cassandra_plan.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "ringlab/error.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"
#include "ringlab/systems/cassandra.hpp"

namespace ringlab::systems::cassandra {
namespace {

// The fields of a line split on spaces and tabs: (column from 1, text).
RINGLAB_ONCE std::vector<std::pair<std::size_t, std::string_view>> fields_of(std::string_view line) {
  std::vector<std::pair<std::size_t, std::string_view>> out;
  for (std::size_t i = 0; i < line.size();) {
    if (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
    out.emplace_back(i + 1, line.substr(i, j - i));
    i = j;
  }
  return out;
}

RINGLAB_ONCE Error ring_error(std::size_t line, std::size_t column, const Error& inner) {
  return Error(rule::configAt, "", {"ring", line, column}, inner);
}

// Each row of a text of rows of `count` fields (blank lines and lines starting with '#' skipped):
// row(line, fields), the line numbered from 1. A row of another number of fields is refused with
// `fields_rule`, at its line and the column past its last expected field (configAt, `what`).
template <typename Row>
void for_each_row(std::string_view text, std::size_t count, const ErrorRule& fields_rule, const char* what, Row&& row) {
  std::size_t line = 0;
  for (std::size_t from = 0; from <= text.size();) {
    const std::size_t nl = text.find('\n', from);
    const std::string_view l = text.substr(from, nl == std::string_view::npos ? text.npos : nl - from);
    from = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
    ++line;
    const auto f = fields_of(l);
    if (f.empty() || f.front().second.front() == '#') continue;
    if (f.size() != count)
      throw Error(rule::configAt, "", {what, line, f.size() > count ? f[count].first : f.back().first},
                  Error(ErrorCode::invalid_argument, fields_rule, "", {static_cast<std::int64_t>(f.size())}));
    row(line, f);
  }
}

// Whether the text is nodetool's: a line that starts with "Datacenter:" or "Address".
RINGLAB_ONCE bool is_nodetool(std::string_view text) {
  for (std::size_t from = 0; from <= text.size();) {
    const std::size_t nl = text.find('\n', from);
    const auto f = fields_of(text.substr(from, nl == std::string_view::npos ? text.npos : nl - from));
    if (!f.empty() && (f.front().second == "Datacenter:" || f.front().second == "Address")) return true;
    if (nl == std::string_view::npos) break;
    from = nl + 1;
  }
  return false;
}

// The number of tokens a key can have in (start, end] (Murmur3Partitioner never gives -2^63, so
// the range that wraps past the largest token holds one fewer); a ring of one token: 2^64 - 1.
std::uint64_t hashes_of(std::int64_t start, std::int64_t end) noexcept {
  const std::uint64_t span = static_cast<std::uint64_t>(end) - static_cast<std::uint64_t>(start);
  return end <= start ? span - 1 : span;
}

// A node's index in the ring, its data centre's and its (data centre, rack)'s.
struct Topology {
  std::vector<std::string> nodes;
  std::vector<std::size_t> dc_of;    // per node
  std::vector<std::size_t> rack_of;  // per node: index of its (dc, rack)
  std::vector<std::string> dcs;
  std::vector<std::size_t> racks_in_dc;  // per dc
  std::vector<std::size_t> nodes_in_dc;  // per dc
  std::vector<std::size_t> node_of;      // per token of the sorted ring
};

RINGLAB_ONCE Topology topology_of(const std::vector<PlacedToken>& ring) {
  Topology t;
  std::map<std::string, std::size_t> node_ix;
  std::map<std::string, std::size_t> dc_ix;
  std::map<std::pair<std::string, std::string>, std::size_t> rack_ix;
  for (const PlacedToken& p : ring) {
    auto [n, new_node] = node_ix.try_emplace(p.node, t.nodes.size());
    t.node_of.push_back(n->second);
    if (!new_node) continue;
    t.nodes.push_back(p.node);
    auto [d, new_dc] = dc_ix.try_emplace(p.dc, t.dcs.size());
    if (new_dc) {
      t.dcs.push_back(p.dc);
      t.racks_in_dc.push_back(0);
      t.nodes_in_dc.push_back(0);
    }
    t.dc_of.push_back(d->second);
    ++t.nodes_in_dc[d->second];
    auto [r, new_rack] = rack_ix.try_emplace({p.dc, p.rack}, rack_ix.size());
    if (new_rack) ++t.racks_in_dc[d->second];
    t.rack_of.push_back(r->second);
  }
  return t;
}

// Refuses a factor larger than the nodes it is to be found among (Cassandra would place fewer
// replicas than asked, and its decommission refuses to leave so few nodes).
RINGLAB_ONCE void check_factors(const Topology& t, const Strategy& s, bool after) {
  if (!s.network_topology) {
    if (s.rf > t.nodes.size())
      throw Error(ErrorCode::invalid_argument,
                  after ? rule::impossibleAfterChangeRing : rule::impossibleReplicationFactorRing, "strategy",
                  {static_cast<std::int64_t>(s.rf), static_cast<std::int64_t>(t.nodes.size())});
    return;
  }
  for (const auto& [dc, rf] : s.dcs) {
    std::size_t nodes = 0;
    for (std::size_t d = 0; d < t.dcs.size(); ++d)
      if (t.dcs[d] == dc) nodes = t.nodes_in_dc[d];
    if (rf > nodes)
      throw Error(ErrorCode::invalid_argument, after ? rule::impossibleAfterChange : rule::impossibleReplicationFactor,
                  "strategy", {static_cast<std::int64_t>(rf), dc, static_cast<std::int64_t>(nodes)});
  }
}

// SimpleStrategy: from the range's own token clockwise, each token's node unless it is already a
// replica, until there are RF.
RINGLAB_ONCE std::vector<std::size_t> simple_walk(const Topology& t, std::size_t from, std::uint32_t rf) {
  std::vector<std::size_t> out;
  const std::size_t n = t.node_of.size();
  for (std::size_t k = 0; k < n && out.size() < rf; ++k) {
    const std::size_t node = t.node_of[(from + k) % n];
    if (std::find(out.begin(), out.end(), node) == out.end()) out.push_back(node);
  }
  return out;
}

// NetworkTopologyStrategy, as Cassandra 4's calculateNaturalReplicas walks: one pass clockwise
// over the tokens, every data centre filled at once. A data centre with factor rf and n nodes in
// r racks needs min(rf, n) replicas and may repeat a rack rf - r times. A token's node is taken
// when its data centre still needs replicas, it is not a replica already, and either its rack is
// new to the walk or a repeat is left (which it then uses up); the walk stops when every data
// centre has its replicas.
RINGLAB_ONCE std::vector<std::size_t> nts_walk(const Topology& t, std::size_t from, const Strategy& s) {
  const std::size_t dcs = t.dcs.size();
  std::vector<std::int64_t> left(dcs, 0);
  std::vector<std::int64_t> repeats(dcs, 0);
  std::size_t to_fill = 0;
  for (const auto& [dc, rf] : s.dcs)
    for (std::size_t d = 0; d < dcs; ++d)
      if (t.dcs[d] == dc && rf > 0 && t.nodes_in_dc[d] > 0) {
        left[d] = std::min<std::int64_t>(rf, static_cast<std::int64_t>(t.nodes_in_dc[d]));
        repeats[d] = static_cast<std::int64_t>(rf) - static_cast<std::int64_t>(t.racks_in_dc[d]);
        ++to_fill;
      }
  std::vector<std::size_t> out;
  std::vector<bool> rack_seen(t.rack_of.empty() ? 0 : *std::max_element(t.rack_of.begin(), t.rack_of.end()) + 1);
  const std::size_t n = t.node_of.size();
  for (std::size_t k = 0; k < n && to_fill > 0; ++k) {
    const std::size_t node = t.node_of[(from + k) % n];
    const std::size_t d = t.dc_of[node];
    if (left[d] == 0 || std::find(out.begin(), out.end(), node) != out.end()) continue;
    if (!rack_seen[t.rack_of[node]]) {
      rack_seen[t.rack_of[node]] = true;
    } else if (repeats[d] > 0) {
      --repeats[d];
    } else {
      continue;
    }
    out.push_back(node);
    if (--left[d] == 0) --to_fill;
  }
  return out;
}

struct Replicated {
  std::vector<PlacedToken> sorted;
  Topology topology;
  std::vector<std::vector<std::size_t>> replicas;  // node indices per range
};

RINGLAB_ONCE Replicated replicate(std::vector<PlacedToken> ring, const Strategy& s, bool after) {
  std::stable_sort(ring.begin(), ring.end(),
                   [](const PlacedToken& a, const PlacedToken& b) { return a.token < b.token; });
  {
    // The token ring's own checks: a token at least, none twice.
    std::vector<NodeToken> tokens;
    for (const PlacedToken& p : ring) tokens.push_back({p.node, p.token});
    (void)TokenRing(std::move(tokens));
  }
  Replicated r{std::move(ring), {}, {}};
  r.topology = topology_of(r.sorted);
  check_factors(r.topology, s, after);
  for (std::size_t i = 0; i < r.sorted.size(); ++i)
    r.replicas.push_back(s.network_topology ? nts_walk(r.topology, i, s) : simple_walk(r.topology, i, s.rf));
  return r;
}

// The index of the range of `sorted` that holds token t: the first token >= t, wrapping.
std::size_t range_of(const std::vector<PlacedToken>& sorted, std::int64_t t) noexcept {
  const auto it = std::lower_bound(sorted.begin(), sorted.end(), t,
                                   [](const PlacedToken& a, std::int64_t v) { return a.token < v; });
  return it == sorted.end() ? 0 : static_cast<std::size_t>(it - sorted.begin());
}

RINGLAB_ONCE std::vector<std::string> names_of(const Replicated& r, std::size_t range) {
  std::vector<std::string> out;
  for (const std::size_t n : r.replicas[range]) out.push_back(r.topology.nodes[n]);
  return out;
}

RINGLAB_ONCE std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) out += (i > 0 ? "," : "") + names[i];
  return out;
}

bool contains(const std::vector<std::string>& list, const std::string& name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

// removenode's source for a new replica: the old replicas but the removed node, in the order the
// static network-topology snitch sorts them for the new replica (same data centre first, then
// the same rack name; a stable sort, so ties keep the walk's order), the first of them.
RINGLAB_ONCE std::string nearest_source(const std::vector<std::string>& old, const std::string& removed,
                                        const PlacedToken& target, const std::map<std::string, PlacedToken>& place) {
  std::vector<std::string> candidates;
  for (const std::string& n : old)
    if (n != removed) candidates.push_back(n);
  const auto rank = [&](const std::string& n) {
    const PlacedToken& p = place.at(n);
    return (p.dc == target.dc ? 0 : 2) + (p.rack == target.rack ? 0 : 1);
  };
  std::stable_sort(candidates.begin(), candidates.end(),
                   [&](const std::string& a, const std::string& b) { return rank(a) < rank(b); });
  return candidates.empty() ? std::string() : candidates.front();
}

// The values of cassandraChoosePlace: each choice, then how many.
// A range of tokens (start, end] as parts of the hash space in offset order: u = token + 2^63, so
// that the order of u is the order of tokens and a range that wraps is two parts, (u(start),
// 2^64 - 1] and (0, u(end)] (no key has the token -2^63, u = 0). A part is (a, b] and holds b - a
// hashes; hashes_of(start, end) is the sum of a range's parts.
struct Part {
  std::uint64_t a = 0;
  std::uint64_t b = 0;
  std::size_t range = 0;  // whose part it is
};

std::uint64_t offset_of(std::int64_t token) noexcept {
  return static_cast<std::uint64_t>(token) ^ (std::uint64_t{1} << 63);
}

void add_parts(std::vector<Part>& out, std::int64_t start, std::int64_t end, std::size_t range) {
  const std::uint64_t a = offset_of(start);
  const std::uint64_t b = offset_of(end);
  if (start < end) {
    out.push_back({a, b, range});
    return;
  }
  if (a < ~std::uint64_t{0}) out.push_back({a, ~std::uint64_t{0}, range});
  if (b > 0) out.push_back({0, b, range});
}

// The given sizes' parts in offset order, and the first two ranges that overlap (as indices into
// the sizes, the later one second) if any do.
RINGLAB_ONCE std::pair<std::vector<Part>, std::optional<std::pair<std::size_t, std::size_t>>> size_parts(
    const std::vector<RangeSize>& sizes) {
  std::vector<Part> parts;
  for (std::size_t i = 0; i < sizes.size(); ++i) add_parts(parts, sizes[i].start, sizes[i].end, i);
  std::sort(parts.begin(), parts.end(), [](const Part& x, const Part& y) { return x.a < y.a; });
  std::optional<std::pair<std::size_t, std::size_t>> overlap;
  for (std::size_t i = 1; i < parts.size(); ++i)
    if (parts[i - 1].b > parts[i].a) {
      const auto pair = std::minmax(parts[i - 1].range, parts[i].range);
      if (!overlap || pair.second < overlap->second) overlap = pair;
    }
  return {std::move(parts), overlap};
}

// The bytes of the range (start, end] from the given sizes, each given range's bytes spread
// evenly over its hashes (in 128 bits: bytes < 2^53, hashes < 2^64), each share rounded down;
// `split` is set when the range takes part of a given range, not all of it or none; `whole` is
// cleared when the given ranges leave part of it out.
RINGLAB_ONCE std::uint64_t bytes_in(const std::vector<Part>& parts, const std::vector<RangeSize>& sizes,
                                    std::int64_t start, std::int64_t end, bool& split, bool& whole) {
  std::vector<Part> mine;
  add_parts(mine, start, end, 0);
  std::map<std::size_t, std::uint64_t> overlap;  // given range -> hashes it shares with this one
  for (const Part& m : mine) {
    auto it = std::upper_bound(parts.begin(), parts.end(), m.a, [](std::uint64_t a, const Part& p) { return a < p.a; });
    if (it != parts.begin()) --it;
    for (; it != parts.end() && it->a < m.b; ++it) {
      const std::uint64_t lo = std::max(it->a, m.a);
      const std::uint64_t hi = std::min(it->b, m.b);
      if (hi > lo) overlap[it->range] += hi - lo;
    }
  }
  std::uint64_t bytes = 0;
  std::uint64_t covered = 0;
  for (const auto& [range, shared] : overlap) {
    covered += shared;
    const std::uint64_t whole = hashes_of(sizes[range].start, sizes[range].end);
    if (shared < whole) split = true;
    bytes += static_cast<std::uint64_t>(static_cast<HashCount>(sizes[range].bytes) * shared / whole);
  }
  if (covered < hashes_of(start, end)) whole = false;
  return bytes;
}

RINGLAB_ONCE Error choose_error(std::string_view param, const std::vector<std::string>& choices) {
  std::vector<ErrorValue> values;
  for (const std::string& c : choices) values.push_back(input(c));
  values.emplace_back(static_cast<std::int64_t>(choices.size()));
  return Error(ErrorCode::invalid_argument, rule::cassandraChoosePlace, param, std::move(values));
}

}  // namespace

RINGLAB_ONCE std::vector<PlacedToken> ring_from_text(std::string_view text) {
  std::vector<PlacedToken> out;
  std::map<std::string, std::pair<std::size_t, const PlacedToken*>> first;  // node -> its first line
  std::vector<std::size_t> lines;
  const auto add = [&](PlacedToken p, std::size_t line, std::size_t column) {
    lines.push_back(line);
    out.push_back(std::move(p));
    (void)column;
  };
  if (is_nodetool(text)) {
    for (const RingRow& r : rows_from_nodetool_ring(text)) {
      if (r.dc.empty()) throw ring_error(r.line, 1, Error(ErrorCode::invalid_argument, rule::cassandraRingDc, ""));
      if (r.fields.size() < 3)
        throw ring_error(r.line, r.fields.back().first,
                         Error(ErrorCode::invalid_argument, rule::cassandraRingRack, ""));
      add({r.token, r.fields[0].second, r.dc, r.fields[1].second}, r.line, 1);
    }
  } else {
    for_each_row(text, 4, rule::cassandraRingFields, "ring", [&](std::size_t line, const auto& f) {
      std::int64_t token = 0;
      try {
        token = token_from_text(f[0].second, "token");
      } catch (const Error& e) {
        throw ring_error(line, f[0].first, e);
      }
      add({token, std::string(f[1].second), std::string(f[2].second), std::string(f[3].second)}, line, 1);
    });
  }
  // A node is in one data centre and one rack.
  for (std::size_t i = 0; i < out.size(); ++i) {
    auto [it, fresh] = first.try_emplace(out[i].node, lines[i], &out[i]);
    if (fresh) continue;
    const PlacedToken& was = *it->second.second;
    if (was.dc != out[i].dc || was.rack != out[i].rack)
      throw ring_error(lines[i], 1,
                       Error(ErrorCode::invalid_argument, rule::cassandraNodePlace, "",
                             {input(out[i].node), out[i].dc, out[i].rack, was.dc, was.rack,
                              static_cast<std::int64_t>(it->second.first)}));
  }
  if (out.empty()) throw Error(rule::configWhole, "", {"ring"}, Error(ErrorCode::invalid_argument, rule::noServer, ""));
  return out;
}

RINGLAB_ONCE Strategy strategy_from_text(std::string_view text) {
  const std::string name = "strategy";
  const ParamSpec& row = param(SystemParam::cassandra_rf);
  const auto factor = [&](std::string_view t) {
    return static_cast<std::uint32_t>(check_integer(row, integer_from_text(t, row.name)));
  };
  Strategy s;
  if (text.starts_with("simple:")) {
    s.rf = factor(text.substr(7));
    return s;
  }
  if (!text.starts_with("nts:") || text.size() == 4)
    throw Error(ErrorCode::invalid_argument, rule::cassandraStrategy, name, {input(text)});
  s.network_topology = true;
  for (std::size_t from = 4;;) {
    const std::size_t comma = text.find(',', from);
    const std::string_view entry = text.substr(from, comma == std::string_view::npos ? text.npos : comma - from);
    const std::size_t eq = entry.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw Error(ErrorCode::invalid_argument, rule::cassandraStrategy, name, {input(text)});
    const std::string dc(entry.substr(0, eq));
    for (const auto& [seen, rf] : s.dcs)
      if (seen == dc) throw Error(ErrorCode::invalid_argument, rule::cassandraDcTwice, name, {input(dc)});
    s.dcs.emplace_back(dc, factor(entry.substr(eq + 1)));
    if (comma == std::string_view::npos) return s;
    from = comma + 1;
  }
}

RINGLAB_ONCE std::vector<std::int64_t> join_tokens_from_list(const std::vector<std::string>& entries,
                                                             std::string_view spelled) {
  if (entries.empty()) throw Error(ErrorCode::invalid_argument, rule::cassandraNoTokens, "tokens");
  std::vector<std::int64_t> out;
  for (const std::string& entry : entries) {
    try {
      out.push_back(token_from_text(entry, "token"));
    } catch (const Error& e) {
      throw Error(rule::entry, "tokens", {std::string(spelled), out.size() + 1}, e);
    }
  }
  return out;
}

RINGLAB_ONCE std::vector<std::int64_t> join_tokens_from_text(std::string_view text, std::string_view spelled) {
  std::vector<std::string> entries;
  for (std::size_t from = 0;;) {
    const std::size_t comma = text.find(',', from);
    entries.emplace_back(text.substr(from, comma == std::string_view::npos ? text.npos : comma - from));
    if (comma == std::string_view::npos) return join_tokens_from_list(entries, spelled);
    from = comma + 1;
  }
}

RINGLAB_ONCE std::vector<RangeSize> sizes_from_text(std::string_view text) {
  std::vector<RangeSize> out;
  std::vector<std::size_t> lines;
  const auto at = [](std::size_t line, std::size_t column, const Error& inner) {
    return Error(rule::configAt, "", {"sizes", line, column}, inner);
  };
  for_each_row(text, 3, rule::cassandraSizesFields, "sizes", [&](std::size_t line, const auto& f) {
    RangeSize r;
    std::size_t field = 0;
    try {
      r.start = token_from_text(f[0].second, "start");
      field = 1;
      r.end = token_from_text(f[1].second, "end");
      field = 2;
      const std::int64_t bytes = integer_from_text(f[2].second, "bytes");
      if (bytes < 0) throw Error(ErrorCode::out_of_range, rule::wholeNumber, "bytes", {bytes});
      r.bytes = static_cast<std::uint64_t>(bytes);
    } catch (const Error& e) {
      throw at(line, f[field].first, e);
    }
    out.push_back(r);
    lines.push_back(line);
  });
  if (const auto overlap = size_parts(out).second) {
    const RangeSize& first = out[overlap->first];
    const RangeSize& second = out[overlap->second];
    throw at(lines[overlap->second], 1,
             Error(ErrorCode::invalid_argument, rule::cassandraSizesOverlap, "",
                   {range_text(second.start, second.end), range_text(first.start, first.end),
                    static_cast<std::int64_t>(lines[overlap->first])}));
  }
  return out;
}

RINGLAB_ONCE std::string strategy_text(const Strategy& s) {
  if (!s.network_topology) return "SimpleStrategy RF " + std::to_string(s.rf);
  std::string out = "NetworkTopologyStrategy ";
  for (std::size_t i = 0; i < s.dcs.size(); ++i)
    out += (i > 0 ? "," : "") + s.dcs[i].first + "=" + std::to_string(s.dcs[i].second);
  return out;
}

RINGLAB_ONCE std::vector<std::vector<std::string>> replica_lists(const std::vector<PlacedToken>& ring,
                                                                 const Strategy& strategy) {
  const Replicated r = replicate(ring, strategy, false);
  std::vector<std::vector<std::string>> out;
  for (std::size_t i = 0; i < r.sorted.size(); ++i) out.push_back(names_of(r, i));
  return out;
}

RINGLAB_ONCE Plan plan_change(const std::vector<PlacedToken>& ring, const Strategy& strategy, const RingChange& change,
                              const std::vector<std::string>& keys, bool every_range,
                              const std::vector<RangeSize>& sizes) {
  const Replicated before = replicate(ring, strategy, false);
  const Topology& bt = before.topology;
  const bool on_ring = std::find(bt.nodes.begin(), bt.nodes.end(), change.node) != bt.nodes.end();
  std::vector<PlacedToken> next = ring;
  if (change.kind == ChangeKind::join) {
    if (on_ring) throw Error(ErrorCode::invalid_argument, rule::alreadyOnRing, "", {change.node});
    // Its place: as given, or the ring's only data centre and that data centre's only rack.
    std::string dc = change.dc;
    if (dc.empty()) {
      if (bt.dcs.size() != 1) throw choose_error("dc", bt.dcs);
      dc = bt.dcs.front();
    }
    std::string rack = change.rack;
    if (rack.empty()) {
      std::vector<std::string> racks;
      for (const PlacedToken& p : ring)
        if (p.dc == dc && !contains(racks, p.rack)) racks.push_back(p.rack);
      if (racks.size() != 1) throw choose_error("rack", racks);
      rack = racks.front();
    }
    for (const std::int64_t t : change.tokens) next.push_back({t, change.node, dc, rack});
  } else {
    if (!on_ring) throw Error(ErrorCode::invalid_argument, rule::notOnRing, "", {change.node});
    std::erase_if(next, [&](const PlacedToken& p) { return p.node == change.node; });
    if (next.empty()) throw Error(ErrorCode::invalid_argument, rule::noServerLeft, "");
  }
  const Replicated after = replicate(next, strategy, true);
  // The finer ring: every range of it lies within one range of each ring.
  const Replicated& fine = after.sorted.size() > before.sorted.size() ? after : before;
  std::map<std::string, PlacedToken> place;
  for (const PlacedToken& p : next) place.emplace(p.node, p);
  for (const PlacedToken& p : ring) place.emplace(p.node, p);

  Plan plan;
  plan.system = "cassandra";
  plan.tool = "Cassandra 4, " + strategy_text(strategy);
  const char* verb = change.kind == ChangeKind::join    ? "bootstrap"
                     : change.kind == ChangeKind::leave ? "decommission"
                                                        : "removenode";
  plan.operation = std::string(verb) + " of " + change.node;
  plan.unit = "ranges";
  plan.exactness = change.kind == ChangeKind::remove ? Exactness::model : Exactness::exact;
  plan.ranges.emplace();
  constexpr std::uint64_t kSpace = ~std::uint64_t{0};  // tokens a key can have: 2^64 - 1
  std::uint64_t moved = 0;

  // Per node: the fine ranges it replicates before and after, and their tokens.
  std::vector<std::string> order;  // nodes in the ring's order as given, a joining node last
  for (const PlacedToken& p : ring)
    if (!contains(order, p.node)) order.push_back(p.node);
  if (change.kind == ChangeKind::join) order.push_back(change.node);
  std::map<std::string, std::vector<std::uint32_t>> held_before;
  std::map<std::string, std::vector<std::uint32_t>> held_after;
  std::map<std::string, std::uint64_t> tokens_before;
  std::map<std::string, std::uint64_t> tokens_after;

  // Streams by (source, target), in the order of their first range.
  std::vector<std::pair<std::string, std::string>> pairs;
  std::map<std::pair<std::string, std::string>, std::vector<std::string>> streams;
  std::vector<std::string> unstreamed;  // ranges that gain a replica the operation streams nothing to
  std::vector<std::string> asserting;   // bootstrap ranges with more than one old replica dropped

  // The given sizes, checked again here for a caller that did not read them from text.
  const auto [parts, overlap] = size_parts(sizes);
  if (overlap)
    throw Error(ErrorCode::invalid_argument, rule::cassandraSizesOverlap, "",
                {range_text(sizes[overlap->second].start, sizes[overlap->second].end),
                 range_text(sizes[overlap->first].start, sizes[overlap->first].end),
                 static_cast<std::int64_t>(overlap->first + 1)});
  std::map<std::string, std::uint64_t> range_bytes;  // a changed range's bytes, by its name
  bool split = false;
  std::vector<std::string> uncovered;  // changed ranges the sizes cover only in part, or not at all

  const std::size_t n = fine.sorted.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::int64_t end = fine.sorted[i].token;
    const std::int64_t start = fine.sorted[(i + n - 1) % n].token;
    const std::uint64_t hashes = hashes_of(start, end);
    const std::vector<std::string> old = names_of(before, range_of(before.sorted, end));
    const std::vector<std::string> now = names_of(after, range_of(after.sorted, end));
    for (const std::string& node : old) {
      held_before[node].push_back(static_cast<std::uint32_t>(i));
      tokens_before[node] += hashes;
    }
    for (const std::string& node : now) {
      held_after[node].push_back(static_cast<std::uint32_t>(i));
      tokens_after[node] += hashes;
    }
    std::vector<std::string> gained;
    std::vector<std::string> dropped;
    for (const std::string& node : now)
      if (!contains(old, node)) gained.push_back(node);
    for (const std::string& node : old)
      if (!contains(now, node)) dropped.push_back(node);
    std::optional<std::uint64_t> bytes;
    if (gained.empty() && dropped.empty()) {
      if (every_range) {
        bool unused = false;
        bool unused_whole = true;
        if (!sizes.empty()) bytes = bytes_in(parts, sizes, start, end, unused, unused_whole);
        plan.ranges->push_back({start, end, hashes, old, now, false, bytes});
      }
      continue;
    }
    moved += hashes;
    const std::string name = range_text(start, end);
    if (!sizes.empty()) {
      bool whole = true;
      range_bytes[name] = *(bytes = bytes_in(parts, sizes, start, end, split, whole));
      if (!whole) uncovered.push_back(name);
    }
    plan.ranges->push_back({start, end, hashes, old, now, true, bytes});
    for (const std::string& target : gained) {
      std::string source;
      if (change.kind == ChangeKind::join) {
        // RangeStreamer with strict consistency: the new node fetches each of its ranges from the
        // one old replica the new set leaves out; it fetches nothing for another node.
        if (target != change.node) unstreamed.push_back(name);
        else if (dropped.size() == 1) source = dropped.front();
        else asserting.push_back(name);
      } else if (!contains(old, change.node)) {
        // Both leave the ranges the leaving node replicated to their new replicas, no others.
        unstreamed.push_back(name);
      } else {
        source =
            change.kind == ChangeKind::leave ? change.node : nearest_source(old, change.node, place.at(target), place);
      }
      if (source.empty()) continue;
      const std::pair<std::string, std::string> key{source, target};
      if (!streams.contains(key)) pairs.push_back(key);
      streams[key].push_back(name);
    }
  }
  for (const auto& key : pairs) {
    PlanStep step{key.first, key.second, {}, streams[key]};
    if (!sizes.empty()) {
      step.bytes = 0;
      for (const std::string& name : step.names) *step.bytes += range_bytes.at(name);
    }
    plan.steps.push_back(std::move(step));
  }
  if (!sizes.empty()) {
    ByteShare b;
    for (const PlanStep& step : plan.steps) b.streamed += *step.bytes;
    for (const RangeSize& r : sizes) b.given += r.bytes;
    for (const Part& p : parts) b.covered += p.b - p.a;
    b.exactness = split ? Exactness::model : Exactness::exact;
    plan.bytes = b;
  }
  for (const std::string& node : order) {
    const auto share = [&](std::map<std::string, std::vector<std::uint32_t>>& held,
                           std::map<std::string, std::uint64_t>& tokens) {
      const std::vector<std::uint32_t>& units = held[node];
      return Share{static_cast<std::uint32_t>(units.size()), ranges_of(units), tokens[node]};
    };
    plan.nodes.push_back({node, share(held_before, tokens_before), share(held_after, tokens_after)});
  }
  for (const std::string& key : keys) {
    const std::int64_t t = token(key);
    plan.keys.push_back({key, joined(names_of(before, range_of(before.sorted, t))),
                         joined(names_of(after, range_of(after.sorted, t))), t});
  }
  plan.space_moved =
      SpaceShare{"Murmur3 tokens a key can have, [-2^63 + 1, 2^63 - 1]", kSpace, moved, Exactness::exact};
  if (std::none_of(plan.ranges->begin(), plan.ranges->end(), [](const PlanRange& r) { return r.changes; }))
    plan.note = "no range changes its replicas";
  if (change.kind == ChangeKind::remove && !plan.steps.empty())
    plan.warnings.push_back(
        {"source",
         "removenode's sources are a model: each new replica fetches from a live old replica the snitch ranks nearest "
         "at run time; the plan takes the static order (same data centre, then same rack, then the walk's order)"});
  if (!unstreamed.empty())
    plan.warnings.push_back({"unstreamed", std::to_string(unstreamed.size()) +
                                               (unstreamed.size() == 1 ? " range gains" : " ranges gain") +
                                               " a replica that " + verb + " streams nothing to (the first is " +
                                               unstreamed.front() + "): run a repair to fill it"});
  if (!uncovered.empty())
    plan.warnings.push_back(
        {"sizes", std::to_string(uncovered.size()) +
                      (uncovered.size() == 1 ? " range that changes is not" : " ranges that change are not") +
                      " covered by the sizes given (the first is " + uncovered.front() +
                      "): " + (uncovered.size() == 1 ? "its" : "their") + " bytes outside them are counted as none"});
  if (!asserting.empty())
    plan.warnings.push_back(
        {"sources", std::to_string(asserting.size()) + (asserting.size() == 1 ? " range drops" : " ranges drop") +
                        " more than one old replica (the first is " + asserting.front() +
                        "): with strict consistency, Cassandra's bootstrap stops there (an assertion error)"});
  return plan;
}

}  // namespace ringlab::systems::cassandra
