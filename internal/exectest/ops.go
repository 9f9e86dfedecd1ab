package exectest

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"strings"
	"testing"

	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/vulkan"
	"github.com/wgslgo/wgslgo/internal/wgslref"
)

// RunOps runs every operator and the integer, bit and exactly rounded float builtins on the
// device, for i32, u32, f32 and f16, over operands where the ways to compute them differ
// (signed or unsigned, ordered or not, wrapping, MIN / -1, shifts past the width, NaN and
// infinities, f16 ties), and compares each result with Go's (internal/wgslref where Go does
// otherwise than WGSL). Each runs in four shapes: on scalars, on vec4s, and for the
// arithmetic operators on a vec4 and a scalar both ways. It is the same test in each package
// whose code decides what an operator computes: the checker's types, the lowering, the
// transforms that give WGSL's meaning to what SPIR-V leaves undefined, the backend's opcodes.
func RunOps(t *testing.T) {
	t.Run("i32", runI32Ops)
	t.Run("u32", runU32Ops)
	t.Run("f32", runF32Ops)
	t.Run("f16", runF16Ops)
}

// An opCase is an operator or builtin applied in WGSL to a and b, and what it makes of one
// pair of components in Go. In expr, {T} is the operands' type (a scalar or vec4 of the
// family's), {U}, {I}, {F} and {H} the same shape of u32, i32, f32 and f16, and {S}(c) is
// 1 of type {T} where the bool c holds, else 0. ok is false where WGSL leaves the result
// indeterminate or to the implementation: the case is computed but not compared there.
type opCase[T any] struct {
	expr string
	ref  func(a, b T) (r T, ok bool)
	// mixed: the operator also takes a vector and a scalar, in either order.
	mixed bool
	// scalar: the expression is valid on scalars only (&&, ||, the packed dot products).
	scalar bool
}

// An opFamily is the cases of one scalar type, with the operands to try: every pair of
// values.
type opFamily[T any] struct {
	scalar string // the WGSL scalar type
	values []T
	size   int // bytes of a scalar
	put    func(b []byte, x T)
	get    func(b []byte) T
	same   func(got, want T) bool
	lit    func(T) string // a WGSL const-expression of the value, "" if it has none
	// constants are the values a constant operand takes against every value of the other.
	constants []T
	cases     []opCase[T]
}

// always marks a reference result as defined.
func always[T any](f func(a, b T) T) func(a, b T) (T, bool) {
	return func(a, b T) (T, bool) { return f(a, b), true }
}

func b2i[T int32 | uint32 | float32 | float64](c bool) T {
	if c {
		return 1
	}
	return 0
}

// opShapes are the forms a family's cases run in: how a and b are read from A[i] and B[i],
// arrays of scalars (vec false) or of vec4s, and which components pair up.
var opShapes = []struct {
	name         string
	vec          bool
	readA, readB string
	mixedOnly    bool
	// pair returns the operand indices of component k of invocation i (k = 0 for scalars).
	pair func(i, k int) (int, int)
}{
	{"scalar", false, "A[i]", "B[i]", false, func(i, _ int) (int, int) { return i, i }},
	// Operands that are constants, though not const-expressions (let): the optimizer folds
	// the operations, by WGSL's rules for run time. With one of them a constant, the passes
	// that guard an operation may leave out what the constant cannot need.
	{"constant", false, "", "", false, func(i, _ int) (int, int) { return i, i }},
	{"constant-a", false, "", "B[p]", false, func(i, _ int) (int, int) { return i, i }},
	{"constant-b", false, "A[p]", "", false, func(i, _ int) (int, int) { return i, i }},
	{"vector", true, "A[i]", "B[i]", false, func(i, k int) (int, int) { return 4*i + k, 4*i + k }},
	{"vector-scalar", true, "A[i]", "B[i].x", true, func(i, k int) (int, int) { return 4*i + k, 4 * i }},
	{"scalar-vector", true, "A[i].x", "B[i]", true, func(i, k int) (int, int) { return 4 * i, 4*i + k }},
}

