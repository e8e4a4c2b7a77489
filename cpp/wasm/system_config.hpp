// A real system's configuration from the JavaScript API's typed options, shared by the modules that
// configure one (the systems module's system(), the plans module's ring plans): the option table
// the wrapper checks each value's JavaScript type against, and the core's configure() with its
// usage errors spelled as the package spells its options. One reading of a configuration, the
// core's (placement.hpp), whichever entry point is given it.
#pragma once

#include <emscripten/bind.h>

#include <memory>
#include <string>
#include <vector>

#include "abi.hpp"
#include "ringlab/cli.hpp"
#include "ringlab/error.hpp"
#include "ringlab/systems/placement.hpp"

namespace ringlab::wasm {

// A system's option, from the core's table (placement.hpp): what the wrapper checks a value's
// JavaScript type against, and what the package's declared option types are tested against.
struct SystemOptionOut {
  std::string name;
  std::string flag;      // the command line's flag: "--min-ring" for minRingSize
  std::string type;      // "integer", "text", "list", "choice", "file", "flag"
  std::string choices;   // a choice's names, separated by '|'
  std::string fallback;  // the default as text, "" when none
  double lo = 0;         // an integer's range (0 .. 0 when it has none)
  double hi = 0;
  bool required = false;
};

inline emscripten::val system_option_table(const std::string& name) {
  return guarded([&] {
    emscripten::val out = emscripten::val::array();
    for (const systems::SystemOption& o : systems::system_options(name)) {
      if (o.command_line_only) continue;
      SystemOptionOut e{std::string(o.name), std::string(o.flag), std::string(systems::option_type_name(o.type)),
                        std::string(o.choices), std::string(o.fallback)};
      if (const auto r = systems::option_range(name, o)) {
        e.lo = static_cast<double>(r->lo);
        e.hi = static_cast<double>(r->hi);
        if (r->fallback) e.fallback = std::to_string(*r->fallback);
      }
      e.required = o.required;
      out.call<void>("push", emscripten::val(e));
    }
    return out;
  });
}

// The system configured from typed values (throws ringlab::Error): a usage error is the command
// line's rule, with the call (`system("NAME")`) and the options as the package spells them.
inline std::unique_ptr<systems::Placement> configure_typed(const std::string& name,
                                                           const std::vector<systems::OptionValue>& values) {
  try {
    return systems::configure(name, values);
  } catch (const systems::SystemUsage& u) {
    const auto names = systems::option_names(name);
    const auto spell = [&names](const std::string& flag) {
      for (const auto& [f, option] : names)
        if (f == flag) return option;
      return flag;
    };
    throw Error(ErrorCode::invalid_argument, *u.rule, "", systems::usage_values(u, "system(\"" + name + "\")", spell));
  } catch (const CliUsageError& u) {
    // No typed option makes another usage error; should one arise, it is an error, not a crash.
    throw Error(ErrorCode::invalid_argument, rule::systemUsage, "", {u.message});
  }
}

// RawSystemOption, RawOptionValue and systemOptions(name) (web/lib/src/systems/raw.ts).
inline void register_system_options() {
  emscripten::value_object<SystemOptionOut>("RawSystemOption")
      .field("name", &SystemOptionOut::name)
      .field("flag", &SystemOptionOut::flag)
      .field("type", &SystemOptionOut::type)
      .field("choices", &SystemOptionOut::choices)
      .field("fallback", &SystemOptionOut::fallback)
      .field("lo", &SystemOptionOut::lo)
      .field("hi", &SystemOptionOut::hi)
      .field("required", &SystemOptionOut::required);
  emscripten::value_object<systems::OptionValue>("RawOptionValue")
      .field("name", &systems::OptionValue::name)
      .field("text", &systems::OptionValue::text)
      .field("number", &systems::OptionValue::number)
      .field("on", &systems::OptionValue::on);
  emscripten::function("systemOptions", &system_option_table);
}

}  // namespace ringlab::wasm
