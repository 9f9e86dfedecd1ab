// Package gencheck keeps committed wgslgen output up to date: a test calls Check on its
// package directory, which runs every wgslgen //go:generate line there again, in the test's
// process, with -check, and fails when a generated file is missing or stale.
//
//	func TestGenerated(t *testing.T) { gencheck.Check(t, ".") }
//
// It recognises the lines that run wgslgen as
//
//	//go:generate go run github.com/wgslgo/wgslgo/tools/wgslgen ARGS...
//	//go:generate go tool wgslgen ARGS...
//	//go:generate go tool github.com/wgslgo/wgslgo/tools/wgslgen ARGS...
//	//go:generate wgslgen ARGS...
//
// and runs the wgslgen of the module version the test builds with: the one go.mod names,
// as go generate does with go run and go tool. No network and no cgo are involved, and no go
// command either unless a wesl.toml names a shader library by Go module (then `go list -m`
// finds it, offline, as wgslgen does), so the check works in any test environment, Bazel's
// sandbox included (with the shaders and generated files in the test's data).
package gencheck

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/wgslgo/wgslgo/gen/wgslgen"
)

// Line is a wgslgen //go:generate line.
type Line = wgslgen.Line

// Lines returns the wgslgen //go:generate lines of the non-test Go files in dir, in file
// and line order (see wgslgen.Lines).
func Lines(dir string) ([]Line, error) { return wgslgen.Lines(dir) }

// Check runs each wgslgen //go:generate line of dir (see Lines) with -check added, as go
// generate would run it (in dir, for the line's package), and fails t if wgslgen reports
// stale or missing files or anything else, or if there is no such line.
func Check(t testing.TB, dir string) {
	t.Helper()
	problems, err := check(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// check runs wgslgen -check for every line of dir and returns what it reports.
func check(dir string) ([]string, error) {
	lines, err := Lines(dir)
	if err != nil {
		return nil, err
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("gencheck: no //go:generate line running wgslgen in %s", dir)
	}
	var problems []string
	for _, l := range lines {
		if err := l.PlainArgs(); err != nil {
			return nil, fmt.Errorf("gencheck: %s:%d: %v", l.File, l.Line, err)
		}
		var out bytes.Buffer
		if code := wgslgen.RunIn(dir, l.Package, append([]string{"-check"}, l.Args...), &out); code != wgslgen.ExitOK {
			problems = append(problems, fmt.Sprintf("%s: wgslgen -check %s: exit status %d\n%s", l.File, strings.Join(l.Args, " "), code, out.String()))
		}
	}
	return problems, nil
}
