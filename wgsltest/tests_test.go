package wgsltest_test

import (
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/wgsltest"
)

const mathSrc = `fn square(x: f32) -> f32 { return x * x; }
fn wrapAdd(a: u32, b: u32) -> u32 { return a + b; }
`

const mathTests = `@test fn squares() {
  expectEqF32(square(3.0), 9.0);
  expectNear(square(0.1), 0.01);
}

@test(wraps) fn wrapping() {
  expectEq(wrapAdd(0xffffffffu, 2u), 1u);
}

@test fn failing() {
  expect(square(2.0) > 5.0);
  expectEq(wrapAdd(40u, 2u), 43u);
  expectNearVec3(vec3f(square(1.5), 1.0, 2.0), vec3f(2.25, 1.0, 2.1));
}
`

func TestSuite(t *testing.T) {
	s, err := wgsltest.Compile(wgsltest.File{Name: "math.wgsl", Text: []byte(mathSrc)},
		wgsltest.File{Name: "math_test.wgsl", Text: []byte(mathTests)})
	require.NoError(t, err)
	var names []string
	for _, test := range s.Tests {
		names = append(names, test.Name)
	}
	require.Equal(t, []string{"squares", "wraps", "failing"}, names)
	assert.Equal(t, "math_test.wgsl:6:17", s.Tests[1].Pos.String())
	for _, test := range s.Tests[:2] {
		failures, err := s.Run(test)
		require.NoError(t, err)
		assert.Empty(t, failures, test.Name)
	}
	failures, err := s.Run(s.Tests[2])
	require.NoError(t, err)
	var got []string
	for _, f := range failures {
		got = append(got, f.Error())
	}
	assert.Equal(t, []string{
		"math_test.wgsl:11:3: error: expect failed: condition false",
		"math_test.wgsl:12:3: error: expectEq failed: actual 42u, expected 43u",
		"math_test.wgsl:13:3: error: expectNearVec3 failed: actual vec3<f32>(2.25f, 1.0f, 2.0f), expected vec3<f32>(2.25f, 1.0f, 2.1f)",
	}, got)
	var b strings.Builder
	failures[1].Print(&b)
	assert.Equal(t, "math_test.wgsl:12:3: error: expectEq failed: actual 42u, expected 43u\n  expectEq(wrapAdd(40u, 2u), 43u);\n  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n", b.String())
}

// TestRun runs the tests of a file that pass, as go test would.
func TestRun(t *testing.T) {
	wgsltest.Run(t, "testdata/lib.wgsl", "testdata/lib_test.wgsl")
}

// read reads files of testdata/wesl.
func read(t *testing.T, names ...string) []wgsltest.File {
	var files []wgsltest.File
	for _, name := range names {
		name = "testdata/wesl/" + name
		text, err := os.ReadFile(name)
		require.NoError(t, err)
		files = append(files, wgsltest.File{Name: name, Text: text})
	}
	return files
}

// TestImports runs WESL test modules that import what they test and the expectations
// (import wgsl_test::{expect, expectEq, expectNear};): the library is a package, not text
// joined to the files, and failures are at the test module's lines.
func TestImports(t *testing.T) {
	s, err := wgsltest.Compile(read(t, "math.wesl", "math_test.wesl")...)
	require.NoError(t, err)
	var names []string
	for _, test := range s.Tests {
		names = append(names, test.Name)
	}
	require.Equal(t, []string{"squares", "failing"}, names)
	assert.Equal(t, "testdata/wesl/math_test.wesl:8:10", s.Tests[1].Pos.String())
	failures, err := s.Run(s.Tests[0])
	require.NoError(t, err)
	assert.Empty(t, failures)
	failures, err = s.Run(s.Tests[1])
	require.NoError(t, err)
	var got []string
	for _, f := range failures {
		got = append(got, f.Error())
	}
	assert.Equal(t, []string{
		"testdata/wesl/math_test.wesl:9:3: error: expect failed: condition false",
		"testdata/wesl/math_test.wesl:10:3: error: expectEq failed: actual 42u, expected 43u",
	}, got)
}