// runOps runs a family's cases in every shape and compares each result with the reference.
func runOps[T any](t *testing.T, fam opFamily[T], enable string) {
	var as, bs []T
	for _, a := range fam.values {
		for _, b := range fam.values {
			as, bs = append(as, a), append(bs, b)
		}
	}
	for len(as)%4 != 0 {
		as, bs = append(as, fam.values[0]), append(bs, fam.values[len(as)%len(fam.values)])
	}
	for _, shape := range opShapes {
		t.Run(shape.name, func(t *testing.T) {
			var cases []opCase[T]
			for _, c := range fam.cases {
				if (c.mixed || !shape.mixedOnly) && !(c.scalar && shape.vec) {
					cases = append(cases, c)
				}
			}
			if len(cases) == 0 {
				return
			}
			typ := func(s string) string {
				if shape.vec {
					return "vec4<" + s + ">"
				}
				return s
			}
			opType := typ(fam.scalar)
			expr := func(c opCase[T]) string {
				return strings.NewReplacer("{T}", opType, "{U}", typ("u32"), "{I}", typ("i32"), "{F}", typ("f32"),
					"{H}", typ("f16"), "{S}(", "select("+opType+"(0), "+opType+"(1), ").Replace(c.expr)
			}
			var src strings.Builder
			src.WriteString(enable)
			var out []byte
			as, bs := as, bs
			enc := func(xs []T) []byte {
				b := make([]byte, fam.size*len(xs))
				for i, x := range xs {
					fam.put(b[fam.size*i:], x)
				}
				return b
			}
			if shape.readA == "" || shape.readB == "" {
				// Blocks of their own for the constant operands (not infinities and NaNs,
				// which no const-expression has): one pair in 23 when both are constants,
				// else each value of the constant one against each of the other, read from
				// A[i] or B[i] by invocation i. as and bs become the operands of each block
				// and invocation, in the order of O.
				lits := fam.constants
				var blocks []string
				var ra, rb []T
				groups := len(fam.values)
				switch {
				case shape.readA == "" && shape.readB == "":
					groups = 1
					for i := 0; i < len(as); i += 23 {
						if fam.lit(as[i]) != "" && fam.lit(bs[i]) != "" {
							blocks = append(blocks, fmt.Sprintf("let a = %s;\n\t\tlet b = %s;", fam.lit(as[i]), fam.lit(bs[i])))
							ra, rb = append(ra, as[i]), append(rb, bs[i])
						}
					}
				case shape.readA == "":
					for _, x := range lits {
						blocks = append(blocks, fmt.Sprintf("let a = %s;\n\t\tlet b = B[i];", fam.lit(x)))
					}
					for _, y := range fam.values {
						for _, x := range lits {
							ra, rb = append(ra, x), append(rb, y)
						}
					}
				default:
					for _, y := range lits {
						blocks = append(blocks, fmt.Sprintf("let a = A[i];\n\t\tlet b = %s;", fam.lit(y)))
					}
					for _, x := range fam.values {
						for _, y := range lits {
							ra, rb = append(ra, x), append(rb, y)
						}
					}
				}
				as, bs = ra, rb
				n := len(fam.values) + len(fam.values)%2 // f16 buffers of whole words
				fmt.Fprintf(&src, "@group(0) @binding(0) var<storage> A: array<%s, %d>;\n", opType, n)
				fmt.Fprintf(&src, "@group(0) @binding(1) var<storage> B: array<%s, %d>;\n", opType, n)
				fmt.Fprintf(&src, "@group(0) @binding(2) var<storage, read_write> O: array<%s, %d>;\n", opType, len(as)*len(cases))
				src.WriteString("@compute @workgroup_size(1) fn main(@builtin(workgroup_id) id: vec3u) {\n\tlet i = id.x;\n")
				for k, blk := range blocks {
					fmt.Fprintf(&src, "\t{\n\t\t%s\n", blk)
					for j, c := range cases {
						if groups == 1 { // literal indices: lavapipe compiles thousands of stores at run-time indices slowly
							fmt.Fprintf(&src, "\t\tO[%d] = %s;\n", k*len(cases)+j, expr(c))
						} else {
							fmt.Fprintf(&src, "\t\tO[(i * %du + %du) * %du + %du] = %s;\n", len(blocks), k, len(cases), j, expr(c))
						}
					}
					src.WriteString("\t}\n")
				}
				src.WriteString("}\n")
				vals := append(append([]T(nil), fam.values...), fam.values[:n-len(fam.values)]...)
				out = Run(t, Compute{Src: src.String(), Groups: uint32(groups), Buffers: [][]byte{enc(vals), enc(vals), make([]byte, fam.size*len(as)*len(cases))}})[2]
			} else {
				fmt.Fprintf(&src, "@group(0) @binding(0) var<storage> A: array<%s>;\n", typ(fam.scalar))
				fmt.Fprintf(&src, "@group(0) @binding(1) var<storage> B: array<%s>;\n", typ(fam.scalar))
				fmt.Fprintf(&src, "@group(0) @binding(2) var<storage, read_write> O: array<%s>;\n", opType)
				src.WriteString("@compute @workgroup_size(1) fn main(@builtin(workgroup_id) id: vec3u) {\n\tlet i = id.x;\n")
				fmt.Fprintf(&src, "\tlet a = %s;\n\tlet b = %s;\n", shape.readA, shape.readB)
				for j, c := range cases {
					fmt.Fprintf(&src, "\tO[i * %du + %du] = %s;\n", len(cases), j, expr(c))
				}
				src.WriteString("}\n")
				groups := len(as)
				if shape.vec {
					groups /= 4
				}
				out = Run(t, Compute{Src: src.String(), Groups: uint32(groups), Buffers: [][]byte{
					enc(as), enc(bs), make([]byte, fam.size*len(as)*len(cases)),
				}})[2]
			}
			n, lanes := len(as), 1
			if shape.vec {
				n, lanes = len(as)/4, 4
			}
			wrong := map[string]int{}
			for i := range n {
				for j, c := range cases {
					for k := range lanes {
						ia, ib := shape.pair(i, k)
						want, ok := c.ref(as[ia], bs[ib])
						// An implementation may assume that no infinity or NaN arises (spec
						// "Floating Point Evaluation"), and lavapipe does when it folds an
						// operation with a constant operand: a / 0.0 is 0 there.
						if !ok || fam.lit(want) == "" && (shape.readA == "" || shape.readB == "") {
							continue
						}
						got := fam.get(out[fam.size*((i*len(cases)+j)*lanes+k):])
						if !fam.same(got, want) {
							if wrong[c.expr]++; wrong[c.expr] <= 3 {
								t.Errorf("%s with a = %v, b = %v: got %v, want %v", c.expr, as[ia], bs[ib], got, want)
							}
						}
					}
				}
			}
			for e, k := range wrong {
				if k > 3 {
					t.Errorf("%s: %d wrong results in all", e, k)
				}
			}
		})
	}
}

