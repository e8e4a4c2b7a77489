#include "ringlab/systems/plan.hpp"

#include <algorithm>
#include <numeric>

#include "cli/support.hpp"
#include "ringlab/once.hpp"

namespace ringlab::systems {

std::string_view exactness_name(Exactness e) { return e == Exactness::exact ? "exact" : "model"; }

namespace {

// `size`: the plan's hash space, for a share that has hashes (0 when it has none).
RINGLAB_ONCE std::string share_json(const Share& s, std::uint64_t size) {
  std::string out = "{\"count\": " + std::to_string(s.units) + ", \"ranges\": " + std::to_string(s.ranges);
  if (s.hashes && size > 0)
    out += ", \"hashes\": " + std::to_string(*s.hashes) +
           ", \"percent\": " + cli::json_text(percent_text(*s.hashes, size));
  return out + "}";
}

RINGLAB_ONCE std::string nodes_json(const std::vector<NodeShare>& nodes, std::uint64_t size = 0) {
  std::string out = "[";
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (i > 0) out += ", ";
    out += "{\"node\": " + cli::json_text(nodes[i].node) + ", \"before\": " + share_json(nodes[i].before, size) +
           ", \"after\": " + share_json(nodes[i].after, size) + "}";
  }
  return out + "]";
}

RINGLAB_ONCE std::string units_json(const std::vector<std::uint32_t>& units) {
  std::string out = "[";
  for (std::size_t i = 0; i < units.size(); ++i) out += (i > 0 ? ", " : "") + std::to_string(units[i]);
  return out + "]";
}

RINGLAB_ONCE std::string names_json(const std::vector<std::string>& names) {
  std::string out = "[";
  for (std::size_t i = 0; i < names.size(); ++i) out += (i > 0 ? ", " : "") + cli::json_bytes(names[i]);
  return out + "]";
}

RINGLAB_ONCE std::string step_json(const PlanStep& s, const std::string& unit) {
  return "{\"from\": " + cli::json_text(s.from) + ", \"to\": " + cli::json_text(s.to) + ", " + cli::json_text(unit) +
         ": " + (s.names.empty() ? units_json(s.units) : names_json(s.names)) +
         (s.bytes ? ", \"bytes\": " + std::to_string(*s.bytes) : std::string()) + "}";
}

// " (1234 bytes)" for a step or a range whose bytes the plan knows, else nothing.
RINGLAB_ONCE std::string bytes_text(const std::optional<std::uint64_t>& bytes) {
  return bytes ? " (" + std::to_string(*bytes) + (*bytes == 1 ? " byte)" : " bytes)") : std::string();
}

// A step's units, numbered or named.
std::size_t size_of(const PlanStep& s) { return s.names.empty() ? s.units.size() : s.names.size(); }

std::size_t moved(const std::vector<PlanStep>& steps) {
  std::size_t n = 0;
  for (const PlanStep& s : steps) n += size_of(s);
  return n;
}

// Named units, as JSON strings (a key may hold any bytes), joined by commas.
RINGLAB_ONCE std::string names_text(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) out += (i > 0 ? ", " : "") + cli::json_bytes(names[i]);
  return out;
}

