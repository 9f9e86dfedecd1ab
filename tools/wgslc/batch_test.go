package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/internal/corpus"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// The corpus of the project's own shaders (internal/corpus) and how many of them compile to a
// module with an entry point under wgslc's defaults. When shaders are added to or removed
// from the test data these change: check that the new figures are meant, then update them.
const (
	wantCorpus      = 557
	wantCorpusValid = 245
)

// withWorkers makes batches run on n workers for the test, whatever GOMAXPROCS is, so that
// inputs finish out of order even on one core.
func withWorkers(t *testing.T, n int) {
	old := batchWorkers
	batchWorkers = func() int { return n }
	t.Cleanup(func() { batchWorkers = old })
}

// oneFileRun is what a run of wgslc on one input gives: its exit code, its stderr, and the
// bytes of the files it wrote (nil when it wrote none).
type oneFileRun struct {
	code       int
	stderr     string
	spv, json_ []byte
}

// runOneFile runs wgslc on one input, writing into a fresh directory.
func runOneFile(t *testing.T, input string, extra ...string) oneFileRun {
	t.Helper()
	dir := t.TempDir()
	spv, js := filepath.Join(dir, "out.spv"), filepath.Join(dir, "out.json")
	var stderr bytes.Buffer
	code := run(append(append(extra, "-o", spv, "--reflect", js), input), io.Discard, &stderr)
	return oneFileRun{code: code, stderr: stderr.String(), spv: readIfExists(t, spv), json_: readIfExists(t, js)}
}

func readIfExists(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	require.NoError(t, err)
	return data
}

// checkBatch runs wgslc on args as a batch writing into out (both -o and --reflect) and
// checks it against one-file runs of want, the inputs in the order the batch takes them,
// each with the stem of its outputs: the same files, byte for byte, the concatenation of the
// one-file runs' stderr in input order, and the highest of their exit codes; every module
// written passes spirv-val. It returns the one-file runs.
func checkBatch(t *testing.T, args []string, out string, want [][2]string) []oneFileRun {
	t.Helper()
	var stderr bytes.Buffer
	code := run(append([]string{"-o", out + "/", "--reflect", out + "/"}, args...), io.Discard, &stderr)
	var runs []oneFileRun
	var wantStderr strings.Builder
	wantCode := exitOK
	for _, w := range want {
		r := runOneFile(t, w[0])
		runs = append(runs, r)
		wantStderr.WriteString(r.stderr)
		wantCode = max(wantCode, r.code)
		stem := filepath.Join(out, filepath.FromSlash(w[1]))
		if !bytes.Equal(r.spv, readIfExists(t, stem+".spv")) {
			t.Errorf("%s: the batch's %s.spv differs from a one-file run's", w[0], stem)
		}
		if r.spv != nil {
			spirvval.Check(t, wgsl.Words(r.spv))
		}
		if !bytes.Equal(r.json_, readIfExists(t, stem+".json")) {
			t.Errorf("%s: the batch's %s.json differs from a one-file run's", w[0], stem)
		}
	}
	assert.Equal(t, wantCode, code, "exit code")
	assert.Equal(t, wantStderr.String(), stderr.String(), "stderr is the one-file runs' stderr in input order")
	return runs
}

// TestBatchCorpus: a batch over the whole corpus, given as a directory, writes exactly what
// one-file runs write and prints exactly what they print, in input order.
func TestBatchCorpus(t *testing.T) {
	if os.Getenv("TEST_SRCDIR") != "" {
		t.Skip("reads the test data of every package of the source tree, which a Bazel sandbox does not have")
	}
	shaders, err := corpus.Gather("../..")
	require.NoError(t, err)
	require.Equal(t, wantCorpus, len(shaders), "the corpus changed")
	in := filepath.Join(t.TempDir(), "in")
	require.NoError(t, corpus.Write(in, shaders))
	var want [][2]string
	for _, s := range shaders {
		want = append(want, [2]string{filepath.Join(in, filepath.FromSlash(s.Name)), strings.TrimSuffix(s.Name, ".wgsl")})
	}
	withWorkers(t, 8)
	runs := checkBatch(t, []string{in}, filepath.Join(t.TempDir(), "out"), want)

	valid := 0
	for i, r := range runs {
		if r.code != exitOK {
			continue
		}
		m, err := reflect.Unmarshal(r.json_)
		require.NoError(t, err, shaders[i].Name)
		if len(m.EntryPoints) > 0 {
			valid++
		}
	}
	assert.Equal(t, wantCorpusValid, valid, "shaders of the corpus that compile to a module with an entry point")
}

