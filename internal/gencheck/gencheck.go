// Package gencheck keeps committed wgslgen output up to date: a test calls Check on its
// package directory, which runs every wgslgen //go:generate line there again with -check.
package gencheck

import (
	"bufio"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Command is how a //go:generate line runs wgslgen.
const Command = "go run github.com/wgslgo/wgslgo/tools/wgslgen"

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
		sc := bufio.NewScanner(strings.NewReader(string(src)))
		for sc.Scan() {
			if args, ok := strings.CutPrefix(sc.Text(), "//go:generate "+Command+" "); ok {
				lines = append(lines, Line{File: filepath.Base(name), Package: f.Name.Name, Args: strings.Fields(args)})
			}
		}
	}
	return lines, nil
}

// Check runs each wgslgen //go:generate line of dir (see Lines) with -check added, as go
// generate would run it (in dir, with GOFILE and GOPACKAGE), and fails t if wgslgen reports
// stale or missing files, or if there is no such line. It skips in -short mode and under
// Bazel, whose sandbox has neither the go command nor this module's sources.
func Check(t testing.TB, dir string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds wgslgen with the go command; skipped in -short mode")
	}
	if os.Getenv("TEST_SRCDIR") != "" {
		t.Skip("builds wgslgen with the go command, which a Bazel sandbox does not have")
	}
	wgslgen, err := build(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	problems, err := check(wgslgen, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// build builds wgslgen from this module into dir.
func build(dir string) (string, error) {
	goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goCmd); err != nil {
		goCmd = "go"
	}
	path := filepath.Join(dir, "wgslgen")
	cmd := exec.Command(goCmd, "build", "-o", path, "github.com/wgslgo/wgslgo/tools/wgslgen")
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build wgslgen: %v\n%s", err, out)
	}
	return path, nil
}

// check runs wgslgen -check for every line of dir and returns what it reports.
func check(wgslgen, dir string) ([]string, error) {
	lines, err := Lines(dir)
	if err != nil {
		return nil, err
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("no //go:generate %s line in %s", Command, dir)
	}
	var problems []string
	for _, l := range lines {
		for _, a := range l.Args {
			if strings.ContainsAny(a, "\"'`$") {
				return nil, fmt.Errorf("%s: gencheck handles plain arguments only, not %s", l.File, a)
			}
		}
		cmd := exec.Command(wgslgen, append([]string{"-check"}, l.Args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFILE="+l.File, "GOPACKAGE="+l.Package)
		if out, err := cmd.CombinedOutput(); err != nil {
			problems = append(problems, fmt.Sprintf("%s: wgslgen -check %s: %v\n%s", l.File, strings.Join(l.Args, " "), err, out))
		}
	}
	return problems, nil
}
