// The vectors of DxHash (tests/golden/buckets/dx.tsv), from the reference itself: the class
// DxHash of ChaosD/DxHash's src/DxHash.cpp (the commit docs/algorithms.md#dxhash names), compiled
// with g++ on an x86-64 machine with SSE4.2, whose crc32q is its hash. That repository has no
// licence: nothing of it is in this one, and this program only calls its public methods. Nothing
// of ringlab's is linked either, so each row is what the reference answers.
//
//   git clone https://github.com/ChaosD/DxHash REF && git -C REF checkout acadb66
//   g++ -O2 -msse4.2 -I REF/src -o dx-vectors scripts/golden-buckets/dx-vectors.cpp REF/src/DxHash.cpp
//   ./dx-vectors > tests/golden/buckets/dx.tsv
//
// Each case is built as `ringlab bucket dx` builds it: DxHash(capacity, buckets), the capacity
// the least power of two >= buckets when the options leave it out (the reference's one-argument
// constructor), then its ops in order; an input is the reference's 32-bit key. The histories of
// removals and additions are drawn from a SplitMix64 of a fixed seed, so that a rerun writes the
// same file.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "DxHash.h"

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

struct Case {
  std::uint32_t buckets;
  std::uint32_t capacity;  // 0: left to its default
  std::string ops;         // as --ops takes them
  std::vector<std::uint32_t> inputs;
};

std::uint32_t default_capacity(std::uint32_t buckets) {
  std::uint32_t size = 1;
  while (size < buckets) size <<= 1;
  return size;
}

// The reference built as the case says, its ops applied. An addition that finds no free bucket
// (the reference then writes outside its array) stops the program: no case may need one.
DxHash* built(const Case& c) {
  DxHash* dx = new DxHash(c.capacity == 0 ? default_capacity(c.buckets) : c.capacity, c.buckets);
  std::size_t at = 0;
  while (at < c.ops.size()) {
    std::size_t end = c.ops.find(',', at);
    if (end == std::string::npos) end = c.ops.size();
    const std::string op = c.ops.substr(at, end - at);
    if (op == "add") {
      if (dx->updateAddition() == 0xFFFFFFFFu) {
        std::fprintf(stderr, "dx-vectors: an addition found no free bucket\n");
        std::exit(1);
      }
    } else {
      dx->updateRemoval(static_cast<std::uint32_t>(std::stoul(op.substr(7))));
    }
    at = end + 1;
  }
  return dx;
}

void run(const Case& c) {
  DxHash* dx = built(c);
  std::string options = "buckets=" + std::to_string(c.buckets);
  if (c.capacity != 0) options += ",capacity=" + std::to_string(c.capacity);
  for (const std::uint32_t x : c.inputs) {
    std::uint32_t probes = 0;
    std::printf("%s\t%s\t%u\t%u\n", options.c_str(), c.ops.c_str(), x, dx->getNodeID(x, &probes));
  }
  delete dx;
}

// A history of `steps` changes from `buckets` live of `capacity`: each a removal of a random live
// bucket (while more than one is live) with probability remove_percent, else an addition. The
// additions' buckets are the reference's to choose, so the history is run on it as it is drawn.
std::string history(SplitMix64& random, std::uint32_t capacity, std::uint32_t buckets, int steps,
                    std::uint32_t remove_percent) {
  DxHash dx(capacity, buckets);
  std::vector<std::uint32_t> live;
  for (std::uint32_t b = 0; b < buckets; ++b) live.push_back(b);
  std::string ops;
  for (int i = 0; i < steps; ++i) {
    if (!ops.empty()) ops += ',';
    if (live.size() > 1 && random.below(100) < remove_percent) {
      const std::uint32_t at = random.below(static_cast<std::uint32_t>(live.size()));
      dx.updateRemoval(live[at]);
      ops += "remove:" + std::to_string(live[at]);
      live.erase(live.begin() + at);
    } else {
      const std::uint32_t b = dx.updateAddition();
      if (b == 0xFFFFFFFFu) {
        std::fprintf(stderr, "dx-vectors: an addition found no free bucket\n");
        std::exit(1);
      }
      live.push_back(b);
      ops += "add";
    }
  }
  return ops;
}

// Inputs: the integers a test reaches for first, then random 32-bit ones.
std::vector<std::uint32_t> inputs(SplitMix64& random, int count) {
  std::vector<std::uint32_t> out = {0, 1, 2, 42, 599759890, 0x80000000u, 0xffffffffu};
  while (static_cast<int>(out.size()) < count) out.push_back(static_cast<std::uint32_t>(random.next()));
  out.resize(count);
  return out;
}

// The first `count` inputs from 0 up for which the reference answers 0xFFFFFFFF (it gives up
// after 4 x size - 1 probes of dead buckets), then as many that it places.
std::vector<std::uint32_t> given_up(const Case& c, int count) {
  DxHash* dx = built(c);
  std::vector<std::uint32_t> lost, placed;
  for (std::uint32_t x = 0; static_cast<int>(lost.size()) < count || static_cast<int>(placed.size()) < count; ++x) {
    std::uint32_t probes = 0;
    auto& into = dx->getNodeID(x, &probes) == 0xFFFFFFFFu ? lost : placed;
    if (static_cast<int>(into.size()) < count) into.push_back(x);
  }
  delete dx;
  lost.insert(lost.end(), placed.begin(), placed.end());
  return lost;
}

}  // namespace

int main() {
  SplitMix64 random{20261204};
  std::printf("options\tops\tinput\tbucket\n");
  // The reference's own harness keys, key_i = i * 421757 + 1, and the raw inputs 0 .. 15, at 16
  // slots, 12 live, then 3 and 7 removed; then one addition, which takes bucket 7.
  Case example{12, 16, "remove:3,remove:7", {}};
  for (std::uint32_t i = 0; i < 16; ++i) example.inputs.push_back(static_cast<std::uint32_t>(i * 421757ull + 1));
  for (std::uint32_t i = 0; i < 16; ++i) example.inputs.push_back(i);
  run(example);
  run({12, 16, "remove:3,remove:7,add", inputs(random, 8)});
  // The default capacity (the least power of two >= buckets), a capacity of another size, and one
  // bucket of one.
  run({12, 0, "", inputs(random, 8)});
  run({1000, 0, "", inputs(random, 10)});
  run({10, 12, "", inputs(random, 8)});
  run({1, 1, "", inputs(random, 4)});
  // Full: an addition grows the slots to the least power of two above the live buckets (doubling
  // from a power of two), and most inputs move.
  run({16, 0, "add", inputs(random, 10)});
  run({12, 12, "add,add", inputs(random, 8)});
  run({1, 1, "add,add,add", inputs(random, 6)});
  // One live bucket of 64: the reference gives up on some inputs.
  run({1, 64, "", given_up({1, 64, "", {}}, 3)});
  // Random histories: mostly removals, then mostly additions past the first capacity.
  run({60, 100, history(random, 100, 60, 40, 70), inputs(random, 16)});
  run({700, 1024, history(random, 1024, 700, 30, 50), inputs(random, 12)});
  run({20, 32, history(random, 32, 20, 30, 50), inputs(random, 16)});
  return 0;
}
