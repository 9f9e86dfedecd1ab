package ir

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// A Builder appends instructions to a block, or inserts them before a given instruction.
// Its methods infer result types from operand types the way WGSL does; ill-typed operands
// give a nil result type that Validate reports.
//
// Instructions added after a block's terminator are dropped (they are unreachable, as WGSL
// statements after a return are); their values exist but are defined nowhere, so the
// validator rejects any use of them.
//
// Every instruction the builder adds gets the builder's source position and span (SetPos,
// SetSpan); choosing where to insert with SetInsertBefore or SetInsertAfter also takes that
// instruction's position and span, so a pass expanding an instruction gives the expansion
// its position.
type Builder struct {
	m    *Module
	blk  *Block
	pos  int // insertion index in blk.Insts; -1 appends
	hint int
	src  Pos  // the position of the instructions added
	span Span // their span
	// overrideExpr marks the instructions added as override-expressions (Inst.OverrideExpr).
	overrideExpr bool
}

// NewBuilder returns a builder appending to the body of f.
func NewBuilder(f *Func) *Builder {
	return &Builder{m: f.module, blk: f.Body, pos: -1}
}

// ExprBuilder returns a builder appending module-scope override-expressions to m.Exprs.
func (m *Module) ExprBuilder() *Builder {
	return &Builder{m: m, blk: m.Exprs, pos: -1}
}

// Module returns the module being built.
func (b *Builder) Module() *Module { return b.m }

// Block returns the block being built.
func (b *Builder) Block() *Block { return b.blk }

// SetBlock makes b append to blk.
func (b *Builder) SetBlock(blk *Block) { b.blk, b.pos = blk, -1 }

// Pos returns the source position given to the instructions b adds.
func (b *Builder) Pos() Pos { return b.src }

// SetPos sets the source position of the instructions b adds from now on, with no span
// beyond it, and returns the previous one.
func (b *Builder) SetPos(p Pos) Pos {
	old := b.src
	b.src, b.span = p, Span{}
	return old
}

// SetPosSpan sets the source position and span of the instructions b adds from now on and
// returns the previous ones.
func (b *Builder) SetPosSpan(p Pos, s Span) (Pos, Span) {
	oldP, oldS := b.src, b.span
	b.src, b.span = p, s
	return oldP, oldS
}

// SetOverrideExpr sets whether the instructions b adds from now on are override-expressions
// (Inst.OverrideExpr) and returns the previous setting.
func (b *Builder) SetOverrideExpr(on bool) bool {
	old := b.overrideExpr
	b.overrideExpr = on
	return old
}

// SetInsertBefore makes b insert before in (which must be in a block), with in's source
// position and span.
func (b *Builder) SetInsertBefore(in *Inst) {
	b.src, b.span = in.Pos, in.Span()
	blk := in.Block
	start := 0
	if blk == b.blk && b.hint < len(blk.Insts) {
		start = b.hint
	}
	for _, s := range [2]int{start, 0} {
		for i := s; i < len(blk.Insts); i++ {
			if blk.Insts[i] == in {
				b.blk, b.pos, b.hint = blk, i, i
				return
			}
		}
	}
	panic("ir: SetInsertBefore: instruction not in its block")
}

// SetInsertAfter makes b insert after in, with in's source position.
func (b *Builder) SetInsertAfter(in *Inst) {
	b.SetInsertBefore(in)
	b.pos++
	if b.pos == len(b.blk.Insts) {
		b.pos = -1
	}
}

// Terminated reports whether the block being appended to already has its terminator.
func (b *Builder) Terminated() bool { return b.pos < 0 && b.blk.Terminator() != nil }

