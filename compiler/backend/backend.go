// Package backend turns an IR module into SPIR-V words for a Vulkan target, using the
// compiler/spirv module builder.
//
// The module must have been prepared by the IR transforms the backend relies on (see
// transform.ForSPIRV): entry points without parameters or results (ShaderIO), host-shareable
// variables whose types carry explicit layouts (ForkExplicitLayout), and the WGSL semantics
// that SPIR-V does not give for free (integer division, shifts, float→int conversion,
// bit-field clamping, robustness) already spelled out in IR. Emit checks what it relies on
// and reports an error rather than producing invalid SPIR-V.
//
// The translation is direct: one SPIR-V type per IR type (types carrying explicit offsets
// or strides become decorated types, the others plain ones), one OpSpecConstant per override,
// one OpVariable per global (buffers wrapped in a Block-decorated structure, except runtime-
// sized structures, which are the Block themselves; textures and samplers UniformConstant
// images and samplers, combined by OpSampledImage where they are sampled), and structured control flow emitted recursively with a merge block per construct
// and OpPhi for the results of ifs and switches. WGSL's discard is OpDemoteToHelperInvocation
// (transform.DemoteToHelper replaces it for targets that should not rely on it).
package backend

import (
	"fmt"
	"slices"
	"sync"

	"github.com/wgslgo/wgslgo/compiler/abi"
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Target is the Vulkan environment the module is for, spelled as spirv-val's --target-env
// spells it. The zero Target is vulkan1.0 here; compiler.Options, whose Target is this type,
// makes the zero vulkan1.1.
type Target string

// The targets.
const (
	Vulkan1_0 Target = "vulkan1.0" // SPIR-V 1.0
	Vulkan1_1 Target = "vulkan1.1" // SPIR-V 1.3
	Vulkan1_2 Target = "vulkan1.2" // SPIR-V 1.5
	Vulkan1_3 Target = "vulkan1.3" // SPIR-V 1.6
)

// Targets lists every target, oldest first.
var Targets = []Target{Vulkan1_0, Vulkan1_1, Vulkan1_2, Vulkan1_3}

func (t Target) String() string {
	if t == "" {
		return string(Vulkan1_0)
	}
	return string(t)
}

// ParseTarget parses "vulkan1.0" ... "vulkan1.3".
func ParseTarget(s string) (Target, bool) {
	if t := Target(s); slices.Contains(Targets, t) {
		return t, true
	}
	return "", false
}

// Version is the SPIR-V version the target requires.
func (t Target) Version() spirv.Version {
	switch t {
	case Vulkan1_1:
		return spirv.Version1_3
	case Vulkan1_2:
		return spirv.Version1_5
	case Vulkan1_3:
		return spirv.Version1_6
	}
	return spirv.Version1_0
}

// Options control Emit.
type Options struct {
	// Source, when set, is embedded with OpString and OpSource for debuggers and
	// disassemblers (-g), and the instructions that have source positions (ir.Inst.Pos,
	// byte offsets into Source.Text) get OpLine with its line and column.
	Source *SourceFile
	// More are the other files of a program of several (a WESL program's imported
	// modules), each with its own OpString and OpSource; instruction positions are in the
	// position space the files share (SourceFile.Base).
	More   []*SourceFile
	Target Target
	// Layouts supplies offsets and strides; nil uses a fresh layout.New(layout.Options{}).
	Layouts *layout.Layouts
	// NoNames leaves out OpName and OpMemberName.
	NoNames bool
}

// Emit translates m into a SPIR-V module.
func Emit(m *ir.Module, opts Options) (words []uint32, err error) {
	if _, ok := ParseTarget(string(opts.Target)); !ok && opts.Target != "" {
		return nil, fmt.Errorf("backend: unknown target %q", opts.Target)
	}
	e := newEmitter(m, opts)
	defer func() {
		if r := recover(); r != nil {
			if ee, ok := r.(emitError); ok {
				words, err = nil, ee.err
				return
			}
			panic(r)
		}
	}()
	e.module()
	if err := e.b.Err(); err != nil {
		return nil, err
	}
	words = e.b.Words()
	e.release()
	return words, nil
}

// SourceFile is the WGSL text a module was compiled from.
type SourceFile struct {
	Name string
	Text []byte
	// Base is the position of Text[0] (diag.File.Base): 0 for a file compiled alone.
	Base diag.Pos
}

// Error is a module that the backend cannot express for its target: a limit of the target
// or of the backend, not a bug. Pos is the source position of the instruction or entry point
// concerned (ir.NoPos when the module records none), Decl the module-scope declaration
// concerned when there is no position ("" when there is none).
type Error struct {
	Msg  string
	Pos  ir.Pos
	Decl string
}

func (e *Error) Error() string { return "backend: " + e.Msg }

// emitError carries an error out of the recursive emitter.
type emitError struct{ err error }

// fail stops the emission with an Error at the instruction (or, outside instructions, the
// function) being emitted.
func (e *emitter) fail(format string, args ...any) {
	panic(emitError{&Error{Msg: fmt.Sprintf(format, args...), Pos: e.pos}})
}

// failDecl stops the emission with an Error about the module-scope declaration decl.
func (e *emitter) failDecl(decl, format string, args ...any) {
	panic(emitError{&Error{Msg: fmt.Sprintf(format, args...), Pos: e.pos, Decl: decl}})
}

// internal stops the emission on a module that the lowering and the passes should not have
// produced: a bug.
func (e *emitter) internal(format string, args ...any) {
	panic(emitError{fmt.Errorf("internal error in the SPIR-V backend: "+format+"; please report this shader", args...)})
}

type emitter struct {
	m    *ir.Module
	b    *spirv.Builder
	opts Options
	ver  spirv.Version
	lay  *layout.Layouts

	ids   []spirv.ID // SPIR-V id of each IR value (0 until emitted)
	types map[types.Type]spirv.ID
	canon canonIDs
	ptrs  map[ptrKey]spirv.ID

	funcIDs map[*ir.Func]spirv.ID
	// wrapped holds, per buffer global, its Block wrapper variable: the IR value of the global
	// is the pointer to member 0.
	wrapped map[ir.Value]spirv.ID
	// globalVars maps each global to its OpVariable (the wrapper for buffers).
	globalVars map[*ir.Global]spirv.ID
	// blocks holds the runtime-sized structures that are their buffers' Block themselves.
	blocks map[spirv.ID]bool

	u32     spirv.ID // the u32 type
	scratch []spirv.ID

	info     map[*ir.Func]*funcInfo
	globalIx map[*ir.Global]int

	pending    map[*ir.Override]pendingDefault
	inProgress map[*ir.Inst]bool

	fn      *funcState
	fnState *funcState // reused by every function (see function)
	// pos is the source position of what is being emitted, for errors.
	pos ir.Pos

	// lines resolves instruction positions to OpLine operands when Options.Source is set.
	lines *lineTable
	// shared maps plain structures to the explicitly laid out twins emitted for them, and
	// sharedStride gives unstrided arrays their twins' strides (before SPIR-V 1.4; see
	// shareConvert).
	shared       map[types.Type]types.Type
	sharedStride map[arrayKey]uint32

	// fis is the slab of the funcInfo of info; seenFunc and seenGlobal are the scratch of
	// scan, reached the workgroup variables that functions use (module).
	fis        []funcInfo
	seenFunc   map[*ir.Func]bool
	seenGlobal map[ir.Value]uint8
	reached    map[*ir.Global]bool
}

type ptrKey struct {
	sc   spirv.StorageClass
	elem spirv.ID
}

func newEmitter(m *ir.Module, opts Options) *emitter {
	lay := opts.Layouts
	if lay == nil {
		lay = layout.New(layout.Options{})
	}
	e, _ := emitters.Get().(*emitter)
	if e == nil {
		// The maps most modules leave empty (overrides, wrapped globals, shared layouts...)
		// are made on their first entry: a small compilation pays for each map it makes.
		e = &emitter{
			types:      map[types.Type]spirv.ID{},
			ptrs:       map[ptrKey]spirv.ID{},
			funcIDs:    map[*ir.Func]spirv.ID{},
			globalVars: map[*ir.Global]spirv.ID{},
			info:       map[*ir.Func]*funcInfo{},
			globalIx:   map[*ir.Global]int{},
		}
	}
	e.m, e.opts, e.ver, e.lay = m, opts, opts.Target.Version(), lay
	e.b = spirv.NewBuilder(opts.Target.Version())
	if n := m.NumValues(); n <= cap(e.ids) {
		e.ids = e.ids[:n]
	} else {
		e.ids = make([]spirv.ID, n)
	}
	return e
}

// emitters keeps the emitters of finished emissions (release), their tables cleared: a
// process that compiles many shaders fills the same tables again rather than making and
// growing new ones and collecting the old.
var emitters sync.Pool // of *emitter

// release gives e's builder and tables to the emissions that come after it; e must not be
// used afterwards.
func (e *emitter) release() {
	e.b.Release()
	clear(e.ids[:cap(e.ids)])
	clear(e.types)
	clear(e.ptrs)
	clear(e.funcIDs)
	clear(e.globalVars)
	clear(e.info)
	clear(e.globalIx)
	clear(e.wrapped)
	clear(e.blocks)
	clear(e.pending)
	clear(e.inProgress)
	clear(e.shared)
	clear(e.sharedStride)
	clear(e.seenFunc)
	clear(e.seenGlobal)
	clear(e.reached)
	for i := range e.fis[:cap(e.fis)] {
		e.fis[:cap(e.fis)][i].reset()
	}
	if fs := e.fnState; fs != nil {
		clear(fs.inner)
		clear(fs.targets)
		clear(fs.loops[:cap(fs.loops)])
		*fs = funcState{inner: fs.inner, targets: fs.targets, loops: fs.loops[:0]}
	}
	*e = emitter{
		ids: e.ids[:0], types: e.types, ptrs: e.ptrs, funcIDs: e.funcIDs, globalVars: e.globalVars,
		info: e.info, globalIx: e.globalIx, wrapped: e.wrapped, blocks: e.blocks, pending: e.pending,
		inProgress: e.inProgress, shared: e.shared, sharedStride: e.sharedStride,
		scratch: e.scratch[:0], fnState: e.fnState, seenFunc: e.seenFunc, seenGlobal: e.seenGlobal,
		reached: e.reached, fis: e.fis[:0],
	}
	emitters.Put(e)
}

func (e *emitter) module() {
	b := e.b
	b.Capability(spirv.CapabilityShader)
	if src := e.opts.Source; src != nil {
		// SourceLanguage Unknown: Debian's spirv-val (2023.1) does not know WGSL's number yet.
		e.lines = &lineTable{}
		for _, f := range append([]*SourceFile{src}, e.opts.More...) {
			file := b.String(f.Name)
			b.Source(spirv.SourceLanguageUnknown, 0, file, string(f.Text))
			e.lines.add(file, f)
		}
	}
	e.u32 = b.TypeInt(32, false)
	if cap(e.fis) < len(e.m.Funcs) {
		e.fis = make([]funcInfo, 0, len(e.m.Funcs))
	}
	for _, f := range e.m.Funcs {
		e.scan(f)
	}
	for _, o := range e.m.Overrides {
		e.override(o)
	}
	for _, o := range e.m.Overrides {
		e.value(o.Value)
	}
	for _, in := range e.m.Exprs.Insts {
		if in.Result != 0 {
			e.value(in.Result)
		}
	}
	// Workgroup variables no function uses are left out: before SPIR-V 1.4 an entry point
	// does not list the variables it uses, and Vulkan's limit on workgroup memory is then
	// checked on all of the module's (an unused override-sized array would fail a valid
	// pipeline).
	if e.reached == nil {
		e.reached = map[*ir.Global]bool{}
	}
	referenced := e.reached
	for _, fi := range e.info {
		for _, g := range fi.globals {
			referenced[g] = true
		}
	}
	for i, g := range e.m.Globals {
		e.globalIx[g] = i
		if g.Space == types.AddrWorkgroup && !referenced[g] {
			continue
		}
		e.global(g)
	}
	for _, f := range e.m.Funcs {
		e.funcIDs[f] = b.NewID()
	}
	// Callees before callers, in declaration order otherwise, so that output is stable.
	done := e.seenFunc // the scans are over
	clear(done)
	var visit func(f *ir.Func)
	visit = func(f *ir.Func) {
		if done[f] {
			return
		}
		done[f] = true
		for _, c := range e.info[f].callees {
			visit(c)
		}
		e.function(f)
	}
	for _, f := range e.m.Funcs {
		visit(f)
	}
	e.entryPoints()
}

func (e *emitter) name(id spirv.ID, name string) {
	if name != "" && !e.opts.NoNames {
		e.b.Name(id, name)
	}
}

// value returns the id of IR value v, emitting constants, module-scope expressions and
// overrides with expression defaults on first use.
func (e *emitter) value(v ir.Value) spirv.ID {
	if n := e.m.NumValues(); n > len(e.ids) {
		// The emitter's own code made constants.
		e.ids = append(e.ids, make([]spirv.ID, n-len(e.ids))...)
	}
	if id := e.ids[v]; id != 0 {
		return id
	}
	if c := e.m.Const(v); c != nil {
		id := e.constant(c)
		e.ids[v] = id
		return id
	}
	if o := e.m.Override(v); o != nil {
		if p, ok := e.pending[o]; ok {
			delete(e.pending, o)
			// The default is an expression of other overrides, which an OpSpecConstant cannot
			// hold: the override is select(flag, raw, default).
			id := e.b.SpecConstantOp(e.typeID(o.Type), spirv.OpSelect, p.flag, p.raw, e.value(o.Default))
			e.ids[v] = id
			e.name(id, o.Name)
			return id
		}
	}
	if in := e.m.Def(v); in != nil && in.Block == e.m.Exprs {
		if e.inProgress[in] {
			e.internal("override-expression %%%d depends on itself", v)
		}
		if e.inProgress == nil {
			e.inProgress = map[*ir.Inst]bool{}
		}
		e.inProgress[in] = true
		e.specOp(in)
		return e.ids[v]
	}
	e.internal("value %%%d used before it was emitted", v)
	return 0
}

func (e *emitter) constant(c *ir.Constant) spirv.ID {
	b := e.b
	if s, ok := c.Type.(*types.Scalar); ok {
		if s.Kind == types.KindBool {
			return b.ConstantBool(c.Bits != 0)
		}
		return b.Constant(e.typeID(s), c.Bits)
	}
	t := e.typeID(c.Type)
	if c.IsZero() {
		return b.ConstantNull(t)
	}
	elems := make([]spirv.ID, len(c.Elems))
	for i, x := range c.Elems {
		elems[i] = e.value(x)
	}
	return b.ConstantComposite(t, elems...)
}

func (e *emitter) constU32(x uint32) spirv.ID { return e.b.ConstantU32(x) }

type pendingDefault struct{ raw, flag spirv.ID }

// override emits an override as a specialisation constant with SpecId o.ID.
func (e *emitter) override(o *ir.Override) {
	b := e.b
	t := e.typeID(o.Type)
	var def uint64
	dc := e.m.Const(o.Default)
	switch {
	case dc != nil:
		def = dc.Bits
	case o.Default == 0:
		// A WGSL override without a default must be set by the pipeline, so SPIR-V's default
		// is a placeholder.
		def = abi.OverridePlaceholder(o.Type.IsInteger())
	}
	var raw spirv.ID
	if o.Type.Kind == types.KindBool {
		raw = b.SpecConstantBool(def != 0, o.ID)
	} else {
		raw = b.SpecConstant(t, def, o.ID)
	}
	if o.Default != 0 && dc == nil {
		e.name(raw, abi.OverrideValueName(o.Name))
		flag := b.SpecConstantBool(false, o.FlagID)
		e.name(flag, abi.OverrideFlagName(o.Name))
		if e.pending == nil {
			e.pending = map[*ir.Override]pendingDefault{}
		}
		e.pending[o] = pendingDefault{raw, flag}
		return
	}
	e.ids[o.Value] = raw
	e.name(raw, o.Name)
}

// funcInfo is what one walk over a function finds out for the others.
type funcInfo struct {
	callees []*ir.Func   // in first-call order
	globals []*ir.Global // used directly, in first-use order
	// inner lists the buffers used other than as the base of an access chain or of
	// arrayLength: they need the pointer to the wrapper's member.
	inner []ir.Value
}

// newFuncInfo returns an empty funcInfo from the emitter's slab, whose lists keep the room
// that an earlier emission's functions gave them.
func (e *emitter) newFuncInfo() *funcInfo {
	if len(e.fis) == cap(e.fis) {
		// The slab is sized for the module's functions (module), so this is a function the
		// emitter made itself.
		return &funcInfo{}
	}
	e.fis = e.fis[:len(e.fis)+1]
	return &e.fis[len(e.fis)-1]
}

// reset empties fi, keeping the room of its lists.
func (fi *funcInfo) reset() {
	clear(fi.callees)
	clear(fi.globals)
	*fi = funcInfo{callees: fi.callees[:0], globals: fi.globals[:0], inner: fi.inner[:0]}
}

// scan walks f once, before anything is emitted, for its funcInfo and, before SPIR-V 1.4,
// the layout twins its conversions relate (see shareConvert).
func (e *emitter) scan(f *ir.Func) {
	fi := e.newFuncInfo()
	if e.seenFunc == nil {
		e.seenFunc, e.seenGlobal = map[*ir.Func]bool{}, map[ir.Value]uint8{}
	}
	seenFunc, seenGlobal := e.seenFunc, e.seenGlobal // seenGlobal: 1 used, 2 used directly too
	clear(seenFunc)
	clear(seenGlobal)
	share := e.ver < spirv.Version1_4
	ir.Walk(f.Body, func(in *ir.Inst) {
		if in.Op == ir.OpConvert && share {
			e.shareConvert(in)
		}
		if in.Op == ir.OpCall && !seenFunc[in.Callee] {
			seenFunc[in.Callee] = true
			fi.callees = append(fi.callees, in.Callee)
		}
		for i, a := range in.Args {
			if e.m.Kind(a) != ir.KindGlobal {
				continue
			}
			if seenGlobal[a] == 0 {
				seenGlobal[a] = 1
				fi.globals = append(fi.globals, e.m.Global(a))
			}
			chained := i == 0 && (in.Op == ir.OpAccess || in.Op == ir.OpBuiltin && in.Builtin() == builtins.FnArrayLength)
			if !chained && seenGlobal[a] == 1 && e.isWrapped(e.m.Global(a)) {
				seenGlobal[a] = 2
				fi.inner = append(fi.inner, a)
			}
		}
	})
	e.info[f] = fi
}

// isWrapped reports whether the global is a buffer wrapped in a Block structure: all but
// those whose store type is a runtime-sized structure (see runtimeSizedBuffer).
func (e *emitter) isWrapped(g *ir.Global) bool {
	if !isBufferSpace(g.Space) {
		return false
	}
	_, st := g.Type.(*types.Struct)
	return !st || !types.IsRuntimeSized(g.Type)
}

// usedGlobals returns the globals f and its callees use, in declaration order.
func (e *emitter) usedGlobals(f *ir.Func) []*ir.Global {
	used := make([]bool, len(e.m.Globals))
	seen := map[*ir.Func]bool{}
	var visit func(f *ir.Func)
	visit = func(f *ir.Func) {
		if seen[f] {
			return
		}
		seen[f] = true
		fi := e.info[f]
		for _, g := range fi.globals {
			used[e.globalIx[g]] = true
		}
		for _, c := range fi.callees {
			visit(c)
		}
	}
	visit(f)
	var out []*ir.Global
	for i, g := range e.m.Globals {
		if used[i] {
			out = append(out, g)
		}
	}
	return out
}
