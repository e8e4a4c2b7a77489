// The chapter's claims, each computed live (see claims.hpp). Every ringlab figure below comes
// from a call into the core made here and now; the only stored numbers are the chapter's own.
#include "ringlab/claims.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cli/support.hpp"
#include "ringlab/analysis.hpp"
#include "ringlab/bounded.hpp"
#include "ringlab/experiments.hpp"
#include "ringlab/js_math.hpp"
#include "ringlab/jsfmt.hpp"
#include "ringlab/jump.hpp"
#include "ringlab/maglev.hpp"
#include "ringlab/random.hpp"
#include "ringlab/ring.hpp"

namespace ringlab {

std::string_view tolerance_kind_name(ToleranceKind kind) noexcept {
  switch (kind) {
    case ToleranceKind::exact: return "exact";
    case ToleranceKind::rounding: return "rounding";
    case ToleranceKind::statistical: return "statistical";
    case ToleranceKind::model: return "model";
  }
  return "exact";
}

std::string_view verdict_name(Verdict verdict) noexcept {
  switch (verdict) {
    case Verdict::match: return "match";
    case Verdict::within: return "within";
    case Verdict::differs: return "differs";
  }
  return "differs";
}

namespace {

// The published programs' printed outputs, byte for byte (the chapter's figures).
constexpr std::string_view kRingVsModOutput =
    "mod-N  moved 80.1%   to new server 20.1%   between old servers 59.9%\n"
    "ring   moved 21.9%   to new server 21.9%   between old servers 0.0%\n"
    "theory mod-N 1 - 1/5 = 80.0%, minimum possible 1/5 = 20.0%\n";
constexpr std::string_view kVnodeSweepOutput =
    "V      points    min    max  std dev  max/avg  sd/avg\n"
    "1          10    224  24526     8472     2.45   84.7%\n"
    "10        100   5376  14921     2665     1.49   26.7%\n"
    "100      1000   8387  11381      843     1.14    8.4%\n"
    "1000    10000   9394  10539      323     1.05    3.2%\n"
    "average per server = 10000 keys\n";
constexpr std::string_view kHrwJumpOutput =
    "HRW, 5 servers: S0=2031 S1=1959 S2=2014 S3=2046 S4=1950\n"
    "HRW, S2 removed: moved 20.1%, moved but not from S2: 0\n"
    "jump 10 -> 11: moved 8.8% (ideal 1/11 = 9.1%), not to bucket 10: 0\n";

// A standard deviation is three of them: a measured value further than that from the
// expectation happens by chance about once in 370 runs.
constexpr double kSigmas = 3;

Figure number(std::string text, double value) { return Figure{std::move(text), value, true}; }
Figure statement(std::string text) { return Figure{std::move(text), 0, false}; }

std::string fixed(double x, int digits) { return js::to_fixed(x, digits); }
std::string percent(double fraction, int digits) { return js::to_fixed(100 * fraction, digits) + "%"; }
std::string count(std::uint64_t n) { return std::to_string(n); }

// Equal at the digits the chapter prints.
Verdict at_digits(double chapter, double ringlab, int digits) {
  return fixed(chapter, digits) == fixed(ringlab, digits) ? Verdict::match : Verdict::differs;
}
// Equal at the digits the measurement is shown with, else inside kSigmas standard deviations.
Verdict statistical(double chapter, double ringlab, int digits, double sd) {
  if (at_digits(chapter, ringlab, digits) == Verdict::match) return Verdict::match;
  return std::fabs(chapter - ringlab) <= kSigmas * sd ? Verdict::within : Verdict::differs;
}
Verdict same(bool equal) { return equal ? Verdict::match : Verdict::differs; }

// Standard deviation, in percentage points, of the share of k keys that fall with probability p.
double binomial_sd_percent(double p, double keys) { return 100 * std::sqrt(p * (1 - p) / keys); }

// The arcs of a ring's points as multiples of the mean arc: the arc a point owns runs from its
// predecessor's token (exclusive) to its own, wrapping for the first.
std::vector<double> arcs_over_mean(const Ring& ring) {
  const auto tokens = ring.tokens();
  const double mean = 4294967296.0 / static_cast<double>(tokens.size());
  std::vector<double> arcs;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const double prev = i == 0 ? static_cast<double>(tokens.back()) - 4294967296.0 : tokens[i - 1];
    arcs.push_back((tokens[i] - prev) / mean);
  }
  return arcs;
}

// The largest and the smallest arc over the mean arc, averaged over many rings of n servers with
// one point each: ring r's servers are named "r<r>-S<i>", so every ring is a fresh random
// placement. Means and the standard deviations of the means (sample sd / sqrt(rings)).
struct ArcSample {
  double largest = 0, largest_sd = 0, smallest = 0, smallest_sd = 0;
  std::int64_t rings = 0;
};
ArcSample arcs_of_many_rings(std::int64_t n, std::int64_t rings) {
  double sum[2] = {0, 0}, squares[2] = {0, 0};
  for (std::int64_t r = 0; r < rings; ++r) {
    std::vector<Server> servers;
    for (std::int64_t i = 0; i < n; ++i) {
      std::string name = "r";
      name.append(std::to_string(r)).append("-S").append(std::to_string(i));
      servers.push_back(Server{std::u16string(name.begin(), name.end()), 1.0, u""});
    }
    const std::vector<double> arcs = arcs_over_mean(Ring(std::move(servers), 1));
    const double x[2] = {*std::max_element(arcs.begin(), arcs.end()), *std::min_element(arcs.begin(), arcs.end())};
    for (int k = 0; k < 2; ++k) sum[k] += x[k], squares[k] += x[k] * x[k];
  }
  const auto r = static_cast<double>(rings);
  auto sd_of_mean = [&](int k) {
    const double mean = sum[k] / r;
    return std::sqrt(std::max(0.0, squares[k] / r - mean * mean) * r / (r - 1)) / std::sqrt(r);
  };
  return {sum[0] / r, sd_of_mean(0), sum[1] / r, sd_of_mean(1), rings};
}

// The published binary search's comparisons for each of the course's keys, by search_trace.
struct SearchSteps {
  std::size_t most = 0;
  double mean = 0;
};
SearchSteps search_steps(const Ring& ring, std::int64_t seed, std::uint32_t keys) {
  CourseKeys course(seed);
  std::vector<std::uint32_t> hashes(keys);
  course.next_hashes(hashes);
  SearchSteps s;
  double total = 0;
  for (const std::uint32_t h : hashes) {
    const std::size_t steps = ring.search_trace(h).size();
    s.most = std::max(s.most, steps);
    total += static_cast<double>(steps);
  }
  s.mean = total / keys;
  return s;
}

class Catalogue {
 public:
  std::vector<Claim> build() {
    problem();
    ring_moves();
    virtual_nodes();
    trade_off();
    rendezvous_and_jump();
    maglev_and_bounded();
    hot_key();
    checklist();
    return std::move(out_);
  }