func (b *Builder) insert(in *Inst) *Inst {
	in.Pos, in.OverrideExpr = b.src, b.overrideExpr
	in.SetSpan(b.span)
	if b.pos < 0 {
		if b.blk.Terminator() != nil {
			return in // dead code: dropped
		}
		in.Block = b.blk
		if f := b.blk.Func; f != nil {
			f.ops.add(in.Op)
		}
		if len(b.blk.Insts) == cap(b.blk.Insts) {
			b.blk.Insts = growList(&b.m.instLists, &b.m.instListChunks, b.blk.Insts)
		}
		b.blk.Insts = append(b.blk.Insts, in)
		return in
	}
	in.Block = b.blk
	if f := b.blk.Func; f != nil {
		f.ops.add(in.Op)
	}
	if len(b.blk.Insts) == cap(b.blk.Insts) {
		b.blk.Insts = growList(&b.m.instLists, &b.m.instListChunks, b.blk.Insts)
	}
	b.blk.Insts = append(b.blk.Insts, nil)
	copy(b.blk.Insts[b.pos+1:], b.blk.Insts[b.pos:])
	b.blk.Insts[b.pos] = in
	b.pos++
	b.hint = b.pos
	return in
}

// Inst adds an instruction with a result of type t (nil or void for none) and returns it.
// It is the general form behind the typed helpers; passes use it to rebuild instructions.
func (b *Builder) Inst(op Op, t types.Type, args ...Value) *Inst {
	in := b.m.newInst(op)
	in.Args = b.m.args(args...)
	if t != nil && t != types.Type(types.VoidType) {
		in.Result = b.m.newValue(t, KindInst)
		b.m.values[in.Result].inst = in
	}
	return b.insert(in)
}

// value adds an instruction that has a result, even when the operand types gave no result
// type (nil), so that Validate reports the ill-typed operation at its definition.
func (b *Builder) value(op Op, t types.Type, args ...Value) Value {
	in := b.m.newInst(op)
	in.Args = b.m.args(args...)
	in.Result = b.m.newValue(t, KindInst)
	b.m.values[in.Result].inst = in
	return b.insert(in).Result
}

func (b *Builder) typ(v Value) types.Type { return b.m.values[v].typ }

// Constants, for convenience.

func (b *Builder) Bool(x bool) Value   { return b.m.ConstBool(x) }
func (b *Builder) I32(x int32) Value   { return b.m.ConstI32(x) }
func (b *Builder) U32(x uint32) Value  { return b.m.ConstU32(x) }
func (b *Builder) F32(x float32) Value { return b.m.ConstF32(x) }
func (b *Builder) F16(x float32) Value { return b.m.ConstF16(x) }
func (b *Builder) Zero(t types.Type) Value {
	return b.m.Zero(t)
}

// Binary operators.

func (b *Builder) Binary(op Op, x, y Value) Value {
	return b.value(op, BinaryResultType(op, b.typ(x), b.typ(y)), x, y)
}
func (b *Builder) Add(x, y Value) Value { return b.Binary(OpAdd, x, y) }
func (b *Builder) Sub(x, y Value) Value { return b.Binary(OpSub, x, y) }
func (b *Builder) Mul(x, y Value) Value { return b.Binary(OpMul, x, y) }
func (b *Builder) Div(x, y Value) Value { return b.Binary(OpDiv, x, y) }
func (b *Builder) Rem(x, y Value) Value { return b.Binary(OpRem, x, y) }
func (b *Builder) And(x, y Value) Value { return b.Binary(OpAnd, x, y) }
func (b *Builder) Or(x, y Value) Value  { return b.Binary(OpOr, x, y) }
func (b *Builder) Xor(x, y Value) Value { return b.Binary(OpXor, x, y) }
func (b *Builder) Shl(x, y Value) Value { return b.Binary(OpShl, x, y) }
func (b *Builder) Shr(x, y Value) Value { return b.Binary(OpShr, x, y) }
func (b *Builder) Eq(x, y Value) Value  { return b.Binary(OpEq, x, y) }
func (b *Builder) Ne(x, y Value) Value  { return b.Binary(OpNe, x, y) }
func (b *Builder) Lt(x, y Value) Value  { return b.Binary(OpLt, x, y) }
func (b *Builder) Le(x, y Value) Value  { return b.Binary(OpLe, x, y) }
func (b *Builder) Gt(x, y Value) Value  { return b.Binary(OpGt, x, y) }
func (b *Builder) Ge(x, y Value) Value  { return b.Binary(OpGe, x, y) }

// Neg is arithmetic negation.
func (b *Builder) Neg(x Value) Value { return b.value(OpNeg, b.typ(x), x) }