const (
	validShader   = "@group(0) @binding(0) var<storage, read_write> b: array<u32>;\n@compute @workgroup_size(1) fn main() { b[0] = %du; }\n"
	invalidShader = "@compute @workgroup_size(1) fn main() {\n  let x: u32 = -%d;\n}\n"
)

// TestBatchFailuresDoNotStopOthers: an input with errors and one that cannot be read are
// reported in their turn; every other input is still compiled and written. The exit code is
// the highest of the inputs' (1 for errors, 2 for the missing file).
func TestBatchFailuresDoNotStopOthers(t *testing.T) {
	dir := t.TempDir()
	a := writeAt(t, dir, "a.wgsl", fmt.Sprintf(validShader, 1))
	b := writeAt(t, dir, "b.wgsl", fmt.Sprintf(invalidShader, 1))
	c := writeAt(t, dir, "c.wgsl", fmt.Sprintf(validShader, 3))
	missing := filepath.Join(dir, "missing.wgsl")
	withWorkers(t, 3)

	out := filepath.Join(t.TempDir(), "out")
	runs := checkBatch(t, []string{a, b, c}, out, [][2]string{{a, "a"}, {b, "b"}, {c, "c"}})
	assert.Equal(t, []int{exitOK, exitDiags, exitOK}, []int{runs[0].code, runs[1].code, runs[2].code})
	assert.Contains(t, runs[1].stderr, b+":2:16: error:")
	assert.NotNil(t, runs[2].spv, "the input after the failing one is compiled")

	out = filepath.Join(t.TempDir(), "out")
	runs = checkBatch(t, []string{a, missing, b, c}, out, [][2]string{{a, "a"}, {missing, "missing"}, {b, "b"}, {c, "c"}})
	assert.Equal(t, exitUsage, runs[1].code)
	assert.Contains(t, runs[1].stderr, "no such file")
	assert.FileExists(t, filepath.Join(out, "c.spv"))
	assert.NoFileExists(t, filepath.Join(out, "b.spv"))
}

func writeAt(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	return p
}

// TestBatchOrderIsDeterministic: with more workers than cores and inputs of very different
// sizes (so they finish out of order; some large enough, heavyInput, that the batch starts
// them ahead of their turn), every run prints the one-file runs' diagnostics in input order,
// whole.
func TestBatchOrderIsDeterministic(t *testing.T) {
	dir := t.TempDir()
	var args []string
	var want [][2]string
	for i := range 48 {
		name := fmt.Sprintf("s%02d.wgsl", i)
		text := fmt.Sprintf(invalidShader, i)
		switch i % 3 {
		case 1:
			text = fmt.Sprintf(validShader, i)
		case 2: // a larger one, slower to compile
			var sb strings.Builder
			funcs := 10 * i
			if i%12 == 2 {
				funcs = heavyInput/50 + i
			}
			for k := range funcs {
				fmt.Fprintf(&sb, "fn g%d(x: f32) -> f32 { return sin(x) * %d.0; }\n", k, k)
			}
			text = sb.String() + fmt.Sprintf(invalidShader, i)
			if i%12 == 2 {
				require.GreaterOrEqual(t, len(text), heavyInput)
			}
		}
		args = append(args, writeAt(t, dir, name, text))
		want = append(want, [2]string{args[i], strings.TrimSuffix(name, ".wgsl")})
	}
	withWorkers(t, 8)
	var first string
	for round := range 4 {
		out := filepath.Join(t.TempDir(), "out")
		checkBatch(t, args, out, want)
		var stderr bytes.Buffer
		run(append([]string{"--check"}, args...), io.Discard, &stderr)
		if round == 0 {
			first = stderr.String()
			require.Contains(t, first, args[45]+":2:16: error:")
			require.Contains(t, first, fmt.Sprintf("%s:%d:16: error:", args[47], 10*47+2))
			require.Contains(t, first, fmt.Sprintf("%s:%d:16: error:", args[38], heavyInput/50+38+2))
		}
		assert.Equal(t, first, stderr.String(), "round %d", round)
	}
}