 private:
  // The reference is valid until the next add(): fill one claim before starting the next.
  Claim& add(std::string id, std::string section, std::string claim) {
    Claim& c = out_.emplace_back();
    c.id = std::move(id);
    c.section = std::move(section);
    c.claim = std::move(claim);
    return c;
  }

  // §1: mod-N on the six-key example, the general 80 %, and what it does to a cache.
  void problem() {
    const std::uint32_t hashes[] = {5, 20, 38, 50, 77, 95};
    std::uint32_t moved = 0, to_new = 0;
    for (const std::uint32_t h : hashes) {
      if (mod_n(h, 4) != mod_n(h, 5)) {
        ++moved;
        if (mod_n(h, 5) == 4) ++to_new;
      }
    }
    auto six = [](std::uint32_t m, std::uint32_t n) {
      return count(m) + " of 6 keys move, " + count(n) + " of them to the new server";
    };
    Claim& c = add("mod-n-six-keys", "§1",
                   "Going from mod 4 to mod 5, five of the six example keys (hashes 5, 20, 38, 50, 77, 95) change "
                   "server, and by chance none lands on the new server.");
    c.chapter = statement(six(5, 0));
    c.ringlab = statement(six(moved, to_new));
    c.scenario = "modN(hash, 4) and modN(hash, 5) for hashes 5, 20, 38, 50, 77, 95";
    c.scale = "the chapter's six keys";
    c.tolerance_reason = "integer arithmetic on fixed hashes";
    c.values = {{"moved", moved}, {"toNew", to_new}};
    c.verdict = same(moved == 5 && to_new == 0);

    const RingVsModResult r = ring_vs_mod({});
    ring_vs_mod_ = r;
    const double keys = r.keys;
    const double new_share = 100.0 * r.mod_moved_to_new / keys;
    const double sd_fifth = binomial_sd_percent(0.2, keys);
    Claim& s = add("mod-n-new-server-share", "§1",
                   "On average one key in five lands on the new fifth server under mod-N; the rest that move only "
                   "swap between the old servers.");
    s.chapter = number("1/5 = 20%", 20);
    s.ringlab = number(percent(r.mod_moved_to_new / keys, 1), new_share);
    s.detail = "measured share of the chapter's 10,000 keys that mod 5 sends to server 4; one standard deviation is " +
               fixed(sd_fifth, 2) + " percentage points at this key count";
    s.scenario = "ringlab run ring-vs-mod --seed 16 --keys 10000 --servers 4 --vnodes 100";
    s.scale = "the chapter's 10,000 keys";
    s.tolerance = ToleranceKind::statistical;
    s.tolerance_reason =
        "an expectation held against one sample of 10,000 keys: within three binomial standard "
        "deviations (sd = sqrt(p(1-p)/K), p = 1/5)";
    s.values = {{"share", new_share}, {"sd", sd_fifth}, {"keys", keys}};
    s.verdict = statistical(20, new_share, 1, sd_fifth);

    const double mod_moved = 1 - mod_n_kept_fraction(4, 5);
    Claim& m = add("mod-n-moves-80", "§1",
                   "Adding a fifth server to four under mod-N moves 80 % of the keys: a hash keeps its server only "
                   "when x mod 4 equals x mod 5.");
    m.chapter = number("80%", 80);
    m.ringlab = number(percent(mod_moved, 0), 100 * mod_moved);
    m.detail = "1 - min(4,5)/lcm(4,5); the chapter's program measures " + percent(r.mod_moved / keys, 1) +
               " on its 10,000 keys";
    m.scenario = "theory.modNKeptFraction(4, 5)";
    m.scale = "exact fraction of all hash values";
    m.tolerance = ToleranceKind::rounding;
    m.tolerance_reason = "the chapter prints whole percent";
    m.values = {{"moved", 100 * mod_moved}, {"measured", 100.0 * r.mod_moved / keys}};
    m.verdict = at_digits(80, 100 * mod_moved, 0);

    const CacheWhatIf w = cache_what_if(0.95, mod_moved);
    Claim& h = add("cache-hit-after-mod-n", "§1",
                   "A cache with a 95 % hit ratio drops to 19 % hits at the moment mod-N grows from 4 to 5 servers, "
                   "since only the keys that stayed can still hit.");
    h.chapter = number("19%", 19);
    h.ringlab = number(percent(w.hit_after, 0), 100 * w.hit_after);
    h.detail = "hit after = 0.95 x (1 - " + fixed(mod_moved, 2) + "); misses go from " + percent(1 - w.hit_before, 0) +
               " to " + percent(1 - w.hit_after, 0);
    h.scenario = "cacheWhatIf(hitRatio 0.95, movedFraction 1 - 1/5)";
    h.scale = "exact formula";
    h.tolerance = ToleranceKind::rounding;
    h.tolerance_reason = "the chapter prints whole percent";
    h.values = {{"hitAfter", 100 * w.hit_after},
                {"moved", mod_moved},
                {"missBefore", 100 * (1 - w.hit_before)},
                {"missAfter", 100 * (1 - w.hit_after)}};
    h.verdict = at_digits(19, 100 * w.hit_after, 0);

    Claim& d = add("cache-database-load", "§1",
                   "The same change multiplies the database's load by 16.2: misses rise from 5 % to 81 % of "
                   "requests.");
    // One decimal, as the chapter prints it: the figure, the detail and the verdict alike (the
    // double itself is 16.199999999999985, a rounding no reader should have to see).
    const int db_digits = 1;
    d.chapter = number("16.2x", 16.2);
    d.ringlab = number(fixed(w.db_multiplier, db_digits) + "x", w.db_multiplier);
    d.detail = "(1 - hit after) / (1 - hit before) = " + percent(1 - w.hit_after, 0) + " / " +
               percent(1 - w.hit_before, 0) + " = " + fixed(w.db_multiplier, db_digits);
    d.scenario = "cacheWhatIf(hitRatio 0.95, movedFraction 1 - 1/5)";
    d.scale = "exact formula";
    d.tolerance = ToleranceKind::rounding;
    d.tolerance_reason = "the chapter prints one decimal";
    d.values = {{"multiplier", w.db_multiplier},
                {"missBefore", 100 * (1 - w.hit_before)},
                {"missAfter", 100 * (1 - w.hit_after)}};
    d.verdict = at_digits(16.2, w.db_multiplier, db_digits);
  }

