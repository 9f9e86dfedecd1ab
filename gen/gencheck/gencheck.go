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
// as go generate does with go run and go tool. No go command, no network and no cgo are
// involved, so the check works in any test environment, Bazel's sandbox included (with the
// shaders and generated files in the test's data).
package gencheck

import (
	"bufio"
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/wgslgo/wgslgo/gen/wgslgen"
)

// commands are the ways a //go:generate line runs wgslgen.
var commands = []string{
	"go run github.com/wgslgo/wgslgo/tools/wgslgen ",
	"go tool github.com/wgslgo/wgslgo/tools/wgslgen ",
	"go tool wgslgen ",
	"wgslgen ",
}

// Line is a wgslgen //go:generate line.
type Line struct {
	File    string // the Go file's base name, go generate's $GOFILE
	Package string // its package, $GOPACKAGE
	Args    []string
}

// Lines returns the wgslgen //go:generate lines of the non-test Go files in dir, in file
// and line order.
func Lines(dir string) ([]Line, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var lines []Line
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.PackageClauseOnly)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(bytes.NewReader(src))
		for sc.Scan() {
			text, ok := strings.CutPrefix(sc.Text(), "//go:generate ")
			if !ok {
				continue
			}
			for _, c := range commands {
				if args, ok := strings.CutPrefix(strings.TrimSpace(text)+" ", c); ok {
					lines = append(lines, Line{File: filepath.Base(name), Package: f.Name.Name, Args: strings.Fields(args)})
					break
				}
			}
		}
	}
	return lines, nil
}

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
		for _, a := range l.Args {
			if strings.ContainsAny(a, "\"'`$") {
				return nil, fmt.Errorf("gencheck: %s: only plain arguments are understood, not %s", l.File, a)
			}
		}
		var out bytes.Buffer
		if code := wgslgen.RunIn(dir, l.Package, append([]string{"-check"}, l.Args...), &out); code != wgslgen.ExitOK {
			problems = append(problems, fmt.Sprintf("%s: wgslgen -check %s: exit status %d\n%s", l.File, strings.Join(l.Args, " "), code, out.String()))
		}
	}
	return problems, nil
}