// Not is logical not for bools and bitwise complement for integers.
func (b *Builder) Not(x Value) Value { return b.value(OpNot, b.typ(x), x) }

// Convert converts x to t component-wise (numeric and bool conversions).
func (b *Builder) Convert(t types.Type, x Value) Value { return b.value(OpConvert, t, x) }

// Bitcast reinterprets the bits of x as t.
func (b *Builder) Bitcast(t types.Type, x Value) Value { return b.value(OpBitcast, t, x) }

// Construct builds a composite of type t from its constituents.
func (b *Builder) Construct(t types.Type, args ...Value) Value {
	return b.value(OpConstruct, t, args...)
}

// Splat builds a vector of type t with every component x.
func (b *Builder) Splat(t types.Type, x Value) Value {
	if _, ok := t.(*types.Vector); !ok {
		return x
	}
	if c := b.m.Const(x); c != nil {
		return b.m.ConstSplat(t, x)
	}
	return b.value(OpSplat, t, x)
}

// Select returns ifTrue where cond holds, else ifFalse (SPIR-V's operand order; WGSL's
// select(f, t, c) is Select(c, t, f)).
func (b *Builder) Select(cond, ifTrue, ifFalse Value) Value {
	return b.value(OpSelect, b.typ(ifTrue), cond, ifTrue, ifFalse)
}

// Swizzle selects components of vector x.
func (b *Builder) Swizzle(x Value, comps ...int) Value {
	var t types.Type
	if v, ok := b.typ(x).(*types.Vector); ok {
		if len(comps) == 1 {
			t = v.Elem
		} else if len(comps) <= 4 && len(comps) > 1 {
			t = types.Vec(len(comps), v.Elem)
		}
	}
	v := b.value(OpSwizzle, t, x)
	b.m.values[v].inst.Aux = swizzleAux(comps)
	return v
}

// Extract reads a constituent of a composite value; indices may be dynamic except for
// structure members.
func (b *Builder) Extract(x Value, indices ...Value) Value {
	t := b.typ(x)
	for _, i := range indices {
		t = b.indexType(t, i)
	}
	return b.value(OpExtract, t, append([]Value{x}, indices...)...)
}

// ExtractN is Extract with constant u32 indices.
func (b *Builder) ExtractN(x Value, indices ...int) Value {
	return b.Extract(x, b.constIndices(indices)...)
}

// Insert returns composite x with the constituent at indices replaced by v.
func (b *Builder) Insert(x, v Value, indices ...Value) Value {
	return b.value(OpInsert, b.typ(x), append([]Value{x, v}, indices...)...)
}

func (b *Builder) constIndices(indices []int) []Value {
	vs := make([]Value, len(indices))
	for i, x := range indices {
		vs[i] = b.m.ConstU32(uint32(x))
	}
	return vs
}

func (b *Builder) indexType(t types.Type, i Value) types.Type {
	if st, ok := t.(*types.Struct); ok {
		c := b.m.Const(i)
		if c == nil || c.Elems != nil || c.Zero {
			return nil
		}
		return ElemType(st, int(c.Int()))
	}
	return ElemType(t, 0)
}

// Var adds a function-scope variable of type t initialised with init (0 for zero) and
// returns its pointer.
func (b *Builder) Var(name string, t types.Type, init Value) Value {
	p := &types.Pointer{Space: types.AddrFunction, Elem: t, Access: types.ReadWrite}
	var in *Inst
	if init != 0 {
		in = b.Inst(OpVar, p, init)
	} else {
		in = b.Inst(OpVar, p)
	}
	if name != "" {
		b.m.SetName(in.Result, name)
	}
	return in.Result
}

// Load reads the value ptr points to.
func (b *Builder) Load(ptr Value) Value {
	var t types.Type
	if p, ok := b.typ(ptr).(*types.Pointer); ok {
		t = p.Elem
	}
	return b.value(OpLoad, t, ptr)
}

// Store writes v where ptr points.
func (b *Builder) Store(ptr, v Value) { b.Inst(OpStore, nil, ptr, v) }

