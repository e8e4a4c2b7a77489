// The chapter's quantitative claims, each reproduced live by the core beside the figure the
// chapter prints. Claims are data: the chapter's figures are facts (numbers and the published
// programs' printed outputs); every description is this project's own wording. ringlab's side
// of each claim is computed on every call by the core's own functions (the experiments, the
// theory functions, Maglev, bounded loads, hot keys, Ring::memory_bytes ...), never stored.
//
// A claim that ringlab does not reproduce is reported with the verdict `differs`: the catalogue
// shows it, it is never tuned away.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ringlab/cli.hpp"

namespace ringlab {

// How a computed value is held against the chapter's figure.
enum class ToleranceKind : std::uint8_t {
  exact,        // the same number or the same bytes (deterministic runs, exact arithmetic)
  rounding,     // the computed value, rounded to the digits the chapter prints, is the figure
  statistical,  // a random quantity: the figure is an expectation, and the measured value lies
                // within three standard deviations of it at the claim's key count
  model,        // the chapter's figure rests on a simplified model (an approximation sign, an
                // assumed size per point); the check is the one the model promises
};
enum class Verdict : std::uint8_t {
  match,    // equal (exact) or equal at the printed digits
  within,   // not equal at the printed digits, but inside the tolerance
  differs,  // outside the tolerance
};
[[nodiscard]] std::string_view tolerance_kind_name(ToleranceKind kind) noexcept;
[[nodiscard]] std::string_view verdict_name(Verdict verdict) noexcept;

// A figure: its text (as the chapter prints it, or ringlab's value formatted the same way) and,
// for a number, its value in the unit of the text (percentages as percent). A printed output or
// a statement has no value (numeric is false).
struct Figure {
  std::string text;
  double value = 0;
  bool numeric = false;
};

struct Claim {
  std::string id;       // a stable slug, the key for the widget catalogue's translations
  std::string section;  // the chapter's section, "§3"
  std::string claim;    // what the chapter asserts, in our words (English)
  Figure chapter;       // the chapter's figure
  Figure ringlab;       // ringlab's live figure
  std::string detail;   // further live figures (the other values of a table, a measured
                        // sample beside an expectation, ringlab's own model where it differs)
  // The live numbers figure and detail are written from, by name: what a translation of them
  // (the widgets' Bengali) formats, so that no page re-computes or re-types a figure.
  std::vector<std::pair<std::string, double>> values;
  std::string scenario;  // the options that reproduce it
  std::string scale;     // the scale run (the chapter's own, or why smaller)
  ToleranceKind tolerance = ToleranceKind::exact;
  std::string tolerance_reason;
  Verdict verdict = Verdict::differs;
};

// Every claim, computed now, in the chapter's order. Ids are unique and stable. Runs at the
// chapter's full scale (the largest is 100,000 keys on up to 10,000 points; a few seconds at
// most natively).
[[nodiscard]] std::vector<Claim> claims();

// A JSON array of {id, section, claim, chapter, ringlab, tolerance, verdict}:
//   chapter:   {figure, value}            value null for a printed output or a statement
//   ringlab:   {figure, value, detail, values, scenario, scale}   values {name: number}
//   tolerance: {kind, reason}             kind "exact", "rounding", "statistical" or "model"
//   verdict:   "match", "within" or "differs"
[[nodiscard]] std::string claims_json(const std::vector<Claim>& claims);

// The catalogue as `ringlab claims` prints it: a count of each verdict, then each claim with the
// chapter's figure and ringlab's, the scenario and the tolerance. A printed output the same as
// the chapter's is shown once and said to be the same bytes; one that differs is shown in full
// with the first byte that differs.
[[nodiscard]] std::string claims_text(const std::vector<Claim>& claims);

// The command `ringlab claims [--json]`, added to run_cli by the programs that have this
// library (the native CLI, the claims WebAssembly module).
[[nodiscard]] const CliCommand& claims_cli_command();
// The same command's name, usage lines and --help section, without its run (and without the
// catalogue's code): for a build that lists the command but sends it elsewhere.
[[nodiscard]] CliCommand claims_cli_listing();

}  // namespace ringlab
