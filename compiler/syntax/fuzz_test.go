package syntax

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wgslgo/wgslgo/compiler/diag"
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
	})
}
