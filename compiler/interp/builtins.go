package interp

import (
	"encoding/binary"
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The numeric, logical, bit, packing and unpacking builtins are compiler/constant's, run
// with CallRuntime: the functions constant evaluation uses, one implementation of each, with
// IEEE-754 results where constant evaluation has errors. Integer min, max and clamp, which the
// robustness pass puts on every index, are computed here directly.

// builtinCall is a call of a builtin function computed by compiler/constant.
type builtinCall struct {
	fn   builtins.Fn
	args []operand
	ts   []*typeInfo
	rt   *typeInfo
	// intOp, when set, computes the call here.
	intOp intOp
}

// intOp is an integer min, max or clamp computed directly.
type intOp uint8

const (
	noIntOp intOp = iota
	minU
	maxU
	clampU
	minI
	maxI
	clampI
)

func (cc *funcCompiler) builtin(in *ir.Inst, dst operand) error {
	p := cc.p
	m := p.m
	fn := in.Builtin()
	argOp := func(i int) operand { return cc.reg(in.Args[i]) }
	switch fn.Class() {
	case builtins.ClassAtomic:
		return cc.atomic(in, dst)
	case builtins.ClassTexture:
		return cc.textureCall(in, dst)
	case builtins.ClassDerivative:
		cc.fail(in, "%s needs the neighbouring fragments of a fragment shader; the interpreter runs compute shaders and functions", fn)
		return nil
	case builtins.ClassSubgroup, builtins.ClassQuad:
		cc.fail(in, "%s is a subgroup operation, which the interpreter does not run yet", fn)
		return nil
	}
	switch fn {
	case builtins.FnWorkgroupBarrier, builtins.FnStorageBarrier, builtins.FnTextureBarrier:
		cc.barrier(in)
		return nil
	case builtins.FnWorkgroupUniformLoad:
		// As the SPIR-V: a barrier, the load, a barrier.
		cc.barrier(in)
		ti := p.info(m.Type(in.Result))
		cc.emit(op{k: kLoad, dst: dst.reg, a: argOp(0).reg, ti: ti, in: in})
		cc.barrier(in)
		return nil
	case builtins.FnArrayLength:
		a := m.Type(in.Args[0]).(*types.Pointer).Elem.(*types.Array)
		cc.emit(op{k: kArrayLength, dst: dst.reg, a: argOp(0).reg, aux: int32(p.lay.ArrayStride(a)), in: in})
		return nil
	}
	if !constant.Evaluates(fn) {
		cc.fail(in, "the interpreter does not run %s yet", fn)
		return nil
	}
	bc := &builtinCall{fn: fn, rt: p.info(m.Type(in.Result))}
	for _, a := range in.Args {
		bc.args = append(bc.args, cc.reg(a))
		bc.ts = append(bc.ts, p.valueType(a))
	}
	if s := bc.rt.scalar; s != nil && s.IsInteger() {
		signed := s.Kind == types.KindI32
		switch fn {
		case builtins.FnMin:
			bc.intOp = pick(signed, minI, minU)
		case builtins.FnMax:
			bc.intOp = pick(signed, maxI, maxU)
		case builtins.FnClamp:
			bc.intOp = pick(signed, clampI, clampU)
		}
		if bc.intOp == minU && dst.words == 1 && bc.args[0].words == 1 && bc.args[1].words == 1 {
			cc.emit(op{k: kMinU, dst: dst.reg, a: bc.args[0].reg, b: bc.args[1].reg, in: in})
			return nil
		}
	}
	cc.emit(op{k: kBuiltin, dst: dst.reg, n: dst.words, x: bc, in: in})
	return nil
}

func pick[T any](cond bool, a, b T) T {
	if cond {
		return a
	}
	return b
}

func (cc *funcCompiler) barrier(in *ir.Inst) {
	cc.c.barrier = true
	cc.emit(op{k: kBarrier, in: in})
}

func (bc *builtinCall) run(regs []uint32, o *op) error {
	d := regs[o.dst : o.dst+o.n]
	if bc.intOp != noIntOp {
		bc.integer(d, regs)
		return nil
	}
	var buf [4]constant.Value
	vals := buf[:0]
	for i, a := range bc.args {
		vals = append(vals, value(regs[a.reg:a.reg+a.words], bc.ts[i]))
	}
	r, err := constant.CallRuntime(bc.fn, vals, bc.rt.t)
	if err != nil {
		return err
	}
	words(d, r)
	return nil
}

// integer computes an integer min, max or clamp, component-wise (the arguments have the
// result's shape).
func (bc *builtinCall) integer(d, regs []uint32) {
	arg := func(k, i int) uint32 { return regs[bc.args[k].reg+int32(i)] }
	for i := range d {
		switch bc.intOp {
		case minU:
			d[i] = min(arg(0, i), arg(1, i))
		case maxU:
			d[i] = max(arg(0, i), arg(1, i))
		case clampU:
			d[i] = min(max(arg(0, i), arg(1, i)), arg(2, i))
		case minI:
			d[i] = uint32(min(int32(arg(0, i)), int32(arg(1, i))))
		case maxI:
			d[i] = uint32(max(int32(arg(0, i)), int32(arg(1, i))))
		case clampI:
			d[i] = uint32(min(max(int32(arg(0, i)), int32(arg(1, i))), int32(arg(2, i))))
		}
	}
}

// value makes a constant.Value of the words w of type ti.
func value(w []uint32, ti *typeInfo) constant.Value {
	if s, ok := ti.t.(*types.Scalar); ok {
		switch s.Kind {
		case types.KindBool:
			return constant.MakeBool(w[0] != 0)
		case types.KindI32:
			return constant.MakeI32(int32(w[0]))
		case types.KindU32:
			return constant.MakeU32(w[0])
		case types.KindF16:
			return constant.MakeF16(f16(w[0]))
		}
		return constant.MakeF32(f32(w[0]))
	}
	n := ir.NumElems(ti.t)
	elems := make([]constant.Value, n)
	for i := range elems {
		first, part, _ := ti.constituent(i)
		if part == nil {
			part = elemInfo(ti)
		}
		elems[i] = value(w[first:first+part.words], part)
	}
	return constant.MakeComposite(ti.t, elems)
}

// elemInfo is the typeInfo of a vector's component or a matrix's column (typeInfo keeps
// those of arrays and structures only).
func elemInfo(ti *typeInfo) *typeInfo {
	switch t := ti.t.(type) {
	case *types.Vector:
		return &typeInfo{t: t.Elem, words: 1, scalar: t.Elem}
	case *types.Matrix:
		return &typeInfo{t: t.Column(), words: t.Rows, scalar: t.Elem}
	}
	panic(fmt.Sprintf("interp: no constituents in %v", ti.t))
}

// words writes the words of v to d.
func words(d []uint32, v constant.Value) int {
	if v.IsScalar() {
		d[0] = uint32(v.Bits())
		return 1
	}
	n := 0
	for i := range v.Len() {
		n += words(d[n:], v.Index(i))
	}
	return n
}

// atomic compiles an atomic builtin.
func (cc *funcCompiler) atomic(in *ir.Inst, dst operand) error {
	bc := &builtinCall{fn: in.Builtin()}
	for _, a := range in.Args {
		bc.args = append(bc.args, cc.reg(a))
	}
	p := cc.p.m.Type(in.Args[0]).(*types.Pointer)
	signed := p.Elem.(*types.Atomic).Elem.Kind == types.KindI32
	cc.emit(op{k: kAtomic, dst: dst.reg, aux: int32(b2w(signed)), x: bc, in: in})
	return nil
}

// atomic runs an atomic builtin. Invocations run one at a time, so each is atomic.
func (t *thread) atomic(o *op, regs []uint32) error {
	bc := o.x.(*builtinCall)
	ptr := bc.args[0].reg
	mem, err := t.mem(o, regs[ptr], regs[ptr+1], 4)
	if err != nil {
		return err
	}
	old := binary.LittleEndian.Uint32(mem)
	var v uint32
	if len(bc.args) > 1 {
		v = regs[bc.args[1].reg]
	}
	signed := o.aux != 0
	nv := old
	switch bc.fn {
	case builtins.FnAtomicLoad:
	case builtins.FnAtomicStore:
		nv = v
	case builtins.FnAtomicAdd:
		nv = old + v
	case builtins.FnAtomicSub:
		nv = old - v
	case builtins.FnAtomicMax:
		nv = pick(signed, uint32(max(int32(old), int32(v))), max(old, v))
	case builtins.FnAtomicMin:
		nv = pick(signed, uint32(min(int32(old), int32(v))), min(old, v))
	case builtins.FnAtomicAnd:
		nv = old & v
	case builtins.FnAtomicOr:
		nv = old | v
	case builtins.FnAtomicXor:
		nv = old ^ v
	case builtins.FnAtomicExchange:
		nv = v
	case builtins.FnAtomicCompareExchangeWeak:
		// (old_value, exchanged): this one never fails spuriously.
		ok := old == v
		if ok {
			nv = regs[bc.args[2].reg]
		}
		regs[o.dst], regs[o.dst+1] = old, b2w(ok)
		binary.LittleEndian.PutUint32(mem, nv)
		return nil
	default:
		return t.errorf(o, "the interpreter does not run %s", bc.fn)
	}
	binary.LittleEndian.PutUint32(mem, nv)
	if bc.fn != builtins.FnAtomicStore {
		regs[o.dst] = old
	}
	return nil
}