// Access returns a pointer to a part of what ptr points to. Structure member indices must
// be constants; array, matrix and vector indices may be any integer value.
func (b *Builder) Access(ptr Value, indices ...Value) Value {
	var t types.Type
	if p, ok := b.typ(ptr).(*types.Pointer); ok {
		e := p.Elem
		for _, i := range indices {
			e = b.indexType(e, i)
		}
		if e != nil {
			t = &types.Pointer{Space: p.Space, Elem: e, Access: p.Access}
		}
	}
	var buf [8]Value // the operands are copied into the module's slab
	return b.value(OpAccess, t, append(append(buf[:0], ptr), indices...)...)
}

// AccessN is Access with constant u32 indices.
func (b *Builder) AccessN(ptr Value, indices ...int) Value {
	return b.Access(ptr, b.constIndices(indices)...)
}

// Call calls f; the result is 0 for a void function.
func (b *Builder) Call(f *Func, args ...Value) Value {
	in := b.Inst(OpCall, f.Result, args...)
	in.Callee = f
	return in.Result
}

// Builtin calls a WGSL builtin function, inferring its result type.
func (b *Builder) Builtin(fn builtins.Fn, args ...Value) Value {
	ts := b.m.argTypes[:0]
	for _, a := range args {
		ts = append(ts, b.typ(a))
	}
	b.m.argTypes = ts
	return b.BuiltinT(fn, b.m.builtinResultType(fn, ts), args...)
}

// BuiltinT calls a builtin function with an explicit result type (void for none).
func (b *Builder) BuiltinT(fn builtins.Fn, t types.Type, args ...Value) Value {
	in := b.Inst(OpBuiltin, t, args...)
	in.SetAux(uint16(fn))
	return in.Result
}

// Structured control flow.

func (b *Builder) newBlock(parent *Inst) *Block {
	blk := b.m.newBlock()
	blk.Parent, blk.Func = parent, b.blk.Func
	ctl := b.m.control(parent)
	if len(ctl.blocks) == cap(ctl.blocks) {
		ctl.blocks = growList(&b.m.blockLists, &b.m.blockListsChunks, ctl.blocks)
	}
	ctl.blocks = append(ctl.blocks, blk)
	return blk
}

func (b *Builder) results(in *Inst, ts []types.Type) {
	if len(ts) == 0 {
		return
	}
	rs := make([]Value, len(ts))
	for i, t := range ts {
		rs[i] = b.m.newValue(t, KindInst)
		b.m.values[rs[i]].inst = in
	}
	b.m.control(in).results = rs
}

// fill runs body with b appending to blk, then terminates blk with term if body left it
// open, and restores b's position.
func (b *Builder) fill(blk *Block, body func(), term func()) {
	saveBlk, savePos, saveHint := b.blk, b.pos, b.hint
	b.blk, b.pos = blk, -1
	if body != nil {
		body()
	}
	b.blk, b.pos = blk, -1
	if blk.Terminator() == nil {
		term()
	}
	b.blk, b.pos, b.hint = saveBlk, savePos, saveHint
}

// If adds an if construct with results of the given types. then and els (either may be
// nil) build the branches with b; a branch left without a terminator gets an OpExitIf
// (allowed only when there are no results).
func (b *Builder) If(cond Value, results []types.Type, then, els func()) *Inst {
	in := b.Inst(OpIf, nil, cond)
	b.results(in, results)
	exit := func() { b.ExitIf() }
	b.fill(b.newBlock(in), then, exit)
	b.fill(b.newBlock(in), els, exit)
	return in
}

// Loop adds a loop. A body left open gets OpContinue; a continuing block left open gets
// OpNextIteration.
func (b *Builder) Loop(body, continuing func()) *Inst {
	in := b.Inst(OpLoop, nil)
	b.fill(b.newBlock(in), body, b.Continue)
	b.fill(b.newBlock(in), continuing, b.NextIteration)
	return in
}

// Switch adds a switch on sel with results of the given types; add its cases with Case.
func (b *Builder) Switch(sel Value, results ...types.Type) *Inst {
	in := b.Inst(OpSwitch, nil, sel)
	b.results(in, results)
	return in
}

// Case adds a case clause to sw: the selector values (constants) and whether it is the
// default. A body left open gets OpBreak.
func (b *Builder) Case(sw *Inst, values []Value, isDefault bool, body func()) {
	ctl := b.m.control(sw)
	ctl.cases = append(ctl.cases, Case{Values: append([]Value(nil), values...), Default: isDefault})
	b.fill(b.newBlock(sw), body, func() { b.Break() })
}

