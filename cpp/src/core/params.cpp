#include "ringlab/params.hpp"
#include "ringlab/once.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <limits>
#include <string>

#include "parallel.hpp"
#include "ringlab/jsfmt.hpp"
#include "utf8.hpp"

namespace ringlab {
namespace {

// "add, add:NAME, remove:NAME, fail:NAME or weight:NAME=W"
std::string change_grammar() {
  std::string s;
  const std::size_t n = std::size(kChangeForms);
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) s += i + 1 == n ? " or " : ", ";
    s += kChangeForms[i];
  }
  return s;
}

std::string quoted(std::string_view text) {
  std::string out(1, '"');
  out += text;
  out += '"';
  return out;
}

bool in_range(const ParamSpec& spec, double v) {
  if (!std::isfinite(v)) return false;
  if (spec.min_open ? !(v > spec.min) : !(v >= spec.min)) return false;
  if (spec.max_open ? !(v < spec.max) : !(v <= spec.max)) return false;
  return true;
}

}  // namespace

RINGLAB_ONCE Error range_error(ErrorCode code, const ParamSpec& spec, ErrorValue got, std::string_view name) {
  return range_error(code, spec, spec.lo, spec.hi, std::move(got), name);
}

RINGLAB_ONCE Error range_error(ErrorCode code, const ParamSpec& spec, std::int64_t lo, std::int64_t hi, ErrorValue got,
                               std::string_view name) {
  std::string n(name.empty() ? spec.name : name);
  if (spec.kind == ParamKind::number) {
    if (std::isinf(spec.max))
      return {code, spec.min_open ? rule::aboveFinite : rule::atLeastFinite, std::move(n), {spec.min, std::move(got)}};
    return {code,
            rule::interval,
            std::move(n),
            {spec.min_open ? "(" : "[", spec.min, spec.max, spec.max_open ? ")" : "]", std::move(got)}};
  }
  if (spec.kind == ParamKind::key64)
    return {code, rule::between, std::move(n), {0, std::numeric_limits<std::uint64_t>::max(), std::move(got)}};
  if (hi == kNoUpperBound) return {code, rule::atLeast, std::move(n), {lo, std::move(got)}};
  return {code, rule::between, std::move(n), {lo, hi, std::move(got)}};
}

std::string requirement(const ParamSpec& spec) {
  if (spec.kind == ParamKind::number) {
    if (std::isinf(spec.max))
      return std::string("finite and ") + (spec.min_open ? "> " : ">= ") + js::number_to_string(spec.min);
    return std::string("in ") + (spec.min_open ? "(" : "[") + js::number_to_string(spec.min) + ", " +
           js::number_to_string(spec.max) + (spec.max_open ? ")" : "]");
  }
  if (spec.kind == ParamKind::key64) {
    std::string s = "between 0 and ";
    s += std::to_string(std::numeric_limits<std::uint64_t>::max());
    return s;
  }
  if (spec.kind == ParamKind::change) return change_grammar();
  return requirement(spec, spec.lo, spec.hi);
}

std::string requirement(const ParamSpec& spec, std::int64_t lo, std::int64_t hi) {
  (void)spec;
  if (hi == kNoUpperBound) return ">= " + std::to_string(lo);
  return "between " + std::to_string(lo) + " and " + std::to_string(hi);
}

std::int64_t check_integer(Param p, std::int64_t value) { return check_integer(param(p), value); }

std::int64_t check_integer(Param p, std::int64_t value, std::int64_t lo, std::int64_t hi) {
  return check_integer(param(p), value, lo, hi);
}

std::int64_t check_integer(const ParamSpec& spec, std::int64_t value) {
  return check_integer(spec, value, spec.lo, spec.hi);
}

std::int64_t check_integer(const ParamSpec& spec, std::int64_t value, std::int64_t lo, std::int64_t hi) {
  if (value < lo) throw range_error(spec.below, spec, lo, hi, value);
  if (value > hi) throw range_error(spec.above, spec, lo, hi, value);
  return value;
}

double check_number(Param p, double value) {
  const ParamSpec& spec = param(p);
  if (!in_range(spec, value)) throw range_error(ErrorCode::out_of_range, spec, value);
  return value;
}

std::int64_t safe_integer(double value, std::string_view name) {
  if (!std::isfinite(value) || value != std::floor(value) || std::fabs(value) > static_cast<double>(kMaxSafeInteger))
    throw Error(ErrorCode::invalid_argument, rule::integer, std::string(name), {value});
  return static_cast<std::int64_t>(value);
}

