// The lab's module (web/lib/dist/wasm/ringlab-lab.js + .wasm): `ringlab lab`, every algorithm of
// both seams measured on the same keys, for the `ringlab/lab` entry point (web/lib/src/lab.ts). A
// module of its own: it links every bucket hasher and every placer, which no other page pays for.
//
// The result crosses as typed values, each field the figure `ringlab lab --json` prints: counts as
// numbers (at most 10^7 keys: exact as doubles), the hundredths of a percent and of a variance as
// x / 100 (the double nearest the decimal the JSON prints, while x < 2^53), a work kind's steps per
// lookup as the core's thousandths / 1000. The CSV is the core's own text (`ringlab lab --csv`), a
// document to download. The parameters arrive typed (the wrapper has checked their types); the
// core checks their values against kLabParams, with the errors `ringlab lab` gives. The papers'
// claims (`ringlab lab --claims`) cross as the objects of their JSON lines.
//
// compare's rows for the newer bucket hashers (`ringlab compare --newer`, compare_newer.hpp) live
// here too: the lab already links every bucket hasher, so the rows cost this module only the
// scenario's conversion and compare's measures, where the main module (at its page budget) and
// the buckets module (at theirs) would carry every hasher besides.
#include <emscripten/bind.h>

#include <cstdint>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "abi.hpp"
#include "abi_bindings.hpp"
#include "adapters.hpp"
#include "compare_args.hpp"
#include "ringlab/compare.hpp"
#include "ringlab/compare_newer.hpp"
#include "ringlab/lab.hpp"
#include "ringlab/once.hpp"
#include "ringlab/params.hpp"

using emscripten::val;
using namespace ringlab::wasm;

