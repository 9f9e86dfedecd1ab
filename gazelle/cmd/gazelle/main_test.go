package main

import (
	"bytes"
	"errors"
	"flag"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/bazelbuild/bazel-gazelle/testtools"

	goldenpkg "github.com/wgslgo/wgslgo/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the expected files of testdata from this gazelle's output")

// TestGolden runs this gazelle over each tree of testdata/ (Gazelle's generation-test layout:
// BUILD.in files are the BUILD files before, BUILD.out files those expected after; the other
// files as they are, but NAME.go.txt, which is NAME.go (a Go file gofmt must not read, as one
// that does not parse); arguments.txt: the arguments, one a line; expected_stderr.txt: the
// log, with the tree's path as %WORKSPACE%). Every BUILD file written must be expected; a
// second run must change nothing.
func TestGolden(t *testing.T) {
	cases, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Name(), func(t *testing.T) { golden(t, filepath.Join("testdata", c.Name())) })
	}
}

func golden(t *testing.T, dir string) {
	var inputs, want []testtools.FileSpec
	args := []string{}
	wantStderr := ""
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, dir+string(filepath.Separator)))
		switch {
		case rel == "arguments.txt":
			args = strings.Fields(string(data))
		case rel == "expected_stderr.txt":
			wantStderr = string(data)
		case strings.HasSuffix(rel, ".in"):
			inputs = append(inputs, testtools.FileSpec{Path: strings.TrimSuffix(rel, ".in") + ".bazel", Content: string(data)})
		case strings.HasSuffix(rel, ".out"):
			want = append(want, testtools.FileSpec{Path: strings.TrimSuffix(rel, ".out") + ".bazel", Content: string(data)})
		default:
			if strings.HasSuffix(rel, ".go.txt") {
				rel = strings.TrimSuffix(rel, ".txt")
			}
			inputs = append(inputs, testtools.FileSpec{Path: rel, Content: string(data)})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	ws, cleanup := testtools.CreateFiles(t, inputs)
	defer cleanup()

	stderr, err := runLogged(ws, append([]string{"-repo_root", ws}, args...))
	if err != nil {
		t.Fatalf("gazelle: %v\n%s", err, stderr)
	}
	stderr = strings.ReplaceAll(stderr, ws, "%WORKSPACE%")
	if *update {
		rewrite(t, dir, ws, stderr)
		return
	}
	if !goldenpkg.Off() {
		if stderr != wantStderr {
			t.Errorf("gazelle's log:\n%s\nwant:\n%s", stderr, wantStderr)
		}
		testtools.CheckFiles(t, ws, want)
		expected := map[string]bool{}
		for _, f := range want {
			expected[f.Path] = true
		}
		for _, path := range buildFiles(t, ws) {
			if !expected[path] {
				t.Errorf("unexpected %s", path)
			}
		}
	}

	// A second run finds nothing to change.
	if stderr, err := runLogged(ws, append([]string{"-repo_root", ws, "-mode", "diff"}, args...)); err != nil {
		t.Errorf("a second run would change the BUILD files: %v\n%s", err, stderr)
	}
}

// runLogged runs the command in wd with args, and returns its log.
func runLogged(wd string, args []string) (string, error) {
	var logged, stdout bytes.Buffer
	log.SetOutput(&logged)
	log.SetFlags(0)
	defer log.SetOutput(os.Stderr)
	err := run(wd, args, &stdout)
	if errors.Is(err, errDiff) {
		return stdout.String(), err
	}
	return logged.String(), err
}

// buildFiles returns the BUILD.bazel files under dir, relative to it.
func buildFiles(t *testing.T, dir string) []string {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Name() == "BUILD.bazel" {
			rel, _ := filepath.Rel(dir, path)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

// rewrite writes the BUILD files gazelle wrote in ws as the .out files of the case in dir,
// and its log as expected_stderr.txt.
func rewrite(t *testing.T, dir, ws, stderr string) {
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".out") {
			err = os.Remove(path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range buildFiles(t, ws) {
		data, err := os.ReadFile(filepath.Join(ws, path))
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, strings.TrimSuffix(filepath.FromSlash(path), ".bazel")+".out")
		if err := os.WriteFile(out, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	name := filepath.Join(dir, "expected_stderr.txt")
	if stderr == "" {
		os.Remove(name)
		return
	}
	if err := os.WriteFile(name, []byte(stderr), 0o644); err != nil {
		t.Fatal(err)
	}
}