  // §3: the first published program.
  void ring_moves() {
    const RingVsModResult& r = ring_vs_mod_;
    const std::string scenario = "ringlab run ring-vs-mod --seed 16 --keys 10000 --servers 4 --vnodes 100";
    const std::string scale = "the chapter's 10,000 keys, 4 -> 5 servers, 100 virtual nodes";
    const double keys = r.keys;

    Claim& o = add("ring-vs-mod-output", "§3",
                   "The first program's printed output: keys moved by mod-N and by a ring when a fifth server "
                   "joins four.");
    o.chapter = statement(std::string(kRingVsModOutput));
    o.ringlab = statement(r.text);
    o.scenario = scenario;
    o.scale = scale;
    o.tolerance_reason = "the same program on the same keys prints the same bytes";
    o.verdict = same(r.text == kRingVsModOutput);

    const double mod_moved = 100.0 * r.mod_moved / keys;
    Claim& m = add("mod-n-measured", "§3",
                   "Measured on the chapter's keys, mod-N moves 80.1 %, close to the 80 % the formula gives.");
    m.chapter = number("80.1%", 80.1);
    m.ringlab = number(fixed(mod_moved, 1) + "%", mod_moved);
    m.detail = count(r.mod_moved) + " of " + count(r.keys) + " keys";
    m.scenario = scenario;
    m.scale = scale;
    m.tolerance = ToleranceKind::rounding;
    m.tolerance_reason = "the program prints one decimal of 100 x moved / keys";
    m.values = {{"moved", mod_moved}, {"movedKeys", r.mod_moved}, {"keys", keys}};
    m.verdict = at_digits(80.1, mod_moved, 1);

    const double ring_moved = 100.0 * r.ring_moved / keys;
    Claim& g = add("ring-moves-21.9", "§3",
                   "On a ring with 100 virtual nodes per server the same change moves 21.9 % of the keys, near the "
                   "least any scheme must move (one fifth).");
    g.chapter = number("21.9%", 21.9);
    g.ringlab = number(fixed(ring_moved, 1) + "%", ring_moved);
    g.detail = count(r.ring_moved) + " of " + count(r.keys) + " keys; the least possible is " +
               percent(minimum_moved_fraction(4, 5), 1);
    g.scenario = scenario;
    g.scale = scale;
    g.tolerance = ToleranceKind::rounding;
    g.tolerance_reason = "the program prints one decimal of 100 x moved / keys";
    g.values = {{"moved", ring_moved},
                {"movedKeys", r.ring_moved},
                {"keys", keys},
                {"least", 100 * minimum_moved_fraction(4, 5)}};
    g.verdict = at_digits(21.9, ring_moved, 1);

    const std::uint32_t between = r.ring_moved - r.ring_moved_to_new;
    Claim& b = add("ring-none-between-old", "§3",
                   "On the ring every key that moves goes to the new server; none moves between the old ones "
                   "(monotonicity).");
    b.chapter = number("0.0%", 0);
    b.ringlab = number(percent(between / keys, 1), 100.0 * between / keys);
    b.detail = count(between) + " keys moved between old servers";
    b.scenario = scenario;
    b.scale = scale;
    b.tolerance_reason = "a ring only gains arcs for the new server's points, so the count is exactly zero";
    b.values = {{"between", 100.0 * between / keys}, {"betweenKeys", between}};
    b.verdict = same(between == 0);
  }

