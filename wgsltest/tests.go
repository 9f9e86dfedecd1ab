package wgsltest

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/wgslgo/wgslgo/compiler/wesl"
	"github.com/wgslgo/wgslgo/internal/testrun"
)

// Library is the WGSL of the expectations, the top module of the package wgsl_test.
var Library = testrun.Library()

// LibraryName is the name the expectations' module has in positions.
const LibraryName = testrun.LibraryName

// File is a WGSL source file.
type File = testrun.File

// Suite is the @test functions of some files, compiled with the expectations. Its Run runs
// a test: its failures, each at the expectation that failed, in its file, with the
// expectation's arguments; and an error when the test could not run to its end (an error
// of the run, such as an index out of bounds or an endless loop).
type Suite = testrun.Suite

// Test is one @test function: Name is the name @test(name) gives, else the function's;
// Func the function, Pos where it is declared.
type Test = testrun.Test

// Compile compiles files with the expectations of wgsl_test, and finds their @test
// functions, in the order of the files.
//
// WESL files, which import (import wgsl_test::expectNear;), are each the root module of a
// program: a test file imports what it tests (import package::colors::srgbToLinear;) and
// the expectations it calls, and sees no other names. Their modules are read from the
// operating system's files, each file's directory its package's root (or the root its
// wesl.toml sets).
//
// WGSL files, when no file imports anything, are joined in order into one module as before
// imports: they share one namespace (a test file calls the functions of the file it tests;
// enable and requires directives go first, in the first file), and every expectation is
// visible without an import.
//
// Positions, in errors and failures, are in the files given and the modules they import.
func Compile(files ...File) (*Suite, error) { return testrun.Compile(files...) }

// CompileFS is Compile with the modules the files import, and the wesl.toml files that set
// their packages, read from fsys rather than the operating system's files: shaders that a
// program embeds (embed.FS), or made by the test (testing/fstest.MapFS). The files' names
// are slash-separated paths in fsys, as io/fs names them ("shaders/easing_test.wesl"); an
// import that leads outside fsys is an error.
func CompileFS(fsys fs.FS, files ...File) (*Suite, error) {
	return testrun.CompileFS(wesl.FromFS(fsys), files...)
}

// Format spells an error with the source lines and carets of its diagnostics.
func Format(err error) string { return testrun.Format(err) }

// Run runs the @test functions of the files, read from disk and joined as Compile joins
// them, each as a subtest of t named after it. A failing expectation fails its test with
// its position and arguments, "math_test.wgsl:12:3: error: expectEq failed: actual 42u,
// expected 99u", and the test goes on; an error of the run stops it.
func Run(t *testing.T, files ...string) {
	t.Helper()
	run(t, wesl.OSFS{}, files)
}

// RunFS is Run with the files and the modules they import read from fsys, as CompileFS
// reads them:
//
//	//go:embed shaders
//	var shaders embed.FS
//
//	func TestEasing(t *testing.T) { wgsltest.RunFS(t, shaders, "shaders/easing_test.wesl") }
func RunFS(t *testing.T, fsys fs.FS, files ...string) {
	t.Helper()
	run(t, wesl.FromFS(fsys), files)
}

// run runs the tests of files, read from fsys with the modules they import.
func run(t *testing.T, fsys wesl.FS, files []string) {
	t.Helper()
	var srcs []File
	for _, name := range files {
		text, err := fsys.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, File{Name: name, Text: text})
	}
	s, err := testrun.CompileFS(fsys, srcs...)
	if err != nil {
		t.Fatalf("%s", Format(err))
	}
	if len(s.Tests) == 0 {
		t.Fatalf("%s has no @test function", strings.Join(files, ", "))
	}
	for _, test := range s.Tests {
		t.Run(test.Name, func(t *testing.T) {
			failures, err := s.Run(test)
			for _, f := range failures {
				t.Errorf("%s", Format(f))
			}
			if err != nil {
				t.Fatalf("%s", Format(err))
			}
		})
	}
}