// [+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?: the plain decimal forms of JavaScript's Number(text).
// Scanned by hand: std::regex matches recursively, a stack frame or more per character, and an
// argument of some 20,000 digits overflowed an 8 MiB stack.
bool is_decimal_text(std::string_view s) noexcept {
  std::size_t i = 0;
  const auto digits = [&] {
    const std::size_t from = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i - from;
  };
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  std::size_t mantissa = digits();
  if (i < s.size() && s[i] == '.') {
    ++i;
    mantissa += digits();
  }
  if (mantissa == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (digits() == 0) return false;
  }
  return i == s.size();
}

std::string shown_text(std::string_view text) { return is_decimal_text(text) ? std::string(text) : quoted(text); }

double number_from_text(std::string_view text, std::string_view name) {
  if (!is_decimal_text(text)) throw Error(ErrorCode::invalid_argument, rule::number, std::string(name), {input(text)});
  // strtod reads the decimal forms exactly as Number() does (correctly rounded; beyond the
  // doubles, an infinity).
  return std::strtod(std::string(text).c_str(), nullptr);
}

std::int64_t integer_from_text(std::string_view text, std::string_view name) {
  const auto refuse = [&] {
    return Error(ErrorCode::invalid_argument, rule::integer, std::string(name), {input(text)});
  };
  if (!is_decimal_text(text)) throw refuse();
  const double v = std::strtod(std::string(text).c_str(), nullptr);
  if (!std::isfinite(v) || v != std::floor(v) || std::fabs(v) > static_cast<double>(kMaxSafeInteger)) throw refuse();
  return static_cast<std::int64_t>(v);
}

std::vector<std::int64_t> integer_list_from_text(std::string_view text, std::string_view name) {
  std::vector<std::int64_t> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    out.push_back(integer_from_text(
        text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start), name));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

void check_list(Param p, std::span<const std::int64_t> values) {
  const ParamSpec& spec = param(p);
  if (values.empty() || values.size() > kMaxVnodeList)
    throw Error(values.empty() ? ErrorCode::invalid_argument : ErrorCode::limit_exceeded, rule::list,
                std::string(spec.name), {kMaxVnodeList, values.size()});
  for (const std::int64_t v : values) check_integer(p, v);
}

std::uint64_t jump_key_from_text(std::string_view text) {
  const ParamSpec& spec = param(Param::jump_key);
  std::size_t i = 0;
  const bool negative = !text.empty() && text[0] == '-';
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) ++i;
  if (i == text.size() || text.find_first_not_of("0123456789", i) != std::string_view::npos)
    throw Error(ErrorCode::invalid_argument, rule::anInteger, std::string(spec.name), {input(text)});
  while (i + 1 < text.size() && text[i] == '0') ++i;  // leading zeros
  const std::string_view digits = text.substr(i);
  const auto out_of_range = [&] { return range_error(ErrorCode::out_of_range, spec, std::string(text)); };
  if (negative && digits != "0") throw out_of_range();
  if (digits.size() > 20) throw out_of_range();
  errno = 0;
  const unsigned long long v = std::strtoull(std::string(digits).c_str(), nullptr, 10);
  if (errno == ERANGE) throw out_of_range();
  return static_cast<std::uint64_t>(v);
}

void check_change_weight(double weight) {
  const ParamSpec& spec = param(Param::weight);
  if (!in_range(spec, weight))
    throw Error(rule::part, "change", {}, range_error(ErrorCode::out_of_range, spec, weight));
}

RINGLAB_ONCE Change parse_change(std::u16string_view text) {
  const std::size_t colon = text.find(u':');
  const std::u16string_view kind = text.substr(0, colon);
  const std::u16string_view rest = colon == std::u16string_view::npos ? std::u16string_view{} : text.substr(colon + 1);
  Change c;
  if (kind == u"add") {
    c.kind = ChangeKind::add;
    c.name = rest;
    return c;
  }
  if ((kind == u"remove" || kind == u"fail") && !rest.empty()) {
    c.kind = kind == u"remove" ? ChangeKind::remove : ChangeKind::fail;
    c.name = rest;
    return c;
  }
  if (kind == u"weight" && !rest.empty()) {
    const std::size_t eq = rest.rfind(u'=');
    if (eq != std::u16string_view::npos && eq != 0) {
      const std::string w = utf8_for_message(rest.substr(eq + 1));
      if (!is_decimal_text(w))
        throw Error(rule::part, "change", {}, Error(ErrorCode::invalid_argument, rule::number, "weight", {input(w)}));
      c.kind = ChangeKind::weight;
      c.name = rest.substr(0, eq);
      c.weight = std::strtod(w.c_str(), nullptr);
      check_change_weight(c.weight);
      return c;
    }
  }
  std::vector<ErrorValue> forms(std::begin(kChangeForms), std::end(kChangeForms));
  forms.emplace_back(ErrorValue::Kind::quoted, utf8_for_message(text));
  throw Error(ErrorCode::invalid_argument, rule::oneOf, "change", std::move(forms));
}

