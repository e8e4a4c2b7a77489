// `ringlab claims` as --help lists it, apart from the catalogue (claims.cpp): a module without the
// catalogue (the systems WebAssembly module, which answers the Node CLI's --help) lists the
// command with the same words and links none of its code.
#include <string>

#include "cli/support.hpp"
#include "ringlab/claims.hpp"

namespace ringlab {

CliCommand claims_cli_listing() {
  return CliCommand{"claims",
                    "",
                    {cli::usage_line("ringlab claims [--json]", "the chapter's claims, each computed now beside"),
                     std::string(cli::kUsageColumn, ' ') + "the chapter's figure, with a verdict"},
                    "claims (a verdict for each: match, within its tolerance, or differs; --json: an array of\n"
                    "{id, section, claim, chapter, ringlab, tolerance, verdict}):\n" +
                        cli::flag_line("--json", "the catalogue as JSON"),
                    "",
                    {},
                    {}};
}

}  // namespace ringlab