RINGLAB_ONCE std::string pad(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

// "1 slot", "2 slots": a count with its unit, which the plan names in the plural.
RINGLAB_ONCE std::string counted(std::size_t n, const std::string& unit) {
  const bool one = n == 1 && !unit.empty() && unit.back() == 's';
  if (one && unit.ends_with("ies")) return "1 " + unit.substr(0, unit.size() - 3) + "y";  // "1 entry"
  return std::to_string(n) + " " + (one ? unit.substr(0, unit.size() - 1) : unit);
}

// "1 slot moves", "2 slots move".
RINGLAB_ONCE std::string counted_move(std::size_t n, const std::string& unit) {
  return counted(n, unit) + (n == 1 ? " moves" : " move");
}

RINGLAB_ONCE std::string share_text(const Share& s, std::uint64_t size) {
  if (s.hashes && size > 0) return std::to_string(s.units) + " (" + percent_text(*s.hashes, size) + "%)";
  return std::to_string(s.units) + " (" + std::to_string(s.ranges) + (s.ranges == 1 ? " range)" : " ranges)");
}

RINGLAB_ONCE std::string nodes_text(const std::vector<NodeShare>& nodes, const std::string& unit,
                                    std::uint64_t size = 0) {
  std::size_t width = 4;
  for (const NodeShare& n : nodes) width = std::max(width, n.node.size());
  std::string out = "  " + pad("node", width) + "  " + pad(unit + " before", 20) + "  " + unit + " after\n";
  for (const NodeShare& n : nodes)
    out += "  " + pad(n.node, width) + "  " + pad(share_text(n.before, size), 20) + "  " + share_text(n.after, size) +
           "\n";
  return out;
}

RINGLAB_ONCE std::string steps_text(const std::vector<PlanStep>& steps, const std::string& unit) {
  std::string out;
  for (std::size_t i = 0; i < steps.size(); ++i)
    out += "  step " + std::to_string(i + 1) + ": " + counted(size_of(steps[i]), unit) + " from " + steps[i].from +
           " to " + steps[i].to + bytes_text(steps[i].bytes) + ": " +
           (steps[i].names.empty() ? ranges_text(steps[i].units) : names_text(steps[i].names)) + "\n";
  return out;
}

RINGLAB_ONCE std::string keys_text(const std::vector<PlanKey>& keys, bool wide = false) {
  std::size_t width = 3;
  std::vector<std::string> shown;
  for (const PlanKey& k : keys) {
    shown.push_back(cli::json_bytes(k.key));
    width = std::max(width, shown.back().size());
  }
  // `wide`: as wide as the longest server name (a ring plan's); else ten columns, as the other
  // plans have always printed them.
  std::size_t column = 10;
  if (wide)
    for (const PlanKey& k : keys) column = std::max({column, k.before.size(), k.after.size()});
  std::string out = "  " + pad("key", width) + "  " + pad("before", column) + "  after\n";
  for (std::size_t i = 0; i < keys.size(); ++i)
    out += "  " + pad(shown[i], width) + "  " + pad(keys[i].before, column) + "  " +
           (keys[i].before == keys[i].after ? keys[i].after : pad(keys[i].after, column) + "  moves") + "\n";
  return out;
}

RINGLAB_ONCE std::string space_text(const SpaceShare& s) {
  return "  hash space (" + std::string(exactness_name(s.exactness)) + "): " + std::to_string(s.moved) + " of " +
         std::to_string(s.size) + " hashes move, " + fraction_text(s.moved, s.size) + " = " +
         percent_text(s.moved, s.size) + "% (" + s.space + ")\n";
}

RINGLAB_ONCE std::string space_json(const Plan& plan) {
  std::string out = ", \"keys\": [";
  for (std::size_t i = 0; i < plan.keys.size(); ++i)
    out += std::string(i > 0 ? ", " : "") + "{\"key\": " + cli::json_bytes(plan.keys[i].key) +
           (plan.keys[i].token ? ", \"token\": " + std::to_string(*plan.keys[i].token) : std::string()) +
           ", \"before\": " + cli::json_text(plan.keys[i].before) +
           ", \"after\": " + cli::json_text(plan.keys[i].after) +
           ", \"moves\": " + (plan.keys[i].before == plan.keys[i].after ? "false" : "true") + "}";
  const SpaceShare& s = *plan.space_moved;
  return out + "], \"space\": {\"hashes\": " + cli::json_text(s.space) + ", \"exactness\": \"" +
         std::string(exactness_name(s.exactness)) + "\", \"size\": " + std::to_string(s.size) +
         ", \"moved\": " + std::to_string(s.moved) +
         ", \"fraction\": " + cli::json_text(fraction_text(s.moved, s.size)) +
         ", \"percent\": " + cli::json_text(percent_text(s.moved, s.size)) + "}";
}

RINGLAB_ONCE std::string list_json(const std::vector<std::string>& names) {
  std::string out = "[";
  for (std::size_t i = 0; i < names.size(); ++i) out += (i > 0 ? ", " : "") + cli::json_text(names[i]);
  return out + "]";
}

RINGLAB_ONCE std::string list_text(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) out += (i > 0 ? ", " : "") + names[i];
  return out.empty() ? "none" : out;
}

