// Package testrun compiles and runs the @test functions of WGSL and WESL files on the CPU
// (compiler/interp): the runner of wgsltest.Run and of `wgslc test`. It does not import
// package testing, which would link the test framework (and its package initialisation)
// into every wgslc process.
package testrun

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/interp"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/testlib"
	"github.com/wgslgo/wgslgo/compiler/types"
	"github.com/wgslgo/wgslgo/compiler/wesl"
)

// Library is the WGSL of the expectations, the top module of the package wgsl_test. (A
// function: a variable set from testlib's would be set when every process starts.)
func Library() string { return testlib.Text }

// LibraryName is the name the expectations' module has in positions.
const LibraryName = testlib.File

// hookLine is the line of the library's declaration of wgsl_test_fail, which every failing
// expectation calls and the runner replaces with its report.
func hookLine() int {
	lib := testlib.Text
	return strings.Count(lib[:strings.Index(lib, "fn wgsl_test_fail(")], "\n") + 1
}

// File is a WGSL source file.
type File struct {
	Name string
	Text []byte
}

// Suite is the @test functions of some files, compiled with the expectations.
type Suite struct {
	Tests []Test
	// fsys reads the modules the files import (nil: the operating system's files).
	fsys wesl.FS
	// failures collects the failures of the test running (Run is not concurrent).
	failures []*diag.Diagnostic
}

// unit is one program of a suite: the files joined, or one WESL root module.
type unit struct {
	prog *interp.Program
	src  *sources
	// library holds the names of the expectations' functions.
	library map[string]bool
}

// Test is one @test function.
type Test struct {
	// Name is the name @test(name) gives, else the function's.
	Name string
	// Func is the function; Pos where it is declared.
	Func string
	Pos  diag.Position
	// entry is the entry point the runner made to call it, in the program of unit.
	entry string
	unit  *unit
}

// maxFailures bounds the failures a test reports.
const maxFailures = 20

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
func Compile(files ...File) (*Suite, error) { return CompileFS(nil, files...) }

