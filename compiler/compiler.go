// Package compiler is wgslgo's public API: WGSL source in, SPIR-V words and reflection out.
//
//	res, err := compiler.Compile(compiler.Source{Name: "particles.wgsl", Text: src}, compiler.Options{})
//
// err, when non-nil, is a diag.List holding every error with its file:line:col.
package compiler

import (
	"errors"
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/lower"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/testlib"
	"github.com/wgslgo/wgslgo/compiler/wesl"
)

// Source is one WGSL file, or the root module of a WESL program (whose imports are read
// from Options.FS, relative to Name).
type Source struct {
	// Name is used in diagnostics and written into reflection; keep it relative.
	Name string
	Text []byte
}

// Target is a Vulkan environment the SPIR-V is made for ("vulkan1.1"); the zero Target in
// Options is vulkan1.1.
type Target = backend.Target

// The supported targets.
const (
	Vulkan10 = backend.Vulkan1_0 // SPIR-V 1.0
	Vulkan11 = backend.Vulkan1_1 // SPIR-V 1.3 (the default)
	Vulkan12 = backend.Vulkan1_2 // SPIR-V 1.5
	Vulkan13 = backend.Vulkan1_3 // SPIR-V 1.6
)

// ParseTarget validates a target name; "" is the default, vulkan1.1.
func ParseTarget(s string) (Target, error) {
	if s == "" {
		return Vulkan11, nil
	}
	if t, ok := backend.ParseTarget(s); ok {
		return t, nil
	}
	return "", fmt.Errorf("unknown target %q (want vulkan1.0, vulkan1.1, vulkan1.2 or vulkan1.3)", s)
}

// Options configure a compilation.
type Options struct {
	// Dialect selects modern WGSL or the 2021 draft; DialectAuto detects it.
	Dialect syntax.Dialect
	Target  Target
	// EntryPoint keeps only the named entry point when set.
	EntryPoint string
	// NoRobustness disables the bounds clamping of memory accesses.
	NoRobustness bool
	// UniformStandardLayout applies storage-buffer layout rules to uniform buffers.
	UniformStandardLayout bool
	// WebGPULimits makes errors of what goes beyond the spec's limits and WebGPU's default
	// limits (workgroup memory and size, bind groups, bindings, locations...), for shaders
	// that must also run on WebGPU. Without it, the spec's limits give warnings: Vulkan
	// devices allow more. What SPIR-V or Vulkan cannot express is an error either way.
	WebGPULimits bool
	// Overrides substitutes override values at compile time (name → WGSL literal text).
	Overrides map[string]string
	// Debug embeds the source (OpString, OpSource) and maps the instructions to the WGSL
	// lines and columns they come from (OpLine), for debuggers and disassemblers.
	Debug bool
	// NoNames leaves out OpName and OpMemberName: smaller SPIR-V, numbered ids in
	// disassemblies and debuggers.
	NoNames bool
	// NoOptimize skips the optimising passes (common subexpressions, the removal of
	// unneeded bounds clamps). For testing and debugging: the SPIR-V must compute the same
	// either way, only less efficiently.
	NoOptimize bool
	// Tests accepts @test functions (compiler/interp's test runner and `wgslc test` set it;
	// see sema.Options.Tests), and makes the package wgsl_test of their expectations
	// importable (package compiler/testlib), after Resolver's packages.
	Tests bool
	// NoReflection leaves Result.Reflection nil, for callers that do not read it: describing
	// the module costs a large shader's compilation a few percent of its time and memory.
	// The SPIR-V, the diagnostics and the other results are the same.
	NoReflection bool

	// Features are the values of the translate-time features of WESL's @if, @elif and
	// @else; a condition that needs one without a value is an error.
	Features map[string]bool
	// Mangle is how linking names the declarations the root module does not declare (see
	// wesl.Mangling; minimal by default).
	Mangle wesl.Mangling
	// FS reads the modules a WESL program imports; nil reads the operating system's files.
	FS wesl.FS
	// Resolver finds the packages that modules import by name, after the dependencies
	// wesl.toml lists by path.
	Resolver wesl.Resolver
}