func runI32Ops(t *testing.T) {
	sh := func(b int32) uint32 { return uint32(b) }
	runOps(t, opFamily[int32]{
		scalar:    "i32",
		values:    []int32{0, 1, -1, 2, -2, 3, -7, 31, 32, 33, -32, 100, math.MinInt32, math.MinInt32 + 1, math.MaxInt32, 0x40000000, 0x12345678, -0x12345678},
		size:      4,
		put:       func(b []byte, x int32) { binary.LittleEndian.PutUint32(b, uint32(x)) },
		get:       func(b []byte) int32 { return int32(binary.LittleEndian.Uint32(b)) },
		same:      func(got, want int32) bool { return got == want },
		lit:       func(x int32) string { return fmt.Sprintf("bitcast<i32>(%#xu)", uint32(x)) },
		constants: []int32{0, 1, -1, 3, 32, math.MinInt32, math.MaxInt32},
		cases: []opCase[int32]{
			{expr: "a + b", ref: always(func(a, b int32) int32 { return a + b }), mixed: true},
			{expr: "a - b", ref: always(func(a, b int32) int32 { return a - b }), mixed: true},
			{expr: "a * b", ref: always(func(a, b int32) int32 { return a * b }), mixed: true},
			{expr: "a / b", ref: always(wgslref.DivI32), mixed: true},
			{expr: "a % b", ref: always(wgslref.RemI32), mixed: true},
			{expr: "-a", ref: always(func(a, _ int32) int32 { return -a })},
			{expr: "a & b", ref: always(func(a, b int32) int32 { return a & b })},
			{expr: "a | b", ref: always(func(a, b int32) int32 { return a | b })},
			{expr: "a ^ b", ref: always(func(a, b int32) int32 { return a ^ b })},
			{expr: "~a", ref: always(func(a, _ int32) int32 { return ^a })},
			{expr: "a << bitcast<{U}>(b)", ref: always(func(a, b int32) int32 { return wgslref.ShlI32(a, sh(b)) })},
			{expr: "a >> bitcast<{U}>(b)", ref: always(func(a, b int32) int32 { return wgslref.ShrI32(a, sh(b)) })},
			{expr: "{S}(a == b)", ref: always(func(a, b int32) int32 { return b2i[int32](a == b) })},
			{expr: "{S}(a != b)", ref: always(func(a, b int32) int32 { return b2i[int32](a != b) })},
			{expr: "{S}(a < b)", ref: always(func(a, b int32) int32 { return b2i[int32](a < b) })},
			{expr: "{S}(a <= b)", ref: always(func(a, b int32) int32 { return b2i[int32](a <= b) })},
			{expr: "{S}(a > b)", ref: always(func(a, b int32) int32 { return b2i[int32](a > b) })},
			{expr: "{S}(a >= b)", ref: always(func(a, b int32) int32 { return b2i[int32](a >= b) })},
			{expr: "{S}(!(a < b) & (b != {T}(0)))", ref: always(func(a, b int32) int32 { return b2i[int32](!(a < b) && b != 0) })},
			{expr: "{S}((a < b) | (b == {T}(0)))", ref: always(func(a, b int32) int32 { return b2i[int32](a < b || b == 0) })},
			{expr: "{S}((a < {T}(0)) == (b < {T}(0)))", ref: always(func(a, b int32) int32 { return b2i[int32]((a < 0) == (b < 0)) })},
			{expr: "{S}((a < {T}(0)) != (b < {T}(0)))", ref: always(func(a, b int32) int32 { return b2i[int32]((a < 0) != (b < 0)) })},
			{expr: "{S}((a < {T}(0)) && (b < {T}(0)))", ref: always(func(a, b int32) int32 { return b2i[int32](a < 0 && b < 0) }), scalar: true},
			{expr: "{S}((a < {T}(0)) || (b < {T}(0)))", ref: always(func(a, b int32) int32 { return b2i[int32](a < 0 || b < 0) }), scalar: true},
			{expr: "{T}(a > b)", ref: always(func(a, b int32) int32 { return b2i[int32](a > b) })},
			{expr: "select(a, b, a < b)", ref: always(func(a, b int32) int32 { return max(a, b) })},
			{expr: "abs(a)", ref: always(func(a, _ int32) int32 {
				if a < 0 {
					return -a // the lowest i32 stays itself
				}
				return a
			})},
			{expr: "min(a, b)", ref: always(func(a, b int32) int32 { return min(a, b) })},
			{expr: "max(a, b)", ref: always(func(a, b int32) int32 { return max(a, b) })},
			{expr: "clamp(a, {T}(-5), {T}(100))", ref: always(func(a, _ int32) int32 { return min(max(a, -5), 100) })},
			{expr: "clamp(a, b, {T}(3))", ref: always(func(a, b int32) int32 { return min(max(a, b), 3) })},
			{expr: "sign(a)", ref: always(func(a, _ int32) int32 { return b2i[int32](a > 0) - b2i[int32](a < 0) })},
			{expr: "countLeadingZeros(a)", ref: always(func(a, _ int32) int32 { return int32(bits.LeadingZeros32(uint32(a))) })},
			{expr: "countTrailingZeros(a)", ref: always(func(a, _ int32) int32 { return int32(bits.TrailingZeros32(uint32(a))) })},
			{expr: "countOneBits(a)", ref: always(func(a, _ int32) int32 { return int32(bits.OnesCount32(uint32(a))) })},
			{expr: "reverseBits(a)", ref: always(func(a, _ int32) int32 { return int32(bits.Reverse32(uint32(a))) })},
			{expr: "firstLeadingBit(a)", ref: always(func(a, _ int32) int32 {
				x := uint32(a)
				if a < 0 {
					x = ^x // the most significant bit unlike the sign
				}
				return int32(31 - bits.LeadingZeros32(x)) // -1 for 0 and -1
			})},
			{expr: "firstTrailingBit(a)", ref: always(func(a, _ int32) int32 {
				if a == 0 {
					return -1
				}
				return int32(bits.TrailingZeros32(uint32(a)))
			})},
			{expr: "extractBits(a, 3u, 9u)", ref: always(func(a, _ int32) int32 { return a << 20 >> 23 })},
			{expr: "extractBits(a, 0u, 32u)", ref: always(func(a, _ int32) int32 { return a })},
			{expr: "extractBits(a, bitcast<u32>(b) % 40u, 8u)", scalar: true, ref: always(func(a, b int32) int32 {
				return int32(wgslref.ExtractBits(uint32(a), uint32(b)%40, 8, true))
			})},
			{expr: "extractBits(a, 5u, 0u)", ref: always(func(a, _ int32) int32 { return 0 })},
			{expr: "insertBits(a, b, 4u, 9u)", ref: always(func(a, b int32) int32 {
				m := int32(0x1ff << 4)
				return a&^m | b<<4&m
			})},
			{expr: "insertBits(a, b, bitcast<u32>(b) % 40u, 5u)", scalar: true, ref: always(func(a, b int32) int32 {
				return int32(wgslref.InsertBits(uint32(a), uint32(b), uint32(b)%40, 5))
			})},
			{expr: "{I}({F}(a))", ref: always(func(a, _ int32) int32 {
				r, _ := wgslref.FloatToI32(float64(float32(a)), wgslref.MaxI32InF32)
				return r
			})},
			{expr: "bitcast<{T}>({U}(a) >> {U}(1))", ref: always(func(a, _ int32) int32 { return int32(uint32(a) >> 1) })},
			{expr: "bitcast<{T}>(dot4U8Packed(bitcast<u32>(a), bitcast<u32>(b)))", scalar: true, ref: always(func(a, b int32) int32 {
				var s uint32
				for k := range 4 {
					s += uint32(a) >> (8 * k) & 0xff * (uint32(b) >> (8 * k) & 0xff)
				}
				return int32(s)
			})},
			{expr: "dot4I8Packed(bitcast<u32>(a), bitcast<u32>(b))", scalar: true, ref: always(func(a, b int32) int32 {
				var s int32
				for k := range 4 {
					s += int32(int8(a>>(8*k))) * int32(int8(b>>(8*k)))
				}
				return s
			})},
		},
	}, "")
}

