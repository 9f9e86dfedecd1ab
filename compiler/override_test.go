package compiler_test

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

var (
	overrideLine = regexp.MustCompile(`(?m)^// (ok|bad): (.*)$`)
	expectation  = regexp.MustCompile(`(ERROR|NOTE)(?:@:([0-9]+))? "([^"]*)"`)
	caretLine    = regexp.MustCompile(`^\s*\^~*$`)
)

// expected is a diagnostic or note a // ERROR or // NOTE comment announces.
type expected struct {
	kind      string // "error" or "note"
	line, col int    // col 0: any
	msg       string // a substring of the message
}

// TestOverrideChecks compiles each program of testdata/overrides.txtar with the override
// values of its "// ok:" line, to SPIR-V that spirv-val accepts, and with those of its
// "// bad:" line, to exactly the errors and notes its // ERROR and // NOTE comments announce
// (see the archive's comment). Every error prints with its position, source line and caret.
func TestOverrideChecks(t *testing.T) {
	ar, err := txtar.ParseFile("testdata/overrides.txtar")
	require.NoError(t, err)
	for _, f := range ar.Files {
		t.Run(strings.TrimSuffix(f.Name, ".wgsl"), func(t *testing.T) {
			values := map[string]map[string]string{}
			for _, m := range overrideLine.FindAllStringSubmatch(string(f.Data), -1) {
				values[m[1]] = map[string]string{}
				for _, kv := range strings.Fields(m[2]) {
					k, v, ok := strings.Cut(kv, "=")
					require.True(t, ok, "%q is not NAME=VALUE", kv)
					values[m[1]][k] = v
				}
			}
			require.Len(t, values, 2, "want an // ok: and a // bad: line")
			src := compiler.Source{Name: f.Name, Text: f.Data}
			webgpu := strings.Contains(string(f.Data), "\n// options: webgpu-limits\n")

			res, err := compiler.Compile(src, compiler.Options{Overrides: values["ok"], WebGPULimits: webgpu})
			require.NoError(t, err, "with %v", values["ok"])
			spirvval.Check(t, res.SPIRV, "vulkan1.1")

			_, err = compiler.Compile(src, compiler.Options{Overrides: values["bad"], WebGPULimits: webgpu})
			var diags diag.List
			require.ErrorAs(t, err, &diags, "with %v", values["bad"])
			var want []expected
			for i, line := range strings.Split(string(f.Data), "\n") {
				for _, m := range expectation.FindAllStringSubmatch(line, -1) {
					col, _ := strconv.Atoi(m[2])
					want = append(want, expected{strings.ToLower(m[1]), i + 1, col, m[3]})
				}
			}
			var got []expected
			for _, d := range diags {
				p := d.Position()
				got = append(got, expected{d.Severity.String(), p.Line, p.Column, d.Message})
				for _, n := range d.Notes {
					np := n.File.Position(n.Span.Start)
					got = append(got, expected{"note", np.Line, np.Column, n.Message})
				}
				checkPrinted(t, d, f.Data)
			}
			missing, extra := match(want, got)
			assert.Empty(t, missing, "announced but not reported")
			assert.Empty(t, extra, "reported but not announced")
		})
	}
}

// match pairs each announced entry with a reported one of the same kind and line whose
// message contains the announced one, at its column if it gives one, and returns those left
// unpaired on either side.
func match(want, got []expected) (missing, extra []expected) {
	used := make([]bool, len(got))
	for _, w := range want {
		found := false
		for j, g := range got {
			if !used[j] && w.kind == g.kind && w.line == g.line && (w.col == 0 || w.col == g.col) && strings.Contains(g.msg, w.msg) {
				used[j], found = true, true
				break
			}
		}
		if !found {
			missing = append(missing, w)
		}
	}
	for j, g := range got {
		if !used[j] {
			extra = append(extra, g)
		}
	}
	return missing, extra
}

// checkPrinted checks that an error prints as file:line:col: error: message, then the
// source line and a caret under the position.
func checkPrinted(t *testing.T, d *diag.Diagnostic, src []byte) {
	t.Helper()
	var b strings.Builder
	d.Print(&b)
	lines := strings.Split(b.String(), "\n")
	p := d.Position()
	require.GreaterOrEqual(t, len(lines), 3, "%s", b.String())
	assert.Equal(t, fmt.Sprintf("%s:%d:%d: error: %s", d.File.Name, p.Line, p.Column, d.Message), lines[0])
	assert.Equal(t, strings.Split(string(src), "\n")[p.Line-1], lines[1])
	assert.Regexp(t, caretLine, lines[2])
	assert.Equal(t, p.Column-1, strings.Index(lines[2], "^"), "caret column:\n%s", b.String())
}

// TestOverridesOutsideTheShader: with --entry-point, the override-expressions that are not
// part of the kept entry point's shader are not evaluated (spec: "Override-expressions ... will
// be evaluated if and only if E forms part of the shader for the entry point"), so values that
// would make them fail are no error there; they still are for an entry point that uses them.
func TestOverridesOutsideTheShader(t *testing.T) {
	src := compiler.Source{Name: "ep.wgsl", Text: []byte(`override d: i32 = 1;
override q: i32 = 10 / d;
override n: u32 = 4;
override w: u32 = 8 / n;
@group(0) @binding(0) var<storage, read_write> buf: array<i32>;
var<workgroup> tile: array<u32, 16 / n>;
@compute @workgroup_size(1) fn a() { buf[0] = q; }
@compute @workgroup_size(w) fn b() { buf[1] = 2; }
@compute @workgroup_size(1) fn c() { tile[0] = 1u; buf[2] = i32(tile[0]); }
`)}
	values := map[string]string{"d": "0", "n": "0"}
	for _, tc := range []struct {
		entry string
		errs  []string
	}{
		{"a", []string{"division by zero"}},
		{"b", []string{"division by zero"}}, // w = 8 / n sizes b's workgroup
		{"c", []string{"division by zero"}}, // 16 / n sizes the tile c uses
		{"", []string{"division by zero", "division by zero", "division by zero"}},
	} {
		_, err := compiler.Compile(src, compiler.Options{EntryPoint: tc.entry, Overrides: values, Target: "vulkan1.3"})
		var diags diag.List
		require.ErrorAs(t, err, &diags, "entry point %q", tc.entry)
		var got []string
		for _, d := range diags {
			got = append(got, d.Message)
		}
		assert.Len(t, got, len(tc.errs), "entry point %q: %v", tc.entry, got)
		for _, d := range diags {
			assert.Contains(t, d.Message, "division by zero")
		}
	}
	// Only d is 0: b and c do not use q.
	for _, entry := range []string{"b", "c"} {
		res, err := compiler.Compile(src, compiler.Options{EntryPoint: entry, Overrides: map[string]string{"d": "0"}, Target: "vulkan1.3"})
		require.NoError(t, err, "entry point %s", entry)
		spirvval.Check(t, res.SPIRV, "vulkan1.3")
	}
	// Only n is 0: a does not use w or the tile.
	res, err := compiler.Compile(src, compiler.Options{EntryPoint: "a", Overrides: map[string]string{"n": "0"}, Target: "vulkan1.3"})
	require.NoError(t, err)
	spirvval.Check(t, res.SPIRV, "vulkan1.3")
}
