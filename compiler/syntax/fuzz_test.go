package syntax

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

// fuzzSeeds returns the sources of the fixtures and of testdata/fuzz/seeds/*.wgsl.
func fuzzSeeds(f *testing.F) [][]byte {
	var seeds [][]byte
	for _, fx := range loadFixtures(f) {
		for _, src := range fx.sources() {
			seeds = append(seeds, src.Data)
		}
	}
	paths, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "seeds", "*.wgsl"))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, b)
	}
	return seeds
}

// watchdog crashes the process when one input takes more than a few seconds, so the fuzzer
// records hangs as failures with their input. Call the returned function when done.
func watchdog(src []byte) func() {
	done := make(chan struct{})
	go func() {
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			panic(fmt.Sprintf("input takes more than 5s: %q", src))
		}
	}()
	return func() { close(done) }
}

func checkDiagSpans(t *testing.T, src []byte, diags diag.List) {
	for _, d := range diags {
		if d.Span.Start < 0 || d.Span.End < d.Span.Start || int(d.Span.End) > len(src) {
			t.Fatalf("diagnostic span %v outside the file (len %d): %s", d.Span, len(src), d.Error())
		}
		if strings.Contains(d.Message, "internal error") {
			t.Fatalf("%s", d.Message)
		}
	}
}

func FuzzScan(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		defer watchdog(src)()
		for _, d := range []Dialect{DialectModern, DialectLegacy2021} {
			toks, diags := Scan(diag.NewFile("fuzz.wgsl", src), d)
			checkDiagSpans(t, src, diags)
			if len(toks) == 0 || toks[len(toks)-1].Kind != TokEOF {
				t.Fatal("token list does not end with EOF")
			}
			prev := diag.Pos(0)
			opens := 0
			for _, tok := range toks {
				if tok.Start < prev || tok.End < tok.Start || int(tok.End) > len(src) {
					t.Fatalf("token %v [%d,%d) out of order or outside the file", tok.Kind, tok.Start, tok.End)
				}
				prev = tok.End
				switch tok.Kind {
				case TemplateStart:
					opens++
				case TemplateEnd:
					opens--
				}
				if opens < 0 {
					t.Fatal("template list end without start")
				}
			}
			if opens != 0 && !diags.HasErrors() {
				t.Fatalf("%d template lists without end", opens)
			}
		}
	})
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		defer watchdog(src)()
		checkParseInvariants(t, src)
	})
}

// checkParseInvariants parses src in every dialect and checks what must hold for any
// input: no panic, spans inside the file, Print succeeds, and a clean parse prints as
// modern WGSL that parses cleanly and prints identically (a fixed point).
func checkParseInvariants(t *testing.T, src []byte) {
	t.Helper()
	for _, d := range []Dialect{DialectAuto, DialectModern, DialectLegacy2021} {
		file, diags := Parse(diag.NewFile("fuzz.wgsl", src), Options{Dialect: d})
		checkDiagSpans(t, src, diags)
		InspectFile(file, func(n Node) bool {
			s := n.Span()
			if s.Start < 0 || s.End < s.Start || int(s.End) > len(src) {
				t.Fatalf("%T span %v outside the file (len %d)", n, s, len(src))
			}
			return true
		})
		var out bytes.Buffer
		err := Print(&out, file)
		if diags.HasErrors() || err != nil {
			if err != nil && !errors.Is(err, ErrLegacyConstruct) {
				t.Fatal(err)
			}
			continue
		}
		// A clean parse prints as modern WGSL that parses cleanly and prints the same.
		file2, diags2 := Parse(diag.NewFile("printed.wgsl", out.Bytes()), Options{Dialect: DialectModern})
		if diags2.HasErrors() {
			t.Fatalf("printed form does not parse: %s\n--- input:\n%s\n--- printed:\n%s", errorText(diags2), src, out.String())
		}
		var out2 bytes.Buffer
		if err := Print(&out2, file2); err != nil {
			t.Fatal(err)
		}
		if out.String() != out2.String() {
			t.Fatalf("printing is not a fixed point:\n--- first:\n%s\n--- second:\n%s", out.String(), out2.String())
		}
	}
}

// TestMutations applies random token-level edits (delete, duplicate, swap) to the fixtures
// and checks the parser invariants on the results: a cheap, deterministic complement to
// the byte-level fuzzer that reaches the printer more often.
func TestMutations(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var sources [][]byte
	for _, fx := range loadFixtures(t) {
		for _, src := range fx.sources() {
			sources = append(sources, src.Data)
		}
	}
	// The spec's examples add variety when the reference material is present.
	if path, err := oracle.LookReference("wgsl/index.bs"); err == nil {
		bs, err := os.ReadFile(path)
		require.NoError(t, err)
		for _, e := range specExamples(string(bs)) {
			sources = append(sources, []byte(wrapSpecExample(e)))
		}
	}
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n; i++ {
		src := sources[rng.Intn(len(sources))]
		toks, comments, _ := scanWithComments(src, 0, DialectModern, nil, DefaultMaxTokens, true, nil)
		toks = toks[:len(toks)-1]
		if len(toks) < 2 {
			continue
		}
		// Tokens and comments in source order; a line comment keeps its line break.
		var pieces []string
		for _, tok := range toks {
			for len(comments) > 0 && comments[0].Start < tok.Start {
				c := string(src[comments[0].Start:comments[0].End])
				if strings.HasPrefix(c, "//") {
					c += "\n"
				}
				pieces = append(pieces, c)
				comments = comments[1:]
			}
			pieces = append(pieces, string(src[tok.Start:tok.End]))
		}
		for edits := 1 + rng.Intn(3); edits > 0; edits-- {
			j := rng.Intn(len(pieces))
			switch rng.Intn(3) {
			case 0:
				pieces = append(pieces[:j], pieces[j+1:]...)
			case 1:
				pieces = append(pieces[:j+1], pieces[j:]...)
			default:
				k := rng.Intn(len(pieces))
				pieces[j], pieces[k] = pieces[k], pieces[j]
			}
			if len(pieces) < 2 {
				break
			}
		}
		checkParseInvariants(t, []byte(strings.Join(pieces, " ")))
	}
}