// TestBatchNameCollisions: two inputs whose outputs would have the same name (the same base
// name, or names differing only in case) are refused before anything is compiled, with both
// inputs named.
func TestBatchNameCollisions(t *testing.T) {
	dir := t.TempDir()
	a := writeAt(t, dir, "one/shader.wgsl", fmt.Sprintf(validShader, 1))
	b := writeAt(t, dir, "two/shader.wgsl", fmt.Sprintf(validShader, 2))
	c := writeAt(t, dir, "three/Shader.wgsl", fmt.Sprintf(validShader, 3))
	d := writeAt(t, dir, "other.wgsl", fmt.Sprintf(validShader, 4))
	out := filepath.Join(t.TempDir(), "out")
	code, stderr := runWgslc(t, "-o", out+"/", d, a, b, c)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, a+" and "+b+" would both be written to "+filepath.Join(out, "shader.spv"))
	assert.Contains(t, stderr, a+" and "+c+" would both be written to "+filepath.Join(out, "Shader.spv"))
	entries, err := os.ReadDir(out)
	if err == nil {
		assert.Empty(t, entries, "nothing is compiled")
	}

	// Under a directory input, outputs keep their relative paths: no collision.
	code, _ = runWgslc(t, "-o", out+"/", filepath.Join(dir, "one"), filepath.Join(dir, "two"))
	assert.Equal(t, exitUsage, code, "one/ and two/ each give shader.spv")
	code, stderr = runWgslc(t, "-o", out+"/", dir)
	assert.Equal(t, exitOK, code, stderr)
	for _, f := range []string{"one/shader.spv", "two/shader.spv", "three/Shader.spv", "other.spv"} {
		assert.FileExists(t, filepath.Join(out, f))
	}

	// Checking writes nothing, so the same name twice is no collision.
	code, stderr = runWgslc(t, "--check", a, b)
	assert.Equal(t, exitOK, code, stderr)
}

// TestBatchInputs: what a directory, a file and '-' contribute, and the names of the outputs.
func TestBatchInputs(t *testing.T) {
	dir := t.TempDir()
	writeAt(t, dir, "shaders/sub/a.wgsl", fmt.Sprintf(validShader, 1))
	writeAt(t, dir, "shaders/b.wgsl", fmt.Sprintf(validShader, 2))
	writeAt(t, dir, "shaders/.hidden/c.wgsl", fmt.Sprintf(validShader, 3))
	writeAt(t, dir, "shaders/.d.wgsl", fmt.Sprintf(validShader, 4))
	writeAt(t, dir, "shaders/notes.txt", "not a shader")
	comp := writeAt(t, dir, "e.comp", fmt.Sprintf(validShader, 5))
	f := writeAt(t, dir, "f.wgsl", fmt.Sprintf(validShader, 6))
	shaders := filepath.Join(dir, "shaders")

	out := filepath.Join(t.TempDir(), "out")
	checkBatch(t, []string{shaders, comp}, out, [][2]string{
		{filepath.Join(shaders, "b.wgsl"), "b"},
		{filepath.Join(shaders, "sub", "a.wgsl"), "sub/a"},
		{comp, "e.comp"},
	})
	assert.NoDirExists(t, filepath.Join(out, ".hidden"))
	assert.NoFileExists(t, filepath.Join(out, ".d.spv"))

	// '-': paths on standard input, one a line or NUL-separated; a directory there is
	// walked as on the command line.
	for _, list := range []string{
		comp + "\n\n" + shaders + "\r\n" + f,
		comp + "\x00" + shaders + "\x00" + f + "\x00",
	} {
		setStdin(t, list)
		out := filepath.Join(t.TempDir(), "out")
		checkBatch(t, []string{"-"}, out, [][2]string{
			{comp, "e.comp"},
			{filepath.Join(shaders, "b.wgsl"), "b"},
			{filepath.Join(shaders, "sub", "a.wgsl"), "sub/a"},
			{f, "f"},
		})
	}

	// One input: -o naming a directory makes it a batch; '-' then reads a list.
	setStdin(t, f+"\n")
	out = filepath.Join(t.TempDir(), "out")
	checkBatch(t, []string{"-"}, out, [][2]string{{f, "f"}})
	out = filepath.Join(t.TempDir(), "out")
	checkBatch(t, []string{f}, out, [][2]string{{f, "f"}})

	// An empty directory or list is an empty batch.
	empty := filepath.Join(t.TempDir(), "empty")
	require.NoError(t, os.Mkdir(empty, 0o755))
	code, stderr := runWgslc(t, "-o", out+"/", empty)
	assert.Equal(t, exitOK, code, stderr)
}

