// The Erlang library's commands (phash2, place malachi) through run_cli, as the native CLI runs
// them. Expected numbers are erl's (OTP 25): erlang:phash2/1,2 of the same terms.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <algorithm>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "ringlab/cli.hpp"
#include "ringlab/erlang_cli.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_erlang_cli {

using ringlab::CliResult;

namespace {

CliResult run(const std::vector<std::string>& args) {
  return ringlab::run_cli(args, ringlab::erlang::cli_commands(), ringlab::read_file_system);
}

std::string run_ok(const std::vector<std::string>& args) {
  const CliResult r = run(args);
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  return r.out;
}

// A rejected command: status 2, nothing on stdout, exactly this one line on stderr.
void check_error(const std::vector<std::string>& args, const std::string& line) {
  const CliResult r = run(args);
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK(r.err == "ringlab: " + line + "\n");
}

// A file of the test's own, removed when the test ends.
struct TempFile {
  std::string path;
  explicit TempFile(const std::string& text) {
    std::string name = (std::filesystem::temp_directory_path() / "ringlab-keys-XXXXXX").string();
    const int fd = mkstemp(name.data());
    REQUIRE(fd >= 0);
    close(fd);
    path = name;
    std::ofstream(path, std::ios::binary) << text;
  }
  ~TempFile() { std::remove(path.c_str()); }
};

const std::string kRing = "{:a,1}=5, \"x,y\"=100, :c=200";

}  // namespace

TEST_CASE("phash2: phash2/1 by default, phash2/2 with --range, Elixir text by default", "[erlang-cli]") {
  // erl: phash2(<<"topic-a">>), phash2(a), phash2({a, 1}).
  CHECK(run_ok({"phash2", "\"topic-a\"", ":a", "{:a, 1}"}) == "4945008\n97\n72425156\n");
  CHECK(run_ok({"phash2", "--syntax", "erlang", "<<\"topic-a\">>", "a", "{a,1}"}) == "4945008\n97\n72425156\n");
  // erl: phash2(<<"topic-a">>, 64), phash2(a, 64); flags anywhere, the last one wins.
  CHECK(run_ok({"phash2", "--range", "7", "\"topic-a\"", "--range", "64", ":a"}) == "48\n33\n");
  CHECK(run_ok({"phash2", "--range", "4294967296", "\"user:42\""}) == "677879827\n");
  CHECK(run_ok({"phash2", "{:user, 42}"}) == "33738137\n");
  // "--" ends the flags.
  CHECK(run_ok({"phash2", "--", ":a"}) == "97\n");
}