func runU32Ops(t *testing.T) {
	runOps(t, opFamily[uint32]{
		scalar:    "u32",
		values:    []uint32{0, 1, 2, 3, 7, 31, 32, 33, 64, 100, 0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff, 0x12345678, 0xdeadbeef},
		size:      4,
		put:       func(b []byte, x uint32) { binary.LittleEndian.PutUint32(b, x) },
		get:       func(b []byte) uint32 { return binary.LittleEndian.Uint32(b) },
		same:      func(got, want uint32) bool { return got == want },
		lit:       func(x uint32) string { return fmt.Sprintf("%#xu", x) },
		constants: []uint32{0, 1, 3, 32, 0x80000000, 0xffffffff},
		cases: []opCase[uint32]{
			{expr: "a + b", ref: always(func(a, b uint32) uint32 { return a + b }), mixed: true},
			{expr: "a - b", ref: always(func(a, b uint32) uint32 { return a - b }), mixed: true},
			{expr: "a * b", ref: always(func(a, b uint32) uint32 { return a * b }), mixed: true},
			{expr: "a / b", ref: always(wgslref.DivU32), mixed: true},
			{expr: "a % b", ref: always(wgslref.RemU32), mixed: true},
			{expr: "a & b", ref: always(func(a, b uint32) uint32 { return a & b })},
			{expr: "a | b", ref: always(func(a, b uint32) uint32 { return a | b })},
			{expr: "a ^ b", ref: always(func(a, b uint32) uint32 { return a ^ b })},
			{expr: "~a", ref: always(func(a, _ uint32) uint32 { return ^a })},
			{expr: "a << b", ref: always(wgslref.ShlU32)},
			{expr: "a >> b", ref: always(wgslref.ShrU32)},
			{expr: "{S}(a == b)", ref: always(func(a, b uint32) uint32 { return b2i[uint32](a == b) })},
			{expr: "{S}(a != b)", ref: always(func(a, b uint32) uint32 { return b2i[uint32](a != b) })},
			{expr: "{S}(a < b)", ref: always(func(a, b uint32) uint32 { return b2i[uint32](a < b) })},
			{expr: "{S}(a <= b)", ref: always(func(a, b uint32) uint32 { return b2i[uint32](a <= b) })},
			{expr: "{S}(a > b)", ref: always(func(a, b uint32) uint32 { return b2i[uint32](a > b) })},
			{expr: "{S}(a >= b)", ref: always(func(a, b uint32) uint32 { return b2i[uint32](a >= b) })},
			{expr: "{U}(a >= b)", ref: always(func(a, b uint32) uint32 { return b2i[uint32](a >= b) })},
			{expr: "select(b, a, a > b)", ref: always(func(a, b uint32) uint32 { return max(a, b) })},
			{expr: "min(a, b)", ref: always(func(a, b uint32) uint32 { return min(a, b) })},
			{expr: "max(a, b)", ref: always(func(a, b uint32) uint32 { return max(a, b) })},
			{expr: "clamp(a, {T}(5), {T}(0x80000000))", ref: always(func(a, _ uint32) uint32 { return min(max(a, 5), 0x80000000) })},
			{expr: "clamp(a, b, {T}(100))", ref: always(func(a, b uint32) uint32 { return min(max(a, b), 100) })},
			{expr: "abs(a)", ref: always(func(a, _ uint32) uint32 { return a })},
			{expr: "countLeadingZeros(a)", ref: always(func(a, _ uint32) uint32 { return uint32(bits.LeadingZeros32(a)) })},
			{expr: "countTrailingZeros(a)", ref: always(func(a, _ uint32) uint32 { return uint32(bits.TrailingZeros32(a)) })},
			{expr: "countOneBits(a)", ref: always(func(a, _ uint32) uint32 { return uint32(bits.OnesCount32(a)) })},
			{expr: "reverseBits(a)", ref: always(func(a, _ uint32) uint32 { return bits.Reverse32(a) })},
			{expr: "firstLeadingBit(a)", ref: always(func(a, _ uint32) uint32 { return uint32(31 - bits.LeadingZeros32(a)) })},
			{expr: "firstTrailingBit(a)", ref: always(func(a, _ uint32) uint32 {
				if a == 0 {
					return 0xffffffff
				}
				return uint32(bits.TrailingZeros32(a))
			})},
			{expr: "extractBits(a, 3u, 9u)", ref: always(func(a, _ uint32) uint32 { return a >> 3 & 0x1ff })},
			{expr: "extractBits(a, b % 40u, 8u)", scalar: true, ref: always(func(a, b uint32) uint32 { return wgslref.ExtractBits(a, b%40, 8, false) })},
			{expr: "insertBits(a, b, b % 40u, 5u)", scalar: true, ref: always(func(a, b uint32) uint32 { return wgslref.InsertBits(a, b, b%40, 5) })},
			{expr: "insertBits(a, b, 4u, 9u)", ref: always(func(a, b uint32) uint32 {
				m := uint32(0x1ff << 4)
				return a&^m | b<<4&m
			})},
			{expr: "{U}({F}(a))", ref: always(func(a, _ uint32) uint32 {
				r, _ := wgslref.FloatToU32(float64(float32(a)), wgslref.MaxU32InF32)
				return r
			})},
			{expr: "bitcast<{U}>({I}(a) >> {U}(4))", ref: always(func(a, _ uint32) uint32 { return uint32(int32(a) >> 4) })},
			{expr: "{U}({F}({I}(a)) < {F}(0))", ref: always(func(a, _ uint32) uint32 { return b2i[uint32](int32(a) < 0) })},
			{expr: "{U}(bitcast<{F}>(a) != bitcast<{F}>(b))", ref: always(func(a, b uint32) uint32 {
				return b2i[uint32](math.Float32frombits(a) != math.Float32frombits(b))
			})},
		},
	}, "")
}