// Result is a successful compilation.
type Result struct {
	// SPIRV is nil for a module without entry points: there is nothing to run, and Vulkan
	// accepts no SPIR-V without an OpEntryPoint. The reflection still describes the
	// module's types, bindings and constants (a file of shared structures, say).
	SPIRV []uint32
	// Reflection is nil with Options.NoReflection.
	Reflection *reflect.Module
	Warnings   diag.List
	Program    *sema.Program
	// Linked is the program as linked: its modules, where each declaration comes from, its
	// linked WGSL (for a WGSL module without WESL syntax, the module alone).
	Linked *wesl.Program
}

// Link parses a source and, when it is a WESL program, loads the modules it imports and
// links them: the program's one syntax tree, which the checker takes, and its linked WGSL.
func Link(src Source, opts Options) (*wesl.Program, diag.List) {
	fsys := opts.FS
	if fsys == nil {
		fsys = wesl.OSFS{}
	}
	resolver := opts.Resolver
	if opts.Tests {
		// The expectations of @test functions, after the program's own packages.
		resolver = wesl.Resolvers{opts.Resolver, testlib.Resolver{}}
	}
	return wesl.LinkText(fsys, src.Name, src.Text, wesl.Options{
		Features: opts.Features,
		Mangle:   opts.Mangle,
		Resolver: resolver,
		Dialect:  opts.Dialect,
	})
}

// Check parses and type-checks a source. The diagnostics hold errors and warnings; the
// program is nil when there are errors.
func Check(src Source, opts Options) (*sema.Program, diag.List) {
	prog, _, diags := check(src, opts)
	return prog, diags
}

// check is Check, which also returns the linked program.
func check(src Source, opts Options) (*sema.Program, *wesl.Program, diag.List) {
	linked, diags := Link(src, opts)
	if diags.HasErrors() {
		return nil, nil, diags
	}
	prog, more := sema.Check(linked.Syntax, sema.Options{UniformStandardLayout: opts.UniformStandardLayout, WebGPULimits: opts.WebGPULimits, Tests: opts.Tests})
	diags = append(diags, more...)
	if diags.HasErrors() {
		return nil, nil, diags
	}
	return prog, linked, diags
}

// Reflect checks a source and describes its interface: bindings with layouts, entry points,
// overrides and constants (with opts.EntryPoint and opts.Overrides, as Compile's reflection).
func Reflect(src Source, opts Options) (m *reflect.Module, diags diag.List, err error) {
	defer recoverInternal(src, &err)
	prog, diags := Check(src, opts)
	if prog == nil {
		return nil, diags, diags
	}
	var spec *reflect.Specialization
	if len(opts.Overrides) != 0 || opts.EntryPoint != "" {
		// What --override and --entry-point change is known from the module they make.
		lowered, more := lowerProgram(prog, opts, diags)
		if lowered == nil {
			return nil, more, more
		}
		diags = more
		if more := transform.SpecConstants(lowered, prog.File.Source); more.HasErrors() {
			diags = append(diags, more...)
			return nil, diags, diags
		}
		spec = specialization(lowered)
	}
	m, err = reflect.FromProgram(prog, src.Name, spec)
	if err != nil {
		list := reflectionError(prog.File.Source, diags, err)
		return nil, list, list
	}
	return m, diags, nil
}

// lowerProgram lowers a checked program with the options' entry point and gives its overrides
// the options' values (transform.SubstituteOverrides), adding the diagnostics to diags; the
// module is nil when there are errors.
func lowerProgram(prog *sema.Program, opts Options, diags diag.List) (*ir.Module, diag.List) {
	resolved, more := resolveOverrides(prog, opts.Overrides)
	diags = append(diags, more...)
	if more.HasErrors() {
		return nil, diags
	}
	m, more := lower.Lower(prog, lower.Options{EntryPoint: opts.EntryPoint})
	diags = append(diags, more...)
	if m == nil || diags.HasErrors() {
		return nil, diags
	}
	diags = append(diags, transform.SubstituteOverrides(m, transform.Substitution{
		Values:  overrideValues(resolved),
		File:    prog.File.Source,
		Layouts: prog.Layouts,
		Limits: transform.PipelineLimits{
			WorkgroupInvocations:       sema.MaxWorkgroupInvocations,
			WebGPU:                     opts.WebGPULimits,
			WebGPUWorkgroupSize:        sema.WebGPUWorkgroupSize,
			WebGPUWorkgroupInvocations: sema.WebGPUWorkgroupInvocations,
		},
	})...)
	if diags.HasErrors() {
		return nil, diags
	}
	return m, diags
}