TEST_CASE("phash2: errors", "[erlang-cli]") {
  check_error({"phash2"}, "phash2 needs at least one TERM");
  check_error({"phash2", "--range", "0", "1"}, "--range must be between 1 and 4294967296, got 0");
  check_error({"phash2", "--range", "4294967297", "1"}, "--range must be between 1 and 4294967296, got 4294967297");
  check_error({"phash2", "--range", "abc", "1"}, "--range must be a safe integer, got \"abc\"");
  check_error({"phash2", "1", "--range"}, "--range needs a value");
  check_error({"phash2", "--syntax", "lisp", "1"}, "--syntax must be erlang or elixir, got \"lisp\"");
  check_error({"phash2", ":a", "{1,"}, "TERM 2: invalid Elixir term: expected a term, got end of text at column 4");
  check_error({"phash2", "--bits", "8", "1"}, "unknown flag --bits for phash2 (see ringlab --help)");
  // A term spanning lines: the error is still one line.
  const CliResult r = run({"phash2", "{1,\n"});
  CHECK(r.exit_code == 2);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

TEST_CASE("place malachi: one JSON line per key, in input order, ids as written", "[erlang-cli]") {
  // erl: phash2(K, 256) of <<"\"k\"">>, <<"k">>, <<"abc">>, <<>> is 110, 229, 251, 101: tokens
  // 5, 100, 200, so 110 -> :c, 229 and 251 wrap to {:a,1}, 101 -> :c.
  CHECK(run_ok({"place", "malachi", "--bits", "8", "--vnodes", kRing, "\"k\"", "k", "abc", ""}) ==
        "{\"key\": \"\\\"k\\\"\", \"result\": \":c\"}\n"
        "{\"key\": \"k\", \"result\": \"{:a,1}\"}\n"
        "{\"key\": \"abc\", \"result\": \"{:a,1}\"}\n"
        "{\"key\": \"\", \"result\": \":c\"}\n");
  // --syntax: keys are terms; "k" in Elixir is the binary <<"k">>.
  CHECK(run_ok({"place", "malachi", "--bits", "8", "--syntax", "elixir", "--vnodes", kRing, "\"k\""}) ==
        "{\"key\": \"\\\"k\\\"\", \"result\": \"{:a,1}\"}\n");
  CHECK(run_ok({"place", "malachi", "--bits", "8", "--syntax", "erlang", "--vnodes", "{a,1}=5, \"x,y\"=100, c=200",
                "<<\"k\">>"}) == "{\"key\": \"<<\\\"k\\\">>\", \"result\": \"{a,1}\"}\n");
  // The default ring is 32 bits; phash2(<<"user:42">>, 2^32) = 677879827.
  CHECK(run_ok({"place", "malachi", "--vnodes", ":lo=677879826,:hi=677879827", "user:42"}) ==
        "{\"key\": \"user:42\", \"result\": \":hi\"}\n");
  // An empty key list routes nothing, even on an empty ring.
  const TempFile none("");
  CHECK(run_ok({"place", "malachi", "--vnodes", "", "--keys", none.path}).empty());
}

TEST_CASE("place malachi: --keys FILE splits at newlines, a blank line is the empty key", "[erlang-cli]") {
  const TempFile keys("k\n\nabc\n");
  CHECK(run_ok({"place", "malachi", "--bits", "8", "--vnodes", kRing, "--keys", keys.path}) ==
        "{\"key\": \"k\", \"result\": \"{:a,1}\"}\n"
        "{\"key\": \"\", \"result\": \":c\"}\n"
        "{\"key\": \"abc\", \"result\": \"{:a,1}\"}\n");
  // No final newline: the last piece is still a key; a \r stays in its key.
  const TempFile crlf("abc\r\nk");
  const std::string out = run_ok({"place", "malachi", "--bits", "8", "--vnodes", kRing, "--keys", crlf.path});
  CHECK(out.rfind("{\"key\": \"abc\\r\", ", 0) == 0);
  CHECK(std::count(out.begin(), out.end(), '\n') == 2);
}

TEST_CASE("place malachi --boundaries: each vnode's arc in token order", "[erlang-cli]") {
  CHECK(run_ok({"place", "malachi", "--bits", "8", "--vnodes", kRing, "--boundaries"}) ==
        "{\"vnode\": \"{:a,1}\", \"start\": 200, \"end\": 5}\n"
        "{\"vnode\": \"\\\"x,y\\\"\", \"start\": 5, \"end\": 100}\n"
        "{\"vnode\": \":c\", \"start\": 100, \"end\": 200}\n");
  CHECK(run_ok({"place", "malachi", "--vnodes", ":only=7", "--boundaries"}) ==
        "{\"vnode\": \":only\", \"start\": 7, \"end\": 7}\n");
  CHECK(run_ok({"place", "malachi", "--vnodes", "", "--boundaries"}).empty());
}

TEST_CASE("place malachi: --vnodes splits at the commas between entries only", "[erlang-cli]") {
  using ringlab::erlang::split_vnodes;
  using ringlab::erlang::Syntax;
  const auto ids = [](std::string_view text, Syntax s) {
    std::vector<std::string> out;
    for (const auto& v : split_vnodes(text, s)) out.push_back(v.id + "|" + v.token);
    return out;
  };
  CHECK(ids("", Syntax::elixir).empty());
  CHECK(ids("  ", Syntax::elixir).empty());
  CHECK(ids("{:a,1}=5,\"x,y\"=6, %{1 => 2, 3 => 4}=7 , ?,=8", Syntax::elixir) ==
        std::vector<std::string>{"{:a,1}|5", "\"x,y\"|6", "%{1 => 2, 3 => 4}|7", "?,|8"});
  CHECK(ids("\"a=1,b\"=2,?==3", Syntax::elixir) == std::vector<std::string>{"\"a=1,b\"|2", "?=|3"});
  CHECK(ids("{a,'b,c'}=1,#{k => <<1,2>>}=2,$,=3,\"=,\"=4", Syntax::erlang) ==
        std::vector<std::string>{"{a,'b,c'}|1", "#{k => <<1,2>>}|2", "$,|3", "\"=,\"|4"});
}

TEST_CASE("place malachi: errors", "[erlang-cli]") {
  check_error({"place"}, "place needs a system: malachi");
  check_error({"place", "ring"}, "unknown system \"ring\" for place: use malachi");
  check_error({"place", "malachi", "k"}, "place malachi needs --vnodes ID=TOKEN,ID=TOKEN,...");
  check_error({"place", "malachi", "--bits", "0", "--vnodes", ":a=1", "k"}, "--bits must be between 1 and 32, got 0");
  check_error({"place", "malachi", "--bits", "2.5", "--vnodes", ":a=1", "k"}, "--bits must be a safe integer, got 2.5");
  check_error({"place", "malachi", "--vnodes", ":a=1,", "k"}, "--vnodes entry 2 must be ID=TOKEN, got \"\"");
  check_error({"place", "malachi", "--vnodes", ":a", "k"}, "--vnodes entry 1 must be ID=TOKEN, got \":a\"");
  check_error({"place", "malachi", "--bits", "8", "--vnodes", ":a=256", "k"},
              "token must be between 0 and 255, got 256");
  check_error({"place", "malachi", "--vnodes", ":a=5,:b=5", "k"}, "token 5 is held by vnode :a");
  check_error({"place", "malachi", "--vnodes", ":a=5,:a=6", "k"}, "vnode :a is already on the ring");
  check_error({"place", "malachi", "--vnodes", "", "k"}, "the ring has no vnodes");
  check_error({"place", "malachi", "--vnodes", ":a=1", "--syntax", "erlang", "k"},
              "--vnodes entry 1: invalid Erlang term: expected a term, got ':' at column 1");
  check_error({"place", "malachi", "--vnodes", "a=1", "--syntax", "erlang", "ok", "{"},
              "key 2: invalid Erlang term: expected a term, got end of text at column 2");
  check_error({"place", "malachi", "--vnodes", ":a=1", "\xff"}, "key 1 is not valid UTF-8");
  check_error({"place", "malachi", "--vnodes", ":a=1", "--keys", "/nonexistent/k.txt"},
              "cannot read --keys file \"/nonexistent/k.txt\"");
  // A folder opens but does not read: an error, not an empty list of keys.
  const std::string folder = std::filesystem::temp_directory_path().string();
  check_error({"place", "malachi", "--vnodes", ":a=1", "--keys", folder}, "cannot read --keys file \"" + folder + "\"");
  check_error({"place", "malachi", "--vnodes", ":a=1"}, "place malachi needs keys: --keys FILE or KEY...");
  check_error({"place", "malachi", "--vnodes", ":a=1", "--keys", "f", "k"},
              "place malachi takes --keys FILE or KEY..., not both");
  check_error({"place", "malachi", "--vnodes", ":a=1", "--boundaries", "k"}, "--boundaries takes no keys");
  check_error({"place", "malachi", "--vnodes", ":a=1", "--range", "8", "k"},
              "unknown flag --range for place malachi (see ringlab --help)");
}

TEST_CASE("without the Erlang commands, run_cli names them as missing", "[erlang-cli]") {
  for (const std::string cmd : {"phash2", "place"}) {
    const CliResult r = ringlab::run_cli({cmd, "x"});
    CHECK(r.exit_code == 2);
    CHECK(r.err == "ringlab: " + cmd + " is not in this build (the native CLI has it)\n");
  }
  CHECK(ringlab::cli_help().find("phash2") == std::string::npos);
  const std::string help = ringlab::cli_help(ringlab::erlang::cli_commands());
  CHECK(help.find("  ringlab phash2 [flags] TERM...") != std::string::npos);
  CHECK(help.find("    --bits B       the ring is [0, 2^B) (1 to 32; default 32)") != std::string::npos);
  CHECK(help.find("    --range N      phash2(TERM, N): a hash in 0 .. N-1 (1 to 4294967296)") != std::string::npos);
  CHECK(run_ok({"--help"}) == help);
}

}  // namespace test_erlang_cli
