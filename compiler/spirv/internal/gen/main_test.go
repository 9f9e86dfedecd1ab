package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/wgslgo/wgslgo/internal/oracle"
)

// TestCommittedOutputUpToDate regenerates the tables in memory and compares
// them with the committed files. Without the grammar, or with another
// revision of it than the committed tables came from (their first line names
// it), it skips, or fails under CI=true.
func TestCommittedOutputUpToDate(t *testing.T) {
	dir, err := findGrammarDir()
	if err != nil {
		oracle.Missing(t, "%v", err)
	}
	files, err := generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		committed, err := os.ReadFile(filepath.Join("..", "..", f.name))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(committed, f.src) {
			continue
		}
		if firstLine(committed) != firstLine(f.src) {
			oracle.Missing(t, "the grammar in %s is another revision than the committed tables' (%q vs %q)", dir, firstLine(f.src), firstLine(committed))
		}
		t.Errorf("%s is stale: run go generate ./compiler/spirv", f.name)
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	dir, err := findGrammarDir()
	if err != nil {
		oracle.Missing(t, "%v", err)
	}
	a, err := generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	b, err := generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	for i := range a {
		if !bytes.Equal(a[i].src, b[i].src) {
			t.Errorf("%s differs between two runs", a[i].name)
		}
	}
}

// TestSystemGrammars checks that every installed grammar, including older
// revisions (which list aliases as duplicate opcodes), generates.
func TestSystemGrammars(t *testing.T) {
	for _, dir := range systemGrammarDirs {
		if !fileExists(filepath.Join(dir, coreFile)) || !fileExists(filepath.Join(dir, glslFile)) {
			continue
		}
		if _, err := generate(dir); err != nil {
			t.Errorf("%s: %v", dir, err)
		}
	}
}

func firstLine(b []byte) string {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return string(b[:i])
	}
	return string(b)
}