namespace {

// Each parameter a number, or undefined for the table's default.
struct LabArgs {
  val buckets = val::undefined();
  val keysPerBucket = val::undefined();
  val seed = val::undefined();
};

// A row of kLabParams, for the page's form: its name, range and default.
struct ParamOut {
  std::string name;
  double min = 0;
  double max = 0;
  double defaultValue = 0;
};

// A parameter's value: the table row's default when undefined, else the number checked as a safe
// integer under the row's name (its range is lab()'s to check).
std::int64_t param(const ringlab::ParamSpec& row, const val& v) {
  if (v.isUndefined()) return row.default_integer;
  return ringlab::safe_integer(v.as<double>(), row.name);
}

struct BalanceOut {
  double nodes = 0;
  double keys = 0;
  double min = 0;
  double max = 0;
  double expected = 0;
  double minPct = 0;
  double maxPct = 0;
  double var = 0;
  double noBucket = 0;
};

struct MonotonicityOut {
  double fraction = 0;
  double removed = 0;
  double keysInRemovedNodes = 0;
  double keysMovedFromRemovedNodes = 0;
  double keysMovedFromOtherNodes = 0;
  double nodesLosingKeys = 0;
  double keysMovedToRestoredNodes = 0;
  double keysMovedToOtherNodes = 0;
  double nodesGainingKeys = 0;
  double keysRelocatedAfterResize = 0;
  double nodesChangedAfterResize = 0;
};

struct WorkOut {
  std::string kind;
  double total = 0;
  double perLookup = 0;
};

struct HistoryOut {
  std::string order;
  double removed = 0;
  BalanceOut balance;
  double bytes = 0;
  double bytesPerBucket = 0;
};

double count(std::uint64_t x) { return static_cast<double>(x); }
double hundredths(std::uint64_t x) { return static_cast<double>(x) / 100; }

BalanceOut balance_of(const ringlab::LabBalance& b) {
  return {count(b.live),
          count(b.keys),
          count(b.min),
          count(b.max),
          count(b.expected),
          hundredths(b.min_pct_x100),
          hundredths(b.max_pct_x100),
          hundredths(b.var_x100),
          count(b.unplaced)};
}

// `buckets`: the n built, which the bytes per bucket are of.
val row_of(const ringlab::LabRow& r, std::int64_t buckets) {
  val out = val::object();
  out.set("algorithm", r.name);
  out.set("seam", r.seam);
  out.set("input", r.input);
  out.set("removal", r.removal);
  out.set("skipped", r.skipped.empty() ? val::null() : val(r.skipped));
  val work = val::array();
  for (const ringlab::LabWork& w : r.work)
    work.call<void>("push",
                    WorkOut{w.kind, count(w.total),
                            static_cast<double>(ringlab::lab_per_lookup_x1000(w.total, r.work_lookups)) / 1000});
  out.set("workLookups", count(r.work_lookups));
  out.set("work", work);
  out.set("bytes", count(r.memory_bytes));
  out.set("bytesPerBucket", hundredths(ringlab::lab_bytes_per_bucket_x100(r.memory_bytes, buckets)));
  // A skipped row's balance, monotonicity and histories are not measured: `ringlab lab --json`
  // leaves them out.
  out.set("balance", r.skipped.empty() ? val(balance_of(r.balance)) : val::null());
  val mono = val::array();
  for (const ringlab::LabMonotonicity& m : r.monotonicity)
    mono.call<void>("push",
                    MonotonicityOut{hundredths(m.fraction_pct), count(m.removed), count(m.keys_in_removed_nodes),
                                    count(m.keys_moved_from_removed_nodes), count(m.keys_moved_from_other_nodes),
                                    count(m.nodes_losing_keys), count(m.keys_moved_to_restored_nodes),
                                    count(m.keys_moved_to_other_nodes), count(m.nodes_gaining_keys),
                                    count(m.keys_relocated_after_resize), count(m.nodes_changed_after_resize)});
  out.set("monotonicity", mono);
  val histories = val::array();
  for (const ringlab::LabHistory& h : r.histories)
    histories.call<void>("push",
                         HistoryOut{h.order, hundredths(h.fraction_pct), balance_of(h.balance), count(h.memory_bytes),
                                    hundredths(ringlab::lab_bytes_per_bucket_x100(h.memory_bytes, buckets))});
  out.set("histories", histories);
  return out;
}

// The lab at the parameters given; `progress`, a function or undefined, is called with each
// algorithm's name, the rows complete and the rows as each row completes.
val run(const LabArgs& args, val progress) {
  return guarded([&] {
    ringlab::LabParams p;
    static_assert(std::size(ringlab::kLabParams) == 3);
    p.buckets = param(ringlab::kLabParams[0], args.buckets);
    // Left out, the most the buckets allow: the core's to decide, from the buckets.
    if (!args.keysPerBucket.isUndefined())
      p.keys_per_bucket = ringlab::safe_integer(args.keysPerBucket.as<double>(), ringlab::kLabParams[1].name);
    p.seed = param(ringlab::kLabParams[2], args.seed);
    if (!progress.isUndefined())
      p.progress = [&progress](std::string_view name, std::size_t complete, std::size_t rows) {
        progress(std::string(name), static_cast<double>(complete), static_cast<double>(rows));
      };
    const ringlab::LabResult r = ringlab::lab(p);
    val out = val::object();
    out.set("buckets", static_cast<double>(r.params.buckets));
    out.set("keysPerBucket", static_cast<double>(r.keys_per_bucket));
    out.set("seed", static_cast<double>(r.params.seed));
    out.set("keys", count(r.keys));
    out.set("distinctKeys", count(r.distinct_keys));
    val rows = val::array();
    for (const ringlab::LabRow& row : r.rows) rows.call<void>("push", row_of(row, r.params.buckets));
    out.set("rows", rows);
    out.set("csv", ringlab::lab_csv(r));
    return out;
  });
}

// The papers' claims (`ringlab lab --claims --json`), at the seed given (undefined: the table's
// default): one object a claim, each field the JSON line's, its values by name.
RINGLAB_ONCE val claims(val seed) {
  return guarded([&] {
    const std::vector<ringlab::LabClaim> cs = ringlab::lab_claims(param(ringlab::kLabParams[2], seed));
    val out = val::array();
    for (const ringlab::LabClaim& c : cs) {
      val o = val::object();
      o.set("algorithm", c.algorithm);
      o.set("paper", c.paper);
      o.set("claim", c.claim);
      o.set("paperFigure", c.paper_figure);
      o.set("ringlab", c.lab_figure);
      o.set("detail", c.detail);
      o.set("holds", c.holds);
      o.set("check", c.tolerance);
      val values = val::object();
      for (const auto& [name, x] : c.values) values.set(name, x);
      o.set("values", values);
      out.call<void>("push", o);
    }
    return out;
  });
}

val params() {
  val out = val::array();
  for (const ringlab::ParamSpec& row : ringlab::kLabParams)
    out.call<void>("push", ParamOut{std::string(row.name), static_cast<double>(row.lo), static_cast<double>(row.hi),
                                    static_cast<double>(row.default_integer)});
  return out;
}

// Keys per bucket's bound at `buckets` buckets, and its value when left out (the core's rule, from
// the buckets, checked first as lab() checks them).
val max_keys_per_bucket(double buckets) {
  return guarded([&] {
    const std::int64_t n =
        ringlab::check_integer(ringlab::kLabParams[0], ringlab::safe_integer(buckets, ringlab::kLabParams[0].name));
    return val(static_cast<double>(ringlab::lab_max_keys_per_bucket(n)));
  });
}

// ---------------------------------------------------------------------------------------------
// compare --newer
//
// The scenario arrives as rl.compare's (CompareArgs, adapters.hpp: the wrapper fills it in with the
// same checks of types and the core's defaults) and is converted by the main module's own code
// (scenario_of, compare_args.hpp): integer() under each parameter's name, the servers by count or
// by name, the change by its text or its parts.

// The rows of the newer algorithms `newer` names: the string "all" or a comma-separated list (the
// CLI's --newer text, newer_from_text), or an array of names (check_newer). The scenario is
// converted first, then the names read, then the scenario's ranges checked: the CLI's order, so a
// call with two mistakes names the one `ringlab compare --newer` names.
RINGLAB_ONCE val compare_newer(const CompareArgs& args, const val& newer) {
  return guarded([&] {
    const ringlab::Scenario sc = scenario_of(args);
    std::vector<std::string_view> names;
    if (newer.isString()) {
      names = ringlab::newer_from_text(ringlab::utf8_for_message(newer.as<std::u16string>()));
    } else {
      std::vector<std::string> given;
      for (const std::u16string& n : emscripten::vecFromJSArray<std::u16string>(newer))
        given.push_back(ringlab::utf8_for_message(n));
      names = ringlab::check_newer(given);
    }
    val out = val::array();
    for (const ringlab::ComparisonRow& r : ringlab::compare_newer(sc, names))
      out.call<void>("push", comparison_row_out(r));
    return out;
  });
}

// compare's defaults and a server's default weight, from the core's table: what the wrapper fills
// a scenario in with, as rl.compare does from the main module's rl.defaults().
struct CompareDefaultsOut {
  double servers = 0;
  double vnodes = 0;
  double seed = 0;
  double keys = 0;
  std::string change;
  double epsilon = 0;
  double tableSize = 0;
  double weight = 0;
};

RINGLAB_ONCE CompareDefaultsOut compare_defaults() {
  const ringlab::Defaults d = ringlab::defaults();
  return {static_cast<double>(d.compare.servers),
          static_cast<double>(d.compare.vnodes),
          static_cast<double>(d.compare.seed),
          static_cast<double>(d.compare.keys),
          d.compare.change,
          d.compare.epsilon,
          static_cast<double>(d.compare.table_size),
          d.ring.weight};
}

}  // namespace