  // §4: one point per server, the load table and the sd/mean formula.
  void virtual_nodes() {
    const VnodeSweepResult sweep = vnode_sweep({});
    const Ring single = Ring::uniform(10, 1);
    const std::vector<double> arcs = arcs_over_mean(single);
    const double largest = *std::max_element(arcs.begin(), arcs.end());
    const double smallest = *std::min_element(arcs.begin(), arcs.end());
    const double h10 = harmonic(10);

    Claim& a = add("largest-arc-v1", "§4",
                   "With one point per server at N = 10, the largest arc is expected to be about 2.9 times the mean "
                   "arc: the harmonic number H_10.");
    a.chapter = number("2.9", 2.9);
    a.ringlab = number(fixed(h10, 1), h10);
    a.detail = "H_10 = " + fixed(h10, 4) + "; measured on the course's ring S0#0 .. S9#0 (fixed by the names, not " +
               "the seed): largest arc " + fixed(largest, 2) + "x the mean, smallest " + fixed(smallest, 3) +
               "x; the busiest server with the chapter's 100,000 keys (seed 16) holds " +
               fixed(sweep.rows.at(0).max_over_avg, 2) + "x the mean";
    a.scenario = "theory.harmonic(10); ring servers 10 vnodes 1";
    a.scale = "exact expectation; one ring measured";
    a.tolerance = ToleranceKind::rounding;
    a.tolerance_reason =
        "the chapter's figure is the expectation H_N, printed to one decimal; a single ring is one "
        "sample of it and is shown, not judged";
    a.values = {{"h10", h10}, {"largest", largest}, {"smallest", smallest}, {"busiest", sweep.rows.at(0).max_over_avg}};
    a.verdict = at_digits(2.9, h10, 1);

    // The same two expectations measured: the mean over many rings, not one.
    const ArcSample many = arcs_of_many_rings(10, 2000);
    const std::string rings_scenario = "2,000 rings of servers r<ring>-S0 .. r<ring>-S9, one point each";
    Claim& e = add("largest-arc-expected", "§4",
                   "Averaged over many rings with one point per server at N = 10, the largest arc is about 2.9 times "
                   "the mean arc.");
    e.chapter = number("2.9", 2.9);
    e.ringlab = number(fixed(many.largest, 2), many.largest);
    e.detail = "mean of the largest arc over " + count(static_cast<std::uint64_t>(many.rings)) +
               " rings; the expectation H_10 = " + fixed(h10, 3) + "; one standard deviation of the mean is " +
               fixed(many.largest_sd, 3);
    e.scenario = rings_scenario;
    e.scale = "2,000 rings of 10 points";
    e.tolerance = ToleranceKind::statistical;
    e.tolerance_reason =
        "a mean over 2,000 random rings: within three standard deviations of the mean of H_10, the "
        "expectation the chapter rounds to 2.9";
    e.values = {{"largest", many.largest}, {"h10", h10}, {"sd", many.largest_sd}, {"rings", 2000}};
    e.verdict = statistical(2.9, many.largest, 1, many.largest_sd);

    Claim& m = add("smallest-arc-expected", "§4",
                   "With one point per server the smallest arc is only about 1/N of the mean arc: a tenth at N = 10.");
    m.chapter = number("1/N = 0.1", 0.1);
    m.ringlab = number(fixed(many.smallest, 3), many.smallest);
    m.detail = "mean of the smallest arc over " + count(static_cast<std::uint64_t>(many.rings)) +
               " rings; one standard deviation of the mean is " + fixed(many.smallest_sd, 4) +
               "; the course's ring S0#0 .. S9#0 has " + fixed(smallest, 3);
    m.scenario = rings_scenario;
    m.scale = "2,000 rings of 10 points";
    m.tolerance = ToleranceKind::statistical;
    m.tolerance_reason =
        "the smallest of N random gaps has expectation exactly 1/N of the mean; a mean over 2,000 rings "
        "lies within three standard deviations of it";
    m.values = {{"smallest", many.smallest}, {"sd", many.smallest_sd}, {"rings", 2000}, {"courseRing", smallest}};
    m.verdict = statistical(0.1, many.smallest, 3, many.smallest_sd);

    // The formula's four values at N = 10, at the digits the chapter prints each one.
    const std::int64_t vs[] = {1, 10, 100, 1000};
    const int digits[] = {0, 0, 1, 1};
    const char* printed[] = {"90%", "30%", "9.5%", "3.0%"};
    std::string chapter, ringlab, exact;
    bool all = true;
    for (int i = 0; i < 4; ++i) {
      const double sd = theory_sd_over_mean(10, vs[i]);
      const std::string shown = percent(sd, digits[i]);
      all = all && shown == printed[i];
      chapter += std::string(i ? ", " : "") + "V=" + count(vs[i]) + " " + printed[i];
      ringlab += std::string(i ? ", " : "") + "V=" + count(vs[i]) + " " + shown;
      exact += std::string(i ? ", " : "") + percent(sd, 2);
    }
    Claim& f = add("sd-formula-n10", "§4",
                   "The spread of a server's share, sd/mean, at N = 10 is about 90 %, 30 %, 9.5 % and 3.0 % for 1, "
                   "10, 100 and 1,000 virtual nodes.");
    f.chapter = statement(chapter);
    f.ringlab = statement(ringlab);
    f.detail = "sqrt((N-1)/(N V + 1)) = " + exact +
               "; measured by the second program: " + percent(sweep.rows.at(0).sd_over_avg, 1) + ", " +
               percent(sweep.rows.at(1).sd_over_avg, 1) + ", " + percent(sweep.rows.at(2).sd_over_avg, 1) + ", " +
               percent(sweep.rows.at(3).sd_over_avg, 1);
    f.scenario = "theory.sdOverMean(10, V) for V = 1, 10, 100, 1000";
    f.scale = "exact formula";
    f.tolerance = ToleranceKind::rounding;
    f.tolerance_reason = "each value rounded to the digits the chapter prints for it (whole percent for V = 1 and 10)";
    for (int i = 0; i < 4; ++i) {
      f.values.emplace_back(std::string("v").append(count(vs[i])), 100 * theory_sd_over_mean(10, vs[i]));
      f.values.emplace_back(std::string("measured").append(count(vs[i])), 100 * sweep.rows.at(i).sd_over_avg);
    }
    f.verdict = same(all);

    const double ratio = theory_sd_over_mean(10, 10) / theory_sd_over_mean(10, 1000);
    Claim& r = add("even-10x-needs-100x", "§4",
                   "Making the load ten times more even takes a hundred times the points: the spread falls as one over "
                   "the square root of V.");
    r.chapter = number("10x", 10);
    r.ringlab = number(fixed(ratio, 0) + "x", ratio);
    r.detail =
        "sd/mean at V = 10 over sd/mean at V = 1000 is " + fixed(ratio, 3) +
        "; measured by the second program: " + fixed(sweep.rows.at(0).sd_over_avg / sweep.rows.at(2).sd_over_avg, 2) +
        "x from V = 1 to 100, " + fixed(sweep.rows.at(1).sd_over_avg / sweep.rows.at(3).sd_over_avg, 2) +
        "x from V = 10 to 1000";
    r.scenario = "theory.sdOverMean(10, 10) / theory.sdOverMean(10, 1000)";
    r.scale = "exact formula";
    r.tolerance = ToleranceKind::rounding;
    r.tolerance_reason = "the chapter states a whole factor";
    r.values = {{"ratio", ratio},
                {"measured1to100", sweep.rows.at(0).sd_over_avg / sweep.rows.at(2).sd_over_avg},
                {"measured10to1000", sweep.rows.at(1).sd_over_avg / sweep.rows.at(3).sd_over_avg}};
    r.verdict = at_digits(10, ratio, 0);

    Claim& o = add("vnode-sweep-output", "§4",
                   "The second program's printed table: the load of 10 servers over 100,000 keys for 1, 10, 100 and "
                   "1,000 virtual nodes.");
    o.chapter = statement(std::string(kVnodeSweepOutput));
    o.ringlab = statement(sweep.text);
    o.scenario = "ringlab run vnode-sweep --seed 16 --servers 10 --keys 100000 --vnodes 1,10,100,1000";
    o.scale = "the chapter's 100,000 keys";
    o.tolerance_reason = "the same program on the same keys prints the same bytes";
    o.verdict = same(sweep.text == kVnodeSweepOutput);
  }