// CompileFS is Compile with the modules the files import read from fsys (nil: the
// operating system's files), in which the files' names are paths.
func CompileFS(fsys wesl.FS, files ...File) (*Suite, error) {
	s := &Suite{fsys: fsys}
	if !importing(files) {
		return s, s.add(files, true)
	}
	for _, f := range files {
		if err := s.add([]File{f}, false); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// importing reports whether a file has WESL imports. A file that does not parse has none:
// its compilation reports why.
func importing(files []File) bool {
	for _, f := range files {
		if ast, _ := syntax.Parse(diag.NewFile(f.Name, f.Text), syntax.Options{}); ast != nil && ast.Imports != nil {
			return true
		}
	}
	return false
}

// add compiles files joined into one module, with the library's text when joinLibrary, and
// adds its @test functions to the suite.
func (s *Suite) add(files []File, joinLibrary bool) error {
	src := &sources{}
	for _, f := range files {
		src.add(f.Name, f.Text)
	}
	if joinLibrary {
		src.add(LibraryName, []byte(testlib.Text))
	}
	opts := compiler.Options{Tests: true, FS: s.fsys}
	prog, diags := compiler.Check(compiler.Source{Name: src.name(), Text: src.text}, opts)
	if prog == nil {
		return src.remapList(diags)
	}
	u := &unit{src: src, library: map[string]bool{}}
	// The hook is found by its place in the library: the linker renames it when a module
	// declares a function of the same name.
	hook, hookAt := "", hookLine()
	var tests []Test
	var starts []diag.Pos
	for _, f := range prog.Funcs {
		start := f.Span().Start
		file := src.file(prog.File.Source, start)
		if file == LibraryName {
			u.library[f.Name()] = true
			if src.positionIn(prog.File.Source, start).Line == hookAt {
				hook = f.Name()
			}
		}
		if !f.Test || file == "" {
			// A @test function of an imported module runs with its own module's tests.
			continue
		}
		name := f.TestName
		if name == "" {
			name = f.Name()
		}
		// In the order of the files and of the declarations.
		i, _ := slices.BinarySearch(starts, start)
		starts = slices.Insert(starts, i, start)
		tests = slices.Insert(tests, i, Test{Name: name, Func: f.Name(), Pos: src.position(start), unit: u})
	}
	if len(tests) == 0 && !joinLibrary {
		// A module that the test files import: checked, nothing to run.
		return nil
	}
	// An entry point for each test, after everything: the compute shader a GPU runner
	// would make of it.
	var wrappers strings.Builder
	for i := range tests {
		tests[i].entry = fmt.Sprintf("wgsl_test_run_%d", i)
		fmt.Fprintf(&wrappers, "\n@compute @workgroup_size(1) fn %s() { %s(); }\n", tests[i].entry, tests[i].Func)
	}
	src.add("", []byte(wrappers.String()))
	prep, err := compiler.Prepare(compiler.Source{Name: src.name(), Text: src.text}, opts)
	if err != nil {
		return src.remap(err)
	}
	u.prog, err = interp.New(prep.Module, prep.Layouts, prep.Program.File.Source, interp.Options{
		Hooks: map[string]interp.Hook{hook: func(stack []interp.Frame) error { return s.fail(u, stack) }},
	})
	if err != nil {
		return src.remap(err)
	}
	s.Tests = append(s.Tests, tests...)
	return nil
}

// Run runs a test: its failures, each at the expectation that failed, in its file, with
// the expectation's arguments; and an error when the test could not run to its end (an
// error of the run, such as an index out of bounds or an endless loop).
func (s *Suite) Run(test Test) (failures []*diag.Diagnostic, err error) {
	s.failures = nil
	u := test.unit
	buffers, err := u.buffers(test)
	if err != nil {
		return nil, err
	}
	err = u.prog.Dispatch(interp.Dispatch{Entry: test.entry, Groups: [3]uint32{1, 1, 1}, Buffers: buffers})
	return s.failures, u.src.remap(err)
}

// buffers gives the buffers the test uses zero-filled, at their minimum binding size.
func (u *unit) buffers(test Test) (map[interp.BindingPoint][]byte, error) {
	m := u.prog.Module()
	out := map[interp.BindingPoint][]byte{}
	for _, g := range ir.UsedGlobals(m, m.Func(test.entry)) {
		switch g.Space {
		case types.AddrUniform, types.AddrStorage:
			out[*g.Binding] = make([]byte, u.prog.Layouts().MinBindingSize(g.Type))
		case types.AddrHandle:
			return nil, fmt.Errorf("%s: test %s uses %s, a %s: the runner binds zero-filled buffers, not textures or samplers",
				test.Pos, test.Name, g.Name, g.Type)
		}
	}
	return out, nil
}

// fail is the hook of wgsl_test_fail: it records a failure at the call of the outermost
// expectation on the stack (the one the test called), with its arguments.
func (s *Suite) fail(u *unit, stack []interp.Frame) error {
	if len(s.failures) >= maxFailures {
		return nil
	}
	// The calls of the expectations' functions are on top of the stack; the first of them
	// is the call the test made.
	i := len(stack) - 1
	for i > 0 && u.library[stack[i-1].Func] {
		i--
	}
	fr := stack[i]
	var args []string
	for _, p := range fr.Params {
		args = append(args, fmt.Sprintf("%s %s", p.Name, p.Value))
	}
	msg := fr.Func + " failed"
	if len(args) > 0 {
		msg = fmt.Sprintf("%s failed: %s", fr.Func, strings.Join(args, ", "))
	}
	d := &diag.Diagnostic{Severity: diag.Error, File: fr.File, Span: fr.CallSpan, Message: msg}
	s.failures = append(s.failures, u.src.remapDiag(d))
	return nil
}

// Format spells an error with the source lines and carets of its diagnostics.
func Format(err error) string {
	var b strings.Builder
	var list diag.List
	var d *diag.Diagnostic
	switch {
	case errors.As(err, &list):
		list.Print(&b)
	case errors.As(err, &d):
		d.Print(&b)
	default:
		return err.Error()
	}
	return strings.TrimRight(b.String(), "\n")
}
