// ringlab_erlang_check: the native side of tests/erlang/compare.mjs. Reads one job per line on
// stdin and answers one line per job on stdout, so that thousands of terms cost one process.
//
//   hash     RANGES<TAB>TERM           ->  ok<TAB>phash2/1<TAB>phash2(T, R),... for each R<TAB>TEXT
//   malachi  BITS<TAB>VNODES<TAB>KEYS  ->  ok<TAB>OWNER,OWNER...
//   elixir   SYNTAX<TAB>TERM           ->  ok<TAB>phash2(E, 2^32)<TAB>E, or unread<TAB>CODE<TAB>E
//
// (the mode is the one argument). TERM, VNODES ([{Id, Token}, ...]) and KEYS ([Key, ...]) are
// Erlang text, except in elixir jobs, where SYNTAX (erlang or elixir) says which. TEXT is the
// term written back as Erlang text. E is the term written as Elixir text, and its hash is of
// ringlab's own reading of E (tests/erlang/elixir.mjs gives the same E to Elixir); unread when
// ringlab's Elixir reader refuses E (a term Elixir has no text for). Rejected text
// answers error<TAB>CODE<TAB>MESSAGE. Each "ok" hash term is also written back in both syntaxes
// and read again; a term that does not come back equal answers roundtrip<TAB>SYNTAX<TAB>TEXT
// instead, a failure of its own.
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <string>

#include "ringlab/erlang.hpp"
#include "ringlab/error.hpp"
#include "ringlab/malachi.hpp"

using ringlab::erlang::Syntax;
using ringlab::erlang::Term;

namespace {

// Whether the term holds an atom of more than 255 bytes of UTF-8: Elixir has no text for it
// (its tokenizer refuses such a quoted atom, and so does ringlab's Elixir reader).
bool has_long_atom(const Term& t) {
  std::vector<Term> todo{t};
  while (!todo.empty()) {
    const Term x = todo.back();
    todo.pop_back();
    if (x.kind() == ringlab::erlang::TermKind::atom && x.atom_name().size() > 255) return true;
    if (x.kind() == ringlab::erlang::TermKind::tuple || x.kind() == ringlab::erlang::TermKind::list) {
      for (const Term& e : x.elements()) todo.push_back(e);
      if (x.kind() == ringlab::erlang::TermKind::list) todo.push_back(x.tail());
    } else if (x.kind() == ringlab::erlang::TermKind::map) {
      for (const auto& [k, v] : x.pairs()) todo.insert(todo.end(), {k, v});
    }
  }
  return false;
}

std::string roundtrip(const Term& t) {
  for (Syntax s : {Syntax::erlang, Syntax::elixir}) {
    const std::string text = ringlab::erlang::format_term(t, s);
    bool same = false;
    try {
      same = ringlab::erlang::parse_term(text, s) == t;
    } catch (const ringlab::Error& e) {
      // The one refusal expected: a long atom in Elixir text, as limit_exceeded.
      same = s == Syntax::elixir && e.code() == ringlab::ErrorCode::limit_exceeded && has_long_atom(t);
    }
    if (!same) {
      std::string out = "roundtrip\t";
      out += ringlab::erlang::syntax_name(s);
      out += '\t';
      return out + text;
    }
  }
  return {};
}

std::string hash_job(const std::string& line) {
  const std::size_t tab = line.find('\t');
  if (tab == std::string::npos) return "usage\tRANGE<TAB>TERM";
  const Term t = ringlab::erlang::parse_term(line.substr(tab + 1), Syntax::erlang);
  if (std::string bad = roundtrip(t); !bad.empty()) return bad;
  std::string out = "ok\t" + std::to_string(ringlab::erlang::phash2(t)) + "\t";
  for (std::size_t start = 0; start < tab;) {
    const std::size_t comma = std::min(line.find(',', start), tab);
    if (start > 0) out += ',';
    out += std::to_string(ringlab::erlang::phash2(t, std::stoull(line.substr(start, comma - start))));
    start = comma + 1;
  }
  return out + "\t" + ringlab::erlang::format_term(t, Syntax::erlang);
}

std::string malachi_job(const std::string& line) {
  const std::size_t a = line.find('\t');
  const std::size_t b = line.find('\t', a + 1);
  if (a == std::string::npos || b == std::string::npos) return "usage\tBITS<TAB>VNODES<TAB>KEYS";
  ringlab::MalachiRing ring(std::stoll(line.substr(0, a)));
  std::vector<Term> ids;
  for (const Term& v : ringlab::erlang::parse_term(line.substr(a + 1, b - a - 1), Syntax::erlang).elements()) {
    const std::vector<Term> pair = v.elements();
    ring.add_vnode(pair.at(0), *pair.at(1).to_int64());
    ids.push_back(pair.at(0));
  }
  std::string out = "ok\t";
  bool first = true;
  for (const Term& key : ringlab::erlang::parse_term(line.substr(b + 1), Syntax::erlang).elements()) {
    const Term& owner = ring.route(key);
    const auto at = std::find(ids.begin(), ids.end(), owner);
    out += (first ? "" : ",") + std::to_string(at - ids.begin());
    first = false;
  }
  return out;
}

// Erlang text is written as Elixir text first; either way the hash is of the Elixir reading.
std::string elixir_job(const std::string& line) {
  const std::size_t tab = line.find('\t');
  const std::string syntax = line.substr(0, tab);
  if (tab == std::string::npos || (syntax != "erlang" && syntax != "elixir")) return "usage\terlang|elixir<TAB>TERM";
  std::string text = line.substr(tab + 1);
  if (syntax == "erlang") {
    text = ringlab::erlang::format_term(ringlab::erlang::parse_term(text, Syntax::erlang), Syntax::elixir);
    try {
      (void)ringlab::erlang::parse_term(text, Syntax::elixir);
    } catch (const ringlab::Error& e) {
      return "unread\t" + std::string(e.code_name()) + "\t" + text;
    }
  }
  const Term t = ringlab::erlang::parse_term(text, Syntax::elixir);
  return "ok\t" + std::to_string(ringlab::erlang::phash2_full(t)) + "\t" +
         ringlab::erlang::format_term(t, Syntax::elixir);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (argc != 2 || (mode != "hash" && mode != "malachi" && mode != "elixir")) {
    std::cerr << "usage: ringlab_erlang_check hash|malachi|elixir < jobs\n";
    return 2;
  }
  std::ios::sync_with_stdio(false);
  std::string line;
  while (std::getline(std::cin, line)) {
    std::string answer;
    try {
      answer = mode == "hash" ? hash_job(line) : mode == "malachi" ? malachi_job(line) : elixir_job(line);
    } catch (const ringlab::Error& e) {
      answer = "error\t";
      answer += e.code_name();
      answer += '\t';
      answer += e.what();
    }
    std::cout << answer << '\n';
  }
  return 0;
}