RINGLAB_ONCE std::string ranges_json(const std::vector<PlanRange>& ranges) {
  std::string out = ", \"ranges\": [";
  for (std::size_t i = 0; i < ranges.size(); ++i)
    out += std::string(i > 0 ? ", " : "") +
           "{\"range\": " + cli::json_text(range_text(ranges[i].start, ranges[i].end)) +
           ", \"start\": " + std::to_string(ranges[i].start) + ", \"end\": " + std::to_string(ranges[i].end) +
           ", \"hashes\": " + std::to_string(ranges[i].hashes) + ", \"before\": " + list_json(ranges[i].before) +
           ", \"after\": " + list_json(ranges[i].after) + ", \"changes\": " + (ranges[i].changes ? "true" : "false") +
           (ranges[i].bytes ? ", \"bytes\": " + std::to_string(*ranges[i].bytes) : std::string()) + "}";
  return out + "]";
}

RINGLAB_ONCE std::string bytes_json(const ByteShare& b, std::uint64_t size) {
  return ", \"bytes\": {\"exactness\": \"" + std::string(exactness_name(b.exactness)) +
         "\", \"streamed\": " + std::to_string(b.streamed) + ", \"given\": " + std::to_string(b.given) +
         ", \"covered\": " + std::to_string(b.covered) +
         ", \"coveredPercent\": " + cli::json_text(percent_text(b.covered, size)) + "}";
}

RINGLAB_ONCE std::string bytes_summary_text(const ByteShare& b, std::uint64_t size) {
  return "  bytes (" + std::string(exactness_name(b.exactness)) + "): " + std::to_string(b.streamed) +
         " streamed; the sizes give " + std::to_string(b.given) + " bytes over " + percent_text(b.covered, size) +
         "% of the hash space\n";
}

// A ring plan's arc: "(start,end]" on a ring, "start-end" (or "start") of a table.
RINGLAB_ONCE std::string arc_text(const PlanArcs& a, const PlanArc& arc) {
  if (a.ring) return "(" + std::to_string(arc.start) + "," + std::to_string(arc.end) + "]";
  return arc.start == arc.end ? std::to_string(arc.start) : std::to_string(arc.start) + "-" + std::to_string(arc.end);
}

HashCount step_hashes(const PlanArcs& a, const PlanStep& s) {
  HashCount n = 0;
  for (const std::uint32_t i : s.units) n += a.arcs[i].hashes;
  return n;
}

RINGLAB_ONCE std::string hashes_json(HashCount n, HashCount size) {
  return "{\"hashes\": " + count_text(n) + ", \"percent\": " + cli::json_text(hashes_percent(n, size)) + "}";
}

RINGLAB_ONCE std::string arc_step_json(const PlanArcs& a, const PlanStep& s) {
  std::string out = "{\"from\": " + cli::json_text(s.from) + ", \"to\": " + cli::json_text(s.to) + ", \"kind\": \"" +
                    (a.arcs[s.units.front()].collateral ? "collateral" : "necessary") + "\", " +
                    cli::json_text(a.ring ? "arcs" : "entries") + ": [";
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    const PlanArc& arc = a.arcs[s.units[i]];
    out += std::string(i > 0 ? ", " : "") + "{\"start\": " + std::to_string(arc.start) +
           ", \"end\": " + std::to_string(arc.end) + ", \"hashes\": " + count_text(arc.hashes) + "}";
  }
  const HashCount n = step_hashes(a, s);
  return out + "], \"hashes\": " + count_text(n) + ", \"percent\": " + cli::json_text(hashes_percent(n, a.size)) + "}";
}

