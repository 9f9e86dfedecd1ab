package interp

import (
	"errors"
	"fmt"
	"github.com/wgslgo/wgslgo/compiler/abi"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Program is a module ready to run. It is read-only once made: dispatches and calls of one
// Program may run on several goroutines at once.
type Program struct {
	m     *ir.Module
	lay   *layout.Layouts
	file  *diag.File
	spec  map[uint32]uint32
	hooks map[string]Hook

	types map[types.Type]*typeInfo
	// pool holds the module-scope values the functions read: constants, global pointers,
	// overrides and the override-expressions of Module.Exprs.
	pool    map[ir.Value][]uint32
	globals []*global
	codes   map[*ir.Func]*code
}

// global is a module-scope variable as the interpreter keeps it.
type global struct {
	g  *ir.Global
	ti *typeInfo // the store type
}

// Options configure a Program.
type Options struct {
	// Hooks run Go functions in place of WGSL functions: a call of a function whose name is
	// a key runs the hook instead of the function's body (the result, if any, is zero). A
	// hook that returns an error stops the invocation with it, at the call.
	Hooks map[string]Hook
	// Spec gives values to the overrides the module still has (SPIR-V's specialisation
	// constants), by SpecId, as Vulkan's specialisation data does: the value's bits (0 or 1
	// for bool, an f16's in the low half). An override without one keeps its default, or is
	// the placeholder of package abi without a default, as the SPIR-V's is.
	Spec map[uint32]uint32
}

// New makes a Program of m, a module prepared for SPIR-V (compiler.Prepare), whose memory has
// the layouts lay; file is the source its positions point into, for the errors.
func New(m *ir.Module, lay *layout.Layouts, file *diag.File, opts Options) (*Program, error) {
	p := &Program{m: m, lay: lay, file: file, spec: opts.Spec, hooks: opts.Hooks,
		types: map[types.Type]*typeInfo{}, pool: map[ir.Value][]uint32{}, codes: map[*ir.Func]*code{}}
	for _, g := range m.Globals {
		gl := &global{g: g}
		if g.Space != types.AddrHandle {
			gl.ti = p.info(g.Type)
		}
		p.globals = append(p.globals, gl)
	}
	for _, root := range m.Funcs {
		for _, f := range ir.CallGraphOrder(root) {
			if p.codes[f] != nil {
				continue
			}
			c, err := p.compileFunc(f)
			if e := (*Error)(nil); errors.As(err, &e) {
				return nil, err
			} else if err != nil {
				return nil, p.errorAt(f.Pos, "%s: %v", f.Name, err)
			}
			p.codes[f] = c
		}
	}
	return p, nil
}

// Compile checks, lowers and prepares src as compiler.Prepare does, with opts (its
// Overrides substituted as a pipeline's constants are), and makes a Program of it.
func Compile(src compiler.Source, opts compiler.Options) (*Program, error) {
	prep, err := compiler.Prepare(src, opts)
	if err != nil {
		return nil, err
	}
	return New(prep.Module, prep.Layouts, prep.Program.File.Source, Options{})
}

// Module returns the module p runs.
func (p *Program) Module() *ir.Module { return p.m }

// moduleValue returns the words of a module-scope value, computing an override-expression
// from the overrides' values the first time.
func (p *Program) moduleValue(v ir.Value) ([]uint32, error) {
	if w, ok := p.pool[v]; ok {
		return w, nil
	}
	m := p.m
	var w []uint32
	switch m.Kind(v) {
	case ir.KindConst:
		w = make([]uint32, p.valueType(v).words)
		p.constWords(w, v)
	case ir.KindGlobal:
		g := m.Global(v)
		for i, gl := range p.globals {
			if gl.g == g {
				w = []uint32{uint32(i), 0}
			}
		}
	case ir.KindOverride:
		o := m.Override(v)
		bits, ok := p.spec[o.ID]
		if o.FlagID != 0 && p.spec[o.FlagID] == 0 {
			// The SPIR-V computes select(flag, value, default): without its flag, a value
			// is ignored (see ir.Override.FlagID).
			ok = false
		}
		switch {
		case ok && o.Type.Kind == types.KindBool:
			w = []uint32{min(bits, 1)}
		case ok && o.Type.Kind == types.KindF16:
			w = []uint32{bits & 0xffff}
		case ok:
			w = []uint32{bits}
		case o.Default != 0:
			d, err := p.moduleValue(o.Default)
			if err != nil {
				return nil, err
			}
			w = d
		default:
			// What the SPIR-V's specialisation constant holds when the pipeline sets none
			// (the flag of an override whose default is computed at runtime is false then).
			w = []uint32{uint32(abi.OverridePlaceholder(o.Type.IsInteger()))}
		}
	case ir.KindInst:
		var err error
		if w, err = p.evalExpr(m.Def(v)); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("interp: value %d is not module-scope", v)
	}
	p.pool[v] = w
	return w, nil
}

// constWords writes the words of constant v to w.
func (p *Program) constWords(w []uint32, v ir.Value) {
	c := p.m.Const(v)
	if c.Elems == nil {
		if !c.Zero {
			w[0] = uint32(c.Bits)
		}
		return
	}
	i := 0
	for _, e := range c.Elems {
		n := p.valueType(e).words
		p.constWords(w[i:i+n], e)
		i += n
	}
}

// evalExpr computes an instruction of Module.Exprs, whose operands are module-scope values,
// by running it alone.
func (p *Program) evalExpr(in *ir.Inst) ([]uint32, error) {
	for _, a := range in.Args {
		if _, err := p.moduleValue(a); err != nil {
			return nil, err
		}
	}
	cc := &funcCompiler{p: p, c: &code{}, regOf: map[ir.Value]operand{}}
	// The result is the call's own: not the module-scope value this computes.
	n := p.valueType(in.Result).words
	cc.regOf[in.Result] = operand{reg: 0, words: int32(n)}
	cc.c.template = make([]uint32, n)
	if err := cc.inst(in); err != nil {
		return nil, err
	}
	if cc.err != nil {
		return nil, cc.err
	}
	cc.emit(op{k: kReturn, a: cc.regOf[in.Result].reg, n: cc.regOf[in.Result].words})
	cc.c.nregs = len(cc.c.template)
	out := make([]uint32, cc.regOf[in.Result].words)
	d := newDispatch(p, Limits{})
	t := d.newThread(cc.c)
	t.result = out
	if _, err := t.run(); err != nil {
		return nil, err
	}
	return out, nil
}

// errorAt makes an Error at pos.
func (p *Program) errorAt(pos ir.Pos, format string, args ...any) *Error {
	return &Error{Diagnostic: p.diagnostic(pos, fmt.Sprintf(format, args...))}
}

func (p *Program) diagnostic(pos ir.Pos, msg string) *diag.Diagnostic {
	return &diag.Diagnostic{Severity: diag.Error, File: p.file, Span: diag.Span{Start: pos.Offset(), End: pos.Offset()}, Message: msg}
}

// Error is an error of a run: where in the WGSL it happened, what, and in which invocation.
type Error struct {
	*diag.Diagnostic
	// Invocation is the global_invocation_id of the invocation it happened in (zero for
	// the errors of a function called alone).
	Invocation [3]uint32
	// Unsupported marks an error about what the interpreter does not run (fragment shader
	// statements, subgroups...): a gap of the interpreter, not a fault of the shader.
	Unsupported bool
}

// Unwrap gives the diagnostic, for errors.As.
func (e *Error) Unwrap() error { return e.Diagnostic }

// Error formats the error on one line, "file:line:col: error: message" (without the file
// when the module has no source).
func (e *Error) Error() string {
	if e.File == nil {
		return "error: " + e.Message
	}
	return e.Diagnostic.Error()
}

// A Hook is a Go function that runs in place of a WGSL function (see Options.Hooks). It
// sees the invocation's calls, outermost first, the hook's own last.
type Hook func(stack []Frame) error

// Frame is a call on an invocation's stack.
type Frame struct {
	// Func is the function called.
	Func string
	// Call is where its caller called it (the entry point's frame has none).
	Call diag.Position
	// CallSpan is the source range of the call, in File.
	CallSpan diag.Span
	File     *diag.File
	// Params are the function's parameters: their names and values.
	Params []Param
}

// Param is a parameter of a function and its value in a call.
type Param struct {
	Name  string
	Value constant.Value
}

// Layouts returns the layouts of the module's memory.
func (p *Program) Layouts() *layout.Layouts { return p.lay }
