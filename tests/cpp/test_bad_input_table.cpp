// The bad-input table as data (tests/bad-input.json): every row with a command line runs through
// run_cli, which must exit with status 2, print nothing on stdout and print exactly
// "ringlab: " + the row's message with its leading parameter name spelled as the command spells
// it (the file's cliNames). The JavaScript tests run the same rows through the WASM CLI and the
// JS API. The file's cliNames are checked against the parameter table, and every flag of every
// command has a row.
#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "golden.hpp"
#include "ringlab/buckets.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/compare_newer.hpp"
#include "ringlab/digest_newer.hpp"
#include "ringlab/lab.hpp"
#include "ringlab/params.hpp"
#include "ringlab/system_params.hpp"
#include "ringlab/systems/cassandra_plan.hpp"
#include "ringlab/systems/redis_plan.hpp"
#include "ringlab/systems_cli.hpp"

// The file's own namespace: the unity build (CMakeLists.txt here) compiles it in one unit with
// other test files, whose helpers may have the same names.
namespace test_bad_input_table {

namespace {

// ---------------------------------------------------------------------------------------------
// A small JSON reader: enough for the table (objects, arrays, strings, numbers, true/false/null).

struct Json {
  enum class Type { null, boolean, number, string, array, object } type = Type::null;
  bool b = false;
  double n = 0;
  std::string s;
  std::vector<Json> a;
  // An object's members in file order: keys[i] names values[i]. (A vector of pairs would need
  // Json complete here.)
  std::vector<std::string> keys;
  std::vector<Json> values;

  [[nodiscard]] bool is_null() const { return type == Type::null; }
  [[nodiscard]] const Json& operator[](std::string_view key) const {
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (keys[i] == key) return values[i];
    static const Json null;
    return null;
  }
};

class Reader {
 public:
  explicit Reader(std::string_view text) : t_(text) {}

  Json document() {
    Json v = value();
    space();
    if (i_ != t_.size()) fail("trailing text");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("bad-input.json: " + what + " at offset " + std::to_string(i_));
  }
  void space() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\n' || t_[i_] == '\r' || t_[i_] == '\t')) ++i_;
  }
  bool eat(char c) {
    space();
    if (i_ < t_.size() && t_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!eat(c)) fail(std::string("expected '") + c + "'");
  }
  bool word(std::string_view w) {
    if (t_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }

  Json value() {
    space();
    if (i_ >= t_.size()) fail("unexpected end");
    Json v;
    const char c = t_[i_];
    if (c == '{') {
      ++i_;
      v.type = Json::Type::object;
      if (eat('}')) return v;
      do {
        space();
        v.keys.push_back(string());
        expect(':');
        v.values.push_back(value());
      } while (eat(','));
      expect('}');
    } else if (c == '[') {
      ++i_;
      v.type = Json::Type::array;
      if (eat(']')) return v;
      do v.a.push_back(value());
      while (eat(','));
      expect(']');
    } else if (c == '"') {
      v.type = Json::Type::string;
      v.s = string();
    } else if (word("true")) {
      v.type = Json::Type::boolean;
      v.b = true;
    } else if (word("false")) {
      v.type = Json::Type::boolean;
    } else if (word("null")) {
      v.type = Json::Type::null;
    } else {
      const std::size_t from = i_;
      while (i_ < t_.size() && std::string_view("+-0123456789.eE").find(t_[i_]) != std::string_view::npos) ++i_;
      if (i_ == from) fail("unexpected character");
      v.type = Json::Type::number;
      v.n = std::stod(std::string(t_.substr(from, i_ - from)));
    }
    return v;
  }

  std::uint32_t hex4() {
    if (i_ + 4 > t_.size()) fail("short \\u escape");
    const std::uint32_t u = static_cast<std::uint32_t>(std::stoul(std::string(t_.substr(i_, 4)), nullptr, 16));
    i_ += 4;
    return u;
  }

  static void put_utf8(std::string& out, std::uint32_t c) {
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (c >> 18));
      out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }

  std::string string() {
    if (i_ >= t_.size() || t_[i_] != '"') fail("expected a string");
    ++i_;
    std::string out;
    while (true) {
      if (i_ >= t_.size()) fail("unterminated string");
      const char c = t_[i_++];
      if (c == '"') return out;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= t_.size()) fail("unterminated escape");
      const char e = t_[i_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          std::uint32_t c1 = hex4();
          if (c1 >= 0xD800 && c1 <= 0xDBFF && word("\\u")) c1 = 0x10000 + ((c1 - 0xD800) << 10) + (hex4() - 0xDC00);
          put_utf8(out, c1);
          break;
        }
        default: fail("unknown escape");
      }
    }
  }

  std::string_view t_;
  std::size_t i_ = 0;
};

const Json& table() {
  static const Json doc = Reader(golden::read_file("../bad-input.json")).document();
  return doc;
}