EMSCRIPTEN_BINDINGS(ringlab_lab) {
  using emscripten::function;
  using emscripten::value_object;

  register_abi();
  register_version_and_heap();
  value_object<LabArgs>("RawLabArgs")
      .field("buckets", &LabArgs::buckets)
      .field("keysPerBucket", &LabArgs::keysPerBucket)
      .field("seed", &LabArgs::seed);
  value_object<BalanceOut>("RawLabBalance")
      .field("nodes", &BalanceOut::nodes)
      .field("keys", &BalanceOut::keys)
      .field("min", &BalanceOut::min)
      .field("max", &BalanceOut::max)
      .field("expected", &BalanceOut::expected)
      .field("minPct", &BalanceOut::minPct)
      .field("maxPct", &BalanceOut::maxPct)
      .field("var", &BalanceOut::var)
      .field("noBucket", &BalanceOut::noBucket);
  value_object<MonotonicityOut>("RawLabMonotonicity")
      .field("fraction", &MonotonicityOut::fraction)
      .field("removed", &MonotonicityOut::removed)
      .field("keysInRemovedNodes", &MonotonicityOut::keysInRemovedNodes)
      .field("keysMovedFromRemovedNodes", &MonotonicityOut::keysMovedFromRemovedNodes)
      .field("keysMovedFromOtherNodes", &MonotonicityOut::keysMovedFromOtherNodes)
      .field("nodesLosingKeys", &MonotonicityOut::nodesLosingKeys)
      .field("keysMovedToRestoredNodes", &MonotonicityOut::keysMovedToRestoredNodes)
      .field("keysMovedToOtherNodes", &MonotonicityOut::keysMovedToOtherNodes)
      .field("nodesGainingKeys", &MonotonicityOut::nodesGainingKeys)
      .field("keysRelocatedAfterResize", &MonotonicityOut::keysRelocatedAfterResize)
      .field("nodesChangedAfterResize", &MonotonicityOut::nodesChangedAfterResize);
  value_object<WorkOut>("RawLabWork")
      .field("kind", &WorkOut::kind)
      .field("total", &WorkOut::total)
      .field("perLookup", &WorkOut::perLookup);
  value_object<HistoryOut>("RawLabHistory")
      .field("order", &HistoryOut::order)
      .field("removed", &HistoryOut::removed)
      .field("balance", &HistoryOut::balance)
      .field("bytes", &HistoryOut::bytes)
      .field("bytesPerBucket", &HistoryOut::bytesPerBucket);
  value_object<ParamOut>("RawLabParam")
      .field("name", &ParamOut::name)
      .field("min", &ParamOut::min)
      .field("max", &ParamOut::max)
      .field("defaultValue", &ParamOut::defaultValue);
  function("labRun", &run);
  function("labParams", &params);
  function("labMaxKeysPerBucket", &max_keys_per_bucket);
  function("labClaims", &claims);

  register_compare_values();
  value_object<CompareDefaultsOut>("RawCompareDefaults")
      .field("servers", &CompareDefaultsOut::servers)
      .field("vnodes", &CompareDefaultsOut::vnodes)
      .field("seed", &CompareDefaultsOut::seed)
      .field("keys", &CompareDefaultsOut::keys)
      .field("change", &CompareDefaultsOut::change)
      .field("epsilon", &CompareDefaultsOut::epsilon)
      .field("tableSize", &CompareDefaultsOut::tableSize)
      .field("weight", &CompareDefaultsOut::weight);
  function("compareNewer", &compare_newer);
  function("compareDefaults", &compare_defaults);
}