// floatLit is lit for the finite values only.
func floatLit(lit func(float64) string) func(float64) string {
	return func(x float64) string {
		if !finite(x) {
			return ""
		}
		return lit(x)
	}
}

// floatSame compares float results: any NaN equals any other, and the zeros each other (WGSL
// leaves the sign of zero to the implementation: spec "Floating Point Evaluation").
func floatSame(got, want float64) bool {
	if math.IsNaN(want) {
		return math.IsNaN(got)
	}
	return got == want
}

// finite reports whether each of xs is neither infinite nor NaN.
func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return false
		}
	}
	return true
}

// floatCases are the cases of f32 and f16: round rounds a result to the family's type, whose
// smallest normal is minNormal. Subnormal results are the device's to flush to zero.
func floatCases(round func(float64) float64, minNormal float64) []opCase[float64] {
	normal := func(r float64) bool { return r == 0 || math.Abs(r) >= minNormal }
	r2 := func(f func(a, b float64) float64) func(a, b float64) (float64, bool) {
		return func(a, b float64) (float64, bool) {
			r := round(f(a, b))
			return r, normal(r)
		}
	}
	cmp := func(f func(a, b float64) bool) func(a, b float64) (float64, bool) {
		return func(a, b float64) (float64, bool) { return b2i[float64](f(a, b)), true }
	}
	// min and max of a NaN, and of zeros of different signs, are the implementation's.
	minMax := func(f func(a, b float64) float64) func(a, b float64) (float64, bool) {
		return func(a, b float64) (float64, bool) {
			return f(a, b), !math.IsNaN(a) && !math.IsNaN(b) && !(a == 0 && b == 0)
		}
	}
	return []opCase[float64]{
		{expr: "a + b", ref: r2(func(a, b float64) float64 { return a + b }), mixed: true},
		{expr: "a - b", ref: r2(func(a, b float64) float64 { return a - b }), mixed: true},
		{expr: "a * b", ref: r2(func(a, b float64) float64 { return a * b }), mixed: true},
		{expr: "a / b", ref: r2(func(a, b float64) float64 { return a / b }), mixed: true},
		// e1 % e2 is e1 - e2 * trunc(e1 / e2); the device may compute it exactly (fmod) or
		// step by step in the type: compared where both agree.
		{expr: "a % b", mixed: true, ref: func(a, b float64) (float64, bool) {
			steps := round(a - round(b*math.Trunc(round(a/b))))
			return steps, finite(a, b) && b != 0 && math.Mod(a, b) == steps && normal(steps)
		}},
		{expr: "-a", ref: r2(func(a, _ float64) float64 { return -a })},
		{expr: "{S}(a == b)", ref: cmp(func(a, b float64) bool { return a == b })},
		{expr: "{S}(a != b)", ref: cmp(func(a, b float64) bool { return a != b })},
		{expr: "{S}(a < b)", ref: cmp(func(a, b float64) bool { return a < b })},
		{expr: "{S}(a <= b)", ref: cmp(func(a, b float64) bool { return a <= b })},
		{expr: "{S}(a > b)", ref: cmp(func(a, b float64) bool { return a > b })},
		{expr: "{S}(a >= b)", ref: cmp(func(a, b float64) bool { return a >= b })},
		{expr: "{S}(!(a < b))", ref: cmp(func(a, b float64) bool { return !(a < b) })},
		{expr: "select(a, b, a < b)", ref: func(a, b float64) (float64, bool) {
			if a < b {
				return b, true
			}
			return a, true
		}},
		{expr: "abs(a)", ref: r2(func(a, _ float64) float64 { return math.Abs(a) })},
		{expr: "min(a, b)", ref: minMax(math.Min)},
		{expr: "max(a, b)", ref: minMax(math.Max)},
		{expr: "clamp(a, {T}(-1.5), {T}(2))", ref: func(a, _ float64) (float64, bool) {
			return math.Min(math.Max(a, -1.5), 2), !math.IsNaN(a)
		}},
		{expr: "saturate(a)", ref: func(a, _ float64) (float64, bool) {
			return math.Min(math.Max(a, 0), 1), !math.IsNaN(a)
		}},
		{expr: "sign(a)", ref: func(a, _ float64) (float64, bool) {
			return b2i[float64](a > 0) - b2i[float64](a < 0), !math.IsNaN(a)
		}},
		{expr: "floor(a)", ref: r2(func(a, _ float64) float64 { return math.Floor(a) })},
		{expr: "ceil(a)", ref: r2(func(a, _ float64) float64 { return math.Ceil(a) })},
		{expr: "trunc(a)", ref: r2(func(a, _ float64) float64 { return math.Trunc(a) })},
		{expr: "round(a)", ref: r2(func(a, _ float64) float64 { return math.RoundToEven(a) })},
		{expr: "fract(a)", ref: func(a, _ float64) (float64, bool) {
			return round(a - math.Floor(a)), finite(a)
		}},
		{expr: "sqrt(a)", ref: func(a, _ float64) (float64, bool) { return round(math.Sqrt(a)), a >= 0 }},
		{expr: "step(a, b)", ref: func(a, b float64) (float64, bool) { return b2i[float64](a <= b), finite(a, b) }},
		{expr: "{T}({I}(a))", ref: func(a, _ float64) (float64, bool) {
			r, ok := wgslref.FloatToI32(a, wgslref.MaxI32InF32)
			return round(float64(r)), ok && finite(a)
		}},
		{expr: "{T}({U}(a))", ref: func(a, _ float64) (float64, bool) {
			r, ok := wgslref.FloatToU32(a, wgslref.MaxU32InF32)
			return round(float64(r)), ok && finite(a)
		}},
		{expr: "{T}(a != {T}(0))", ref: func(a, _ float64) (float64, bool) { return b2i[float64](a != 0), true }},
	}
}