// The command a row runs, as cliNames names it: the first argument, with the experiment for run
// and the algorithm for place.
std::string command_of(const std::vector<std::string>& args) {
  if (args.empty()) return "";
  if ((args[0] == "run" || args[0] == "place" || args[0] == "plan") && args.size() > 1) return args[0] + " " + args[1];
  return args[0];
}

// The stated rule: "ringlab: " + message, its leading parameter name (followed by a space)
// replaced by the command's spelling of it.
std::string cli_form(const std::string& message, const std::string& command) {
  const Json& names = table()["cliNames"][command];
  for (std::size_t i = 0; i < names.keys.size(); ++i) {
    const std::string& name = names.keys[i];
    if (message.size() > name.size() && message.compare(0, name.size(), name) == 0 && message[name.size()] == ' ')
      return "ringlab: " + names.values[i].s + message.substr(name.size()) + "\n";
  }
  return "ringlab: " + message + "\n";
}

// The table's JavaScript function behind each command.
const std::map<std::string, std::string_view> kWhere = {
    {"run ring-vs-mod", "ringVsMod"},
    {"run vnode-sweep", "vnodeSweep"},
    {"run hrw-jump", "hrwJump"},
    {"compare", "compare"},
    {"digest", "placementDigest"},
    {"jump", "jump"},
    // The bucket seam's command: its options' rows are the bucket algorithms' (bucket_params.hpp).
    {"bucket", "bucket"},
    // The server seam's command: its values are the placers' rows of the core's table and each
    // server's fields, given as lists.
    {"server", "server"},
    // The lab: its rows are lab.hpp's own (kLabParams).
    {"lab", "lab"},
    // The Erlang library's commands, which the native CLI adds.
    {"phash2", "phash2"},
    {"place malachi", "malachi"},
    // The real systems' (their table functions: the systems' option names).
    {"place redis", "redis"},
    {"place kafka", "kafka"},
    {"place cassandra", "cassandra"},
    {"place guava", "guava"},
    {"place erlang", "phash2"},
    {"place nginx", "nginx"},
    {"place memcached", "memcached"},
    {"place libketama", "libketama"},
    {"place twemproxy", "twemproxy"},
    {"place envoy-ring", "envoyRing"},
    {"place envoy-maglev", "envoyMaglev"},
    // The migration plans: their rows are redis_plan.hpp's own (kPlanParams).
    {"plan redis", "redisPlan"},
    // Kafka's partition-count plans: --partitions is place kafka's row, as N:M.
    {"plan kafka", "kafka"},
    // Cassandra's ring-change plans: the replication factor's row has no flag of its own (it is
    // read inside --strategy), and the core's names (strategy, dc, rack) are the CLI's too.
    {"plan cassandra", "cassandraPlan"},
    // The ring and table systems' plans: place's flags and rows, the change's weight read as an
    // integer and held to the system's own range.
    {"plan memcached", "memcached"},
    {"plan libketama", "libketama"},
    {"plan twemproxy", "twemproxy"},
    {"plan nginx", "nginx"},
    {"plan envoy-ring", "envoyRing"},
    {"plan envoy-maglev", "envoyMaglev"},
};

// A row's files are named from the repository's root (tests/bad-input/...), wherever the suite
// runs.
std::optional<std::string> read_from_root(const std::string& path) {
  if (!path.empty() && path.front() != '/')
    if (std::optional<std::string> text = ringlab::read_file_system(std::string(RINGLAB_GOLDEN_DIR) + "/../../" + path))
      return text;
  return ringlab::read_file_system(path);
}

}  // namespace

TEST_CASE("bad-input table: every command-line row fails as the table says", "[bad-input][cli]") {
  const Json& rows = table()["rows"];
  REQUIRE(rows.a.size() >= 100);
  std::size_t ran = 0;
  for (const Json& row : rows.a) {
    if (row["cli"].is_null()) continue;
    std::vector<std::string> args;
    std::string shown;
    for (const Json& a : row["cli"].a) {
      args.push_back(a.s);
      shown += " " + (a.s.size() > 40 ? a.s.substr(0, 40) + "..." : a.s);
    }
    INFO(row["name"].s << ": ringlab" << shown);
    // As the native CLI runs it: with the Erlang library's and the real systems' commands.
    const ringlab::CliResult r = ringlab::run_cli(args, ringlab::systems::cli_commands(), read_from_root);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == cli_form(row["message"].s, command_of(args)));
    // The error's data: its code, its rule, and its parameter as the command spells it (usage
    // errors have none of them).
    CHECK(r.code == (row["code"].is_null() ? "" : row["code"].s));
    CHECK(r.rule == (row["rule"].is_null() ? "" : row["rule"].s));
    const std::string& param = row["param"].is_null() ? "" : row["param"].s;
    const Json& spelled = table()["cliNames"][command_of(args)][param];
    CHECK(r.param == (spelled.is_null() ? param : spelled.s));
    ++ran;
  }
  CHECK(ran >= 60);
}

