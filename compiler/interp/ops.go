package interp

import (
	"math"

	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The operators compute what SPIR-V's instructions for them compute (ir.EvalBinary, which
// constant folding uses too): integers wrap, f32 and f16 arithmetic is correctly rounded.

// f16 words hold binary16 bits; these convert them.
func f16(w uint32) float64     { return constant.F16FromBits(uint16(w)) }
func f16Word(x float64) uint32 { return uint32(constant.F16Bits(x)) }
func f32(w uint32) float32     { return math.Float32frombits(w) }
func f32Word(x float32) uint32 { return math.Float32bits(x) }

// float returns a float word's value.
func float(k types.ScalarKind, w uint32) float64 {
	if k == types.KindF16 {
		return f16(w)
	}
	return float64(f32(w))
}

// floatWord rounds x to the float kind k.
func floatWord(k types.ScalarKind, x float64) uint32 {
	if k == types.KindF16 {
		return f16Word(x)
	}
	return f32Word(float32(x))
}

// binaryOp is a binary operator on scalars, vectors or matrices.
type binaryOp struct {
	op   ir.Op
	kind types.ScalarKind // the operands' scalar kind
	// sa and sb are 1 for the operand that has a component per result component, 0 for a
	// scalar applied to every component.
	sa, sb int32
	// mat is the shape of a matrix product, else zero: the result is the product of an
	// r×k and a k×c operand (a vector being one column or one row).
	mat struct{ r, k, c int32 }
	// vecMat marks vector × matrix, whose components are dot products (SPIR-V's
	// OpVectorTimesMatrix).
	vecMat bool
}

func (cc *funcCompiler) binary(in *ir.Inst, dst operand) {
	m := cc.p.m
	ta, tb := m.Type(in.Args[0]), m.Type(in.Args[1])
	a, b := cc.reg(in.Args[0]), cc.reg(in.Args[1])
	s := scalarOf(ta)
	o := op{dst: dst.reg, a: a.reg, b: b.reg, n: dst.words, in: in}
	if dst.words == 1 && a.words == 1 && b.words == 1 {
		switch {
		case in.Op == ir.OpAdd && s.Kind == types.KindF32:
			o.k = kAddF32
		case in.Op == ir.OpMul && s.Kind == types.KindF32:
			o.k = kMulF32
		case in.Op == ir.OpAdd && s.IsInteger():
			o.k = kAddI
		case in.Op == ir.OpSub && s.IsInteger():
			o.k = kSubI
		case in.Op == ir.OpLt && s.Kind == types.KindU32:
			o.k = kLtU
		case in.Op == ir.OpGe && s.Kind == types.KindU32:
			o.k = kGeU
		case in.Op == ir.OpLt && s.Kind == types.KindI32:
			o.k = kLtI
		}
		if o.k != kNop {
			cc.emit(o)
			return
		}
	}
	bin := &binaryOp{op: in.Op, kind: s.Kind, sa: min(a.words-1, 1), sb: min(b.words-1, 1)}
	ma, aMat := ta.(*types.Matrix)
	mb, bMat := tb.(*types.Matrix)
	va, aVec := ta.(*types.Vector)
	vb, bVec := tb.(*types.Vector)
	if in.Op == ir.OpMul {
		switch {
		case aMat && bMat:
			bin.mat.r, bin.mat.k, bin.mat.c = int32(ma.Rows), int32(ma.Cols), int32(mb.Cols)
		case aMat && bVec:
			bin.mat.r, bin.mat.k, bin.mat.c = int32(ma.Rows), int32(ma.Cols), 1
			_ = vb
		case aVec && bMat:
			bin.mat.r, bin.mat.k, bin.mat.c = 1, int32(va.N), int32(mb.Cols)
			bin.vecMat = true
		}
	}
	o.k, o.x = kBinary, bin
	cc.emit(o)
}

func (bin *binaryOp) run(regs []uint32, o *op) {
	a, b, d := regs[o.a:], regs[o.b:], regs[o.dst:o.dst+o.n]
	if bin.mat.k != 0 {
		bin.matMul(d, a, b)
		return
	}
	for i := range d {
		d[i] = scalarBinary(bin.op, bin.kind, a[int32(i)*bin.sa], b[int32(i)*bin.sb])
	}
}

// matMul computes a matrix product in the order of Mesa's SPIR-V reader, whose lavapipe runs
// the tests: column j of A × B is A[k-1]*B[j][k-1], then A[i]*B[j][i] + that for i from k-2
// down to 0; vector × matrix is a dot product per column, summed first to last.
func (bin *binaryOp) matMul(d, a, b []uint32) {
	r, k, c := bin.mat.r, bin.mat.k, bin.mat.c
	mul := func(x, y uint32) uint32 { return scalarBinary(ir.OpMul, bin.kind, x, y) }
	add := func(x, y uint32) uint32 { return scalarBinary(ir.OpAdd, bin.kind, x, y) }
	if bin.vecMat {
		for j := range c {
			sum := mul(a[0], b[j*k])
			for i := int32(1); i < k; i++ {
				sum = add(sum, mul(a[i], b[j*k+i]))
			}
			d[j] = sum
		}
		return
	}
	for j := range c {
		for row := range r {
			sum := mul(a[(k-1)*r+row], b[j*k+k-1])
			for i := k - 2; i >= 0; i-- {
				sum = add(mul(a[i*r+row], b[j*k+i]), sum)
			}
			d[j*r+row] = sum
		}
	}
}

// scalarBinary applies op to scalar words of kind k: the IR's semantics, ir.EvalBinary's.
func scalarBinary(op ir.Op, k types.ScalarKind, x, y uint32) uint32 {
	return uint32(ir.EvalBinary(op, k, uint64(x), uint64(y)))
}

// unary is negation or not.
type unary struct {
	op ir.Op
	s  *types.Scalar
}

func (u *unary) run(d, a []uint32) {
	for i, x := range a {
		switch {
		case u.op == ir.OpNeg && u.s.Kind == types.KindF32:
			d[i] = x ^ 0x80000000
		case u.op == ir.OpNeg && u.s.Kind == types.KindF16:
			d[i] = x ^ 0x8000
		case u.op == ir.OpNeg:
			d[i] = -x
		case u.s.Kind == types.KindBool:
			d[i] = x ^ 1
		default:
			d[i] = ^x
		}
	}
}

// conversion is a component-wise numeric or bool conversion.
type conversion struct {
	from, to *types.Scalar
}

func (c *conversion) run(d, a []uint32) {
	for i, x := range a {
		d[i] = convertScalar(x, c.from, c.to)
	}
}

// convertScalar converts a scalar word with WGSL's conversions (the float to integer ones
// from compiler/constant, the spec's).
func convertScalar(x uint32, from, to *types.Scalar) uint32 {
	fk, tk := from.Kind, to.Kind
	switch {
	case fk == tk:
		return x
	case tk == types.KindBool:
		if from.IsFloat() {
			return b2w(float(fk, x) != 0)
		}
		return b2w(x != 0)
	case fk == types.KindBool:
		if to.IsFloat() {
			return floatWord(tk, float64(x))
		}
		return x
	case from.IsInteger() && to.IsInteger():
		return x
	case from.IsInteger():
		if fk == types.KindI32 {
			return floatWord(tk, float64(int32(x)))
		}
		return floatWord(tk, float64(x))
	case to.IsInteger():
		return uint32(constant.FloatToInt(float(fk, x), from, to))
	}
	return floatWord(tk, float(fk, x))
}

// bitcast reinterprets the bits of a value: 32-bit scalars and vectors word for word, f16
// vectors as pairs of halves of 32-bit words.
type bitcast struct {
	fromHalf, toHalf bool
	n                int // result words
}

func newBitcast(from, to *typeInfo) *bitcast {
	return &bitcast{fromHalf: from.scalar.Kind == types.KindF16, toHalf: to.scalar.Kind == types.KindF16, n: to.words}
}

func (b *bitcast) run(d, a []uint32) {
	switch {
	case b.fromHalf == b.toHalf:
		copy(d[:b.n], a)
	case b.fromHalf: // vec2<f16> → u32, vec4<f16> → vec2<u32>
		for i := range b.n {
			d[i] = a[2*i]&0xffff | a[2*i+1]<<16
		}
	default: // u32 → vec2<f16>, vec2<u32> → vec4<f16>
		for i := range b.n / 2 {
			w := a[i]
			d[2*i], d[2*i+1] = w&0xffff, w>>16
		}
	}
}