// f32Values are f32 values: each rounds to itself.
var f32Values = []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 1.5, 2.5, -2.5, 3, -7.25, 100.75, 0x1p-126,
	1e30, -1e30, math.MaxFloat32, 16777216, 2147483520, 2147483648, 4294967296, -2147483904,
	math.Inf(1), math.Inf(-1), math.NaN()}

func init() {
	for i, x := range f32Values {
		f32Values[i] = float64(float32(x))
	}
}

func runF32Ops(t *testing.T) {
	round := func(x float64) float64 { return float64(float32(x)) }
	cases := append(floatCases(round, 0x1p-126),
		opCase[float64]{expr: "{T}({I}(a) >> {U}(1))", ref: func(a, _ float64) (float64, bool) {
			r, ok := wgslref.FloatToI32(a, wgslref.MaxI32InF32)
			return round(float64(r >> 1)), ok && finite(a)
		}},
		// An f16 rounding without f16: quantizeToF16, ties to even. Beyond f16's range the
		// result is indeterminate, and among its subnormals either zero.
		opCase[float64]{expr: "quantizeToF16(a)", ref: func(a, _ float64) (float64, bool) {
			r := wgslref.RoundF16(a)
			return r, finite(r) && (r == 0 && a == 0 || math.Abs(r) >= 0x1p-14)
		}},
		opCase[float64]{expr: "quantizeToF16(a + b * 0x1p-12)", ref: func(a, b float64) (float64, bool) {
			x := round(a + b*0x1p-12)
			r := wgslref.RoundF16(x)
			return r, finite(r, x) && (r == 0 && x == 0 || math.Abs(r) >= 0x1p-14)
		}},
	)
	runOps(t, opFamily[float64]{
		scalar:    "f32",
		values:    f32Values,
		size:      4,
		put:       func(b []byte, x float64) { binary.LittleEndian.PutUint32(b, math.Float32bits(float32(x))) },
		get:       func(b []byte) float64 { return float64(math.Float32frombits(binary.LittleEndian.Uint32(b))) },
		same:      floatSame,
		lit:       floatLit(func(x float64) string { return fmt.Sprintf("bitcast<f32>(%#xu)", math.Float32bits(float32(x))) }),
		constants: []float64{0, 1, -1, 0.5, -2.5, 0x1p100},
		cases:     cases,
	}, "")
}