TEST_CASE("bad-input table: rows are well formed", "[bad-input]") {
  std::set<std::string> names;
  for (const Json& row : table()["rows"].a) {
    INFO(row["name"].s);
    CHECK(names.insert(row["name"].s).second);
    CHECK_FALSE(row["message"].s.empty());
    // Every error of the core names its rule and parameter ("" for none); usage errors, neither.
    CHECK(row["rule"].type == (row["code"].is_null() ? Json::Type::null : Json::Type::string));
    CHECK(row["param"].type == row["rule"].type);
    CHECK((!row["cli"].is_null() || !row["js"].is_null()));
    // A JavaScript row has a code; only the command line's own usage errors have none.
    if (!row["js"].is_null()) CHECK(row["code"].type == Json::Type::string);
    if (row["code"].type == Json::Type::string) {
      bool known = false;
      for (const std::string_view c :
           {"invalid_argument", "out_of_range", "limit_exceeded", "duplicate_server", "unknown_server",
            "token_out_of_range", "token_taken", "already_present", "not_found", "empty", "invalid_type", "disposed"})
        known = known || row["code"].s == c;
      CHECK(known);
    }
  }
}

TEST_CASE("bad-input table: cliNames are the parameter table's, and every flag has a row", "[bad-input][params]") {
  const Json& cli_names = table()["cliNames"];
  CHECK(cli_names.keys.size() == kWhere.size());
  for (const auto& [command, where] : kWhere) {
    INFO(command);
    std::map<std::string, std::string> expected;
    for (const std::span<const ringlab::ParamSpec> params : {ringlab::params(), ringlab::system_params()})
      for (const ringlab::ParamSpec& p : params)
        if (ringlab::belongs_to(p, where) && !p.flag.empty()) expected[std::string(p.name)] = std::string(p.flag);
    if (command == "bucket") {
      // Its inputs' and options' rows, every option (one an algorithm does not take is refused by
      // its name), the algorithm and --ops.
      for (const ringlab::ParamSpec& p : ringlab::bucket_params()) expected[std::string(p.name)] = std::string(p.flag);
      for (const std::string_view o : ringlab::kBucketOptionNames) expected[std::string(o)] = "--" + std::string(o);
      expected["algorithm"] = "ALGORITHM";
      expected["ops"] = "--ops";
    }
    if (command == "lab")
      for (const ringlab::ParamSpec& p : ringlab::kLabParams) expected[std::string(p.name)] = std::string(p.flag);
    if (command == "compare")  // its newer rows' list, the CLI's own row (compare_newer.hpp)
      for (const ringlab::ParamSpec& p : ringlab::kCompareNewerParams)
        expected[std::string(p.name)] = std::string(p.flag);
    if (command == "digest")  // its newer parts' list, the CLI's own row (digest_newer.hpp)
      for (const ringlab::ParamSpec& p : ringlab::kDigestNewerParams)
        expected[std::string(p.name)] = std::string(p.flag);
    if (command == "plan redis")
      for (const ringlab::ParamSpec& p : ringlab::systems::redis::kPlanParams)
        expected[std::string(p.name)] = std::string(p.flag);
    if (command == "plan cassandra")
      for (const auto& [option, flag] : ringlab::systems::cassandra::kChangeOptionFlags)
        expected[std::string(option)] = std::string(flag);
    if (command == "server") {
      // The servers' names and their fields' lists (a value's rule names the field; the length of
      // the weights' list is the CLI's own rule, of zones' and tokens' the core's, which name no
      // parameter), the placers' rows, --ops, a list of compare's changes, and --preference, a
      // preference list's N (the table's rf).
      expected = {{"algorithm", "ALGORITHM"}, {"servers", "--servers"}, {"weight", "--weights"},
                  {"weights", "--weights"},   {"zone", "--zones"},      {"token", "--tokens"},
                  {"vnodes", "--vnodes"},     {"tableSize", "--table"}, {"epsilon", "--epsilon"},
                  {"bits", "--bits"},         {"change", "--ops"},      {"rf", "--preference"}};
    }
    std::map<std::string, std::string> listed;
    const Json& names = cli_names[command];
    for (std::size_t i = 0; i < names.keys.size(); ++i) listed[names.keys[i]] = names.values[i].s;
    CHECK(listed == expected);
    // At least one bad value of each parameter of the command: a row whose message is about it.
    for (const auto& [name, flag] : expected) {
      INFO(flag);
      bool covered = false;
      for (const Json& row : table()["rows"].a) {
        if (row["cli"].is_null()) continue;
        std::vector<std::string> args;
        for (const Json& a : row["cli"].a) args.push_back(a.s);
        covered = covered || (command_of(args) == command && row["message"].s.rfind(name + " ", 0) == 0);
      }
      CHECK(covered);
    }
  }
}

}  // namespace test_bad_input_table
