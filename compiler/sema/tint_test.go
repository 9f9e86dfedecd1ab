package sema_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/internal/oracle"
)

// tintDisagreements lists the fixture lines ("fixture:line", or "fixture" for all its
// lines) where Tint's verdict differs from the annotation, because the spec says
// otherwise or because this compiler, unlike Tint's command line, does not assume an
// optional language feature. Each fixture cites the spec too, and COMPATIBILITY.md explains
// the stances. Keep this list short.
var tintDisagreements = map[string]string{
	"extensions/buffer_view_required.wgsl": "Tint's command line assumes the buffer_view language feature, which buffer types need (spec \"Language Extensions\")",
	"layout/uniform_strict.wgsl":           "Tint supports the uniform_buffer_standard_layout language extension, so it skips the uniform layout rules that this checker applies unless the module requires it (spec \"Address Space Layout Constraints\", design.md)",
	"decls/redeclare_local.wgsl:22":        "a for initializer's declaration and one at the top of the body share their end of scope (spec \"For Statement\", example \"Valid and invalid declarations\" i_2); Tint accepts",
	"types/override_arrays.wgsl:41":        "array<i32, (blockSize)> differs from array<i32, blockSize>: only an identifier count makes override-sized arrays the same type (spec \"Array Types\" and its example evens_2); Tint accepts",
	"builtins/bitcast.wgsl:26":             "bitcast<u32>(e: AbstractInt) is the preferred overload for an AbstractInt argument, and -1 does not fit in u32 (spec \"bitcast\", \"Overload Resolution\"); Tint converts -1 to i32",
	"consteval/literals.wgsl:18":           "a suffixed hexadecimal float literal must be exactly representable in its type, however small (spec \"Numeric Literals\"); Tint accepts the values that underflow a 64-bit float, Naga rejects them",
	"exprs/swizzle.wgsl:25":                "a multi-letter swizzle is not a reference, so it cannot be assigned to (spec \"Vector Multiple Component Selection\"); Tint accepts it",
	// The spec's "Limits" are the least every implementation supports; Tint supports more of
	// some, checks others only in Dawn (at pipeline creation) and counts brace nesting its own
	// way. This checker enforces exactly the spec's table (limits.go).
	"limits/composite_nesting.wgsl": "Tint allows composite types 255 deep; the spec's limit is 15",
	"limits/private_memory.wgsl":    "Tint does not limit the private variables of a shader",
	"limits/function_memory.wgsl":   "Tint does not limit the variables of a function",
	"limits/workgroup_memory.wgsl":  "Tint leaves the workgroup storage limit to Dawn's pipeline creation",
	"limits/immediate_size.wgsl":    "Tint leaves the immediate size limit to Dawn's pipeline layout",
	"limits/brace_nesting.wgsl:16":  "Tint counts an if, loop or for statement and its block as two nesting levels, so 127 nested braces of them exceed its limit of 127",
	"limits/brace_nesting.wgsl:18":  "Tint counts a loop statement and its body as two nesting levels",
	"limits/brace_nesting.wgsl:20":  "Tint counts a switch statement, its body and a clause as three nesting levels",
	"limits/brace_nesting.wgsl:22":  "Tint counts an else-if chain as nesting; the grammar makes it a list (if_statement: if_clause else_if_clause* else_clause?)",
	// Beyond the spec's limits a shader compiles for Vulkan with warnings (errors with
	// WebGPULimits); Tint gives no warnings, and limits some counts its own way.
	"vulkan_limits/over_spec_limits.wgsl":               "the spec's limits are warnings for Vulkan targets (spec \"Limits\": an implementation may support more); Tint accepts all but the 128 nested braces, beyond its parser's recursion limit",
	"vulkan_limits/webgpu_api_limits.txtar/webgpu.wgsl": "WebGPU's default API limits, errors with WebGPULimits; Tint leaves them to Dawn's pipeline creation",
	"vulkan_limits/hard_limits.wgsl:10":                 "Tint limits the element count of a workgroup array to 65535, a limit of its own (the spec and Vulkan have none)",
	"vulkan_limits/hard_limits.wgsl:11":                 "Tint limits the element count of a workgroup array to 65535, a limit of its own (the spec and Vulkan have none)",
	"vulkan_limits/hard_limits.wgsl:17":                 "a @location of 2^30 or more is beyond Vulkan's 32-bit component counts (and spirv-val's); Tint accepts any u32",
	"attributes/test.txtar/tests.wgsl":                  "@test is WESL's test function attribute, accepted with the Tests option only (wgslc test, wgsltest); Tint knows no such attribute",
	// Tint leaves pipeline-creation errors to Dawn, even those that no pipeline can avoid.
	"extensions/subgroup_size_multiple.wgsl": "the x dimension of @workgroup_size must be a multiple of @subgroup_size, a pipeline-creation error (spec \"subgroup_size\"); with both const-expressions this checker reports it",
}

