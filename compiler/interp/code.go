package interp

import (
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// A function runs as code: its structured blocks laid out as a list of ops with jumps, over a
// frame of registers (words) where each value the function uses has its place. Control flow
// as jumps, rather than a walk of the nested blocks, lets an invocation stop at a barrier and
// resume there: its state is its stack of frames, each an op index and registers.

// code is a compiled function.
type code struct {
	f   *ir.Func
	ops []op
	// nregs is the size of a frame's registers; template their contents on entry (the
	// module-scope values the function reads, zero elsewhere).
	nregs    int
	template []uint32
	// locals is the size of the memory of the function's variables, each at its offset.
	locals int
	// params are the registers of the parameters, with their sizes.
	params []operand
	// stack is the memory a call of the function takes at most, with the calls it makes.
	stack int64
	// barrier reports that the function, or one it calls, synchronises the workgroup.
	barrier bool
	// unsupported is the first op of the function, or of one it calls, that the
	// interpreter cannot run (it says why), or nil.
	unsupported *op
}

// operand is a value's place in a frame: its first register and its size.
type operand struct {
	reg   int32
	words int32
}

// opKind says what an op does; the op's fields are read as its comment says.
type opKind uint8

const (
	kNop opKind = iota
	// Control.
	kJump        // aux: target
	kBranchFalse // a: bool; aux: target when false
	kBranchTrue  // a: bool; aux: target when true
	kSwitch      // a: selector; x: *switchTable
	kCall        // dst: result; x: *call
	kHook        // a call of a hooked function: x: *call, aux: its name's hook
	kReturn      // a: value (n words), or n = 0
	kBarrier     // the workgroup waits for every invocation
	kFail        // x: string, the error (unreachable code, unsupported operations)
	// Data.
	kCopy      // dst ← a, n words
	kVar       // dst: pointer to locals+aux; a: initializer or -1; ti: store type
	kLoad      // dst ← *a; ti
	kLoad32    // dst ← *a, one 4-byte word
	kStore     // *a ← b; ti
	kStore32   // *a ← b, one 4-byte word
	kAccess    // dst ← a + path; x: []step
	kExtract   // dst ← a[path]; x: []step over words; n: result words
	kInsert    // dst ← a with b at path; x: []step; n: composite words, aux: value words
	kSwizzle   // dst ← components x.([]int32) of a
	kSplat     // dst ← n copies of a
	kConvert   // dst ← convert(a); x: *conversion
	kBitcast   // dst ← bits of a; x: *bitcast
	kSelect    // dst ← a ? b : c, component-wise when a is a vector; n: result words
	kConstruct // dst ← concatenation of x.([]operand)
	kBinary    // dst ← a op b; x: *binary
	kAddF32    // scalar fast paths
	kMulF32
	kAddI
	kSubI
	kLtU
	kLtI
	kGeU
	kMinU
	kUnary       // dst ← op a; x: *unary
	kBuiltin     // dst ← fn(args); x: *builtinCall
	kArrayLength // dst ← element count of the runtime-sized array at pointer a; aux: stride
	kAtomic      // x: *builtinCall
	kTexture     // x: *textureCall
)

// op is one step of a function.
type op struct {
	k       opKind
	n       int32
	dst     int32
	a, b, c int32
	aux     int32
	ti      *typeInfo
	in      *ir.Inst
	x       any
}

// step is one index of an access path: a constant byte (or word) offset, then, when reg is
// set, the index in that register times scale, which must be below bound (bound < 0: the
// element count of the runtime-sized array the offset is at, from its region's size).
type step struct {
	off   int32
	reg   int32 // -1 for none
	scale int32
	bound int32
	ti    *typeInfo // the indexed array, vector or matrix, for messages
}

// switchTable maps a switch's selector values to targets.
type switchTable struct {
	values  []uint32
	targets []int32
	def     int32
}

// call is a call of another function.
type call struct {
	callee *code
	args   []operand
	hook   Hook
}

// funcCompiler compiles one function.
type funcCompiler struct {
	p     *Program
	c     *code
	regOf map[ir.Value]operand
	// loops and breaks: the pending jumps to patch when a construct ends.
	constructs []*construct
	locals     int
	// err is the first error of a module-scope value the function uses.
	err error
}

// construct is an If, Loop or Switch being compiled.
type construct struct {
	in      *ir.Inst
	ends    []int // jumps to the end of the construct
	conts   []int // jumps to a loop's continuing block
	body    int   // where a loop's body starts, for its back edges
	results []operand
}

// compileFunc compiles f; the callees are compiled first (CallGraphOrder).
func (p *Program) compileFunc(f *ir.Func) (*code, error) {
	cc := &funcCompiler{p: p, c: &code{f: f}, regOf: map[ir.Value]operand{}}
	for _, v := range f.Params {
		cc.c.params = append(cc.c.params, cc.reg(v))
	}
	if err := cc.block(f.Body); err != nil {
		return nil, err
	}
	if cc.err != nil {
		return nil, cc.err
	}
	cc.c.locals = cc.locals
	cc.c.nregs = len(cc.c.template)
	cc.c.stack += int64(4*cc.c.nregs + cc.c.locals)
	return cc.c, nil
}

// reg returns the registers of v, giving it some the first time; a module-scope value gets
// its value in the template.
func (cc *funcCompiler) reg(v ir.Value) operand {
	if r, ok := cc.regOf[v]; ok {
		return r
	}
	ti := cc.p.valueType(v)
	r := operand{reg: int32(len(cc.c.template)), words: int32(ti.words)}
	if cc.p.m.IsModuleScope(v) {
		w, err := cc.p.moduleValue(v)
		if err != nil && cc.err == nil {
			cc.err = err
		}
		cc.c.template = append(cc.c.template, w...)
		if len(w) < ti.words {
			cc.c.template = append(cc.c.template, make([]uint32, ti.words-len(w))...)
		}
	} else {
		cc.c.template = append(cc.c.template, make([]uint32, ti.words)...)
	}
	cc.regOf[v] = r
	return r
}

func (cc *funcCompiler) emit(o op) int {
	cc.c.ops = append(cc.c.ops, o)
	return len(cc.c.ops) - 1
}

func (cc *funcCompiler) here() int32 { return int32(len(cc.c.ops)) }

func (cc *funcCompiler) block(b *ir.Block) error {
	for _, in := range b.Insts {
		if err := cc.inst(in); err != nil {
			return err
		}
	}
	return nil
}

// fail emits an op that stops the invocation with an error when it runs.
func (cc *funcCompiler) fail(in *ir.Inst, format string, args ...any) {
	i := cc.emit(op{k: kFail, in: in, x: fmt.Sprintf(format, args...)})
	if cc.c.unsupported == nil {
		cc.c.unsupported = &cc.c.ops[i]
	}
}

func (cc *funcCompiler) inst(in *ir.Inst) error {
	p := cc.p
	m := p.m
	var dst operand
	if in.Result != 0 {
		dst = cc.reg(in.Result)
	}
	arg := func(i int) int32 { return cc.reg(in.Args[i]).reg }
	switch in.Op {
	case ir.OpVar:
		ti := p.info(m.Type(in.Result).(*types.Pointer).Elem)
		init := int32(-1)
		if len(in.Args) == 1 {
			init = arg(0)
		}
		off := roundUp(cc.locals, 16)
		cc.locals = off + ti.size
		cc.emit(op{k: kVar, dst: dst.reg, a: init, aux: int32(off), ti: ti, in: in})
	case ir.OpLoad:
		ti := p.info(m.Type(in.Result))
		if isHandle(ti.t) {
			// A texture or sampler is its global's index, the pointer's region.
			cc.emit(op{k: kCopy, dst: dst.reg, a: arg(0), n: 1, in: in})
			break
		}
		k := kLoad
		if ti.words == 1 && ti.dense {
			k = kLoad32
		}
		cc.emit(op{k: k, dst: dst.reg, a: arg(0), ti: ti, in: in})
	case ir.OpStore:
		ti := p.valueType(in.Args[1])
		k := kStore
		if ti.words == 1 && ti.dense {
			k = kStore32
		}
		cc.emit(op{k: k, a: arg(0), b: arg(1), ti: ti, in: in})
	case ir.OpAccess:
		path, err := cc.path(in, m.Type(in.Args[0]).(*types.Pointer).Elem, in.Args[1:], true)
		if err != nil {
			return err
		}
		cc.emit(op{k: kAccess, dst: dst.reg, a: arg(0), x: path, in: in})
	case ir.OpExtract:
		path, err := cc.path(in, m.Type(in.Args[0]), in.Args[1:], false)
		if err != nil {
			return err
		}
		cc.emit(op{k: kExtract, dst: dst.reg, a: arg(0), n: dst.words, x: path, in: in})
	case ir.OpInsert:
		path, err := cc.path(in, m.Type(in.Args[0]), in.Args[2:], false)
		if err != nil {
			return err
		}
		cc.emit(op{k: kInsert, dst: dst.reg, a: arg(0), b: arg(1), n: dst.words, aux: cc.reg(in.Args[1]).words, x: path, in: in})
	case ir.OpSwizzle:
		comps := in.Swizzle()
		idx := make([]int32, len(comps))
		for i, c := range comps {
			idx[i] = int32(c)
		}
		cc.emit(op{k: kSwizzle, dst: dst.reg, a: arg(0), x: idx, in: in})
	case ir.OpConstruct:
		parts := make([]operand, len(in.Args))
		for i, a := range in.Args {
			parts[i] = cc.reg(a)
		}
		cc.emit(op{k: kConstruct, dst: dst.reg, x: parts, in: in})
	case ir.OpSplat:
		cc.emit(op{k: kSplat, dst: dst.reg, a: arg(0), n: dst.words, in: in})
	case ir.OpConvert:
		from, to := p.valueType(in.Args[0]), p.info(m.Type(in.Result))
		if ir.LayoutTwins(from.t, to.t) {
			cc.emit(op{k: kCopy, dst: dst.reg, a: arg(0), n: dst.words, in: in})
			break
		}
		cc.emit(op{k: kConvert, dst: dst.reg, a: arg(0), n: dst.words, x: &conversion{from: from.scalar, to: to.scalar}, in: in})
	case ir.OpBitcast:
		cc.emit(op{k: kBitcast, dst: dst.reg, a: arg(0), x: newBitcast(p.valueType(in.Args[0]), p.info(m.Type(in.Result))), in: in})
	case ir.OpSelect:
		_, vec := m.Type(in.Args[0]).(*types.Vector)
		aux := int32(0)
		if vec {
			aux = 1
		}
		cc.emit(op{k: kSelect, dst: dst.reg, a: arg(0), b: arg(1), c: arg(2), n: dst.words, aux: aux, in: in})
	case ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv, ir.OpRem, ir.OpAnd, ir.OpOr, ir.OpXor, ir.OpShl, ir.OpShr,
		ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe:
		cc.binary(in, dst)
	case ir.OpNeg, ir.OpNot:
		t := m.Type(in.Args[0])
		cc.emit(op{k: kUnary, dst: dst.reg, a: arg(0), n: dst.words, x: &unary{op: in.Op, s: scalarOf(t)}, in: in})
	case ir.OpCall:
		callee := p.codes[in.Callee]
		if callee == nil {
			return fmt.Errorf("call of %s before it is compiled", in.Callee.Name)
		}
		cl := &call{callee: callee}
		for _, a := range in.Args {
			cl.args = append(cl.args, cc.reg(a))
		}
		if hook, ok := p.hooks[in.Callee.Name]; ok {
			cl.hook = hook
			cc.emit(op{k: kHook, dst: dst.reg, n: dst.words, x: cl, in: in})
			break
		}
		cc.c.barrier = cc.c.barrier || callee.barrier
		cc.c.stack = max(cc.c.stack, callee.stack)
		if cc.c.unsupported == nil && callee.unsupported != nil {
			cc.c.unsupported = callee.unsupported
		}
		cc.emit(op{k: kCall, dst: dst.reg, n: dst.words, x: cl, in: in})
	case ir.OpBuiltin:
		return cc.builtin(in, dst)
	case ir.OpOverride:
		// Gone after transform.SpecConstants; a module not prepared for SPIR-V has it.
		cc.emit(op{k: kCopy, dst: dst.reg, a: arg(0), n: dst.words, in: in})
	case ir.OpDiscard, ir.OpKill:
		cc.fail(in, "%s is a fragment shader statement; the interpreter runs compute shaders and functions", in.Op)
	case ir.OpUnreachable:
		cc.emit(op{k: kFail, in: in, x: "reached code that cannot be reached (an unreachable instruction): please report this shader"})
	case ir.OpIf:
		return cc.ifInst(in)
	case ir.OpLoop:
		return cc.loop(in)
	case ir.OpSwitch:
		return cc.switchInst(in)
	case ir.OpReturn:
		o := op{k: kReturn, in: in}
		if len(in.Args) == 1 {
			r := cc.reg(in.Args[0])
			o.a, o.n = r.reg, r.words
		}
		cc.emit(o)
	case ir.OpExitIf, ir.OpBreak:
		k := cc.target(in)
		cc.results(k, in.Args)
		k.ends = append(k.ends, cc.emit(op{k: kJump, in: in}))
	case ir.OpContinue:
		k := cc.target(in)
		k.conts = append(k.conts, cc.emit(op{k: kJump, in: in}))
	case ir.OpBreakIf:
		k := cc.target(in)
		k.ends = append(k.ends, cc.emit(op{k: kBranchTrue, a: arg(0), in: in}))
		cc.emit(op{k: kJump, aux: int32(k.body), in: in})
	case ir.OpNextIteration:
		k := cc.target(in)
		cc.emit(op{k: kJump, aux: int32(k.body), in: in})
	default:
		return fmt.Errorf("instruction %s is not known to the interpreter", in.Op)
	}
	return nil
}

// target returns the construct a terminator leaves: the innermost If for exit_if, the
// innermost loop or switch for break, the innermost loop for the others.
func (cc *funcCompiler) target(in *ir.Inst) *construct {
	for i := len(cc.constructs) - 1; i >= 0; i-- {
		k := cc.constructs[i]
		switch in.Op {
		case ir.OpExitIf:
			if k.in.Op == ir.OpIf {
				return k
			}
		case ir.OpBreak:
			if k.in.Op == ir.OpLoop || k.in.Op == ir.OpSwitch {
				return k
			}
		default:
			if k.in.Op == ir.OpLoop {
				return k
			}
		}
	}
	panic(fmt.Sprintf("interp: %s outside its construct", in.Op))
}

// results copies the operands of an exit into the construct's results.
func (cc *funcCompiler) results(k *construct, args []ir.Value) {
	for i, a := range args {
		r := cc.reg(a)
		cc.emit(op{k: kCopy, dst: k.results[i].reg, a: r.reg, n: r.words})
	}
}

func (cc *funcCompiler) push(in *ir.Inst) *construct {
	k := &construct{in: in}
	for _, v := range in.Results() {
		k.results = append(k.results, cc.reg(v))
	}
	cc.constructs = append(cc.constructs, k)
	return k
}

// pop ends the innermost construct: its exits jump here.
func (cc *funcCompiler) pop() {
	k := cc.constructs[len(cc.constructs)-1]
	cc.constructs = cc.constructs[:len(cc.constructs)-1]
	for _, j := range k.ends {
		cc.c.ops[j].aux = cc.here()
	}
}

func (cc *funcCompiler) ifInst(in *ir.Inst) error {
	cc.push(in)
	br := cc.emit(op{k: kBranchFalse, a: cc.reg(in.Args[0]).reg, in: in})
	if err := cc.block(in.Then()); err != nil {
		return err
	}
	cc.c.ops[br].aux = cc.here()
	if err := cc.block(in.Else()); err != nil {
		return err
	}
	cc.pop()
	return nil
}

func (cc *funcCompiler) loop(in *ir.Inst) error {
	k := cc.push(in)
	k.body = int(cc.here())
	if err := cc.block(in.Body()); err != nil {
		return err
	}
	for _, j := range k.conts {
		cc.c.ops[j].aux = cc.here()
	}
	if err := cc.block(in.Continuing()); err != nil {
		return err
	}
	cc.pop()
	return nil
}

func (cc *funcCompiler) switchInst(in *ir.Inst) error {
	cc.push(in)
	tab := &switchTable{def: -1}
	cc.emit(op{k: kSwitch, a: cc.reg(in.Args[0]).reg, x: tab, in: in})
	for i, blk := range in.Blocks() {
		c := in.Cases()[i]
		pc := cc.here()
		for _, v := range c.Values {
			tab.values = append(tab.values, uint32(cc.p.m.Const(v).Bits))
			tab.targets = append(tab.targets, pc)
		}
		if c.Default {
			tab.def = pc
		}
		if err := cc.block(blk); err != nil {
			return err
		}
	}
	if tab.def < 0 {
		return fmt.Errorf("switch without a default clause")
	}
	cc.pop()
	return nil
}

// path compiles the indices of an access chain (inMemory: offsets in bytes, from the layout)
// or of an extract or insert (offsets in words) into steps, starting from type t.
func (cc *funcCompiler) path(in *ir.Inst, t types.Type, idx []ir.Value, inMemory bool) ([]step, error) {
	p := cc.p
	var steps []step
	cur := step{reg: -1}
	ti := p.info(t)
	for _, v := range idx {
		c := p.m.Const(v)
		var scale, bound int32
		var next *typeInfo
		switch t := ti.t.(type) {
		case *types.Struct:
			if c == nil {
				return nil, fmt.Errorf("dynamic index of a structure")
			}
			i := int(c.Bits)
			if inMemory {
				cur.off += int32(ti.memberOffs[i])
			} else {
				cur.off += int32(ti.memberWords[i])
			}
			ti = ti.members[i]
			continue
		case *types.Array:
			next = ti.elem
			scale, bound = int32(ti.stride), int32(ti.count)
			if !inMemory {
				scale = int32(next.words)
			}
			if ti.runtime {
				bound = -1
			}
		case *types.Matrix:
			next = p.info(t.Column())
			scale, bound = int32(ti.colStride), int32(t.Cols)
			if !inMemory {
				scale = int32(t.Rows)
			}
		case *types.Vector:
			next = p.info(t.Elem)
			scale, bound = int32(scalarSize(t.Elem)), int32(t.N)
			if !inMemory {
				scale = 1
			}
		default:
			return nil, fmt.Errorf("index into %v", ti.t)
		}
		if c != nil && bound >= 0 {
			i := c.Int()
			if i < 0 || i >= int64(bound) {
				// Out of range constant indices are shader-creation errors; a module that
				// has one anyway fails where it runs.
				cur.reg, cur.scale, cur.bound, cur.ti = cc.reg(v).reg, scale, bound, ti
				steps = append(steps, cur)
				cur = step{reg: -1}
			} else {
				cur.off += int32(i) * scale
			}
		} else {
			cur.reg, cur.scale, cur.bound, cur.ti = cc.reg(v).reg, scale, bound, ti
			steps = append(steps, cur)
			cur = step{reg: -1}
		}
		ti = next
	}
	if cur.off != 0 || len(steps) == 0 {
		steps = append(steps, cur)
	}
	return steps, nil
}

func roundUp(n, a int) int { return (n + a - 1) / a * a }

func isHandle(t types.Type) bool {
	switch t.(type) {
	case *types.Texture, *types.Sampler:
		return true
	}
	return false
}

// fnName is a builtin's name for messages.
func fnName(fn builtins.Fn) string { return fn.String() }