// Compile checks a source and generates SPIR-V and reflection (no SPIR-V for a module
// without entry points, see Result.SPIRV).
func Compile(src Source, opts Options) (res *Result, err error) {
	return compile(src, opts, false)
}

// compile is Compile; with library, a module without entry points gets SPIR-V too, which
// only SPIR-V's Linkage capability would make valid: the tests validate it so, to cover the
// backend on functions that no entry point calls.
func compile(src Source, opts Options, library bool) (res *Result, err error) {
	defer recoverInternal(src, &err)
	target, err := ParseTarget(string(opts.Target))
	if err != nil {
		return nil, err
	}
	p, err := prepare(src, opts, target, !library)
	if err != nil {
		return nil, err
	}
	if p.Module == nil {
		return &Result{Reflection: p.Reflection, Warnings: p.Warnings, Program: p.Program, Linked: p.Linked}, nil
	}
	prog, diags := p.Program, p.Warnings
	bopts := backend.Options{Target: target, Layouts: prog.Layouts, NoNames: opts.NoNames}
	if opts.Debug {
		for i, f := range prog.File.Source.Files() {
			sf := &backend.SourceFile{Name: f.Name, Text: f.Text, Base: f.Base}
			if i == 0 {
				bopts.Source = sf
			} else {
				bopts.More = append(bopts.More, sf)
			}
		}
	}
	words, err := backend.Emit(p.Module, bopts)
	// Nothing of the result refers to the module: its memory goes to the next compilation.
	p.Module.Release()
	if err != nil {
		if be := (*backend.Error)(nil); errors.As(err, &be) {
			return nil, append(diags, backendDiagnostic(prog, be))
		}
		return nil, fileError(prog.File.Source, diags, "%v", err)
	}
	return &Result{SPIRV: words, Reflection: p.Reflection, Warnings: diags, Program: prog, Linked: p.Linked}, nil
}

// Prepared is a module as the SPIR-V backend takes it: checked, lowered, with the override
// values substituted and the passes of transform.ForSPIRV run (robustness, integer division,
// shifts, saturation...). It is what the SPIR-V of Compile computes, for the tools that run
// a shader another way (compiler/interp runs it on the CPU).
type Prepared struct {
	// Module is nil for a module without entry points when Prepare was not asked for one.
	Module  *ir.Module
	Program *sema.Program
	// Layouts are the offsets and strides the module's memory has, the SPIR-V's.
	Layouts    *layout.Layouts
	Reflection *reflect.Module
	Warnings   diag.List
	// Linked is the program as linked (see Result.Linked).
	Linked *wesl.Program
}

// Prepare checks a source and makes the module the SPIR-V backend would emit (see
// Prepared), without emitting it. A module without entry points is prepared too: its
// functions can be run (the @test functions of compiler/interp). The errors are Compile's.
func Prepare(src Source, opts Options) (p *Prepared, err error) {
	defer recoverInternal(src, &err)
	target, err := ParseTarget(string(opts.Target))
	if err != nil {
		return nil, err
	}
	return prepare(src, opts, target, false)
}