  // §4 and §5: choosing V, memory and lookup cost.
  void trade_off() {
    const double c5 = theory_vnodes_for(10, 0.05);
    const double c10 = theory_vnodes_for(10, 0.10);
    const double at400 = theory_sd_over_mean(10, 400);
    const double at100 = theory_sd_over_mean(10, 100);
    Claim& v = add("vnodes-for-target", "§4",
                   "To keep sd/mean under a target c, take V of about 1/c^2: about 400 for 5 % and 100 for 10 %.");
    v.chapter = statement("c=5%: V=400, c=10%: V=100");
    v.ringlab = statement("c=5%: V=" + count(static_cast<std::uint64_t>(std::ceil(c5))) +
                          ", c=10%: V=" + count(static_cast<std::uint64_t>(std::ceil(c10))));
    v.detail = "exact V from ((N-1)/c^2 - 1)/N at N = 10: " + fixed(c5, 1) + " and " + fixed(c10, 1) +
               "; the chapter's V gives sd/mean " + percent(at400, 2) + " at V = 400 and " + percent(at100, 2) +
               " at V = 100. 1/c^2 drops the factor (N-1)/N, so it asks for N/(N-1) times the points needed";
    v.scenario = "theory.vnodesFor(10, 0.05), theory.vnodesFor(10, 0.10), theory.sdOverMean(10, 400 | 100)";
    v.scale = "exact formula, N = 10";
    v.tolerance = ToleranceKind::model;
    v.tolerance_reason =
        "the chapter writes 1/c^2 with an approximation sign; its V must meet the target (sd/mean "
        "at most c), and never ask for less than the exact V";
    const bool meets = at400 <= 0.05 && at100 <= 0.10 && 400 >= c5 && 100 >= c10;
    v.values = {{"v5", std::ceil(c5)}, {"v10", std::ceil(c10)}, {"exact5", c5},
                {"exact10", c10},      {"at400", 100 * at400},  {"at100", 100 * at100}};
    v.verdict = meets ? Verdict::within : Verdict::differs;

    const Ring ring = Ring::uniform(100, 256);
    const double model_kib = static_cast<double>(ring.size()) * 16 / 1024;
    const std::size_t own = ring.memory_bytes();
    Claim& m = add("memory-25600-points", "§4",
                   "100 servers with 256 virtual nodes make 25,600 ring points; at 16 bytes a point that is about "
                   "400 KB.");
    m.chapter = number("400 KB", 400);
    m.ringlab = number(fixed(model_kib, 0) + " KB", model_kib);
    m.detail = count(ring.size()) + " points x 16 B = " + count(ring.size() * 16) +
               " B (the chapter's model, a (token, server) pair of 8-byte fields); ringlab's own layout holds the "
               "same ring in " +
               count(own) + " B, " + fixed(static_cast<double>(own) / static_cast<double>(ring.size()), 2) +
               " B a point (a 4-byte token, the server packed in " + count(ring.point_servers().width()) +
               " byte(s), and a bucket index for the lookup)";
    m.scenario = "ring servers 100 vnodes 256: size() and memoryBytes()";
    m.scale = "the chapter's 25,600 points";
    m.tolerance = ToleranceKind::model;
    m.tolerance_reason =
        "the figure rests on the chapter's 16 bytes a point (KB = 1024 B); ringlab's packed layout "
        "is a different model, shown beside it, not held against it";
    m.values = {{"points", static_cast<double>(ring.size())},
                {"modelBytes", static_cast<double>(ring.size() * 16)},
                {"modelKib", model_kib},
                {"ownBytes", static_cast<double>(own)},
                {"bytesPerPoint", static_cast<double>(own) / static_cast<double>(ring.size())},
                {"serverBytes", static_cast<double>(ring.point_servers().width())}};
    m.verdict = at_digits(400, model_kib, 0);

    const SearchSteps steps = search_steps(ring, 16, 10000);
    const double log_points = js_math::log2(static_cast<double>(ring.size()));
    const Ring big = Ring::uniform(100, 2560);
    const SearchSteps big_steps = search_steps(big, 16, 10000);
    const double added = js_math::log2(static_cast<double>(big.size())) - log_points;
    Claim& t = add("lookup-10x-vnodes", "§4",
                   "Ten times the virtual nodes adds only about 3.3 comparisons to a lookup (log2 10).");
    t.chapter = number("3.3", 3.3);
    t.ringlab = number(fixed(added, 1), added);
    t.detail = "log2(" + count(big.size()) + ") - log2(" + count(ring.size()) + ") = " + fixed(added, 3) +
               "; measured mean comparisons over 10,000 keys: " + fixed(steps.mean, 2) + " -> " +
               fixed(big_steps.mean, 2);
    t.scenario = "ring servers 100 vnodes 256 and 2560; searchTrace for 10,000 keys (seed 16)";
    t.scale = "25,600 and 256,000 points";
    t.tolerance = ToleranceKind::rounding;
    t.tolerance_reason = "the chapter prints one decimal";
    t.values = {{"added", added},
                {"points", static_cast<double>(ring.size())},
                {"bigPoints", static_cast<double>(big.size())},
                {"meanBefore", steps.mean},
                {"meanAfter", big_steps.mean}};
    t.verdict = at_digits(3.3, added, 1);

    Claim& l = add("lookup-15-comparisons", "§5",
                   "A lookup among 25,600 points is a binary search of at most ceil(log2 25,600) = 15 comparisons.");
    l.chapter = number("15", 15);
    l.ringlab = number(count(steps.most), static_cast<double>(steps.most));
    l.detail = "log2(" + count(ring.size()) + ") = " + fixed(log_points, 2) +
               "; the published search over 10,000 course keys takes at most " + count(steps.most) + " and " +
               fixed(steps.mean, 2) + " on average";
    l.scenario = "ring servers 100 vnodes 256; searchTrace for 10,000 keys (seed 16)";
    l.scale = "the chapter's 25,600 points, 10,000 keys";
    l.tolerance_reason = "the most comparisons the published binary search makes is a count";
    l.values = {{"points", static_cast<double>(ring.size())},
                {"log2", log_points},
                {"most", static_cast<double>(steps.most)},
                {"mean", steps.mean}};
    l.verdict = same(steps.most == 15 && static_cast<std::size_t>(std::ceil(log_points)) == 15);
  }

