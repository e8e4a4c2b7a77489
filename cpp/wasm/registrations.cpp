// The embind registrations: the names the TypeScript wrapper calls and the fields of the values
// that cross (web/lib/src/raw.ts declares both; tests/js/boundary.test.mjs checks they agree),
// bound to the adapters. Nothing else: what each does is in adapters.cpp and abi.cpp. Each
// value_object is registered under the name of its raw.ts interface.
#include <emscripten/bind.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "abi.hpp"
#include "adapters.hpp"
#include "ringlab/analysis.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/digest.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/params.hpp"
#include "ringlab/ring.hpp"

using namespace ringlab::wasm;

namespace {

namespace ei = emscripten::internal;

// The value_objects are registered from tables (below, one per struct) through the calls that
// value_object<T>::field itself makes, so JavaScript sees the same value_objects: one getter and
// one setter per type of field serve every struct, where value_object<T> instantiates a pair per
// struct and field type and emits the registration of each field as code. That saves 18 KB of
// the module (2 KB gzip) against a page budget of 150 KB. The price: these calls are embind's
// emscripten::internal registration interface, so an Emscripten that changes them stops this
// file from compiling (it cannot fail silently).

struct Field;
using AddField = void (*)(ei::TYPEID, const Field&);

// One field: its JavaScript name, where it is in its struct, and the registration of its type.
struct Field {
  const char* name;
  std::uint16_t offset;
  AddField add;
};

// How a member of type M crosses: as itself, by embind's binding of M, except the core's 64-bit
// integers (its Defaults), which cross as numbers (each is a safe integer), and lists of them, as
// arrays of numbers.
template <typename M>
struct Crossing {
  using Wire = M;
  static const M& out(const M& m) { return m; }
  template <typename W>
  static M in(W&& w) {
    return std::forward<W>(w);
  }
};
template <>
struct Crossing<std::int64_t> {
  using Wire = double;
  static double out(std::int64_t m) { return static_cast<double>(m); }
  static std::int64_t in(double w) { return static_cast<std::int64_t>(w); }
};
template <>
struct Crossing<std::vector<std::int64_t>> {
  using Wire = emscripten::val;
  static emscripten::val out(const std::vector<std::int64_t>& m) {
    emscripten::val a = emscripten::val::array();
    for (const std::int64_t v : m) a.call<void>("push", static_cast<double>(v));
    return a;
  }
  static std::vector<std::int64_t> in(const emscripten::val& w) {
    std::vector<std::int64_t> out;
    for (const double v : emscripten::vecFromJSArray<double>(w)) out.push_back(static_cast<std::int64_t>(v));
    return out;
  }
};

template <typename M>
M& member(const Field& f, void* object) {
  return *reinterpret_cast<M*>(static_cast<char*>(object) + f.offset);
}
template <typename M, typename W = typename Crossing<M>::Wire>
typename ei::BindingType<W>::WireType get(const Field& f, void* object) {
  return ei::BindingType<W>::toWireType(Crossing<M>::out(member<M>(f, object)));
}
template <typename M, typename W = typename Crossing<M>::Wire>
void set(const Field& f, void* object, typename ei::BindingType<W>::WireType wire) {
  member<M>(f, object) = Crossing<M>::in(ei::BindingType<W>::fromWireType(wire));
}

template <typename M>
void add_field(ei::TYPEID type, const Field& f) {
  using W = typename Crossing<M>::Wire;
  auto g = &get<M>;
  auto s = &set<M>;
  void* context = const_cast<Field*>(&f);
  ei::_embind_register_value_object_field(type, f.name, ei::TypeID<W>::get(), ei::getSignature(g),
                                          reinterpret_cast<ei::GenericFunction>(g), context, ei::TypeID<W>::get(),
                                          ei::getSignature(s), reinterpret_cast<ei::GenericFunction>(s), context);
}

#define RINGLAB_FIELD(S, js, member) \
  Field { js, offsetof(S, member), &add_field<decltype(S::member)> }

void add_fields(ei::TYPEID type, const Field* fields, std::size_t n) {
  for (const Field* f = fields; f != fields + n; ++f) f->add(type, *f);
}

// Registers struct S as a value_object named `name` with these fields, in this order (the order
// of a result's keys in JavaScript).
template <typename S, std::size_t N>
void value(const char* name, const Field (&fields)[N]) {
  // offsetof (RINGLAB_FIELD) on a struct without virtual functions or bases, which clang lays out
  // as C would; libc++'s u16string keeps some of them from being standard-layout in name only.
  static_assert(!std::is_polymorphic_v<S>, "a value_object is a plain struct");
  auto ctor = &ei::raw_constructor<S>;
  auto dtor = &ei::raw_destructor<S>;
  const ei::TYPEID type = ei::TypeID<S>::get();
  ei::_embind_register_value_object(type, name, ei::getSignature(ctor), reinterpret_cast<ei::GenericFunction>(ctor),
                                    ei::getSignature(dtor), reinterpret_cast<ei::GenericFunction>(dtor));
  add_fields(type, fields, N);
  ei::_embind_finalize_value_object(type);
}

constexpr Field kRingArgs[] = {
    RINGLAB_FIELD(RingArgs, "servers", servers), RINGLAB_FIELD(RingArgs, "names", names),
    RINGLAB_FIELD(RingArgs, "weights", weights), RINGLAB_FIELD(RingArgs, "zones", zones),
    RINGLAB_FIELD(RingArgs, "vnodes", vnodes),
};
constexpr Field kServerArgs[] = {
    RINGLAB_FIELD(ServerArgs, "name", name),
    RINGLAB_FIELD(ServerArgs, "weight", weight),
    RINGLAB_FIELD(ServerArgs, "zone", zone),
};
constexpr Field kRendezvousArgs[] = {
    RINGLAB_FIELD(RendezvousArgs, "servers", servers),
    RINGLAB_FIELD(RendezvousArgs, "names", names),
    RINGLAB_FIELD(RendezvousArgs, "weights", weights),
};
constexpr Field kMaglevArgs[] = {
    RINGLAB_FIELD(MaglevArgs, "backends", backends),
    RINGLAB_FIELD(MaglevArgs, "names", names),
    RINGLAB_FIELD(MaglevArgs, "weights", weights),
    RINGLAB_FIELD(MaglevArgs, "tableSize", table_size),
};
constexpr Field kPreferenceWalkArgs[] = {
    RINGLAB_FIELD(PreferenceWalkArgs, "tokens", tokens),  RINGLAB_FIELD(PreferenceWalkArgs, "servers", servers),
    RINGLAB_FIELD(PreferenceWalkArgs, "zoneOf", zone_of), RINGLAB_FIELD(PreferenceWalkArgs, "hash", hash),
    RINGLAB_FIELD(PreferenceWalkArgs, "rf", rf),
};
constexpr Field kHotKeysArgs[] = {
    RINGLAB_FIELD(HotKeysArgs, "seed", seed),         RINGLAB_FIELD(HotKeysArgs, "keys", keys),
    RINGLAB_FIELD(HotKeysArgs, "requests", requests), RINGLAB_FIELD(HotKeysArgs, "s", s),
    RINGLAB_FIELD(HotKeysArgs, "hot", hot),           RINGLAB_FIELD(HotKeysArgs, "copies", copies),
};
constexpr Field kChangeArgs[] = {
    RINGLAB_FIELD(ChangeArgs, "text", text),
    RINGLAB_FIELD(ChangeArgs, "kind", kind),
    RINGLAB_FIELD(ChangeArgs, "name", name),
    RINGLAB_FIELD(ChangeArgs, "weight", weight),
};
constexpr Field kCompareArgs[] = {
    RINGLAB_FIELD(CompareArgs, "servers", servers), RINGLAB_FIELD(CompareArgs, "names", names),
    RINGLAB_FIELD(CompareArgs, "weights", weights), RINGLAB_FIELD(CompareArgs, "zones", zones),
    RINGLAB_FIELD(CompareArgs, "vnodes", vnodes),   RINGLAB_FIELD(CompareArgs, "seed", seed),
    RINGLAB_FIELD(CompareArgs, "keys", keys),       RINGLAB_FIELD(CompareArgs, "change", change),
    RINGLAB_FIELD(CompareArgs, "epsilon", epsilon), RINGLAB_FIELD(CompareArgs, "tableSize", table_size),
    RINGLAB_FIELD(CompareArgs, "threads", threads),
};
constexpr Field kRingVsModArgs[] = {
    RINGLAB_FIELD(RingVsModArgs, "seed", seed),       RINGLAB_FIELD(RingVsModArgs, "keys", keys),
    RINGLAB_FIELD(RingVsModArgs, "servers", servers), RINGLAB_FIELD(RingVsModArgs, "vnodes", vnodes),
    RINGLAB_FIELD(RingVsModArgs, "threads", threads),
};
constexpr Field kVnodeSweepArgs[] = {
    RINGLAB_FIELD(VnodeSweepArgs, "seed", seed),       RINGLAB_FIELD(VnodeSweepArgs, "servers", servers),
    RINGLAB_FIELD(VnodeSweepArgs, "keys", keys),       RINGLAB_FIELD(VnodeSweepArgs, "vnodes", vnodes),
    RINGLAB_FIELD(VnodeSweepArgs, "threads", threads),
};
constexpr Field kHrwJumpArgs[] = {
    RINGLAB_FIELD(HrwJumpArgs, "seed", seed),       RINGLAB_FIELD(HrwJumpArgs, "keys", keys),
    RINGLAB_FIELD(HrwJumpArgs, "servers", servers), RINGLAB_FIELD(HrwJumpArgs, "remove", remove),
    RINGLAB_FIELD(HrwJumpArgs, "buckets", buckets), RINGLAB_FIELD(HrwJumpArgs, "threads", threads),
};
constexpr Field kDigestArgs[] = {
    RINGLAB_FIELD(DigestArgs, "seed", seed),
    RINGLAB_FIELD(DigestArgs, "keys", keys),
};
constexpr Field kHeapUsage[] = {
    RINGLAB_FIELD(HeapUsageOut, "used", used),
    RINGLAB_FIELD(HeapUsageOut, "reserved", reserved),
};
constexpr Field kCliResult[] = {
    RINGLAB_FIELD(ringlab::CliResult, "exitCode", exit_code),
    RINGLAB_FIELD(ringlab::CliResult, "out", out),
    RINGLAB_FIELD(ringlab::CliResult, "err", err),
};
constexpr Field kMulberry32Fill[] = {
    RINGLAB_FIELD(Mulberry32Out, "values", values),
    RINGLAB_FIELD(Mulberry32Out, "state", state),
};
constexpr Field kSearchStep[] = {
    RINGLAB_FIELD(ringlab::SearchStep, "lo", lo),       RINGLAB_FIELD(ringlab::SearchStep, "hi", hi),
    RINGLAB_FIELD(ringlab::SearchStep, "mid", mid),     RINGLAB_FIELD(ringlab::SearchStep, "token", token),
    RINGLAB_FIELD(ringlab::SearchStep, "right", right),
};
constexpr Field kJumpStep[] = {
    RINGLAB_FIELD(JumpStepOut, "bucket", bucket),
    RINGLAB_FIELD(JumpStepOut, "key", key),
    RINGLAB_FIELD(JumpStepOut, "next", next),
};
constexpr Field kServerInfo[] = {
    RINGLAB_FIELD(ServerInfoOut, "name", name),
    RINGLAB_FIELD(ServerInfoOut, "weight", weight),
    RINGLAB_FIELD(ServerInfoOut, "zone", zone),
    RINGLAB_FIELD(ServerInfoOut, "points", points),
};
constexpr Field kRingPoints[] = {
    RINGLAB_FIELD(RingPointsOut, "tokens", tokens),
    RINGLAB_FIELD(RingPointsOut, "servers", servers),
};
constexpr Field kFillTurns[] = {
    RINGLAB_FIELD(FillTurnsOut, "backend", backend),
    RINGLAB_FIELD(FillTurnsOut, "slot", slot),
    RINGLAB_FIELD(FillTurnsOut, "skipped", skipped),
};
constexpr Field kTokenArc[] = {
    RINGLAB_FIELD(TokenArcOut, "start", start),
    RINGLAB_FIELD(TokenArcOut, "end", end),
};
constexpr Field kBoundedLoads[] = {
    RINGLAB_FIELD(BoundedLoadsOut, "servers", servers),
    RINGLAB_FIELD(BoundedLoadsOut, "walks", walks),
    RINGLAB_FIELD(BoundedLoadsOut, "loads", loads),
    RINGLAB_FIELD(BoundedLoadsOut, "capacities", capacities),
    RINGLAB_FIELD(BoundedLoadsOut, "notFirstChoice", not_first_choice),
    RINGLAB_FIELD(BoundedLoadsOut, "longestWalk", longest_walk),
};
constexpr Field kFlow[] = {
    RINGLAB_FIELD(FlowOut, "from", from),
    RINGLAB_FIELD(FlowOut, "to", to),
    RINGLAB_FIELD(FlowOut, "keys", keys),
};
constexpr Field kMovement[] = {
    RINGLAB_FIELD(MovementOut, "keys", keys),
    RINGLAB_FIELD(MovementOut, "moved", moved),
    RINGLAB_FIELD(MovementOut, "movedToNew", moved_to_new),
    RINGLAB_FIELD(MovementOut, "movedBetweenOld", moved_between_old),
    RINGLAB_FIELD(MovementOut, "flows", flows),
};
constexpr Field kLoadStats[] = {
    RINGLAB_FIELD(ringlab::LoadStats, "min", min),
    RINGLAB_FIELD(ringlab::LoadStats, "max", max),
    RINGLAB_FIELD(ringlab::LoadStats, "mean", mean),
    RINGLAB_FIELD(ringlab::LoadStats, "sd", sd),
    RINGLAB_FIELD(ringlab::LoadStats, "maxOverMean", max_over_mean),
    RINGLAB_FIELD(ringlab::LoadStats, "sdOverMean", sd_over_mean),
};
constexpr Field kCacheWhatIf[] = {
    RINGLAB_FIELD(ringlab::CacheWhatIf, "hitBefore", hit_before),
    RINGLAB_FIELD(ringlab::CacheWhatIf, "moved", moved),
    RINGLAB_FIELD(ringlab::CacheWhatIf, "hitAfter", hit_after),
    RINGLAB_FIELD(ringlab::CacheWhatIf, "dbMultiplier", db_multiplier),
};
constexpr Field kHotKeys[] = {
    RINGLAB_FIELD(HotKeysOut, "requestsPerServer", requests_per_server),
    RINGLAB_FIELD(HotKeysOut, "hottestKeyRequests", hottest_key_requests),
    RINGLAB_FIELD(HotKeysOut, "hottestServer", hottest_server),
    RINGLAB_FIELD(HotKeysOut, "maxOverMean", max_over_mean),
};
constexpr Field kComparisonRow[] = {
    RINGLAB_FIELD(ComparisonRowOut, "algorithm", algorithm),
    RINGLAB_FIELD(ComparisonRowOut, "supported", supported),
    RINGLAB_FIELD(ComparisonRowOut, "reason", reason),
    RINGLAB_FIELD(ComparisonRowOut, "moved", moved),
    RINGLAB_FIELD(ComparisonRowOut, "movedToNew", moved_to_new),
    RINGLAB_FIELD(ComparisonRowOut, "movedBetweenOld", moved_between_old),
    RINGLAB_FIELD(ComparisonRowOut, "movedNeedlessly", moved_needlessly),
    RINGLAB_FIELD(ComparisonRowOut, "maxOverMean", max_over_mean),
    RINGLAB_FIELD(ComparisonRowOut, "sdOverMean", sd_over_mean),
    RINGLAB_FIELD(ComparisonRowOut, "memoryBytes", memory_bytes),
    RINGLAB_FIELD(ComparisonRowOut, "buildMs", build_ms),
};
constexpr Field kRingVsModResult[] = {
    RINGLAB_FIELD(ringlab::RingVsModResult, "keys", keys),
    RINGLAB_FIELD(ringlab::RingVsModResult, "serversBefore", servers_before),
    RINGLAB_FIELD(ringlab::RingVsModResult, "serversAfter", servers_after),
    RINGLAB_FIELD(ringlab::RingVsModResult, "modMoved", mod_moved),
    RINGLAB_FIELD(ringlab::RingVsModResult, "modMovedToNew", mod_moved_to_new),
    RINGLAB_FIELD(ringlab::RingVsModResult, "ringMoved", ring_moved),
    RINGLAB_FIELD(ringlab::RingVsModResult, "ringMovedToNew", ring_moved_to_new),
    RINGLAB_FIELD(ringlab::RingVsModResult, "text", text),
};
constexpr Field kVnodeSweepRow[] = {
    RINGLAB_FIELD(VnodeSweepRowOut, "vnodes", vnodes),
    RINGLAB_FIELD(VnodeSweepRowOut, "points", points),
    RINGLAB_FIELD(VnodeSweepRowOut, "counts", counts),
    RINGLAB_FIELD(VnodeSweepRowOut, "min", min),
    RINGLAB_FIELD(VnodeSweepRowOut, "max", max),
    RINGLAB_FIELD(VnodeSweepRowOut, "sd", sd),
    RINGLAB_FIELD(VnodeSweepRowOut, "maxOverAvg", max_over_avg),
    RINGLAB_FIELD(VnodeSweepRowOut, "sdOverAvg", sd_over_avg),
};
constexpr Field kVnodeSweepResult[] = {
    RINGLAB_FIELD(VnodeSweepOut, "servers", servers), RINGLAB_FIELD(VnodeSweepOut, "keys", keys),
    RINGLAB_FIELD(VnodeSweepOut, "average", average), RINGLAB_FIELD(VnodeSweepOut, "rows", rows),
    RINGLAB_FIELD(VnodeSweepOut, "text", text),
};
constexpr Field kHrwJumpResult[] = {
    RINGLAB_FIELD(HrwJumpOut, "keys", keys),
    RINGLAB_FIELD(HrwJumpOut, "counts", counts),
    RINGLAB_FIELD(HrwJumpOut, "removed", removed),
    RINGLAB_FIELD(HrwJumpOut, "hrwMoved", hrw_moved),
    RINGLAB_FIELD(HrwJumpOut, "hrwMovedNotFromRemoved", hrw_moved_not_from_removed),
    RINGLAB_FIELD(HrwJumpOut, "buckets", buckets),
    RINGLAB_FIELD(HrwJumpOut, "jumpMoved", jump_moved),
    RINGLAB_FIELD(HrwJumpOut, "jumpMovedNotToNew", jump_moved_not_to_new),
    RINGLAB_FIELD(HrwJumpOut, "text", text),
};
constexpr Field kDigestPart[] = {
    RINGLAB_FIELD(ringlab::DigestPart, "name", name),
    RINGLAB_FIELD(ringlab::DigestPart, "digest", digest),
};
constexpr Field kPlacementDigest[] = {
    RINGLAB_FIELD(PlacementDigestOut, "all", all),
    RINGLAB_FIELD(PlacementDigestOut, "parts", parts),
};

// The core's defaults, each part named as the function (or the options) it is the default of.
using ringlab::Defaults;
constexpr Field kDefaults[] = {
    RINGLAB_FIELD(Defaults, "ringVsMod", ring_vs_mod),  RINGLAB_FIELD(Defaults, "vnodeSweep", vnode_sweep),
    RINGLAB_FIELD(Defaults, "hrwJump", hrw_jump),       RINGLAB_FIELD(Defaults, "compare", compare),
    RINGLAB_FIELD(Defaults, "placementDigest", digest), RINGLAB_FIELD(Defaults, "ring", ring),
    RINGLAB_FIELD(Defaults, "maglev", maglev),          RINGLAB_FIELD(Defaults, "tokenRing", token_ring),
    RINGLAB_FIELD(Defaults, "hotKeys", hot_keys),
};
constexpr Field kRingVsModDefaults[] = {
    RINGLAB_FIELD(Defaults::RingVsMod, "seed", seed),
    RINGLAB_FIELD(Defaults::RingVsMod, "keys", keys),
    RINGLAB_FIELD(Defaults::RingVsMod, "servers", servers),
    RINGLAB_FIELD(Defaults::RingVsMod, "vnodes", vnodes),
};
constexpr Field kVnodeSweepDefaults[] = {
    RINGLAB_FIELD(Defaults::VnodeSweep, "seed", seed),
    RINGLAB_FIELD(Defaults::VnodeSweep, "servers", servers),
    RINGLAB_FIELD(Defaults::VnodeSweep, "keys", keys),
    RINGLAB_FIELD(Defaults::VnodeSweep, "vnodes", vnodes),
};
constexpr Field kHrwJumpDefaults[] = {
    RINGLAB_FIELD(Defaults::HrwJump, "seed", seed),       RINGLAB_FIELD(Defaults::HrwJump, "keys", keys),
    RINGLAB_FIELD(Defaults::HrwJump, "servers", servers), RINGLAB_FIELD(Defaults::HrwJump, "remove", remove),
    RINGLAB_FIELD(Defaults::HrwJump, "buckets", buckets),
};
constexpr Field kCompareDefaults[] = {
    RINGLAB_FIELD(Defaults::Compare, "servers", servers),
    RINGLAB_FIELD(Defaults::Compare, "vnodes", vnodes),
    RINGLAB_FIELD(Defaults::Compare, "seed", seed),
    RINGLAB_FIELD(Defaults::Compare, "keys", keys),
    RINGLAB_FIELD(Defaults::Compare, "change", change),
    RINGLAB_FIELD(Defaults::Compare, "epsilon", epsilon),
    RINGLAB_FIELD(Defaults::Compare, "tableSize", table_size),
};
constexpr Field kDigestDefaults[] = {
    RINGLAB_FIELD(Defaults::Digest, "seed", seed),
    RINGLAB_FIELD(Defaults::Digest, "keys", keys),
};
constexpr Field kRingDefaults[] = {
    RINGLAB_FIELD(Defaults::RingOptions, "vnodes", vnodes),
    RINGLAB_FIELD(Defaults::RingOptions, "weight", weight),
};
constexpr Field kMaglevDefaults[] = {
    RINGLAB_FIELD(Defaults::MaglevOptions, "tableSize", table_size),
};
constexpr Field kTokenRingDefaults[] = {
    RINGLAB_FIELD(Defaults::TokenRingOptions, "bits", bits),
};
constexpr Field kHotKeysDefaults[] = {
    RINGLAB_FIELD(Defaults::HotKeys, "seed", seed),         RINGLAB_FIELD(Defaults::HotKeys, "keys", keys),
    RINGLAB_FIELD(Defaults::HotKeys, "requests", requests), RINGLAB_FIELD(Defaults::HotKeys, "s", s),
    RINGLAB_FIELD(Defaults::HotKeys, "hot", hot),           RINGLAB_FIELD(Defaults::HotKeys, "copies", copies),
};

}  // namespace

