// The vectors of AnchorHash (tests/golden/buckets/anchor.tsv), from the reference itself:
// cpp-anchorhash's AnchorHashQre (MIT licence; the commit docs/algorithms.md#anchorhash names)
// compiled with g++ on an x86-64 machine with SSE4.2, whose crc32q is its hash. Nothing of
// ringlab's is linked: the cases below are written for the reference's own calls, and each row
// is what it answers.
//
//   git clone https://github.com/anchorhash/cpp-anchorhash REF && git -C REF checkout 3ef98f0
//   g++ -O2 -msse4.2 -I REF -o anchor-vectors scripts/golden-buckets/anchor-vectors.cpp REF/AnchorHashQre.cpp
//   ./anchor-vectors > tests/golden/buckets/anchor.tsv
//
// Each case is built as `ringlab bucket anchor` builds it: capacity a (2 x buckets when the
// options leave it out), buckets 0 .. w - 1 working, then its ops in order; a u64 input is the
// reference's key1, with key2 = 0. The histories of removals and additions are drawn from a
// SplitMix64 of a fixed seed, a removal among the working buckets, an addition while any is
// removed, so that a rerun writes the same file.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "AnchorHashQre.hpp"

namespace {

struct SplitMix64 {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }
};

// One case: the reference built with (a, w), ops applied, each input's bucket printed.
struct Case {
  std::uint32_t buckets;
  std::uint32_t capacity;  // 0: left to its default, 2 x buckets
  std::string ops;         // as --ops takes them
  std::vector<std::uint64_t> inputs;
};

void run(const Case& c) {
  const std::uint32_t a = c.capacity == 0 ? 2 * c.buckets : c.capacity;
  AnchorHashQre anchor(a, c.buckets);
  std::size_t at = 0;
  while (at < c.ops.size()) {
    std::size_t end = c.ops.find(',', at);
    if (end == std::string::npos) end = c.ops.size();
    const std::string op = c.ops.substr(at, end - at);
    if (op == "add") anchor.UpdateNewBucket();
    else anchor.UpdateRemoval(static_cast<std::uint32_t>(std::stoul(op.substr(7))));
    at = end + 1;
  }
  std::string options = "buckets=" + std::to_string(c.buckets);
  if (c.capacity != 0) options += ",capacity=" + std::to_string(c.capacity);
  for (const std::uint64_t x : c.inputs)
    std::printf("%s\t%s\t%llu\t%u\n", options.c_str(), c.ops.c_str(), static_cast<unsigned long long>(x),
                anchor.ComputeBucket(x, 0));
}

// A history of `steps` changes from (a, w): each a removal of a random working bucket (while more
// than one works) with probability remove_percent, else the addition of the last removed one
// (while any is removed).
std::string history(SplitMix64& random, std::uint32_t a, std::uint32_t w, int steps, std::uint32_t remove_percent) {
  std::vector<std::uint32_t> working, removed;
  for (std::uint32_t b = 0; b < w; ++b) working.push_back(b);
  for (std::uint32_t b = a; b-- > w;) removed.push_back(b);
  std::string ops;
  for (int i = 0; i < steps; ++i) {
    const bool remove = removed.empty() || (working.size() > 1 && random.below(100) < remove_percent);
    if (!ops.empty()) ops += ',';
    if (remove) {
      const std::uint32_t at = random.below(static_cast<std::uint32_t>(working.size()));
      const std::uint32_t b = working[at];
      working.erase(working.begin() + at);
      removed.push_back(b);
      ops += "remove:" + std::to_string(b);
    } else {
      working.push_back(removed.back());
      removed.pop_back();
      ops += "add";
    }
  }
  return ops;
}

// Inputs: the integers a test reaches for first, then random 64-bit ones.
std::vector<std::uint64_t> inputs(SplitMix64& random, int count) {
  std::vector<std::uint64_t> out = {0, 1, 2, 42, 599759890, 0x8000000000000000ull, 0xffffffffffffffffull};
  while (static_cast<int>(out.size()) < count) out.push_back(random.next());
  out.resize(count);
  return out;
}

}  // namespace

int main() {
  SplitMix64 random{20261203};
  std::printf("options\tops\tinput\tbucket\n");
  // The reference's example: a = 16, w = 12, then 3, 7 and 11 removed; inputs 0 .. 15.
  Case example{12, 16, "remove:3,remove:7,remove:11", {}};
  for (std::uint64_t k = 0; k < 16; ++k) example.inputs.push_back(k);
  run(example);
  // The default capacity (2 x buckets), nothing removed since, and one bucket of one.
  run({10, 0, "", inputs(random, 12)});
  run({7, 7, "", inputs(random, 10)});
  run({1, 1, "", inputs(random, 4)});
  // Additions past the first working buckets, one removal between them.
  run({3, 8, "add,add,add,remove:1,add", inputs(random, 12)});
  // Down to one working bucket: every input on the survivor.
  run({6, 9, "remove:0,remove:5,remove:2,remove:4,remove:1", inputs(random, 8)});
  // Random histories: mostly removals, then mostly additions, then a capacity far above the
  // working buckets, where a lookup may pass through many removed buckets.
  run({50, 64, history(random, 64, 50, 30, 70), inputs(random, 20)});
  run({150, 200, history(random, 200, 150, 60, 50), inputs(random, 20)});
  run({16, 100, history(random, 100, 16, 25, 30), inputs(random, 20)});
  run({3, 65536, history(random, 65536, 3, 6, 50), inputs(random, 12)});
  return 0;
}