// TestImportErrors: in a WESL module only the imported expectations are visible, and the
// library's own diagnostics name its file, wgsl_test/package.wgsl.
func TestImportErrors(t *testing.T) {
	tests := []struct {
		file string
		want []string
	}{
		{"hygiene_test.wesl", []string{"hygiene_test.wesl:5:3: error: unresolved", "expectEq"}},
		{"private_test.wesl", []string{"private_test.wesl:1:19: error: 'wgsl_test_fail' is private to wgsl_test/package.wgsl",
			"wgsl_test/package.wgsl:9:12: note: the declaration is here"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			_, err := wgsltest.Compile(read(t, tt.file)...)
			require.Error(t, err)
			msg := wgsltest.Format(err)
			for _, w := range tt.want {
				assert.Contains(t, msg, w)
			}
		})
	}
}

// TestHookRenamed: a test module that declares a function named as the library's hook
// (wgsl_test_fail), which the linker then renames, still has its failures reported.
func TestHookRenamed(t *testing.T) {
	s, err := wgsltest.Compile(read(t, "clash_test.wesl")...)
	require.NoError(t, err)
	require.Len(t, s.Tests, 1)
	failures, err := s.Run(s.Tests[0])
	require.NoError(t, err)
	require.Len(t, failures, 1)
	assert.Equal(t, "testdata/wesl/clash_test.wesl:6:20: error: expectEq failed: actual 2u, expected 3u", failures[0].Error())
}

// easingFS is a package of shaders that exists only in memory, as an embed.FS would hold it.
var easingFS = fstest.MapFS{
	"shaders/easing.wesl": {Data: []byte(`fn smootherstep(e0: f32, e1: f32, x: f32) -> f32 {
  let t = clamp((x - e0) / (e1 - e0), 0.0, 1.0);
  return t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
}
`)},
	"shaders/easing_test.wesl": {Data: []byte(`import package::easing::smootherstep;
import wgsl_test::{expectNear, expectEq};

@test fn ends() {
  expectNear(smootherstep(0.0, 1.0, 0.0), 0.0);
  expectNear(smootherstep(0.0, 1.0, 1.0), 1.0);
}

@test fn quarter() {
  expectNear(smootherstep(0.0, 1.0, 0.25), 0.2);
  expectEq(u32(smootherstep(0.0, 2.0, 4.0)), 1u);
}
`)},
}

// TestCompileFS: the files and the modules they import are read from an io/fs file system,
// and positions are its paths.
func TestCompileFS(t *testing.T) {
	text, err := fs.ReadFile(easingFS, "shaders/easing_test.wesl")
	require.NoError(t, err)
	s, err := wgsltest.CompileFS(easingFS, wgsltest.File{Name: "shaders/easing_test.wesl", Text: text})
	require.NoError(t, err)
	require.Len(t, s.Tests, 2)
	failures, err := s.Run(s.Tests[0])
	require.NoError(t, err)
	assert.Empty(t, failures)
	failures, err = s.Run(s.Tests[1])
	require.NoError(t, err)
	require.Len(t, failures, 1)
	assert.Equal(t, "shaders/easing_test.wesl:10:3: error: expectNear failed: actual 0.103515625f, expected 0.2f", failures[0].Error())
}

// TestRunFS runs the passing test of the in-memory package as go test would.
func TestRunFS(t *testing.T) {
	fsys := fstest.MapFS{"shaders/easing.wesl": easingFS["shaders/easing.wesl"],
		"shaders/easing_test.wesl": {Data: []byte(`import package::easing::smootherstep;
import wgsl_test::expectNear;
@test fn half() { expectNear(smootherstep(0.0, 1.0, 0.5), 0.5); }
`)}}
	wgsltest.RunFS(t, fsys, "shaders/easing_test.wesl")
}

// TestCompileFSReadsNoOSFiles: with a file system given, an import is not read from the
// operating system's files, even where they have the module (testdata/wesl/math.wesl).
func TestCompileFSReadsNoOSFiles(t *testing.T) {
	files := read(t, "math_test.wesl")
	_, err := wgsltest.CompileFS(fstest.MapFS{"testdata/wesl/math_test.wesl": {Data: files[0].Text}}, files...)
	require.Error(t, err)
	assert.Contains(t, wgsltest.Format(err), "testdata/wesl/math_test.wesl:1:")
	_, err = wgsltest.Compile(files...)
	require.NoError(t, err, "the same file with the operating system's files")
}