func runF16Ops(t *testing.T) {
	if d := vulkan.Require(t); !d.Info.F16() {
		oracle.Missing(t, "the device lacks shaderFloat16 or 16-bit storage")
	}
	round := wgslref.RoundF16
	cases := append(floatCases(round, 0x1p-14),
		// f32 to f16 at a tie (the f32 bit below f16's last place set), just below it and
		// just above: ties to even.
		opCase[float64]{expr: "{T}(bitcast<{F}>(bitcast<{U}>({F}(a)) + {U}(0x1000)))", ref: func(a, _ float64) (float64, bool) {
			x := math.Float32frombits(math.Float32bits(float32(a)) + 0x1000)
			r := round(float64(x))
			return r, finite(r, a) && math.Abs(r) >= 0x1p-14
		}},
		opCase[float64]{expr: "{T}(bitcast<{F}>(bitcast<{U}>({F}(a)) + {U}(0xfff)))", ref: func(a, _ float64) (float64, bool) {
			x := math.Float32frombits(math.Float32bits(float32(a)) + 0xfff)
			r := round(float64(x))
			return r, finite(r, a) && math.Abs(r) >= 0x1p-14
		}},
		opCase[float64]{expr: "{T}(bitcast<{F}>(bitcast<{U}>({F}(a)) + {U}(0x1001)))", ref: func(a, _ float64) (float64, bool) {
			x := math.Float32frombits(math.Float32bits(float32(a)) + 0x1001)
			r := round(float64(x))
			return r, finite(r, a) && math.Abs(r) >= 0x1p-14
		}},
		opCase[float64]{expr: "{T}({F}(a) * {F}(b))", ref: func(a, b float64) (float64, bool) {
			r := round(float64(float32(a * b)))
			return r, finite(r) && (r == 0 || math.Abs(r) >= 0x1p-14)
		}},
	)
	runOps(t, opFamily[float64]{
		scalar: "f16",
		values: []float64{0, math.Copysign(0, -1), 1, -1, 0.5, 1.5, 2.5, -2.5, 3, 1 + 0x1p-10, 0.0999755859375, 2047, 2048,
			-3000, 65504, -65504, 0x1p-14, math.Inf(1), math.Inf(-1), math.NaN()},
		size:      2,
		put:       func(b []byte, x float64) { binary.LittleEndian.PutUint16(b, wgslref.F16Bits(x)) },
		get:       func(b []byte) float64 { return wgslref.F16Value(binary.LittleEndian.Uint16(b)) },
		same:      floatSame,
		lit:       floatLit(func(x float64) string { return fmt.Sprintf("bitcast<vec2<f16>>(%#xu).x", wgslref.F16Bits(x)) }),
		constants: []float64{0, 1, -1, 1.5, 2048, 65504},
		cases:     cases,
	}, "enable f16;\n")
}