// TestTint checks the modern-WGSL fixtures against Tint (Dawn's compiler), line by line:
// Tint reports one error per run, so the test "peels" the fixture — each error Tint reports
// must be on a line annotated with ERROR, which is then blanked and Tint run again — until
// Tint accepts what is left. Every annotated ERROR line must be peeled that way, and the
// warnings Tint gives on what is left must be the annotated ones. So a fixture's erroneous
// constructs must each sit on one line that can be blanked without disturbing the others.
func TestTint(t *testing.T) {
	tint := oracle.Tint.Require(t)
	var (
		mu                      sync.Mutex
		agree, disagree, peeled int
		files                   int
		used                    = map[string]bool{}
		notes                   []string
		ran                     = map[string]bool{}
	)
	t.Run("fixtures", func(t *testing.T) {
		for _, s := range loadSources(t) {
			if s.topic == "legacy2021" {
				continue // Tint rejects the 2021 draft dialect
			}
			t.Run(s.name, func(t *testing.T) {
				t.Parallel()
				r := tintPeel(t, tint, s)
				mu.Lock()
				defer mu.Unlock()
				files++
				ran[s.name] = true
				peeled += r.peeled
				notes = append(notes, r.notes...)
				for k := range r.used {
					used[k] = true
				}
				if len(r.problems) == 0 {
					agree++
					return
				}
				disagree++
				for _, p := range r.problems {
					t.Errorf("%s:%s", s.name, p)
				}
			})
		}
	})
	for k := range tintDisagreements {
		name, _, _ := strings.Cut(k, ":")

		if ran[name] && !used[k] {
			t.Errorf("tintDisagreements[%q] no longer applies: remove it", k)
		}
	}
	if testing.Verbose() {
		sort.Strings(notes)
		for _, n := range notes {
			t.Log(n)
		}
	}
	t.Logf("tint: %d fixtures, %d agree, %d disagree; %d annotated error lines confirmed by tint; %d known disagreements",
		files, agree, disagree, peeled, len(tintDisagreements))
}

type peelResult struct {
	peeled   int
	used     map[string]bool
	problems []string
	// notes are Tint messages that confirm an ERROR line but match none of its
	// annotations: worth a look (the line may fail for another reason), not a failure.
	notes []string
}

func matchesAny(expect []expectation, line int, msg string) bool {
	for _, e := range expect {
		if e.line == line && e.severity == diag.Error && e.matches(msg) {
			return true
		}
	}
	return false
}

var tintDiagRx = regexp.MustCompile(`^(?:.*?:)?(\d+):(\d+) (error|warning): (.*)$`)

type tintDiag struct {
	line     int
	severity diag.Severity
	msg      string
}

// runTint runs tint on text and returns whether it accepted it and its diagnostics.
func runTint(t *testing.T, tint, dir string, text []byte) (bool, []tintDiag) {
	in := filepath.Join(dir, "in.wgsl")
	if err := os.WriteFile(in, text, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tint, "-o", filepath.Join(dir, "out.wgsl"), in)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit) && exit.ExitCode() == 1:
	default:
		t.Fatalf("tint: %v\n%s", err, out)
	}
	var diags []tintDiag
	for _, line := range strings.Split(string(out), "\n") {
		if m := tintDiagRx.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1])
			d := tintDiag{line: n, severity: diag.Error, msg: m[4]}
			if m[3] == "warning" {
				d.severity = diag.Warning
			}
			diags = append(diags, d)
		} else if msg, ok := strings.CutPrefix(line, "error: "); ok {
			diags = append(diags, tintDiag{severity: diag.Error, msg: msg})
		}
	}
	accepted := err == nil
	if !accepted && !hasSeverity(diags, diag.Error) {
		t.Fatalf("tint rejected the fixture without an error message:\n%s", out)
	}
	return accepted, diags
}

func hasSeverity(ds []tintDiag, sev diag.Severity) bool {
	for _, d := range ds {
		if d.severity == sev {
			return true
		}
	}
	return false
}

func tintPeel(t *testing.T, tint string, s *source) peelResult {
	r := peelResult{used: map[string]bool{}}
	dir := t.TempDir()
	lines := bytes.Split(s.text, []byte("\n"))
	errLines, warnLines := map[int]bool{}, map[int]bool{}
	for _, e := range s.expect {
		if e.severity == diag.Error {
			errLines[e.line] = true
		} else {
			warnLines[e.line] = true
		}
	}
	known := func(line int) bool {
		for _, k := range []string{s.name + ":" + strconv.Itoa(line), s.name} {
			if _, ok := tintDisagreements[k]; ok {
				r.used[k] = true
				return true
			}
		}
		return false
	}
	blanked := map[int]bool{}
	for range len(lines) + 1 {
		accepted, diags := runTint(t, tint, dir, bytes.Join(lines, []byte("\n")))
		if !accepted {
			var first tintDiag
			for _, d := range diags {
				if d.severity == diag.Error {
					first = d
					break
				}
			}
			switch {
			case first.line == 0:
				r.problems = append(r.problems, fmt.Sprintf(" tint: %s (no position)", first.msg))
				return r
			case errLines[first.line] && !blanked[first.line]:
				r.peeled++
				if !matchesAny(s.expect, first.line, first.msg) {
					r.notes = append(r.notes, fmt.Sprintf("%s:%d: tint's message %q matches no annotation there", s.name, first.line, first.msg))
				}
			case known(first.line):
			default:
				r.problems = append(r.problems, fmt.Sprintf("%d: tint rejects a line not annotated with ERROR: %s", first.line, first.msg))
				return r
			}
			blanked[first.line] = true
			lines[first.line-1] = nil
			continue
		}
		var missed []int
		for l := range errLines {
			if !blanked[l] && !known(l) {
				missed = append(missed, l)
			}
		}
		sort.Ints(missed)
		for _, l := range missed {
			r.problems = append(r.problems, fmt.Sprintf("%d: annotated ERROR but tint accepts it", l))
		}
		warned := map[int]bool{}
		for _, d := range diags {
			if d.severity == diag.Warning {
				warned[d.line] = true
				if !warnLines[d.line] && !known(d.line) {
					r.problems = append(r.problems, fmt.Sprintf("%d: tint warns (%s) on a line not annotated with WARNING", d.line, d.msg))
				}
			}
		}
		for l := range warnLines {
			if !blanked[l] && !warned[l] && !known(l) {
				r.problems = append(r.problems, fmt.Sprintf("%d: annotated WARNING but tint gives none", l))
			}
		}
		return r
	}
	r.problems = append(r.problems, " tint never accepted the fixture")
	return r
}