RINGLAB_ONCE std::string arcs_json(const Plan& plan) {
  const PlanArcs& a = *plan.arcs;
  const HashCount moved = a.necessary + a.collateral;
  std::string out = ", \"space\": {\"hashes\": " + cli::json_text(a.space) + ", \"kind\": \"" +
                    (a.ring ? "ring" : "table") + "\", \"bits\": " + std::to_string(a.bits) +
                    (a.ring ? std::string() : ", \"period\": " + std::to_string(a.period)) +
                    ", \"size\": " + count_text(a.size) + ", \"moved\": " + hashes_json(moved, a.size) +
                    ", \"necessary\": " + hashes_json(a.necessary, a.size) +
                    ", \"collateral\": " + hashes_json(a.collateral, a.size) +
                    ", \"fraction\": " + cli::json_text(hashes_fraction(moved, a.size)) +
                    ", \"missRate\": " + cli::json_text(hashes_percent(moved, a.size)) + "}, \"servers\": [";
  for (std::size_t i = 0; i < a.servers.size(); ++i)
    out += std::string(i > 0 ? ", " : "") + "{\"server\": " + cli::json_text(a.servers[i].server) +
           ", \"before\": " + hashes_json(a.servers[i].before, a.size) +
           ", \"after\": " + hashes_json(a.servers[i].after, a.size) + "}";
  out += "], \"keys\": [";
  for (std::size_t i = 0; i < plan.keys.size(); ++i)
    out += std::string(i > 0 ? ", " : "") + "{\"key\": " + cli::json_bytes(plan.keys[i].key) +
           ", \"before\": " + cli::json_text(plan.keys[i].before) +
           ", \"after\": " + cli::json_text(plan.keys[i].after) +
           ", \"moves\": " + (plan.keys[i].before == plan.keys[i].after ? "false" : "true") + "}";
  return out + "]";
}

RINGLAB_ONCE std::string arcs_text(const Plan& plan) {
  const PlanArcs& a = *plan.arcs;
  const std::string unit = a.ring ? "arcs" : "entries";
  std::string out;
  // Every arc is listed when asked, or when there are few; else each step's count.
  const bool every = a.every_arc || a.arcs.size() <= 12;
  for (std::size_t i = 0; i < plan.steps.size(); ++i) {
    const PlanStep& s = plan.steps[i];
    out += "  step " + std::to_string(i + 1) + ": " + counted(s.units.size(), unit) + " from " + s.from + " to " +
           s.to + " (" + (a.arcs[s.units.front()].collateral ? "collateral" : "necessary") +
           "): " + hashes_percent(step_hashes(a, s), a.size) + "% of the hash space\n";
    if (every)
      for (const std::uint32_t u : s.units)
        out += "    " + arc_text(a, a.arcs[u]) + ": " + count_text(a.arcs[u].hashes) + " hashes\n";
  }
  if (!every) out += "  (each step's " + unit + " listed with --every-arc)\n";
  std::size_t width = 6;
  for (const ServerHashes& s : a.servers) width = std::max(width, s.server.size());
  out += "  " + pad("server", width) + "  " + pad("before", 14) + "  after\n";
  for (const ServerHashes& s : a.servers)
    out += "  " + pad(s.server, width) + "  " + pad(hashes_percent(s.before, a.size) + "%", 14) + "  " +
           hashes_percent(s.after, a.size) + "%\n";
  if (!plan.keys.empty()) out += keys_text(plan.keys, true);
  const HashCount moved = a.necessary + a.collateral;
  out += "  hash space (" + std::string(exactness_name(plan.exactness)) + "): " + count_text(moved) + " of " +
         count_text(a.size) + " hashes move, " + hashes_fraction(moved, a.size) + " = " +
         hashes_percent(moved, a.size) + "% (" + a.space + ")\n";
  out += "  necessary " + hashes_percent(a.necessary, a.size) + "%, collateral " +
         hashes_percent(a.collateral, a.size) + "%; expected miss rate " + hashes_percent(moved, a.size) + "%\n";
  return out;
}

}  // namespace

RINGLAB_ONCE std::string count_text(HashCount n) {
  std::string out;
  do {
    out.insert(out.begin(), static_cast<char>('0' + static_cast<int>(n % 10)));
    n /= 10;
  } while (n > 0);
  return out;
}