// setStdin makes os.Stdin read text for the rest of the test.
func setStdin(t *testing.T, text string) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "stdin")
	require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	f, err := os.Open(p)
	require.NoError(t, err)
	old := os.Stdin
	os.Stdin = f
	t.Cleanup(func() {
		os.Stdin = old
		f.Close()
	})
}

// TestBatchUsage: a batch's -o and --reflect must name directories; --migrate takes one file;
// '-' is read once.
func TestBatchUsage(t *testing.T) {
	dir := t.TempDir()
	a := writeAt(t, dir, "a.wgsl", fmt.Sprintf(validShader, 1))
	b := writeAt(t, dir, "b.wgsl", fmt.Sprintf(validShader, 2))
	out := filepath.Join(t.TempDir(), "out.spv")

	code, stderr := runWgslc(t, "-o", out, a, b)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "in a batch (see wgslc -h), -o names a directory: "+out+" is not one (end it with / to create it)")
	assert.NoFileExists(t, out)

	code, stderr = runWgslc(t, "--reflect", a, a, b)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "--reflect names a directory")

	// One input with one output naming a directory is a batch too: the other must be one.
	code, stderr = runWgslc(t, "-o", out, "--reflect", filepath.Join(dir, "json")+"/", a)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "-o names a directory: "+out+" is not one")

	code, stderr = runWgslc(t, "--migrate", a, b)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "--migrate prints one shader")

	setStdin(t, a+"\n")
	code, stderr = runWgslc(t, "--check", "-", "-")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "given twice")

	code, stderr = runWgslc(t)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "no input file")
}

// blockingWriter blocks its first Write until release is closed, and counts the writes.
type blockingWriter struct {
	release chan struct{}
	mu      sync.Mutex
	buf     bytes.Buffer
}

func (w *blockingWriter) Write(p []byte) (int, error) {
	<-w.release
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

// TestBatchWindow: while the diagnostics of one input cannot be printed, a batch compiles
// only a bounded window of the inputs after it, so the results it holds stay few however
// many inputs there are; once printing resumes, it finishes them all.
func TestBatchWindow(t *testing.T) {
	dir := t.TempDir()
	var args []string
	args = append(args, writeAt(t, dir, "first.wgsl", fmt.Sprintf(invalidShader, 1)))
	const workers = 2
	window := batchWindowPerWorker * workers
	for i := range window + 20 {
		args = append(args, writeAt(t, dir, fmt.Sprintf("s%03d.wgsl", i), fmt.Sprintf(validShader, i)))
	}
	withWorkers(t, workers)
	out := filepath.Join(t.TempDir(), "out")
	w := &blockingWriter{release: make(chan struct{})}
	done := make(chan int)
	go func() { done <- run(append([]string{"-o", out + "/"}, args...), io.Discard, w) }()

	written := func() int {
		entries, _ := os.ReadDir(out)
		return len(entries)
	}
	// The first input's diagnostics are stuck: the window's other inputs finish, no more.
	deadline := time.Now().Add(time.Minute)
	for written() < window-1 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	assert.Equal(t, window-1, written(), "inputs compiled while the first one's diagnostics wait")
	close(w.release)
	assert.Equal(t, exitDiags, <-done)
	assert.Equal(t, len(args)-1, written())
	assert.True(t, strings.HasPrefix(w.buf.String(), args[0]+":2:16: error:"), w.buf.String())
}