// prepare is Prepare; with needEntry, a module without entry points stops after the checks
// that apply to it, with a nil Module.
func prepare(src Source, opts Options, target Target, needEntry bool) (*Prepared, error) {
	prog, linked, diags := check(src, opts)
	if prog == nil {
		return nil, diags
	}
	file := prog.File.Source
	m, diags := lowerProgram(prog, opts, diags)
	if m == nil {
		return nil, diags
	}
	// The reflection describes the module the SPIR-V is made from: its entry points, the
	// overrides the values made constants or whose defaults they made known (without an
	// entry point or values, the module says nothing the program does not).
	var spec *reflect.Specialization
	if len(opts.Overrides) != 0 || opts.EntryPoint != "" {
		spec = specialization(m)
	}
	// The entry points the reflection lists: the program's, or with a specialization the
	// module's.
	entryPoints := len(prog.EntryPoints)
	if spec != nil {
		entryPoints = len(spec.EntryPoints)
	}
	var refl *reflect.Module
	if !opts.NoReflection {
		var err error
		refl, err = reflect.FromProgram(prog, src.Name, spec)
		if err != nil {
			return nil, reflectionError(file, diags, err)
		}
		if len(refl.EntryPoints) != entryPoints {
			return nil, fileError(file, diags, "internal error: the reflection lists %d entry points, the module has %d; please report this shader", len(refl.EntryPoints), entryPoints)
		}
	}
	p := &Prepared{Program: prog, Layouts: prog.Layouts, Reflection: refl, Warnings: diags, Linked: linked}
	if entryPoints == 0 && needEntry {
		// Nothing to run, but what SPIR-V could not express is an error still.
		if more := transform.SpecConstants(m, file); more.HasErrors() {
			return nil, append(diags, more...)
		}
		return p, nil
	}
	if err := transform.ForSPIRV(m, transform.Options{
		ExternalTextures: reflect.ExternalTextureBindings(prog),
		NoRobustness:     opts.NoRobustness,
		NativeDemote:     target == backend.Vulkan1_3,
		Layouts:          prog.Layouts,
		NoOptimize:       opts.NoOptimize,
		File:             file,
	}); err != nil {
		if errs := (diag.List)(nil); errors.As(err, &errs) {
			return nil, append(diags, errs...)
		}
		return nil, fileError(file, diags, "internal error while preparing the module for SPIR-V: %v; please report this shader", err)
	}
	p.Module = m
	return p, nil
}

// reflectionError is the diagnostic of a module that checked and lowered but that the
// reflection cannot describe: a bug of the checker or the reflection.
func reflectionError(f *diag.File, diags diag.List, err error) diag.List {
	return fileError(f, diags, "internal error while describing the module: %v; please report this shader", err)
}

// NothingToRun is the error of a command asked for the SPIR-V of a module without entry
// points (a Result without SPIR-V), at the start of the file.
func NothingToRun(src Source) *diag.Diagnostic {
	return &diag.Diagnostic{Severity: diag.Error, File: diag.NewFile(src.Name, src.Text), Span: diag.Span{Start: 0, End: 0},
		Message: "the module has no entry point: there is nothing to run and no SPIR-V to write " +
			"(a Vulkan pipeline needs a @compute, @vertex or @fragment function); its types and bindings can still be reflected"}
}

// recoverInternal turns a panic of a compilation phase, a bug, into an error diagnostic in
// *err, so that a caller (a long-running tool, a build) is not taken down with it. The
// checker and the lowering recover their own, with the position of what they were doing.
func recoverInternal(src Source, err *error) {
	if r := recover(); r != nil {
		f := diag.NewFile(src.Name, src.Text)
		*err = fileError(f, nil, "internal error: %v; please report this shader", r)
	}
}

// backendDiagnostic places an Error of the backend in the source: at its position, or at the
// declaration it names.
func backendDiagnostic(prog *sema.Program, e *backend.Error) *diag.Diagnostic {
	d := &diag.Diagnostic{Severity: diag.Error, File: prog.File.Source, Span: diag.Span{Start: diag.NoPos, End: diag.NoPos}, Message: e.Msg}
	switch {
	case e.Pos.IsValid():
		d.Span = diag.Span{Start: e.Pos.Offset(), End: e.Pos.Offset()}
	case e.Decl != "":
		if obj := prog.Lookup(e.Decl); obj != nil {
			d.Span = obj.Span()
		}
	}
	return d
}

// fileError turns an error without a position into a diagnostic about the whole file,
// appended to the warnings so far.
func fileError(f *diag.File, diags diag.List, format string, args ...any) diag.List {
	d := &diag.Diagnostic{Severity: diag.Error, File: f, Span: diag.Span{Start: diag.NoPos, End: diag.NoPos}, Message: fmt.Sprintf(format, args...)}
	return append(diags, d)
}
