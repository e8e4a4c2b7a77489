// The server seam (ringlab::Placer, placers.hpp) in the buckets module, for the `ringlab/placers`
// entry point (web/lib/src/placers.ts): linked beside the bucket seam's bindings (buckets.cpp), so
// that the one module of both generic seams carries the core once and the main module, whose page
// budget is spent, carries neither.
//
// One handle for every placer: ServerPlacer, made by makePlacer(name, options) from a value object
// of every option (undefined where not given) and the servers, each with the fields the wrapper was
// given. Which options, server fields and membership an algorithm has is the core's to say (its
// registry entry and rows): nothing here names an algorithm.
#include <emscripten/bind.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "abi.hpp"
#include "ringlab/algorithms.hpp"
#include "ringlab/error.hpp"
#include "ringlab/params.hpp"
#include "ringlab/placers.hpp"

using emscripten::val;
using namespace ringlab::wasm;

namespace {

// The options as the wrapper gives them: the servers (an array of objects with a name and, where
// given, a weight, a zone and a token), and the numbers, undefined when not given.
struct PlacerOptionsArgs {
  val servers = val::undefined();
  val vnodes = val::undefined();
  val tableSize = val::undefined();
  val epsilon = val::undefined();
  val bits = val::undefined();
};

// A placer as the registry has it: its name, its option rows' names (its options and its servers'
// fields, "zone" when its entry has zones), its membership and whether it traces.
struct PlacerAlgorithmOut {
  std::string name;
  val options = val::undefined();
  val membership = val::undefined();
  std::string removal;
  bool weights = false;
  bool zones = false;
  bool traces = false;
  bool preference = false;
};

std::optional<std::int64_t> integer_of(const val& v, std::string_view name) {
  if (v.isUndefined()) return std::nullopt;
  return ringlab::safe_integer(v.as<double>(), name);
}

std::optional<double> number_of(const val& v) {
  if (v.isUndefined()) return std::nullopt;
  return v.as<double>();
}

// A server as the wrapper gives it: the fields it was given, each of its type already; the core
// refuses a field the algorithm has no row for and checks every value.
ringlab::PlacerServer server_of(const val& s) {
  ringlab::PlacerServer out{.name = s["name"].as<std::u16string>()};
  out.weight = number_of(s["weight"]);
  if (const val zone = s["zone"]; !zone.isUndefined()) out.zone = zone.as<std::u16string>();
  out.token = integer_of(s["token"], "token");
  return out;
}

ringlab::Placer* make_placer(const std::string& algorithm, const PlacerOptionsArgs& args) {
  return guarded([&] {
    // The algorithm first, then the servers, which every placer takes, as `ringlab server` reads
    // them: its error for a name that is no placer, then for no servers.
    (void)ringlab::placer_algorithm(algorithm);
    if (args.servers.isUndefined())
      throw ringlab::Error(ringlab::ErrorCode::invalid_argument, ringlab::rule::missing, "servers");
    ringlab::PlacerOptions o;
    const auto n = args.servers["length"].as<std::size_t>();
    for (std::size_t i = 0; i < n; ++i) o.servers.push_back(server_of(args.servers[i]));
    o.vnodes = integer_of(args.vnodes, "vnodes");
    o.table_size = integer_of(args.tableSize, "tableSize");
    o.epsilon = number_of(args.epsilon);
    o.bits = integer_of(args.bits, "bits");
    return new ringlab::Placer(algorithm, o);
  });
}

val names_of(std::initializer_list<std::pair<bool, const char*>> items) {
  val out = val::array();
  for (const auto& [has, name] : items)
    if (has) out.call<void>("push", std::string(name));
  return out;
}

val placer_algorithms() {
  val out = val::array();
  for (const ringlab::PlacerAlgorithm& a : ringlab::placer_algorithms()) {
    const ringlab::Algorithm& entry = *ringlab::find_algorithm(a.name);
    val options = val::array();
    for (const ringlab::Param p : a.options) options.call<void>("push", std::string(ringlab::param(p).name));
    if (ringlab::has_option(a, "zone")) options.call<void>("push", std::string("zone"));
    out.call<void>("push", PlacerAlgorithmOut{std::string(a.name), options,
                                              names_of({{entry.membership.add, "add"},
                                                        {entry.membership.remove, "remove"},
                                                        {entry.membership.reweight, "reweight"}}),
                                              std::string(ringlab::removal_name(entry.removal)), entry.weights,
                                              entry.zones, a.traces, a.preference});
  }
  return out;
}

// A lookup's step (placers.hpp) as the wrapper gives it: its kind by the core's name, the value as
// a bigint (a hash or a load: below 2^64).
struct PlaceStepOut {
  std::string kind;
  std::uint32_t server = 0;
  std::uint32_t point = 0;
  std::uint64_t value = 0;
  std::uint32_t lo = 0;
  std::uint32_t hi = 0;
  bool right = false;
  double score = 0;
};

val place_step_kinds() {
  val out = val::array();
  for (const std::string_view name : ringlab::kPlaceStepKindNames) out.call<void>("push", std::string(name));
  return out;
}

std::string algorithm_of(const ringlab::Placer& p) { return std::string(p.algorithm().name); }
std::uint32_t size_of(const ringlab::Placer& p) { return static_cast<std::uint32_t>(p.size()); }

// The servers' names, in list order (the answers' numbering).
val servers_of(const ringlab::Placer& p) {
  val out = val::array();
  for (std::uint32_t i = 0; i < p.size(); ++i) out.call<void>("push", std::u16string(p.name_of(i)));
  return out;
}

std::uint32_t place(const ringlab::Placer& p, const std::u16string& key) {
  return guarded([&] { return p.place(key); });
}

// The keys as one batch (bounded loads' capacities are for all of them: the batch is not cut into
// chunks), their servers in a new Uint32Array.
val place_many(const ringlab::Placer& p, const val& keys) {
  return guarded([&] {
    const std::vector<std::u16string> k = emscripten::vecFromJSArray<std::u16string>(keys);
    const std::vector<std::uint32_t> out = p.place_many(k);
    return val::global("Uint32Array").new_(emscripten::typed_memory_view(out.size(), out.data()));
  });
}

val steps_out(const std::vector<ringlab::PlaceStep>& steps) {
  val out = val::array();
  for (const ringlab::PlaceStep& s : steps)
    out.call<void>("push", PlaceStepOut{std::string(ringlab::place_step_kind_name(s.kind)), s.server, s.point, s.value,
                                        s.lo, s.hi, s.right, s.score});
  return out;
}

val trace(const ringlab::Placer& p, const std::u16string& key) {
  return guarded([&] { return steps_out(p.trace(key)); });
}

// Each key's steps within the batch, as placeMany places it (bounded loads' walks past full
// servers are the batch's).
val trace_many(const ringlab::Placer& p, const val& keys) {
  return guarded([&] {
    val out = val::array();
    for (const std::vector<ringlab::PlaceStep>& steps : p.trace_many(emscripten::vecFromJSArray<std::u16string>(keys)))
      out.call<void>("push", steps_out(steps));
    return out;
  });
}

// A key's preference list as places in the list, in a new Uint32Array; n as JavaScript gives it
// (the core checks its range, rf's).
val preference(const ringlab::Placer& p, const std::u16string& key, double n) {
  return guarded([&] {
    const std::vector<std::uint32_t> out = p.preference(key, ringlab::safe_integer(n, "rf"));
    return val::global("Uint32Array").new_(emscripten::typed_memory_view(out.size(), out.data()));
  });
}

val preference_many(const ringlab::Placer& p, const val& keys, double n) {
  return guarded([&] {
    const std::vector<std::uint32_t> out =
        p.preference_many(emscripten::vecFromJSArray<std::u16string>(keys), ringlab::safe_integer(n, "rf"));
    return val::global("Uint32Array").new_(emscripten::typed_memory_view(out.size(), out.data()));
  });
}

void add_server(ringlab::Placer& p, const val& server) {
  guarded([&] { p.add(server_of(server)); });
}
void remove_server(ringlab::Placer& p, const std::u16string& name) {
  guarded([&] { p.remove(name); });
}
void reweight_server(ringlab::Placer& p, const std::u16string& name, double weight) {
  guarded([&] { p.reweight(name, weight); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(ringlab_placers) {
  using emscripten::allow_raw_pointers;
  using emscripten::class_;
  using emscripten::function;
  using emscripten::value_object;

  value_object<PlacerOptionsArgs>("RawPlacerOptions")
      .field("servers", &PlacerOptionsArgs::servers)
      .field("vnodes", &PlacerOptionsArgs::vnodes)
      .field("tableSize", &PlacerOptionsArgs::tableSize)
      .field("epsilon", &PlacerOptionsArgs::epsilon)
      .field("bits", &PlacerOptionsArgs::bits);
  value_object<PlacerAlgorithmOut>("RawPlacerAlgorithm")
      .field("name", &PlacerAlgorithmOut::name)
      .field("options", &PlacerAlgorithmOut::options)
      .field("membership", &PlacerAlgorithmOut::membership)
      .field("removal", &PlacerAlgorithmOut::removal)
      .field("weights", &PlacerAlgorithmOut::weights)
      .field("zones", &PlacerAlgorithmOut::zones)
      .field("traces", &PlacerAlgorithmOut::traces)
      .field("preference", &PlacerAlgorithmOut::preference);
  function("placerAlgorithms", &placer_algorithms);
  value_object<PlaceStepOut>("RawPlaceStep")
      .field("kind", &PlaceStepOut::kind)
      .field("server", &PlaceStepOut::server)
      .field("point", &PlaceStepOut::point)
      .field("value", &PlaceStepOut::value)
      .field("lo", &PlaceStepOut::lo)
      .field("hi", &PlaceStepOut::hi)
      .field("right", &PlaceStepOut::right)
      .field("score", &PlaceStepOut::score);
  function("placeStepKinds", &place_step_kinds);

  class_<ringlab::Placer>("ServerPlacer")
      .function("algorithm", &algorithm_of)
      .function("size", &size_of)
      .function("servers", &servers_of)
      .function("place", &place)
      .function("placeMany", &place_many)
      .function("trace", &trace)
      .function("traceMany", &trace_many)
      .function("preference", &preference)
      .function("preferenceMany", &preference_many)
      .function("add", &add_server)
      .function("remove", &remove_server)
      .function("reweight", &reweight_server);
  function("makePlacer", &make_placer, allow_raw_pointers());
}