// Discard adds WGSL's discard, which demotes the invocation to a helper invocation (it is
// not a terminator: execution goes on).
func (b *Builder) Discard() { b.Inst(OpDiscard, nil) }

// Terminators.

func (b *Builder) Return(v ...Value)  { b.Inst(OpReturn, nil, v...) }
func (b *Builder) ExitIf(v ...Value)  { b.Inst(OpExitIf, nil, v...) }
func (b *Builder) Break(v ...Value)   { b.Inst(OpBreak, nil, v...) }
func (b *Builder) Continue()          { b.Inst(OpContinue, nil) }
func (b *Builder) BreakIf(cond Value) { b.Inst(OpBreakIf, nil, cond) }
func (b *Builder) NextIteration()     { b.Inst(OpNextIteration, nil) }
func (b *Builder) Kill()              { b.Inst(OpKill, nil) }
func (b *Builder) Unreachable()       { b.Inst(OpUnreachable, nil) }

// Finish terminates the function body if it is still open: with OpReturn for a void
// function and OpUnreachable otherwise (WGSL guarantees a non-void function returns).
func (b *Builder) Finish() {
	f := b.blk.Func
	if f == nil || f.Body.Terminator() != nil {
		return
	}
	save := b.blk
	b.blk, b.pos = f.Body, -1
	if f.Result == types.Type(types.VoidType) {
		b.Return()
	} else {
		b.Unreachable()
	}
	b.blk = save
}

// BinaryResultType is the result type of x op y in the IR's typing rules, or nil.
func BinaryResultType(op Op, x, y types.Type) types.Type {
	if op == OpMul {
		switch xt := x.(type) {
		case *types.Matrix:
			switch yt := y.(type) {
			case *types.Matrix:
				if xt.Cols == yt.Rows && xt.Elem == yt.Elem {
					return types.Mat(yt.Cols, xt.Rows, xt.Elem)
				}
				return nil
			case *types.Vector:
				if xt.Cols == yt.N && xt.Elem == yt.Elem {
					return types.Vec(xt.Rows, xt.Elem)
				}
				return nil
			case *types.Scalar:
				if yt == xt.Elem {
					return xt
				}
				return nil
			}
		case *types.Vector:
			if yt, ok := y.(*types.Matrix); ok {
				if yt.Rows == xt.N && xt.Elem == yt.Elem {
					return types.Vec(yt.Cols, xt.Elem)
				}
				return nil
			}
		case *types.Scalar:
			if yt, ok := y.(*types.Matrix); ok && yt.Elem == xt {
				return yt
			}
		}
	}
	if op == OpShl || op == OpShr {
		// The shift amount is u32 or vecN<u32> of the shifted operand's shape.
		sx := types.ElemScalar(x)
		if sx == nil || !sx.IsInteger() || types.ElemScalar(y) != types.U32 {
			return nil
		}
		if vx, ok := x.(*types.Vector); ok {
			if vy, ok := y.(*types.Vector); !ok || vy.N != vx.N {
				return nil
			}
		} else if _, ok := x.(*types.Scalar); !ok || y != types.Type(types.U32) {
			return nil
		}
		return x
	}
	if _, ok := x.(*types.Matrix); ok && (op == OpAdd || op == OpSub) {
		if x == y {
			return x
		}
		return nil
	}
	sx, sy := types.ElemScalar(x), types.ElemScalar(y)
	if sx == nil || sx != sy {
		return nil
	}
	_, mx := x.(*types.Matrix)
	_, my := y.(*types.Matrix)
	if mx || my {
		return nil
	}
	var shape types.Type = x
	if vx, ok := x.(*types.Vector); ok {
		if vy, ok := y.(*types.Vector); ok && vy.N != vx.N {
			return nil
		}
	} else if _, ok := y.(*types.Vector); ok {
		shape = y
	}
	if op.IsComparison() {
		if v, ok := shape.(*types.Vector); ok {
			return types.Vec(v.N, types.Bool)
		}
		return types.Bool
	}
	return shape
}
