// The vectors of multi-probe consistent hashing (tests/golden/buckets/multiprobe.tsv), from the
// reference itself: dgryski/go-mpchash's mpchash.New and Multi.Hash (the commit
// docs/algorithms.md#multi-probe-consistent-hashing names), with the hash its own compat test
// gives it, dchest/siphash's Hash(seed, 0, b), and its seeds {1, 2}. Nothing of the reference is
// in this repository and nothing of ringlab's is linked here, so each row is what the reference
// answers. Debian's golang-go and golang-siphash-dev (dchest/siphash 1.0.0) run it offline, in
// GOPATH mode, with the reference's mpchash.go copied where GOPATH finds the package:
//
//   mkdir -p GOPATH/src/github.com/dgryski/go-mpchash
//   git -C REF show 7382f34:mpchash.go > GOPATH/src/github.com/dgryski/go-mpchash/mpchash.go
//   GO111MODULE=off GOPATH=GOPATH:/usr/share/gocode go run scripts/golden-buckets/multiprobe-vectors.go \
//     > tests/golden/buckets/multiprobe.tsv
//
// The first case is the reference's compat test: nodes shard-1 .. shard-6000, 21 probes, each node's
// name as a key; its 6000 answers are the lines of the reference's testdata/compat.out, in order.
// The other cases vary the nodes (one, a few, fewer than the reference's bucketing needs, names
// beyond ASCII) and the probes (1 to 1024), with keys beyond ASCII and the empty key.
//
// The options are written as tests/golden/buckets/README.md says: a list's items separated by
// spaces, shard-{1..6000} standing for shard-1 .. shard-6000; a case without probes= is built with
// 21, the reference's test's and ringlab's default.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"github.com/dchest/siphash"
	mpchash "github.com/dgryski/go-mpchash"
)

func siphash64seed(b []byte, s uint64) uint64 { return siphash.Hash(s, 0, b) }

type vectorCase struct {
	nodes      []string
	nodesText  string // as the file writes them
	probes     int
	probesText bool // whether the file writes probes=
	keys       []string
}

// prefix1 .. prefixN, and how the file writes them.
func numbered(prefix string, n int) ([]string, string) {
	var out []string
	for i := 1; i <= n; i++ {
		out = append(out, fmt.Sprintf("%s%d", prefix, i))
	}
	return out, fmt.Sprintf("%s{1..%d}", prefix, n)
}

func listed(names ...string) ([]string, string) { return names, strings.Join(names, " ") }

// Keys of every kind the command line and the package pass: ASCII, UTF-8 of 2, 3 and 4 bytes, the
// empty key, and key0 .. key{n-1}.
func keys(n int) []string {
	out := []string{"", "a", "b", "c", "user:42", "কী:৪২", "😀 x", "shard-1", "Ünïcödé"}
	for i := 0; i < n; i++ {
		out = append(out, fmt.Sprintf("key%d", i))
	}
	return out
}

func main() {
	var cases []vectorCase
	add := func(nodes []string, text string, probes int, probesText bool, ks []string) {
		cases = append(cases, vectorCase{nodes, text, probes, probesText, ks})
	}
	shards, shardsText := numbered("shard-", 6000)
	add(shards, shardsText, 21, false, shards)

	abc, abcText := listed("a", "b", "c")
	for _, k := range []int{1, 2, 21} {
		add(abc, abcText, k, true, keys(40))
	}
	one, oneText := listed("only")
	add(one, oneText, 21, false, keys(10))
	// Fewer than 6 nodes: the reference's buckets of points by prefix are one (a prefix of no bits).
	five, fiveText := numbered("shard-", 5)
	add(five, fiveText, 21, false, keys(60))
	twelve, twelveText := numbered("node-", 12)
	add(twelve, twelveText, 3, true, keys(60))
	hundred, hundredText := numbered("shard-", 100)
	for _, k := range []int{1, 2, 21, 1024} {
		add(hundred, hundredText, k, true, keys(100))
	}
	utf8, utf8Text := listed("নোড-১", "নোড-২", "নোড-৩", "😀", "Ünïcödé")
	add(utf8, utf8Text, 5, true, keys(60))

	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	fmt.Fprintln(w, "options\tops\tinput\tbucket")
	for _, c := range cases {
		m := mpchash.New(c.nodes, siphash64seed, [2]uint64{1, 2}, c.probes)
		options := "nodes=" + c.nodesText
		if c.probesText {
			options += fmt.Sprintf(",probes=%d", c.probes)
		}
		for _, k := range c.keys {
			fmt.Fprintf(w, "%s\t\t%s\t%s\n", options, k, m.Hash(k))
		}
	}
}
