package ir

import (
	"fmt"
	"slices"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// ValidationError lists the invariant violations Validate found.
type ValidationError struct {
	Errs []string
}

func (e *ValidationError) Error() string {
	if len(e.Errs) == 1 {
		return "ir: " + e.Errs[0]
	}
	return fmt.Sprintf("ir: %d errors:\n\t%s", len(e.Errs), strings.Join(e.Errs, "\n\t"))
}

// Validate checks the invariants of m: every operand is defined before use and visible at
// its use (in the structured sense documented on the package), operand and result types agree,
// every block ends in exactly one terminator whose target exists (break and continue only
// inside loops and switches, break_if only ending a continuing block, exit_if only ending an
// if's block, with the construct's result values), function variables only in functions,
// no recursion, no reference or abstract types, unique override ids. It returns nil or a
// *ValidationError. It works in space the module keeps (see validator): like the builders,
// it is not for use on one module from two goroutines at once.
func Validate(m *Module) error {
	v := &m.validator
	n := m.NumValues()
	if cap(v.visible) < n {
		v.visible = make([]bool, n)
	}
	v.m, v.visible = m, v.visible[:n]
	clear(v.visible) // the values of Exprs and the module-scope operands stay visible
	v.module()
	errs := v.errs
	v.reset()
	if len(errs) == 0 {
		return nil
	}
	return &ValidationError{Errs: errs}
}

// validator is the state of Validate. A module keeps it for the next validation, and
// through Release for the modules after it, so that validating allocates nothing once the
// process has validated a module as large.
type validator struct {
	m *Module
	f *Func
	// where and whereName say what is being checked, for the messages ("fn", "main"),
	// kept apart so that nothing is spelled until there is an error.
	where, whereName string
	// visible marks the values visible at the instruction being checked: the results and
	// parameters in scope, and the module-scope values (results of Exprs once checked,
	// constants, globals and overrides once used).
	visible []bool
	defined []Value // values made visible, in order, for scope exit
	errs    []string
	// tstack holds the operand types of the instructions being checked (nested blocks push
	// above their construct's): one list for all instead of one per instruction.
	tstack []types.Type
	// calls are the callees of the calls checked, in the order of Walk; callsEnd[i] ends
	// those of the function m.Funcs[i]. owed counts the blocks of the instructions checked
	// that were not checked (left out after an error): only when none is are the calls
	// every function's, and the recursion check takes them rather than walking again.
	calls    []*Func
	callsEnd []int
	owed     int
	// funcIndex finds a function in m.Funcs, state is the depth-first search's per function
	// (see recursion); names holds the function names seen.
	funcIndex map[*Func]int
	state     []uint8
	names     map[string]bool
}

// reset empties v for the next validation, keeping its memory.
func (v *validator) reset() {
	clear(v.tstack[:cap(v.tstack)])
	clear(v.calls)
	clear(v.funcIndex)
	clear(v.names)
	*v = validator{
		visible: v.visible[:0], defined: v.defined[:0], tstack: v.tstack[:0],
		calls: v.calls[:0], callsEnd: v.callsEnd[:0], state: v.state[:0],
		funcIndex: v.funcIndex, names: v.names,
	}
}

func (v *validator) errorf(format string, args ...any) {
	if len(v.errs) >= 50 {
		return
	}
	prefix := ""
	if v.where != "" {
		prefix = v.where + " " + v.whereName + ": "
	}
	v.errs = append(v.errs, prefix+fmt.Sprintf(format, args...))
}

func (v *validator) module() {
	m := v.m
	ids := map[uint32]string{}
	for _, o := range m.Overrides {
		v.where, v.whereName = "override", o.Name
		if o.Type == nil || o.Type.IsAbstract() {
			v.errorf("bad type %v", o.Type)
		}
		if m.Type(o.Value) != types.Type(o.Type) || m.Override(o.Value) != o {
			v.errorf("value %%%d does not describe the override", o.Value)
		}
		if prev, ok := ids[o.ID]; ok {
			v.errorf("SpecId %d already used by %s", o.ID, prev)
		}
		ids[o.ID] = o.Name
		if o.Default != 0 {
			if !v.validValue(o.Default) || !m.IsModuleScope(o.Default) || m.Kind(o.Default) == KindGlobal {
				v.errorf("default %%%d is not a constant or override-expression", o.Default)
			} else if m.Type(o.Default) != types.Type(o.Type) {
				v.errorf("default has type %v, want %v", m.Type(o.Default), o.Type)
			} else if m.Const(o.Default) == nil {
				if prev, ok := ids[o.FlagID]; ok {
					v.errorf("flag SpecId %d already used by %s", o.FlagID, prev)
				}
				ids[o.FlagID] = o.Name + " (flag)"
			}
		}
	}
	v.where, v.whereName = "module", "exprs"
	for _, in := range m.Exprs.Insts {
		if in.Block != m.Exprs {
			v.errorf("%s: wrong Block", in.Op)
		}
		if !in.Op.IsPure() && !(in.Op == OpBuiltin && in.Builtin().Const()) {
			v.errorf("%s is not allowed at module scope", in.Op)
			continue
		}
		v.inst(in, m.Exprs)
		v.define(in.Result)
	}
	for i, g := range m.Globals {
		v.where, v.whereName = "var", g.Name
		if m.Global(g.Value) != g || int(m.values[g.Value].idx) != i {
			v.errorf("value %%%d does not describe the variable", g.Value)
		}
		p, ok := m.Type(g.Value).(*types.Pointer)
		if !ok || p.Space != g.Space || p.Access != g.Access || !types.Identical(p.Elem, g.Type) {
			v.errorf("pointer type %v does not match the variable", m.Type(g.Value))
		}
		v.checkType(g.Type)
		switch g.Space {
		case types.AddrNone, types.AddrFunction:
			v.errorf("address space %q at module scope", g.Space.String())
		case types.AddrUniform, types.AddrStorage, types.AddrHandle:
			if g.Binding == nil {
				v.errorf("resource without @group/@binding")
			}
			if isHandle(g.Type) != (g.Space == types.AddrHandle) {
				v.errorf("%v in address space %s", g.Type, g.Space)
			}
		case types.AddrIn, types.AddrOut:
			if g.IO.Builtin == "" && g.IO.Location < 0 {
				v.errorf("pipeline %s variable without @builtin or @location", g.Space)
			}
		}
		if g.Init != 0 {
			if g.Space != types.AddrPrivate && g.Space != types.AddrOut {
				v.errorf("initializer in address space %s", g.Space)
			}
			if !v.validValue(g.Init) || !m.IsModuleScope(g.Init) || m.Kind(g.Init) == KindGlobal {
				v.errorf("initializer is not a constant or override-expression")
			} else if !types.Identical(m.Type(g.Init), g.Type) {
				v.errorf("initializer has type %v, want %v", m.Type(g.Init), g.Type)
			}
		}
	}
	if v.names == nil {
		v.names = map[string]bool{}
	}
	for _, f := range m.Funcs {
		v.where, v.whereName = "fn", f.Name
		if v.names[f.Name] {
			v.errorf("duplicate function name")
		}
		v.names[f.Name] = true
		v.fn(f)
		v.callsEnd = append(v.callsEnd, len(v.calls))
	}
	v.where, v.whereName = "", ""
	v.recursion()
}

func (v *validator) validValue(x Value) bool { return x > 0 && int(x) < len(v.visible) }

func (v *validator) define(x Value) {
	if v.validValue(x) {
		v.visible[x] = true
		v.defined = append(v.defined, x)
	}
}

// scope returns a mark for leave.
func (v *validator) scope() int { return len(v.defined) }

func (v *validator) leave(mark int) {
	for _, x := range v.defined[mark:] {
		v.visible[x] = false
	}
	v.defined = v.defined[:mark]
}

func (v *validator) checkType(t types.Type) {
	// Scalars, vectors, matrices and pointers (whose pointee is not searched), the most
	// frequent types, hold no reference: only an abstract scalar is wrong.
	var s *types.Scalar
	switch t := t.(type) {
	case *types.Scalar:
		s = t
	case *types.Vector:
		s = t.Elem
	case *types.Matrix:
		s = t.Elem
	case *types.Pointer:
		return
	case nil:
		v.errorf("missing type")
		return
	}
	if s != nil {
		if s.IsAbstract() {
			v.errorf("abstract type %v in the IR", t)
		}
		return
	}
	if holdsReference(t) {
		v.errorf("reference type %v in the IR", t)
	}
	if types.IsAbstract(t) {
		v.errorf("abstract type %v in the IR", t)
	}
}

// holdsReference reports whether t is or holds (as an element or member, not as a pointee)
// a reference type: types.Contains with a predicate for references, without the calls of
// the predicate.
func holdsReference(t types.Type) bool {
	switch t := t.(type) {
	case *types.Reference:
		return true
	case *types.Array:
		return holdsReference(t.Elem)
	case *types.Struct:
		for _, m := range t.Members {
			if holdsReference(m.Type) {
				return true
			}
		}
	}
	return false // the elements of vectors, matrices and atomics are scalars
}

func (v *validator) fn(f *Func) {
	m := v.m
	v.f = f
	mark := v.scope()
	if f.module != m {
		v.errorf("function of another module")
	}
	if len(f.ParamIO) != len(f.Params) && len(f.ParamIO) != 0 {
		v.errorf("%d params but %d ParamIO", len(f.Params), len(f.ParamIO))
	}
	for i, p := range f.Params {
		if pf, idx := m.ParamFunc(p); pf != f || idx != i {
			v.errorf("parameter %d (%%%d) does not belong to the function", i, p)
		}
		v.checkType(m.Type(p))
		if f.Stage != StageNone {
			if _, ok := m.Type(p).(*types.Pointer); ok {
				v.errorf("entry point with a pointer parameter")
			}
		}
		v.define(p)
	}
	if f.Stage == StageCompute {
		for i, s := range f.WorkgroupSize {
			if s == 0 {
				continue
			}
			if !v.validValue(s) || !m.IsModuleScope(s) || m.Kind(s) == KindGlobal {
				v.errorf("workgroup size %d is not a constant or override", i)
			} else if t := m.Type(s); t != types.Type(types.U32) && t != types.Type(types.I32) {
				v.errorf("workgroup size %d has type %v", i, t)
			}
		}
	}
	if f.Body == nil || f.Body.Func != f || f.Body.Parent != nil {
		v.errorf("bad body")
	} else {
		v.block(f.Body)
	}
	v.leave(mark)
	v.f = nil
}

func (v *validator) block(blk *Block) {
	mark := v.scope()
	v.blockScoped(blk)
	v.leave(mark)
}

// blockScoped validates blk and leaves its values visible (the caller leaves the scope).
func (v *validator) blockScoped(blk *Block) {
	if blk.Func != v.f {
		v.errorf("block of another function")
	}
	if len(blk.Insts) == 0 || blk.Terminator() == nil {
		v.errorf("block does not end in a terminator")
	}
	f := v.f
	for i, in := range blk.Insts {
		if in.Block != blk {
			v.errorf("%s: instruction's Block is not its block", in.Op)
		}
		if f != nil && !f.MayHave(in.Op) {
			v.errorf("%s: not counted by its function's MayHave (an operation changed without SetOp?)", in.Op)
		}
		if f != nil && in.Op == OpBuiltin && !f.MayCall(in.Builtin()) {
			v.errorf("%s %s: not counted by its function's MayCall (an Aux set without SetAux?)", in.Op, in.Builtin())
		}
		if in.Op.IsTerminator() && i != len(blk.Insts)-1 {
			v.errorf("%s: terminator in the middle of a block", in.Op)
		}
		v.inst(in, blk)
		if in.ctl != nil && in.ctl.results != nil {
			for _, r := range in.ctl.results {
				v.define(r)
			}
		} else {
			v.define(in.Result)
		}
	}
}

// use returns the type of operand i of in, reporting an operand that is no value or not
// visible; inst has found it not visible.
func (v *validator) use(in *Inst, i int) types.Type {
	x := in.Args[i]
	if !v.validValue(x) {
		v.errorf("%s: operand %d is not a value", in.Op, i)
		return nil
	}
	if v.m.IsModuleScope(x) {
		if v.m.Kind(x) == KindInst {
			v.errorf("%s: operand %d (%%%d) is used before its definition", in.Op, i, x)
		} else {
			// A constant, global or override, visible everywhere: it is found visible
			// at its next use.
			v.visible[x] = true
		}
		return v.m.Type(x)
	}
	v.errorf("%s: operand %d (%%%d) is not defined before use or not visible here", in.Op, i, x)
	return v.m.Type(x)
}

// nargs reports whether in has from lo to hi operands (hi < 0: no most), reporting it when
// not. It is kept small enough to be inlined (the report is not).
func (v *validator) nargs(in *Inst, lo, hi int) bool {
	if len(in.Args) < lo || hi >= 0 && len(in.Args) > hi {
		return v.badNargs(in)
	}
	return true
}

//go:noinline
func (v *validator) badNargs(in *Inst) bool {
	v.errorf("%s: %d operands", in.Op, len(in.Args))
	return false
}

func (v *validator) inst(in *Inst, blk *Block) {
	// The operand types of most instructions fit in an array on the stack (stores there
	// need no write barrier); the others take room on a stack shared by all instructions
	// (nested blocks push above their construct's).
	var small [6]types.Type
	var ts []types.Type
	mark := len(v.tstack)
	if len(in.Args) <= len(small) {
		ts = small[:len(in.Args)]
	} else {
		n := mark + len(in.Args)
		if n > cap(v.tstack) {
			v.tstack = append(v.tstack[:cap(v.tstack)], make([]types.Type, n-cap(v.tstack))...)
		}
		v.tstack = v.tstack[:n]
		ts = v.tstack[mark:n:n]
	}
	typed := v.visibleOperands(in.Args, ts)
	if !typed {
		typed = true
		for i, x := range in.Args {
			var t types.Type
			if v.validValue(x) && v.visible[x] {
				t = v.m.values[x].typ
			} else {
				t = v.use(in, i)
			}
			ts[i] = t
			typed = typed && t != nil
		}
	}
	if in.Op == OpCall {
		v.calls = append(v.calls, in.Callee)
	}
	if typed {
		v.owed += len(in.Blocks())
		v.typedInst(in, blk, ts)
	} else if len(in.Blocks()) != 0 {
		v.owed++ // its blocks are left out
	}
	if len(in.Args) > len(small) {
		// The types are left in place (no clear): they are the module's, alive anyway.
		v.tstack = v.tstack[:mark]
	}
}

// visibleOperands sets ts to the types of args and reports whether they are all visible and
// typed, in a loop that calls nothing (the others are looked at again, by use).
func (v *validator) visibleOperands(args []Value, ts []types.Type) bool {
	visible, values := v.visible, v.m.values
	for i, x := range args {
		// Value 0 is never visible: a visible operand is a value.
		if uint(x) >= uint(len(visible)) || !visible[x] {
			return false
		}
		t := values[x].typ
		if t == nil {
			return false
		}
		ts[i] = t
	}
	return true
}

// typedInst validates in, whose operands have the types ts (none nil: an instruction with
// an invalid operand is not checked further).
func (v *validator) typedInst(in *Inst, blk *Block, ts []types.Type) {
	m := v.m
	var rt types.Type
	if in.Result != 0 {
		if !v.validValue(in.Result) || m.Def(in.Result) != in {
			v.errorf("%s: result %%%d is not defined by the instruction", in.Op, in.Result)
			return
		}
		rt = m.Type(in.Result)
		if rt == nil {
			v.errorf("%s: result without a type (ill-typed operands?)", in.Op)
			return
		}
		v.checkType(rt)
	}
	for _, r := range in.Results() {
		if !v.validValue(r) || m.Def(r) != in {
			v.errorf("%s: result %%%d is not defined by the instruction", in.Op, r)
			return
		}
	}
	switch in.Op {
	case OpVar:
		if blk.Func == nil {
			v.errorf("var outside a function")
		}
		if !v.needResult(in, rt) || !v.nargs(in, 0, 1) {
			return
		}
		p, ok := rt.(*types.Pointer)
		if !ok || p.Space != types.AddrFunction || p.Access != types.ReadWrite {
			v.errorf("var: result type %v is not ptr<function, T, read_write>", rt)
			return
		}
		if len(ts) == 1 && !types.Identical(ts[0], p.Elem) {
			v.errorf("var: initializer of type %v for %v", ts[0], p.Elem)
		}
		if isHandle(p.Elem) {
			v.errorf("var of handle type %v (textures and samplers are values)", p.Elem)
		}
	case OpLoad:
		if !v.needResult(in, rt) || !v.nargs(in, 1, 1) {
			return
		}
		p, ok := ts[0].(*types.Pointer)
		if !ok {
			v.errorf("load: operand of type %v is not a pointer", ts[0])
			return
		}
		if !p.Access.CanRead() {
			v.errorf("load through a %s pointer", p.Access)
		}
		if !types.Identical(p.Elem, rt) {
			v.errorf("load: result %v from %v", rt, p)
		}
	case OpStore:
		if !v.nargs(in, 2, 2) {
			return
		}
		p, ok := ts[0].(*types.Pointer)
		if !ok {
			v.errorf("store: operand of type %v is not a pointer", ts[0])
			return
		}
		if !p.Access.CanWrite() {
			v.errorf("store through a %s pointer", p.Access)
		}
		if !types.Identical(p.Elem, ts[1]) {
			v.errorf("store: value of type %v through %v", ts[1], p)
		}
	case OpAccess:
		if !v.needResult(in, rt) || !v.nargs(in, 2, -1) {
			return
		}
		p, ok := ts[0].(*types.Pointer)
		if !ok {
			v.errorf("access: base of type %v is not a pointer", ts[0])
			return
		}
		e := v.indexChain(in, p.Elem, 1)
		rp, ok := rt.(*types.Pointer)
		if e != nil && (!ok || rp.Space != p.Space || rp.Access != p.Access || !types.Identical(rp.Elem, e)) {
			v.errorf("access: result %v, want pointer to %v", rt, e)
		}
	case OpExtract:
		if !v.needResult(in, rt) || !v.nargs(in, 2, -1) {
			return
		}
		if e := v.indexChain(in, ts[0], 1); e != nil && !types.Identical(e, rt) {
			v.errorf("extract: result %v, want %v", rt, e)
		}
	case OpInsert:
		if !v.needResult(in, rt) || !v.nargs(in, 3, -1) {
			return
		}
		if !types.Identical(ts[0], rt) {
			v.errorf("insert: result %v from composite %v", rt, ts[0])
		}
		if e := v.indexChain(in, ts[0], 2); e != nil && !types.Identical(e, ts[1]) {
			v.errorf("insert: value %v for a constituent of type %v", ts[1], e)
		}
	case OpSwizzle:
		if !v.needResult(in, rt) || !v.nargs(in, 1, 1) {
			return
		}
		vt, ok := ts[0].(*types.Vector)
		comps := in.Swizzle()
		if !ok || len(comps) == 0 || len(comps) > 4 {
			v.errorf("swizzle of %v with %d components", ts[0], len(comps))
			return
		}
		for _, c := range comps {
			if c >= vt.N {
				v.errorf("swizzle component %d of %v", c, vt)
			}
		}
		want := types.Type(vt.Elem)
		if len(comps) > 1 {
			want = types.Vec(len(comps), vt.Elem)
		}
		if rt != want {
			v.errorf("swizzle: result %v, want %v", rt, want)
		}
	case OpConstruct:
		if v.needResult(in, rt) {
			v.construct(rt, ts)
		}
	case OpSplat:
		if !v.needResult(in, rt) || !v.nargs(in, 1, 1) {
			return
		}
		if vt, ok := rt.(*types.Vector); !ok || vt.Elem != ts[0] {
			v.errorf("splat of %v to %v", ts[0], rt)
		}
	case OpConvert:
		if !v.needResult(in, rt) || !v.nargs(in, 1, 1) {
			return
		}
		if !(sameShape(ts[0], rt) && types.ElemScalar(rt) != nil) && !LayoutTwins(ts[0], rt) {
			v.errorf("convert from %v to %v", ts[0], rt)
		}
	case OpBitcast:
		if !v.needResult(in, rt) || !v.nargs(in, 1, 1) {
			return
		}
		if bitSize(ts[0]) == 0 || bitSize(ts[0]) != bitSize(rt) {
			v.errorf("bitcast from %v to %v", ts[0], rt)
		}
	case OpSelect:
		if !v.needResult(in, rt) || !v.nargs(in, 3, 3) {
			return
		}
		if !types.Identical(ts[1], rt) || !types.Identical(ts[2], rt) {
			v.errorf("select between %v and %v for %v", ts[1], ts[2], rt)
		}
		if ts[0] != types.Type(types.Bool) {
			cv, ok := ts[0].(*types.Vector)
			rv, ok2 := rt.(*types.Vector)
			if !ok || cv.Elem != types.Bool || !ok2 || rv.N != cv.N {
				v.errorf("select condition of type %v for %v", ts[0], rt)
			}
		}
	case OpNeg, OpNot:
		if !v.needResult(in, rt) || !v.nargs(in, 1, 1) {
			return
		}
		s := types.ElemScalar(ts[0])
		if rt != ts[0] || s == nil {
			v.errorf("%s of %v to %v", in.Op, ts[0], rt)
			return
		}
		if in.Op == OpNeg && (!s.IsSigned() || s.Kind == types.KindBool) {
			v.errorf("neg of %v", ts[0])
		}
		if _, mat := ts[0].(*types.Matrix); in.Op == OpNot && (s.IsFloat() || mat) {
			v.errorf("not of %v", ts[0])
		}
	case OpCall:
		v.call(in, ts, rt)
	case OpOverride:
		if !v.nargs(in, 1, 1) {
			return
		}
		if o := m.Override(in.Args[0]); o == nil || rt != types.Type(o.Type) {
			v.errorf("override of %%%d, which is no override of type %v", in.Args[0], rt)
		}
	case OpBuiltin:
		fn := in.Builtin()
		if fn.Class() == builtins.ClassNone {
			v.errorf("invalid builtin function %d", in.Aux)
			return
		}
		switch want := v.m.builtinResultType(fn, ts); {
		case want == nil:
			v.errorf("%s: no overload takes operands %v", fn, slices.Clone(ts))
		case want == types.Type(types.VoidType):
			if in.Result != 0 {
				v.errorf("%s has no result", fn)
			}
		case rt == nil || !types.Identical(want, rt):
			v.errorf("%s: result %v, want %v", fn, rt, want)
		}
		if fn.Class() == builtins.ClassTexture {
			v.texture(in, fn, ts)
		}
		if fn.Class() == builtins.ClassAtomic {
			p, ok := ts[0].(*types.Pointer)
			if !ok {
				v.errorf("%s on a non-pointer", fn)
			} else if _, ok := p.Elem.(*types.Atomic); !ok {
				v.errorf("%s on %v", fn, p)
			}
		}
	case OpIf:
		if !v.nargs(in, 1, 1) || len(in.Blocks()) != 2 {
			v.errorf("if: malformed")
			return
		}
		if ts[0] != types.Type(types.Bool) {
			v.errorf("if condition of type %v", ts[0])
		}
		v.nested(in)
	case OpLoop:
		if len(in.Blocks()) != 2 || len(in.Args) != 0 || len(in.Results()) != 0 {
			v.errorf("loop: malformed")
			return
		}
		v.loop(in)
	case OpSwitch:
		if !v.nargs(in, 1, 1) || len(in.Blocks()) != len(in.Cases()) {
			v.errorf("switch: malformed")
			return
		}
		v.switchCases(in, ts[0])
		v.nested(in)
	case OpReturn:
		if v.f == nil {
			v.errorf("return outside a function")
			return
		}
		if v.f.Result == types.Type(types.VoidType) {
			v.nargs(in, 0, 0)
		} else if v.nargs(in, 1, 1) && !types.Identical(ts[0], v.f.Result) {
			v.errorf("return of %v from a function returning %v", ts[0], v.f.Result)
		}
		if inContinuing(blk) {
			v.errorf("return inside a continuing block")
		}
	case OpExitIf:
		if blk.Parent == nil || blk.Parent.Op != OpIf {
			v.errorf("exit_if does not end a block of an if")
			return
		}
		v.results(in, blk.Parent, ts)
	case OpBreak:
		t := blk.BreakTarget()
		if t == nil {
			v.errorf("break outside a loop or switch")
			return
		}
		if t.Op == OpLoop && isInside(blk, t.Continuing()) {
			v.errorf("break out of a loop from its continuing block (use break_if)")
		}
		v.results(in, t, ts)
	case OpContinue:
		l := blk.Loop()
		if l == nil {
			v.errorf("continue outside a loop")
			return
		}
		if isInside(blk, l.Continuing()) {
			v.errorf("continue inside a continuing block")
		}
	case OpBreakIf, OpNextIteration:
		if blk.Parent == nil || blk.Parent.Op != OpLoop || blk != blk.Parent.Continuing() {
			v.errorf("%s does not end a loop's continuing block", in.Op)
		}
		if in.Op == OpBreakIf && v.nargs(in, 1, 1) && ts[0] != types.Type(types.Bool) {
			v.errorf("break_if condition of type %v", ts[0])
		}
	case OpDiscard, OpKill, OpUnreachable:
		v.nargs(in, 0, 0)
	default:
		if in.Op.IsBinary() {
			if !v.needResult(in, rt) || !v.nargs(in, 2, 2) {
				return
			}
			want := BinaryResultType(in.Op, ts[0], ts[1])
			if want == nil || !types.Identical(want, rt) {
				v.errorf("%s of %v and %v to %v", in.Op, ts[0], ts[1], rt)
				return
			}
			v.binaryOperands(in.Op, ts[0])
			return
		}
		v.errorf("invalid op %d", in.Op)
	}
	if !in.Op.IsControl() && len(in.Blocks()) != 0 {
		v.errorf("%s with nested blocks", in.Op)
	}
}

// needResult reports whether in has a result (of type rt), reporting it when not.
func (v *validator) needResult(in *Inst, rt types.Type) bool {
	if rt == nil {
		v.errorf("%s: missing result", in.Op)
		return false
	}
	return true
}

func (v *validator) binaryOperands(op Op, t types.Type) {
	s := types.ElemScalar(t)
	switch op {
	case OpAnd, OpOr, OpXor:
		if s.IsFloat() {
			v.errorf("%s of %v", op, t)
		}
	case OpShl, OpShr:
		if !s.IsInteger() {
			v.errorf("%s of %v", op, t)
		}
	case OpLt, OpLe, OpGt, OpGe, OpAdd, OpSub, OpMul, OpDiv, OpRem:
		if s.Kind == types.KindBool {
			v.errorf("%s of %v", op, t)
		}
	}
}

// indexChain walks the index operands from position first through t and returns the
// indexed type, reporting bad indices.
func (v *validator) indexChain(in *Inst, t types.Type, first int) types.Type {
	for i := first; i < len(in.Args); i++ {
		x := in.Args[i]
		it := v.m.Type(x)
		if s, ok := it.(*types.Scalar); !ok || (s != types.I32 && s != types.U32) {
			v.errorf("%s: index %d of type %v", in.Op, i, it)
			return nil
		}
		c := v.m.Const(x)
		switch tt := t.(type) {
		case *types.Struct:
			if c == nil {
				v.errorf("%s: dynamic index into structure %v", in.Op, tt)
				return nil
			}
			k := c.Int()
			if k < 0 || int(k) >= len(tt.Members) {
				v.errorf("%s: member %d of %v", in.Op, k, tt)
				return nil
			}
			t = tt.Members[k].Type
		case *types.Vector, *types.Matrix, *types.Array:
			if c != nil {
				k := c.Int()
				if n := NumElems(tt); k < 0 || (n > 0 && int(k) >= n) {
					v.errorf("%s: constant index %d out of range for %v", in.Op, k, tt)
					return nil
				}
			}
			if in.Op == OpInsert && c == nil {
				if _, vec := tt.(*types.Vector); !vec || i != len(in.Args)-1 {
					v.errorf("insert: dynamic index into %v", tt)
					return nil
				}
			}
			t = ElemType(tt, 0)
		default:
			v.errorf("%s: cannot index %v", in.Op, t)
			return nil
		}
	}
	return t
}

func (v *validator) construct(rt types.Type, ts []types.Type) {
	switch t := rt.(type) {
	case *types.Vector:
		n := 0
		for _, a := range ts {
			switch at := a.(type) {
			case *types.Scalar:
				if at != t.Elem {
					v.errorf("construct %v from %v", t, a)
				}
				n++
			case *types.Vector:
				if at.Elem != t.Elem {
					v.errorf("construct %v from %v", t, a)
				}
				n += at.N
			default:
				v.errorf("construct %v from %v", t, a)
			}
		}
		if n != t.N {
			v.errorf("construct %v from %d components", t, n)
		}
	case *types.Matrix:
		if len(ts) == t.Cols {
			for _, a := range ts {
				if a != types.Type(t.Column()) {
					v.errorf("construct %v from column %v", t, a)
				}
			}
			return
		}
		if len(ts) != t.Cols*t.Rows {
			v.errorf("construct %v from %d operands", t, len(ts))
			return
		}
		for _, a := range ts {
			if a != types.Type(t.Elem) {
				v.errorf("construct %v from %v", t, a)
			}
		}
	case *types.Array:
		if t.Count == 0 || len(ts) != t.Count {
			v.errorf("construct %v from %d elements", t, len(ts))
			return
		}
		for _, a := range ts {
			if !types.Identical(a, t.Elem) {
				v.errorf("construct %v from %v", t, a)
			}
		}
	case *types.Struct:
		if len(ts) != len(t.Members) {
			v.errorf("construct %v from %d members", t, len(ts))
			return
		}
		for i, a := range ts {
			if !types.Identical(a, t.Members[i].Type) {
				v.errorf("construct %v: member %d of type %v", t, i, a)
			}
		}
	default:
		v.errorf("construct of %v", rt)
	}
}

func (v *validator) call(in *Inst, ts []types.Type, rt types.Type) {
	f := in.Callee
	if f == nil || f.module != v.m {
		v.errorf("call of an unknown function")
		return
	}
	if f.Stage != StageNone {
		v.errorf("call of entry point %s", f.Name)
	}
	if len(ts) != len(f.Params) {
		v.errorf("call of %s with %d arguments, want %d", f.Name, len(ts), len(f.Params))
		return
	}
	for i, p := range f.Params {
		if !types.Identical(ts[i], v.m.Type(p)) {
			v.errorf("call of %s: argument %d has type %v, want %v", f.Name, i, ts[i], v.m.Type(p))
		}
	}
	if f.Result == types.Type(types.VoidType) {
		if in.Result != 0 {
			v.errorf("call of void %s with a result", f.Name)
		}
	} else if rt == nil || !types.Identical(rt, f.Result) {
		v.errorf("call of %s: result %v, want %v", f.Name, rt, f.Result)
	}
}

func (v *validator) switchCases(in *Inst, sel types.Type) {
	if sel != types.Type(types.I32) && sel != types.Type(types.U32) {
		v.errorf("switch selector of type %v", sel)
	}
	defaults := 0
	seen := map[uint64]bool{}
	for _, c := range in.Cases() {
		if c.Default {
			defaults++
		}
		for _, x := range c.Values {
			k := v.m.Const(x)
			if k == nil || k.Type != sel {
				v.errorf("switch case value %%%d is not a %v constant", x, sel)
				continue
			}
			if seen[k.Bits] {
				v.errorf("duplicate switch case value %s", FormatScalar(k.Scalar(), k.Bits))
			}
			seen[k.Bits] = true
		}
	}
	if defaults != 1 {
		v.errorf("switch with %d default clauses", defaults)
	}
}

func (v *validator) nested(in *Inst) {
	v.owed -= len(in.Blocks())
	for _, nb := range in.Blocks() {
		if nb.Parent != in {
			v.errorf("%s: nested block with the wrong Parent", in.Op)
		}
		v.block(nb)
	}
}

func (v *validator) loop(in *Inst) {
	body, cont := in.Body(), in.Continuing()
	if body.Parent != in || cont.Parent != in {
		v.errorf("loop: nested block with the wrong Parent")
	}
	if t := cont.Terminator(); t != nil && t.Op != OpBreakIf && t.Op != OpNextIteration {
		v.errorf("continuing block ends in %s", t.Op)
	}
	v.owed -= 2
	mark := v.scope()
	v.blockScoped(body)
	// The continuing block sees the body's top-level values defined before the first
	// instruction that may continue.
	v.leave(mark)
	for _, bi := range body.Insts {
		if mayContinue(bi, in) {
			break
		}
		for _, r := range bi.Values() {
			v.define(r)
		}
	}
	v.block(cont)
	v.leave(mark)
}

// mayContinue reports whether in is, or contains, a continue that goes to loop's
// continuing block.
func mayContinue(in *Inst, loop *Inst) bool {
	if in.Op == OpContinue {
		return true
	}
	if in.Op == OpLoop {
		return false // continues inside target the inner loop
	}
	for _, nb := range in.Blocks() {
		for _, x := range nb.Insts {
			if mayContinue(x, loop) {
				return true
			}
		}
	}
	return false
}

func (v *validator) results(in *Inst, target *Inst, ts []types.Type) {
	if len(ts) != len(target.Results()) {
		v.errorf("%s with %d values for a %s with %d results", in.Op, len(ts), target.Op, len(target.Results()))
		return
	}
	for i, r := range target.Results() {
		if !types.Identical(ts[i], v.m.Type(r)) {
			v.errorf("%s: value %d has type %v, want %v", in.Op, i, ts[i], v.m.Type(r))
		}
	}
}

// inContinuing reports whether blk is a continuing block or nested in one.
func inContinuing(blk *Block) bool {
	for b := blk; b.Parent != nil; b = b.Parent.Block {
		if b.Parent.Op == OpLoop && b == b.Parent.Continuing() {
			return true
		}
	}
	return false
}

// isInside reports whether blk is outer or nested in it.
func isInside(blk, outer *Block) bool {
	for b := blk; b != nil; {
		if b == outer {
			return true
		}
		if b.Parent == nil {
			return false
		}
		b = b.Parent.Block
	}
	return false
}

func (v *validator) recursion() {
	if len(v.errs) == 0 && v.owed == 0 && v.recordedCalls() {
		n := len(v.m.Funcs)
		if cap(v.state) < n {
			v.state = make([]uint8, n)
		}
		v.state = v.state[:n]
		clear(v.state)
		for i := range n {
			if !v.visitRecorded(i) {
				return
			}
		}
		return
	}
	// Not every call was checked: Walk finds them.
	state := map[*Func]int{} // 1 visiting, 2 done
	var visit func(f *Func) bool
	visit = func(f *Func) bool {
		switch state[f] {
		case 1:
			v.errorf("fn %s: recursion", f.Name)
			return false
		case 2:
			return true
		}
		state[f] = 1
		for _, c := range f.Callees() {
			if c == nil {
				continue // a call of no function, reported where it was checked
			}
			if !visit(c) {
				return false
			}
		}
		state[f] = 2
		return true
	}
	for _, f := range v.m.Funcs {
		if !visit(f) {
			return
		}
	}
}

// recordedCalls indexes the functions and reports whether every function called is one
// of them, so that the calls recorded are the whole call graph.
func (v *validator) recordedCalls() bool {
	if len(v.calls) == 0 {
		return true
	}
	if v.funcIndex == nil {
		v.funcIndex = map[*Func]int{}
	}
	for i, f := range v.m.Funcs {
		v.funcIndex[f] = i
	}
	for _, c := range v.calls {
		if _, ok := v.funcIndex[c]; !ok {
			return false
		}
	}
	return true
}

// visitRecorded is the depth-first search of recursion over the recorded calls: a call
// repeated finds its callee done. It visits the callees in first-call order, as Callees
// lists them, and so reports the recursion the search over Callees would.
func (v *validator) visitRecorded(i int) bool {
	const visiting, done = 1, 2
	switch v.state[i] {
	case visiting:
		v.errorf("fn %s: recursion", v.m.Funcs[i].Name)
		return false
	case done:
		return true
	}
	v.state[i] = visiting
	start := 0
	if i > 0 {
		start = v.callsEnd[i-1]
	}
	for _, c := range v.calls[start:v.callsEnd[i]] {
		if !v.visitRecorded(v.funcIndex[c]) {
			return false
		}
	}
	v.state[i] = done
	return true
}

// sameShape reports whether a and b are both scalars, both vectors of one width or both
// matrices of one shape.
func sameShape(a, b types.Type) bool {
	switch a := a.(type) {
	case *types.Scalar:
		_, ok := b.(*types.Scalar)
		return ok
	case *types.Vector:
		bv, ok := b.(*types.Vector)
		return ok && bv.N == a.N
	case *types.Matrix:
		bm, ok := b.(*types.Matrix)
		return ok && bm.Cols == a.Cols && bm.Rows == a.Rows
	}
	return false
}

// bitSize is the size in bits of a numeric scalar or vector, or 0.
func bitSize(t types.Type) int {
	switch t := t.(type) {
	case *types.Scalar:
		if !t.IsNumeric() {
			return 0
		}
		return 8 * t.Size()
	case *types.Vector:
		if !t.Elem.IsNumeric() {
			return 0
		}
		return 8 * t.Elem.Size() * t.N
	}
	return 0
}