  // §6 and §7: the third published program.
  void rendezvous_and_jump() {
    const HrwJumpResult r = hrw_jump({});
    const std::string scenario = "ringlab run hrw-jump --seed 16 --keys 10000 --servers 5 --remove 2 --buckets 10";
    const std::string scale = "the chapter's 10,000 keys";
    const double keys = r.keys;

    // Each server wins a key with probability 1/5: the count furthest from 2000.
    const double expected = keys / 5;
    double furthest = expected;
    std::string counts;
    for (std::size_t s = 0; s < r.counts.size(); ++s) {
      const double n = r.counts[s].value_or(0);
      if (std::fabs(n - expected) > std::fabs(furthest - expected)) furthest = n;
      counts += std::string(s ? " " : "") + "S" + count(s) + "=" + count(r.counts[s].value_or(0));
    }
    const double sd_count = std::sqrt(keys * 0.2 * 0.8);
    Claim& b = add("hrw-balance", "§6",
                   "Under rendezvous hashing each of N servers wins a key with probability 1/N, so five servers get "
                   "about 2,000 of 10,000 keys each, uneven only by the sampling of keys.");
    b.chapter = number("2000", 2000);
    b.ringlab = number(count(static_cast<std::uint64_t>(furthest)), furthest);
    b.detail =
        counts + " (the count furthest from 2000 is shown; one standard deviation is " + fixed(sd_count, 0) + " keys)";
    b.scenario = scenario;
    b.scale = scale;
    b.tolerance = ToleranceKind::statistical;
    b.tolerance_reason =
        "a binomial count: every server within three standard deviations, sqrt(K p (1-p)) = 40 keys "
        "for K = 10,000, p = 1/5";
    b.values = {{"furthest", furthest}, {"sd", sd_count}};
    for (std::size_t s = 0; s < r.counts.size(); ++s)
      b.values.emplace_back(std::string("S").append(count(s)), static_cast<double>(r.counts[s].value_or(0)));
    b.verdict = statistical(2000, furthest, 0, sd_count);

    Claim& o = add("hrw-jump-output", "§7",
                   "The third program's printed output: rendezvous losing one of five servers, jump growing from 10 "
                   "to 11 buckets.");
    o.chapter = statement(std::string(kHrwJumpOutput));
    o.ringlab = statement(r.text);
    o.scenario = scenario;
    o.scale = scale;
    o.tolerance_reason = "the same program on the same keys prints the same bytes";
    o.verdict = same(r.text == kHrwJumpOutput);

    const double hrw_moved = 100.0 * r.hrw_moved / keys;
    Claim& m = add("hrw-moves-20.1", "§7",
                   "Removing one of five servers under rendezvous hashing moves 20.1 % of the keys: exactly the keys "
                   "the removed server held.");
    m.chapter = number("20.1%", 20.1);
    m.ringlab = number(fixed(hrw_moved, 1) + "%", hrw_moved);
    m.detail = count(r.hrw_moved) + " keys moved; S2 held " + count(r.counts.at(2).value_or(0));
    m.scenario = scenario;
    m.scale = scale;
    m.tolerance = ToleranceKind::rounding;
    m.tolerance_reason = "the program prints one decimal";
    m.values = {{"moved", hrw_moved},
                {"movedKeys", r.hrw_moved},
                {"removedHeld", static_cast<double>(r.counts.at(2).value_or(0))}};
    m.verdict = at_digits(20.1, hrw_moved, 1);

    Claim& n = add("hrw-none-from-others", "§7",
                   "No key moves between the four servers that stay: only the removed server's keys find new homes.");
    n.chapter = number("0", 0);
    n.ringlab = number(count(r.hrw_moved_not_from_removed), r.hrw_moved_not_from_removed);
    n.scenario = scenario;
    n.scale = scale;
    n.tolerance_reason = "a key's other scores do not change, so the count is exactly zero";
    n.values = {{"count", r.hrw_moved_not_from_removed}};
    n.verdict = same(r.hrw_moved_not_from_removed == 0);

    const double jump_moved = 100.0 * r.jump_moved / keys;
    const double ideal = 100 * minimum_moved_fraction(10, 11);
    const double sd_jump = binomial_sd_percent(1.0 / 11, keys);
    Claim& j = add("jump-moves-8.8", "§7", "Growing jump hash from 10 to 11 buckets moves 8.8 % of the keys.");
    j.chapter = number("8.8%", 8.8);
    j.ringlab = number(fixed(jump_moved, 1) + "%", jump_moved);
    j.detail = count(r.jump_moved) + " of " + count(r.keys) + " keys";
    j.scenario = scenario;
    j.scale = scale;
    j.tolerance = ToleranceKind::rounding;
    j.tolerance_reason = "the program prints one decimal";
    j.values = {{"moved", jump_moved}, {"movedKeys", r.jump_moved}, {"keys", keys}};
    j.verdict = at_digits(8.8, jump_moved, 1);

    Claim& i = add("jump-near-ideal", "§7",
                   "Jump's 8.8 % is the ideal 1/11 = 9.1 % up to the sampling of 10,000 keys: each key jumps to the "
                   "new bucket with probability 1/11.");
    i.chapter = number("9.1%", 9.1);
    i.ringlab = number(fixed(jump_moved, 1) + "%", jump_moved);
    i.detail = "ideal " + fixed(ideal, 2) + "%; measured " + fixed(jump_moved, 2) + "% is " +
               fixed(std::fabs(jump_moved - ideal) / sd_jump, 2) + " standard deviations (" + fixed(sd_jump, 2) +
               " points) from it";
    i.scenario = scenario;
    i.scale = scale;
    i.tolerance = ToleranceKind::statistical;
    i.tolerance_reason =
        "the ideal is an expectation; one sample of 10,000 keys lies within three binomial standard "
        "deviations of it (sd = sqrt(p(1-p)/K), p = 1/11)";
    i.values = {
        {"moved", jump_moved}, {"ideal", ideal}, {"sigmas", std::fabs(jump_moved - ideal) / sd_jump}, {"sd", sd_jump}};
    i.verdict = statistical(9.1, jump_moved, 1, sd_jump);

    Claim& g = add("jump-none-between-old", "§7",
                   "Every key jump moves goes to the new bucket 10; none moves between the old buckets.");
    g.chapter = number("0", 0);
    g.ringlab = number(count(r.jump_moved_not_to_new), r.jump_moved_not_to_new);
    g.scenario = scenario;
    g.scale = scale;
    g.tolerance_reason = "jump only ever jumps forward to a new bucket, so the count is exactly zero";
    g.values = {{"count", r.jump_moved_not_to_new}};
    g.verdict = same(r.jump_moved_not_to_new == 0);

    // The loop's length: bucket b is stood on when the key jumped to it on growing to b + 1
    // buckets, with probability 1/(b + 1), so the mean count of steps is H_n = ln n + 0.577... .
    const std::int64_t buckets = 1000000;
    CourseKeys course(16);
    std::vector<std::uint32_t> hashes(10000);
    course.next_hashes(hashes);
    double steps = 0, squares = 0;
    for (const std::uint32_t h : hashes) {
      const auto t = static_cast<double>(jump_trace(h, buckets).size());
      steps += t;
      squares += t * t;
    }
    const double k = static_cast<double>(hashes.size());
    const double mean_steps = steps / k;
    const double sd_steps = std::sqrt((squares / k - mean_steps * mean_steps) * k / (k - 1)) / std::sqrt(k);
    const double ln_n = js_math::log(static_cast<double>(buckets));
    const double h_n = harmonic(buckets);
    Claim& l = add("jump-loops-ln-n", "§7",
                   "Jump hash goes straight to the next bucket it jumps to, so its loop runs only about ln n times "
                   "for n buckets.");
    // The value as the figure shows it: ln n at one decimal.
    l.chapter = number("ln n = " + fixed(ln_n, 1) + " at n = 1,000,000", std::stod(fixed(ln_n, 1)));
    l.ringlab = number(fixed(mean_steps, 1), mean_steps);
    l.detail =
        "mean steps of jumpTrace over the course's 10,000 keys (seed 16) into 1,000,000 buckets; the exact "
        "expectation is H_n = " +
        fixed(h_n, 2) + " = ln n + 0.58; one standard deviation of the mean is " + fixed(sd_steps, 3);
    l.scenario = "jumpTrace(h32(key), 1000000) for 10,000 course keys (seed 16)";
    l.scale = "10,000 keys, 1,000,000 buckets";
    l.tolerance = ToleranceKind::model;
    l.tolerance_reason =
        "the chapter's ln n is the leading term of the exact expectation H_n; the measured mean must lie "
        "within three standard deviations of H_n, which is within one step of ln n";
    l.values = {{"steps", mean_steps}, {"lnN", ln_n}, {"hN", h_n}, {"sd", sd_steps}, {"buckets", 1000000}};
    l.verdict =
        std::fabs(mean_steps - h_n) <= kSigmas * sd_steps && h_n - ln_n < 1 ? Verdict::within : Verdict::differs;
  }