EMSCRIPTEN_BINDINGS(ringlab) {
  using emscripten::allow_raw_pointers;
  using emscripten::class_;
  using emscripten::function;

  // Parameter blocks
  value<RingArgs>("RawRingArgs", kRingArgs);
  value<ServerArgs>("RawServerArgs", kServerArgs);
  value<RendezvousArgs>("RawRendezvousArgs", kRendezvousArgs);
  value<MaglevArgs>("RawMaglevArgs", kMaglevArgs);
  value<PreferenceWalkArgs>("RawPreferenceWalkArgs", kPreferenceWalkArgs);
  value<HotKeysArgs>("RawHotKeysArgs", kHotKeysArgs);
  value<ChangeArgs>("RawChangeArgs", kChangeArgs);
  value<CompareArgs>("RawCompareArgs", kCompareArgs);
  value<RingVsModArgs>("RawRingVsModArgs", kRingVsModArgs);
  value<VnodeSweepArgs>("RawVnodeSweepArgs", kVnodeSweepArgs);
  value<HrwJumpArgs>("RawHrwJumpArgs", kHrwJumpArgs);
  value<DigestArgs>("RawDigestArgs", kDigestArgs);

  // Results
  value<HeapUsageOut>("RawHeapUsage", kHeapUsage);
  value<ringlab::CliResult>("RawCliResult", kCliResult);
  value<Mulberry32Out>("RawMulberry32Fill", kMulberry32Fill);
  value<ringlab::SearchStep>("RawSearchStep", kSearchStep);
  value<JumpStepOut>("RawJumpStep", kJumpStep);
  value<ServerInfoOut>("RawServerInfo", kServerInfo);
  value<RingPointsOut>("RawRingPoints", kRingPoints);
  value<FillTurnsOut>("RawFillTurns", kFillTurns);
  value<TokenArcOut>("RawTokenArc", kTokenArc);
  value<BoundedLoadsOut>("RawBoundedLoads", kBoundedLoads);
  value<FlowOut>("RawFlow", kFlow);
  value<MovementOut>("RawMovement", kMovement);
  value<ringlab::LoadStats>("RawLoadStats", kLoadStats);
  value<ringlab::CacheWhatIf>("RawCacheWhatIf", kCacheWhatIf);
  value<HotKeysOut>("RawHotKeys", kHotKeys);
  value<ComparisonRowOut>("RawComparisonRow", kComparisonRow);
  value<ringlab::RingVsModResult>("RawRingVsModResult", kRingVsModResult);
  value<VnodeSweepRowOut>("RawVnodeSweepRow", kVnodeSweepRow);
  value<VnodeSweepOut>("RawVnodeSweepResult", kVnodeSweepResult);
  value<HrwJumpOut>("RawHrwJumpResult", kHrwJumpResult);
  value<ringlab::DigestPart>("RawDigestPart", kDigestPart);
  value<PlacementDigestOut>("RawPlacementDigest", kPlacementDigest);
  value<Defaults>("RawDefaults", kDefaults);
  value<Defaults::RingVsMod>("RawRingVsModDefaults", kRingVsModDefaults);
  value<Defaults::VnodeSweep>("RawVnodeSweepDefaults", kVnodeSweepDefaults);
  value<Defaults::HrwJump>("RawHrwJumpDefaults", kHrwJumpDefaults);
  value<Defaults::Compare>("RawCompareDefaults", kCompareDefaults);
  value<Defaults::Digest>("RawPlacementDigestDefaults", kDigestDefaults);
  value<Defaults::RingOptions>("RawRingDefaults", kRingDefaults);
  value<Defaults::MaglevOptions>("RawMaglevDefaults", kMaglevDefaults);
  value<Defaults::TokenRingOptions>("RawTokenRingDefaults", kTokenRingDefaults);
  value<Defaults::HotKeys>("RawHotKeysDefaults", kHotKeysDefaults);

  // Functions and handles

  function("errorFlagAddress", &error_flag_address);
  function("keyScratchAddress", &key_scratch_address);
  function("directFunctions", &direct_functions);
  function("takeError", &take_error);
  function("version", &version);
  function("defaults", &defaults);

  function("heapUsage", &heap_usage);
  function("runCli", &run_cli);

  function("h32", &h32);
  function("h32Bytes", &h32_bytes);
  function("stageStrings", &stage_strings);
  function("restageStrings", &restage_strings);
  function("stageWords", &stage_words);
  function("unstage", &unstage);
  function("h32Many", &h32_many);
  function("mulberry32Fill", &mulberry32_fill);
  function("keyNumbers", &key_numbers);
  function("keyHashes", &key_hashes);
  function("jumpKey", &jump_key);
  function("jump", &jump);
  function("jumpMany", &jump_many);
  function("jumpTrace", &jump_trace);
  function("modN", &mod_n);
  function("modNMany", &mod_n_many);
  function("searchTrace", &search_trace);
  function("preferenceWalk", &preference_walk);

  class_<ringlab::Ring>("Ring")
      .function("owner", &ring_owner)
      .function("ownerOfHash", &ring_owner_of_hash)
      .function("ownerMany", &ring_owner_many)
      .function("ownerOfHashMany", &ring_owner_of_hash_many)
      .function("preferenceList", &ring_preference_list)
      .function("add", &ring_add)
      .function("remove", &ring_remove)
      .function("setWeight", &ring_set_weight)
      .function("servers", &ring_servers)
      .function("size", &ring_size)
      .function("vnodes", &ring_vnodes)
      .function("indexOf", &ring_index_of)
      // Not the wrapper's: bench/wasm.mjs reports the ring's bytes per point from it.
      .function("memoryBytes", &ring_memory_bytes)
      .function("address", &address_of<ringlab::Ring>)
      .function("points", &ring_points)
      .function("searchTrace", &ring_search_trace);
  function("makeRing", &make_ring, allow_raw_pointers());

  class_<ringlab::Rendezvous>("Rendezvous")
      .function("pick", &hrw_pick)
      .function("address", &address_of<ringlab::Rendezvous>)
      .function("pickMany", &hrw_pick_many)
      .function("scores", &hrw_scores)
      .function("top", &hrw_top)
      .function("servers", &hrw_servers);
  function("makeRendezvous", &make_rendezvous, allow_raw_pointers());

  class_<ringlab::WeightedRendezvous>("WeightedRendezvous")
      .function("pick", &whrw_pick)
      .function("address", &address_of<ringlab::WeightedRendezvous>)
      .function("pickMany", &whrw_pick_many)
      .function("scores", &whrw_scores)
      .function("top", &whrw_top)
      .function("servers", &whrw_servers);
  function("makeWeightedRendezvous", &make_weighted_rendezvous, allow_raw_pointers());

  class_<ringlab::Maglev>("Maglev")
      .function("lookup", &maglev_lookup)
      .function("lookupHash", &maglev_lookup_hash)
      .function("lookupMany", &maglev_lookup_many)
      .function("lookupHashMany", &maglev_lookup_hash_many)
      .function("address", &address_of<ringlab::Maglev>)
      .function("table", &maglev_table)
      .function("entryCounts", &maglev_entry_counts)
      .function("fillTurns", &maglev_fill_turns)
      .function("offset", &maglev_offset)
      .function("skip", &maglev_skip)
      .function("tableSize", &maglev_table_size)
      .function("backends", &maglev_backends);
  function("makeMaglev", &make_maglev, allow_raw_pointers());

  class_<ringlab::ComparisonRun>("ComparisonRun")
      .function("chunks", &comparison_run_chunks)
      .function("tallySize", &comparison_run_tally_size)
      .function("place", &comparison_run_place)
      .function("rows", &comparison_run_rows);
  function("makeComparisonRun", &make_comparison_run, allow_raw_pointers());

  class_<ringlab::ExperimentRun>("ExperimentRun")
      .function("steps", &experiment_run_steps)
      .function("chunks", &experiment_run_chunks)
      .function("tallySize", &experiment_run_tally_size)
      .function("work", &experiment_run_work)
      .function("place", &experiment_run_place)
      .function("ringVsMod", &experiment_run_ring_vs_mod)
      .function("vnodeSweep", &experiment_run_vnode_sweep)
      .function("hrwJump", &experiment_run_hrw_jump);
  function("makeRingVsModRun", &make_ring_vs_mod_run, allow_raw_pointers());
  function("makeVnodeSweepRun", &make_vnode_sweep_run, allow_raw_pointers());
  function("makeHrwJumpRun", &make_hrw_jump_run, allow_raw_pointers());

  function("boundedLoads", &bounded_loads);

  class_<ringlab::TokenRing>("TokenRing")
      .function("add", &token_add)
      .function("remove", &token_remove)
      .function("route", &token_route)
      .function("routeHash", &token_route_hash)
      .function("position", &token_position)
      .function("boundaries", &token_boundaries)
      .function("tokenOf", &token_of)
      .function("ids", &token_ids)
      .function("tokens", &token_tokens)
      .function("size", &token_size)
      .function("bits", &token_bits)
      .function("clone", &token_clone, allow_raw_pointers())
      .function("searchTrace", &token_search_trace);
  function("makeTokenRing", &make_token_ring, allow_raw_pointers());

  function("movement", &movement);
  function("loadStats", &load_stats);
  function("theorySdOverMean", &theory_sd_over_mean);
  function("theoryVnodesFor", &theory_vnodes_for);
  function("theoryHarmonic", &theory_harmonic);
  function("theoryModNKept", &theory_mod_n_kept);
  function("theoryMinimumMoved", &theory_minimum_moved);
  function("cacheWhatIf", &cache_what_if);
  function("hotKeys", &hot_keys);

  function("ringVsMod", &ring_vs_mod);
  function("vnodeSweep", &vnode_sweep);
  function("hrwJump", &hrw_jump);
  function("placementDigest", &placement_digest);
}