RINGLAB_ONCE std::string hashes_fraction(HashCount moved, HashCount size) {
  if (moved == 0) return "0";
  if (moved == size) return "1";
  HashCount a = moved, b = size;
  while (b != 0) {
    const HashCount r = a % b;
    a = b;
    b = r;
  }
  return count_text(moved / a) + "/" + count_text(size / a);
}

RINGLAB_ONCE std::string hashes_percent(HashCount moved, HashCount size) {
  // percent_text's long division, for a size of up to 2^64: rest * 10 stays below 2^68.
  HashCount digits = moved / size;
  HashCount rest = moved % size;
  for (int i = 0; i < 12; ++i) {
    rest *= 10;
    digits = digits * 10 + rest / size;
    rest %= size;
  }
  const auto scaled = static_cast<std::uint64_t>((digits + 5) / 10);
  std::string decimals = std::to_string(scaled % 1'000'000'000);
  decimals.insert(0, 9 - decimals.size(), '0');
  while (!decimals.empty() && decimals.back() == '0') decimals.pop_back();
  return std::to_string(scaled / 1'000'000'000) + (decimals.empty() ? "" : "." + decimals);
}

RINGLAB_ONCE std::string range_text(std::int64_t start, std::int64_t end) {
  return "(" + std::to_string(start) + "," + std::to_string(end) + "]";
}

RINGLAB_ONCE std::string fraction_text(std::uint64_t moved, std::uint64_t size) {
  if (moved == 0) return "0";
  const std::uint64_t g = std::gcd(moved, size);
  return moved == size ? "1" : std::to_string(moved / g) + "/" + std::to_string(size / g);
}

RINGLAB_ONCE std::string percent_text(std::uint64_t moved, std::uint64_t size) {
  // By long division, so that nothing overflows (moved * 10^11 would): the whole part and 12
  // digits of moved / size, then rounded half up at the 12th (the 9th decimal of the percentage).
  // In 128 bits: a space may be as large as 2^64 - 1 (Cassandra's tokens), and rest * 10 with it.
  HashCount digits = moved / size;
  HashCount rest = moved % size;
  for (int i = 0; i < 12; ++i) {
    rest *= 10;
    digits = digits * 10 + rest / size;
    rest %= size;
  }
  const auto scaled = static_cast<std::uint64_t>((digits + 5) / 10);  // the percentage x 10^9
  std::string decimals = std::to_string(scaled % 1'000'000'000);
  decimals.insert(0, 9 - decimals.size(), '0');
  while (!decimals.empty() && decimals.back() == '0') decimals.pop_back();
  return std::to_string(scaled / 1'000'000'000) + (decimals.empty() ? "" : "." + decimals);
}

std::uint32_t ranges_of(const std::vector<std::uint32_t>& sorted) {
  std::uint32_t n = 0;
  for (std::size_t i = 0; i < sorted.size(); ++i)
    if (i == 0 || sorted[i] != sorted[i - 1] + 1) ++n;
  return n;
}

RINGLAB_ONCE std::string ranges_text(std::vector<std::uint32_t> units) {
  std::sort(units.begin(), units.end());
  std::string out;
  for (std::size_t i = 0; i < units.size();) {
    std::size_t j = i;
    while (j + 1 < units.size() && units[j + 1] == units[j] + 1) ++j;
    if (!out.empty()) out += ",";
    out += std::to_string(units[i]);
    if (j > i) {
      out += '-';
      out += std::to_string(units[j]);
    }
    i = j + 1;
  }
  return out.empty() ? "none" : out;
}

RINGLAB_ONCE std::string plan_json(const Plan& plan) {
  std::string out;
  for (const PlanStep& s : plan.steps)
    out += (plan.arcs ? arc_step_json(*plan.arcs, s) : step_json(s, plan.unit)) + "\n";
  out += "{\"summary\": {\"system\": " + cli::json_text(plan.system) + ", \"tool\": " + cli::json_text(plan.tool) +
         ", \"operation\": " + cli::json_text(plan.operation) + ", \"exactness\": \"" +
         std::string(exactness_name(plan.exactness)) + "\", \"steps\": " + std::to_string(plan.steps.size()) +
         ", \"moved\": " + std::to_string(moved(plan.steps)) +
         ", \"nodes\": " + nodes_json(plan.nodes, plan.space_moved ? plan.space_moved->size : 0) + ", \"warnings\": [";
  for (std::size_t i = 0; i < plan.warnings.size(); ++i)
    out += std::string(i > 0 ? ", " : "") + "{\"kind\": " + cli::json_text(plan.warnings[i].kind) +
           ", \"text\": " + cli::json_text(plan.warnings[i].text) + "}";
  out += "], \"note\": " + (plan.note.empty() ? std::string("null") : cli::json_text(plan.note));
  out += ", \"stops\": ";
  if (plan.stops_after_units)
    out += "{\"moved\": " + std::to_string(*plan.stops_after_units) +
           ", \"nodes\": " + nodes_json(plan.nodes_if_stopped) + "}";
  else out += "null";
  out += ", \"alternatives\": [";
  for (std::size_t i = 0; i < plan.alternatives.size(); ++i) {
    const PlanAlternative& a = plan.alternatives[i];
    out += std::string(i > 0 ? ", " : "") + "{\"label\": " + cli::json_text(a.label) + ", \"exactness\": \"" +
           std::string(exactness_name(a.exactness)) + "\", \"moved\": " + std::to_string(moved(a.steps)) +
           ", \"steps\": [";
    for (std::size_t j = 0; j < a.steps.size(); ++j) out += (j > 0 ? ", " : "") + step_json(a.steps[j], plan.unit);
    out += "], \"nodes\": " + nodes_json(a.nodes) + "}";
  }
  out += "]";
  if (plan.space_moved) out += space_json(plan);
  if (plan.ranges) out += ranges_json(*plan.ranges);
  if (plan.bytes) out += bytes_json(*plan.bytes, plan.space_moved ? plan.space_moved->size : 0);
  if (plan.arcs) out += arcs_json(plan);
  return out + "}}\n";
}

RINGLAB_ONCE std::string plan_text(const Plan& plan) {
  std::string out = plan.tool + " " + plan.operation + ": " + std::to_string(plan.steps.size()) +
                    (plan.steps.size() == 1 ? " step, " : " steps, ") + counted_move(moved(plan.steps), plan.unit) +
                    " (" + std::string(exactness_name(plan.exactness)) + ")\n";
  if (!plan.note.empty()) out += "  " + plan.note + "\n";
  if (plan.arcs) {
    out += arcs_text(plan);
    for (const PlanWarning& w : plan.warnings) out += "warning (" + w.kind + "): " + w.text + "\n";
    return out;
  }
  out += steps_text(plan.steps, plan.unit);
  if (plan.ranges)
    for (const PlanRange& r : *plan.ranges)
      out += "  range " + range_text(r.start, r.end) + ": " + list_text(r.before) + " -> " + list_text(r.after) +
             bytes_text(r.bytes) + (r.changes ? "\n" : " (unchanged)\n");
  if (!plan.nodes.empty()) out += nodes_text(plan.nodes, plan.unit, plan.space_moved ? plan.space_moved->size : 0);
  if (!plan.keys.empty()) out += keys_text(plan.keys);
  if (plan.space_moved) out += space_text(*plan.space_moved);
  if (plan.bytes) out += bytes_summary_text(*plan.bytes, plan.space_moved ? plan.space_moved->size : 0);
  for (const PlanWarning& w : plan.warnings) out += "warning (" + w.kind + "): " + w.text + "\n";
  if (plan.stops_after_units) {
    out += "if it stops there, after " + counted(*plan.stops_after_units, plan.unit) + ":\n";
    out += nodes_text(plan.nodes_if_stopped, plan.unit);
  }
  for (const PlanAlternative& a : plan.alternatives) {
    out += a.label + " (" + std::string(exactness_name(a.exactness)) + "): " + std::to_string(a.steps.size()) +
           (a.steps.size() == 1 ? " step, " : " steps, ") + counted_move(moved(a.steps), plan.unit) + "\n";
    out += steps_text(a.steps, plan.unit);
    out += nodes_text(a.nodes, plan.unit);
  }
  return out;
}

}  // namespace ringlab::systems