  // §7: Maglev and bounded loads.
  void maglev_and_bounded() {
    const std::int64_t backends = 10;
    const Maglev maglev = Maglev::uniform(backends, kDefaultMaglevTableSize);
    const std::vector<std::uint32_t> entries = maglev.entry_counts();
    const auto [lo, hi] = std::minmax_element(entries.begin(), entries.end());
    const double m_over_n = static_cast<double>(maglev.table_size()) / static_cast<double>(backends);
    Claim& g = add("maglev-m-over-n", "§7",
                   "Maglev's table of M = 65,537 slots gives each of N backends almost exactly M/N slots.");
    g.chapter = number("about M/N = 65537/10 = " + fixed(m_over_n, 1), m_over_n);
    g.ringlab = statement(count(*lo) + " to " + count(*hi) + " slots each");
    g.detail = "N = 10 backends S0 .. S9 (the chapter names no N; ten as in its other examples)";
    g.scenario = "maglev backends 10 tableSize 65537: entryCounts()";
    g.scale = "the paper's M = 65,537";
    g.tolerance_reason = "the round-robin fill gives every backend floor(M/N) or ceil(M/N) slots";
    g.values = {{"mOverN", m_over_n},
                {"least", *lo},
                {"most", *hi},
                {"backends", static_cast<double>(backends)},
                {"tableSize", static_cast<double>(maglev.table_size())}};
    g.verdict = same(*lo >= static_cast<std::uint32_t>(std::floor(m_over_n)) &&
                     *hi <= static_cast<std::uint32_t>(std::ceil(m_over_n)));

    // The most uneven ring (one point per server) is where the bound has work to do.
    const Ring ring = Ring::uniform(10, 1);
    const std::uint32_t keys = 10000;
    CourseKeys course(16);
    std::vector<std::uint32_t> hashes(keys);
    course.next_hashes(hashes);
    const double epsilon = 0.25;
    const BoundedPlacement placed = place_bounded(ring, hashes, epsilon);
    const std::uint32_t cap = static_cast<std::uint32_t>(std::ceil((1 + epsilon) * keys / 10));
    const std::uint32_t most = *std::max_element(placed.loads.begin(), placed.loads.end());
    std::vector<std::uint32_t> owners = hashes;
    ring.owners(owners);
    const std::vector<std::uint32_t> free = loads_of(owners, 10);
    const std::string scenario = "boundedLoads(ring servers 10 vnodes 1, 10,000 keys seed 16, epsilon 0.25)";
    Claim& b = add("bounded-load-cap", "§7",
                   "With bounded loads no server ever holds more than ceil((1 + epsilon) m / n) keys.");
    b.chapter = number("ceil(1.25 x 10000 / 10) = " + count(cap), cap);
    b.ringlab = number(count(most), most);
    b.detail = "the fullest server's keys; without the bound it would hold " +
               count(*std::max_element(free.begin(), free.end())) + "; capacities " + count(placed.capacities.at(0));
    b.scenario = scenario;
    b.scale = "10,000 keys on 10 servers with one point each";
    b.tolerance_reason = "a hard bound: the fullest load must not exceed the capacity";
    b.values = {{"cap", cap},
                {"most", most},
                {"unbounded", *std::max_element(free.begin(), free.end())},
                {"capacity", placed.capacities.at(0)}};
    b.verdict = same(most <= cap && placed.capacities.at(0) == cap);

    const double stayed = 1.0 - static_cast<double>(placed.not_first_choice) / keys;
    Claim& s =
        add("bounded-most-stay", "§7", "Even with the bound, most keys stay on their own (first-choice) server.");
    s.chapter = statement("most keys stay");
    s.ringlab = number(percent(stayed, 1) + " stay", 100 * stayed);
    s.detail = count(placed.not_first_choice) + " keys placed past their owner; longest walk " +
               count(placed.longest_walk) + " points";
    s.scenario = scenario;
    s.scale = "10,000 keys on 10 servers with one point each";
    s.tolerance = ToleranceKind::model;
    s.tolerance_reason = "the chapter gives no number: most means more than half";
    s.values = {{"stayed", 100 * stayed},
                {"notFirst", placed.not_first_choice},
                {"longestWalk", static_cast<double>(placed.longest_walk)}};
    s.verdict = stayed > 0.5 ? Verdict::match : Verdict::differs;
  }

  // §8: more virtual nodes do not spread one key's traffic.
  void hot_key() {
    HotKeyParams p;  // 1,000 keys, 100,000 Zipf(1) requests, seed 16
    std::string loads;
    double floor_share = 0;
    bool above_floor = true;
    double at_most_v = 0;
    std::vector<std::pair<std::string, double>> loads_by_v;
    for (const std::int64_t v : {1, 10, 100, 1000}) {
      const HotKeyResult r = hot_keys(Ring::uniform(10, v), p);
      const double mean = static_cast<double>(p.requests) / 10;
      floor_share = static_cast<double>(r.hottest_key_requests) / mean;
      above_floor = above_floor && r.max_over_mean >= floor_share;
      at_most_v = r.max_over_mean;
      loads += std::string(v == 1 ? "" : ", ") + "V=" + count(v) + " " + fixed(r.max_over_mean, 2) + "x";
      loads_by_v.emplace_back(std::string("v").append(count(static_cast<std::uint64_t>(v))), r.max_over_mean);
    }
    HotKeyParams spread = p;
    spread.copies = 4;
    const HotKeyResult copies = hot_keys(Ring::uniform(10, 1000), spread);
    Claim& h = add("hot-key-vnodes", "§8",
                   "More virtual nodes do not help a hot key: one key lives on one server whatever V is, so that "
                   "server carries all of its traffic; copies of the key on several servers do help.");
    h.chapter = statement("raising V does not help a hot key");
    h.ringlab = number(fixed(at_most_v, 2) + "x the mean at V=1000", at_most_v);
    h.detail = "busiest server's requests over the mean: " + loads + "; the hottest key alone brings " +
               fixed(floor_share, 2) +
               "x the mean to its server; spread over 4 copies (V=1000): " + fixed(copies.max_over_mean, 2) + "x";
    h.scenario =
        "hotKeys(ring servers 10 vnodes 1|10|100|1000, keys 1000, requests 100000, s 1, seed 16), and "
        "copies 4";
    h.scale = "1,000 keys, 100,000 requests";
    h.tolerance = ToleranceKind::model;
    h.tolerance_reason =
        "the chapter gives no number: for every V the busiest server carries at least the hottest "
        "key's traffic, and copies bring it lower";
    h.values = std::move(loads_by_v);
    h.values.emplace_back("floor", floor_share);
    h.values.emplace_back("copies", copies.max_over_mean);
    h.verdict = above_floor && copies.max_over_mean < at_most_v ? Verdict::match : Verdict::differs;
  }