Change default_change() {
  const std::string_view text = param(Param::compare_change).default_text;
  return parse_change(std::u16string(text.begin(), text.end()));  // ASCII
}

RINGLAB_ONCE Change change_from_parts(std::string_view kind, const std::u16string& name, std::optional<double> weight) {
  Change c;
  if (kind == "add") c.kind = ChangeKind::add;
  else if (kind == "remove") c.kind = ChangeKind::remove;
  else if (kind == "fail") c.kind = ChangeKind::fail;
  else if (kind == "weight") c.kind = ChangeKind::weight;
  else
    throw Error(ErrorCode::invalid_argument, rule::oneOf, "change.kind",
                {"add", "remove", "fail", "weight", ErrorValue(ErrorValue::Kind::quoted, std::string(kind))});
  if (c.kind != ChangeKind::add && name.empty())
    throw Error(ErrorCode::invalid_argument, rule::serverName, "change.name",
                {ErrorValue(ErrorValue::Kind::quoted, "")});
  c.name = name;
  const ParamSpec& spec = param(Param::weight);
  if (c.kind == ChangeKind::weight && !weight)
    throw range_error(ErrorCode::invalid_argument, spec, "undefined", "change.weight");
  if (weight) {
    if (!in_range(spec, *weight)) throw range_error(ErrorCode::out_of_range, spec, *weight, "change.weight");
    c.weight = *weight;
  }
  return c;
}

std::string utf8_for_message(std::u16string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    std::uint32_t c = s[i];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.size() && s[i + 1] >= 0xDC00 && s[i + 1] <= 0xDFFF) {
      c = 0x10000 + ((c - 0xD800) << 10) + (s[i + 1] - 0xDC00);
      ++i;
    } else if (c >= 0xD800 && c <= 0xDFFF) {
      c = 0xFFFD;
    }
    utf8::put(out, c);
  }
  return out;
}

Defaults defaults() {
  const auto i = [](Param p) { return param(p).default_integer; };
  const auto d = [](Param p) { return param(p).default_number; };
  const auto& list = param(Param::vnode_sweep_vnodes).default_list;
  Defaults out{};
  out.ring_vs_mod = {i(Param::ring_vs_mod_seed), i(Param::ring_vs_mod_keys), i(Param::ring_vs_mod_servers),
                     i(Param::ring_vs_mod_vnodes)};
  out.vnode_sweep = {i(Param::vnode_sweep_seed), i(Param::vnode_sweep_servers), i(Param::vnode_sweep_keys),
                     std::vector<std::int64_t>(list.begin(), list.end())};
  out.hrw_jump = {i(Param::hrw_jump_seed), i(Param::hrw_jump_keys), i(Param::hrw_jump_servers),
                  i(Param::hrw_jump_remove), i(Param::hrw_jump_buckets)};
  out.compare = {i(Param::compare_servers),
                 i(Param::compare_vnodes),
                 i(Param::compare_seed),
                 i(Param::compare_keys),
                 std::string(param(Param::compare_change).default_text),
                 d(Param::compare_epsilon),
                 i(Param::compare_table_size)};
  out.digest = {i(Param::digest_seed), i(Param::digest_keys)};
  out.ring = {i(Param::ring_vnodes), d(Param::weight)};
  out.maglev = {i(Param::maglev_table_size)};
  out.token_ring = {i(Param::token_ring_bits)};
  out.hot_keys = {i(Param::hot_keys_seed), i(Param::hot_keys_keys), i(Param::hot_keys_requests),
                  d(Param::hot_keys_s),    i(Param::hot_keys_hot),  i(Param::hot_keys_copies)};
  return out;
}

void check_part(std::uint64_t first, std::uint64_t end, std::uint64_t chunks, std::size_t tally,
                std::size_t tally_size) {
  if (first > end || end > chunks) throw Error(ErrorCode::invalid_argument, rule::chunkRange, "", {first, end, chunks});
  if (tally != tally_size) throw Error(ErrorCode::invalid_argument, rule::tallySize, "", {tally, tally_size});
}

}  // namespace ringlab
