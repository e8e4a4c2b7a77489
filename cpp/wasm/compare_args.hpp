// compare's scenario as the wrapper sends it, and compare's rows as they go back: one definition
// for the two modules that run compare (the main module's rl.compare and compare parts, and the
// lab module's rows of the newer bucket hashers), so that a field or a rule added here reaches
// both; each module's bindings call register_compare_values().
//
// Functions of internal linkage in a header, each file that includes it using what it needs
// ([[maybe_unused]]): in the main module, at its page budget, they are compiled within
// adapters.cpp and registrations.cpp as those files' own, as before both modules shared them, and
// the module keeps its size (within 10 bytes gzip). As inline functions of external linkage, which
// the optimizer must keep callable from elsewhere, they cost the main module 50 to 130 bytes.
// The registrations run once as the module starts: RINGLAB_ONCE (minsize), as register_all is;
// compiled for speed, a hundred-odd bytes of embind's templates became 3 KB of code.
#pragma once

#include <emscripten/bind.h>

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "abi.hpp"
#include "adapters.hpp"
#include "ringlab/compare.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"

namespace ringlab::wasm {
namespace {

// The servers a compare or a ring names: names, weights and zones in list order (zones
// undefined: none).
[[maybe_unused]] RINGLAB_ONCE std::vector<ringlab::Server> named_servers(const val& names, const val& weights,
                                                                         const val& zones) {
  const auto n = emscripten::vecFromJSArray<std::u16string>(names);
  const auto w = copy_in<double>(weights);
  const auto z =
      zones.isUndefined() ? std::vector<std::u16string>(n.size()) : emscripten::vecFromJSArray<std::u16string>(zones);
  // The wrapper makes the three lists from one; lengths that differ are its mistake.
  if (w.size() != n.size() || z.size() != n.size()) throw std::logic_error("names, weights and zones differ in length");
  std::vector<ringlab::Server> servers;
  servers.reserve(n.size());
  for (std::size_t i = 0; i < n.size(); ++i) servers.push_back(ringlab::Server{n[i], w[i], z[i]});
  return servers;
}

// A thread count: undefined for all cores (one in WebAssembly), a number checked against the table.
[[maybe_unused]] std::optional<std::int64_t> threads_arg(const val& v) {
  if (v.isUndefined()) return std::nullopt;
  return integer(v.as<double>(), Param::threads);
}

[[maybe_unused]] ringlab::Scenario scenario_of(const CompareArgs& args) {
  ringlab::Scenario sc;
  sc.servers = args.names.isUndefined() ? ringlab::compare_servers(integer(args.servers, Param::compare_servers))
                                        : named_servers(args.names, args.weights, args.zones);
  sc.vnodes = integer(args.vnodes, Param::compare_vnodes);
  sc.seed = integer(args.seed, Param::compare_seed);
  sc.keys = integer(args.keys, Param::compare_keys);
  const ChangeArgs& c = args.change;
  sc.change = c.kind.isUndefined()
                  ? ringlab::parse_change(c.text)
                  : ringlab::change_from_parts(
                        ringlab::utf8_for_message(c.kind.as<std::u16string>()), c.name,
                        c.weight.isUndefined() ? std::nullopt : std::optional<double>(c.weight.as<double>()));
  sc.epsilon = args.epsilon;
  sc.table_size = integer(args.table_size, Param::compare_table_size);
  sc.threads = threads_arg(args.threads);
  return sc;
}

// The value_objects of ChangeArgs, CompareArgs and ComparisonRowOut (adapters.hpp).
[[maybe_unused]] RINGLAB_ONCE void register_compare_values() {
  using emscripten::value_object;
  value_object<ChangeArgs>("RawChangeArgs")
      .field("text", &ChangeArgs::text)
      .field("kind", &ChangeArgs::kind)
      .field("name", &ChangeArgs::name)
      .field("weight", &ChangeArgs::weight);
  value_object<CompareArgs>("RawCompareArgs")
      .field("servers", &CompareArgs::servers)
      .field("names", &CompareArgs::names)
      .field("weights", &CompareArgs::weights)
      .field("zones", &CompareArgs::zones)
      .field("vnodes", &CompareArgs::vnodes)
      .field("seed", &CompareArgs::seed)
      .field("keys", &CompareArgs::keys)
      .field("change", &CompareArgs::change)
      .field("epsilon", &CompareArgs::epsilon)
      .field("tableSize", &CompareArgs::table_size)
      .field("threads", &CompareArgs::threads);
  value_object<ComparisonRowOut>("RawComparisonRow")
      .field("algorithm", &ComparisonRowOut::algorithm)
      .field("reasonCode", &ComparisonRowOut::reason_code)
      .field("reason", &ComparisonRowOut::reason)
      .field("moved", &ComparisonRowOut::moved)
      .field("movedToNew", &ComparisonRowOut::moved_to_new)
      .field("movedBetweenOld", &ComparisonRowOut::moved_between_old)
      .field("movedNeedlessly", &ComparisonRowOut::moved_needlessly)
      .field("maxOverMean", &ComparisonRowOut::max_over_mean)
      .field("sdOverMean", &ComparisonRowOut::sd_over_mean)
      .field("memoryBytes", &ComparisonRowOut::memory_bytes)
      .field("buildMs", &ComparisonRowOut::build_ms);
}

}  // namespace
}  // namespace ringlab::wasm