  // §9: the checklist's rule of thumb, for every N up to 100.
  void checklist() {
    bool exact = true;
    for (std::int64_t n = 1; n <= 100; ++n) {
      const double d = static_cast<double>(n);
      // Kept 1/(N+1) means moved N/(N+1); both sides are the correctly rounded 1/(N+1).
      exact = exact && mod_n_kept_fraction(n, n + 1) == 1 / (d + 1) && minimum_moved_fraction(n, n + 1) == 1 / (d + 1);
    }
    Claim& c = add("n-to-n-plus-1", "§9",
                   "From N to N + 1 servers, mod-N moves N/(N + 1) of the keys while the least possible, which a "
                   "ring approaches, is 1/(N + 1).");
    c.chapter = statement("mod-N N/(N+1), ring 1/(N+1)");
    c.ringlab = statement(exact ? "mod-N N/(N+1), ring 1/(N+1)" : "a value of N disagrees");
    c.detail =
        "theory.modNKeptFraction(N, N+1) and theory.minimumMovedFraction(N, N+1) for N = 1 .. 100; e.g. N = 4: " +
        percent(1 - mod_n_kept_fraction(4, 5), 1) + " and " + percent(minimum_moved_fraction(4, 5), 1);
    c.scenario = "theory for N = 1 .. 100";
    c.scale = "N = 1 .. 100";
    c.tolerance_reason = "the same double from the formula and from the core";
    c.values = {{"exact", exact ? 1 : 0},
                {"modN4", 100 * (1 - mod_n_kept_fraction(4, 5))},
                {"least4", 100 * minimum_moved_fraction(4, 5)}};
    c.verdict = same(exact);
  }

  std::vector<Claim> out_;
  RingVsModResult ring_vs_mod_;
};

std::string json_value(const Figure& f) {
  return f.numeric && std::isfinite(f.value) ? js::number_to_string(f.value) : std::string("null");
}

std::string json_values(const std::vector<std::pair<std::string, double>>& values) {
  std::string j = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double v = values[i].second;
    if (i) j += ',';
    j += cli::json_text(values[i].first);
    j += ':';
    j += std::isfinite(v) ? js::number_to_string(v) : std::string("null");
  }
  return j + "}";
}

}  // namespace

std::vector<Claim> claims() { return Catalogue{}.build(); }

std::string claims_json(const std::vector<Claim>& list) {
  std::string j = "[";
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Claim& c = list[i];
    j += i ? ",\n " : "\n ";
    j += "{\"id\":" + cli::json_text(c.id) + ",\"section\":" + cli::json_text(c.section) +
         ",\"claim\":" + cli::json_text(c.claim) + ",\"chapter\":{\"figure\":" + cli::json_text(c.chapter.text) +
         ",\"value\":" + json_value(c.chapter) + "},\"ringlab\":{\"figure\":" + cli::json_text(c.ringlab.text) +
         ",\"value\":" + json_value(c.ringlab) + ",\"detail\":" + cli::json_text(c.detail) +
         ",\"values\":" + json_values(c.values) + ",\"scenario\":" + cli::json_text(c.scenario) +
         ",\"scale\":" + cli::json_text(c.scale) +
         "},\"tolerance\":{\"kind\":" + cli::json_text(tolerance_kind_name(c.tolerance)) +
         ",\"reason\":" + cli::json_text(c.tolerance_reason) +
         "},\"verdict\":" + cli::json_text(verdict_name(c.verdict)) + "}";
  }
  j += "\n]\n";
  return j;
}

namespace {

// Each line of a printed output, indented under its label.
std::string block(std::string_view text, std::string_view indent) {
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t nl = text.find('\n', at);
    const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
    out += std::string(indent) + std::string(text.substr(at, end - at)) + "\n";
    at = end + 1;
  }
  return out;
}

std::string figure_lines(const Claim& c) {
  const std::string indent = "      ";
  if (c.chapter.numeric || c.chapter.text.find('\n') == std::string::npos)
    return "    chapter:   " + c.chapter.text + "\n    ringlab:   " + c.ringlab.text + "\n";
  std::string out = "    chapter:\n" + block(c.chapter.text, indent);
  if (c.ringlab.text == c.chapter.text)
    return out + "    ringlab:   the same " + std::to_string(c.ringlab.text.size()) + " bytes\n";
  const auto [a, b] =
      std::mismatch(c.chapter.text.begin(), c.chapter.text.end(), c.ringlab.text.begin(), c.ringlab.text.end());
  return out + "    ringlab (differs from byte " + std::to_string(a - c.chapter.text.begin()) + "):\n" +
         block(c.ringlab.text, indent);
}

}  // namespace

std::string claims_text(const std::vector<Claim>& list) {
  std::size_t counts[3] = {0, 0, 0};
  for (const Claim& c : list) ++counts[static_cast<int>(c.verdict)];
  std::string out = "The chapter's claims, each computed now: " + std::to_string(list.size()) + " claims, " +
                    std::to_string(counts[0]) + " match, " + std::to_string(counts[1]) + " within, " +
                    std::to_string(counts[2]) + " differ\n";
  for (const Claim& c : list) {
    out += "\n" + c.section + " " + c.id + ": " + std::string(verdict_name(c.verdict)) + "\n";
    out += "    " + c.claim + "\n";
    out += figure_lines(c);
    if (!c.detail.empty()) out += "    detail:    " + c.detail + "\n";
    out += "    scenario:  " + c.scenario + " (" + c.scale + ")\n";
    out += "    tolerance: " + std::string(tolerance_kind_name(c.tolerance)) + ", " + c.tolerance_reason + "\n";
  }
  return out;
}

const CliCommand& claims_cli_command() {
  static const CliCommand command = [] {
    CliCommand c = claims_cli_listing();
    c.run = [](const std::vector<std::string>& args, const ReadFile&) {
      const cli::Args a = cli::read_args(args, 1, {}, {"--json"}, "claims");
      if (!a.plain.empty()) throw CliUsageError{"claims takes no arguments, got " + shown_text(a.plain.front())};
      const std::vector<Claim> list = claims();
      return a.has("--json") ? claims_json(list) : claims_text(list);
    };
    return c;
  }();
  return command;
}

}  // namespace ringlab
