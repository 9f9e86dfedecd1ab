package lower_test

import (
	"github.com/wgslgo/wgslgo/compiler/abi"
	"math"
	"math/bits"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/lower"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// The execution tests run compute shaders on the Vulkan device and compare with values
// computed in Go by WGSL's rules.

// wgslDiv and wgslRem are WGSL's i32 division and remainder: x / 0 is x, x % 0 is 0, and
// MinInt32 / -1 is MinInt32 (remainder 0).
func wgslDiv(x, y int32) int32 {
	if y == 0 || x == math.MinInt32 && y == -1 {
		return x
	}
	return x / y
}

func wgslRem(x, y int32) int32 {
	if y == 0 || x == math.MinInt32 && y == -1 {
		return 0
	}
	return x % y
}

func TestExecIntegerArithmetic(t *testing.T) {
	xs := []int32{7, -7, 7, -7, 5, math.MinInt32, math.MinInt32, 123456, -1, math.MaxInt32}
	ys := []int32{2, 2, -2, -2, 0, -1, 3, 0, 7, -1}
	n := len(xs)
	in := append(i32s(xs...), i32s(ys...)...)
	out := runCompute(t, compute{
		src: `
@group(0) @binding(0) var<storage, read> xy: array<i32>;
@group(0) @binding(1) var<storage, read_write> o: array<i32>;
@group(0) @binding(2) var<storage, read_write> ou: array<u32>;
@compute @workgroup_size(10)
fn main(@builtin(local_invocation_index) i: u32) {
	let x = xy[i];
	let y = xy[i + 10u];
	o[8u * i + 0u] = x / y;
	o[8u * i + 1u] = x % y;
	o[8u * i + 2u] = x * y;
	o[8u * i + 3u] = x - y;
	o[8u * i + 4u] = x << u32(y);
	o[8u * i + 5u] = x >> u32(y);
	o[8u * i + 6u] = -x;
	o[8u * i + 7u] = (~x ^ (x & y)) | y;
	let ux = u32(x);
	let uy = u32(y);
	ou[4u * i + 0u] = ux / uy;
	ou[4u * i + 1u] = ux % uy;
	ou[4u * i + 2u] = ux >> uy;
	ou[4u * i + 3u] = ux + uy * 3u;
}`,
		bufs: [][]byte{in, zeros(8 * n), zeros(4 * n)},
	})
	var want []int32
	var wantU []uint32
	for i := range xs {
		x, y := xs[i], ys[i]
		s := uint32(y) & 31
		want = append(want, wgslDiv(x, y), wgslRem(x, y), x*y, x-y, x<<s, x>>s, -x, ^x^(x&y)|y)
		ux, uy := uint32(x), uint32(y)
		d, r := ux, uint32(0)
		if uy != 0 {
			d, r = ux/uy, ux%uy
		}
		wantU = append(wantU, d, r, ux>>(uy&31), ux+uy*3)
	}
	assert.Equal(t, want, asI32(out[1]))
	assert.Equal(t, wantU, asU32(out[2]))
}

func TestExecFloatToInt(t *testing.T) {
	xs := []float32{1.5, -1.5, 3e9, -3e9, 5e9, -0.5, 2147483520, 4294967040, float32(math.NaN()), float32(math.Inf(1))}
	out := runCompute(t, compute{
		src: `
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read_write> o: array<i32>;
@group(0) @binding(2) var<storage, read_write> ou: array<u32>;
@compute @workgroup_size(10)
fn main(@builtin(local_invocation_index) i: u32) {
	o[i] = i32(x[i]);
	ou[i] = u32(x[i]);
}`,
		bufs:   [][]byte{f32s(xs...), zeros(len(xs)), zeros(len(xs))},
		noNaga: true, // naga does not saturate float → int conversions
	})
	var want []int32
	var wantU []uint32
	for _, x := range xs {
		f := float64(x)
		switch {
		case math.IsNaN(f):
			want, wantU = append(want, 0), append(wantU, 0)
			continue
		}
		want = append(want, int32(math.Max(-2147483648, math.Min(2147483520, math.Trunc(f)))))
		wantU = append(wantU, uint32(math.Max(0, math.Min(4294967040, math.Trunc(f)))))
	}
	assert.Equal(t, want, asI32(out[1]))
	assert.Equal(t, wantU, asU32(out[2]))
}

func TestExecLoops(t *testing.T) {
	out := runCompute(t, compute{
		src: `
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
fn isPrime(n: u32) -> bool {
	if n < 2u { return false; }
	for (var d = 2u; d * d <= n; d++) {
		if n % d == 0u { return false; }
	}
	return true;
}
@compute @workgroup_size(1)
fn main() {
	var primes = 0u;
	var sum = 0u;
	var n = 0u;
	loop {
		n++;
		if n % 7u == 0u { continue; }
		if isPrime(n) { primes++; sum += n; }
		continuing { break if n >= 100u; }
	}
	o[0] = primes;
	o[1] = sum;
	var i = 0u;
	var acc = 0u;
	while i < 10u {
		var j = i;
		while true {
			if j == 0u { break; }
			acc += j;
			j--;
		}
		i += 1u;
	}
	o[2] = acc;
	var k = 0u;
	loop {
		k += 3u;
		continuing { break if k > 20u; }
	}
	o[3] = k;
}`,
		bufs: [][]byte{zeros(4)},
	})
	var primes, sum uint32
	for n := uint32(1); n <= 100; n++ {
		if n%7 == 0 {
			continue
		}
		prime := n >= 2
		for d := uint32(2); d*d <= n; d++ {
			if n%d == 0 {
				prime = false
			}
		}
		if prime {
			primes++
			sum += n
		}
	}
	var acc uint32
	for i := uint32(0); i < 10; i++ {
		acc += i * (i + 1) / 2
	}
	assert.Equal(t, []uint32{primes, sum, acc, 21}, asU32(out[0]))
}

func TestExecSwitch(t *testing.T) {
	sel := []int32{0, 1, 2, 3, 4, 5, -1, 100}
	out := runCompute(t, compute{
		src: `
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
fn classify(x: i32) -> i32 {
	var r = 0;
	switch x {
		case 0: { r = 10; }
		case 1, 2: { r = 20; if x == 2 { r += 1; break; } r += 2; }
		case 3, default: { r = 30; }
		case 4: { return 40; }
		case -1: { r = -10; }
	}
	return r + 1;
}
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
	var r = classify(o[i]);
	for (var k = 0; k < 3; k++) {
		switch k {
			case 1: { continue; }
			default: { r += 100; }
		}
	}
	o[i] = r;
}`,
		bufs: [][]byte{i32s(sel...)},
	})
	var want []int32
	for _, x := range sel {
		var r int32
		switch x {
		case 0:
			r = 11
		case 1:
			r = 23
		case 2:
			r = 22
		case 4:
			r = 40
		case -1:
			r = -9
		default:
			r = 31
		}
		want = append(want, r+200)
	}
	assert.Equal(t, want, asI32(out[0]))
}

func TestExecFunctionsAndPointers(t *testing.T) {
	out := runCompute(t, compute{
		src: `
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
var<private> counter: i32;
struct Pair { a: i32, b: i32 }
fn swap(p: ptr<function, Pair>) { let t = p.a; p.a = (*p).b; (*p).b = t; }
fn addTo(p: ptr<function, i32>, x: i32) -> i32 { *p += x; counter += 1; return *p; }
fn tick(p: ptr<private, i32>) { *p *= 2; }
fn fib(n: i32) -> i32 {
	var a = 0; var b = 1;
	for (var i = 0; i < n; i++) { let t = a + b; a = b; b = t; }
	return a;
}
@compute @workgroup_size(1)
fn main() {
	var p = Pair(3, 4);
	swap(&p);
	var acc = 0;
	let r1 = addTo(&acc, 5);
	let r2 = addTo(&acc, r1 * 2);
	tick(&counter);
	o[0] = p.a; o[1] = p.b; o[2] = r1; o[3] = r2; o[4] = counter; o[5] = fib(20);
}`,
		bufs: [][]byte{zeros(6)},
	})
	assert.Equal(t, []int32{4, 3, 5, 15, 4, 6765}, asI32(out[0]))
}

// TestExecPointersIntoParts passes pointers to an array element, a struct member and a
// vector component of function and private variables: SPIR-V takes only whole variables as
// arguments, so the lowering passes a copy and writes it back.
func TestExecPointersIntoParts(t *testing.T) {
	out := runCompute(t, compute{
		src: `
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
struct S { a: i32, v: array<i32, 2> }
var<private> pv: array<vec2f, 2>;
fn bump(p: ptr<function, i32>) { *p += 1; }
fn bumpv(p: ptr<private, vec2f>) { (*p).x += 1.0; }
fn both(p: ptr<function, i32>, q: ptr<function, i32>) -> i32 { *p = 10; return *q; }
@compute @workgroup_size(1)
fn main() {
	var arr = array<i32, 3>(1, 2, 3);
	var s = S(5, array(7, 9));
	bump(&arr[1]);
	bump(&s.v[1]);
	bump(&s.a);
	bumpv(&pv[1]);
	bumpv(&pv[1]);
	let r = both(&arr[0], &s.v[0]);
	o[0] = arr[1]; o[1] = s.v[1]; o[2] = s.a; o[3] = i32(pv[1].x); o[4] = arr[0]; o[5] = r;
}`,
		bufs: [][]byte{zeros(6)},
		// naga 30.0.1 panics on this module ("Expression [11] is not cached!").
		noNaga: true,
	})
	assert.Equal(t, []int32{3, 10, 6, 2, 10, 7}, asI32(out[0]))
}

func TestExecShortCircuit(t *testing.T) {
	out := runCompute(t, compute{
		src: `
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
var<private> calls: i32;
fn yes() -> bool { calls += 1; return true; }
fn no() -> bool { calls += 10; return false; }
@compute @workgroup_size(1)
fn main() {
	var r = 0;
	if no() && yes() { r += 1; }
	if yes() || no() { r += 2; }
	if (yes() && (no() || yes())) || no() { r += 4; }
	let idx = o[0] + 7;
	var a = array(1, 2, 3);
	// The right operand would index out of bounds: it must not run.
	if idx < 3 && a[idx] == 1 { r += 8; }
	o[0] = r;
	o[1] = calls;
}`,
		bufs: [][]byte{zeros(2)},
	})
	// no | yes | yes no yes: 10 + 1 + 1 + 10 + 1
	assert.Equal(t, []int32{6, 23}, asI32(out[0]))
}

func TestExecStructsInStorage(t *testing.T) {
	// struct In { a: vec3f (0..12), b: f32 (12), c: array<vec3f, 2> (16, stride 16), m: mat3x3f (48, columns 16 apart) }
	in := f32s(
		1, 2, 3, 4, // a, b
		5, 6, 7, -1, 8, 9, 10, -1, // c[0], pad, c[1], pad
		1, 0, 0, -1, 0, 2, 0, -1, 0, 0, 3, -1, // m columns with padding
	)
	out := runCompute(t, compute{
		src: `
struct In { a: vec3f, b: f32, c: array<vec3f, 2>, m: mat3x3f }
struct Out { sum: vec3f, n: u32, prod: vec3f, last: f32 }
@group(0) @binding(0) var<storage, read> i: In;
@group(0) @binding(1) var<storage, read_write> o: array<Out>;
@compute @workgroup_size(1)
fn main() {
	let v = i.a * i.b + i.c[0] + i.c[1];
	o[0].sum = v;
	o[0].n = arrayLength(&o);
	o[0].prod = i.m * i.a;
	o[0].last = i.m[2][2] + i.c[1].z;
	var copy = o[0];
	copy.n += 1u;
	o[1] = copy;
}`,
		bufs: [][]byte{in, make([]byte, 2*32)},
	})
	got := asF32(out[1])
	assert.Equal(t, []float32{1*4 + 5 + 8, 2*4 + 6 + 9, 3*4 + 7 + 10}, got[0:3])
	assert.Equal(t, uint32(2), asU32(out[1])[3])
	assert.Equal(t, []float32{1, 4, 9, 13}, got[4:8])
	assert.Equal(t, got[0:3], got[8:11])
	assert.Equal(t, uint32(3), asU32(out[1])[11])
}

func TestExecAtomics(t *testing.T) {
	out := runCompute(t, compute{
		src: `
struct C { sum: atomic<u32>, max: atomic<i32>, min: atomic<i32>, bits: atomic<u32>, ticket: atomic<u32> }
@group(0) @binding(0) var<storage, read_write> c: C;
@group(0) @binding(1) var<storage, read_write> seen: array<atomic<u32>>;
var<workgroup> local: atomic<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32, @builtin(workgroup_id) wg: vec3u) {
	let id = wg.x * 64u + li;
	atomicAdd(&c.sum, id);
	atomicMax(&c.max, i32(id) - 100);
	atomicMin(&c.min, 50 - i32(id));
	atomicOr(&c.bits, 1u << (id % 32u));
	atomicAdd(&local, 1u);
	// A compare-exchange loop: take a unique ticket.
	var t = atomicLoad(&c.ticket);
	loop {
		let r = atomicCompareExchangeWeak(&c.ticket, t, t + 1u);
		if r.exchanged { break; }
		t = r.old_value;
	}
	atomicAdd(&seen[t], 1u);
	workgroupBarrier();
	if li == 0u { atomicAdd(&c.sum, atomicLoad(&local) * 1000000u); }
}`,
		groups: 4,
		bufs:   [][]byte{i32s(0, -1000, 1000, 0, 0), zeros(256)},
	})
	c := asI32(out[0])
	var sum uint32
	for id := uint32(0); id < 256; id++ {
		sum += id
	}
	assert.Equal(t, sum+4*64*1000000, uint32(c[0]))
	assert.Equal(t, int32(255-100), c[1])
	assert.Equal(t, int32(50-255), c[2])
	assert.Equal(t, uint32(0xffffffff), uint32(c[3]))
	assert.Equal(t, int32(256), c[4])
	for i, n := range asU32(out[1]) {
		assert.Equal(t, uint32(1), n, "ticket %d was taken %d times", i, n)
	}
}

func TestExecOverrides(t *testing.T) {
	src := `
@id(3) override scale: i32 = 2;
override offset: u32;
override twice = offset * 2u;
override size: u32 = 4;
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
var<workgroup> tmp: array<i32, size>;
@compute @workgroup_size(size)
fn main(@builtin(local_invocation_index) li: u32) {
	tmp[li] = i32(li) * scale;
	workgroupBarrier();
	o[li] = tmp[size - 1u - li] + i32(twice);
}`
	// Specialisation constants: scale (SpecId 3), offset (0), twice (1), size (2); twice's
	// default is an expression, used unless its flag (SpecId OverrideFlagID(1)) is set.
	out := runCompute(t, compute{
		src:    src,
		bufs:   [][]byte{zeros(6)},
		spec:   map[uint32][]byte{3: vulkan.Spec32(5), 0: vulkan.Spec32(10), 2: vulkan.Spec32(6)},
		noNaga: true, // naga folds overrides at compile time: compared with --override below
	})
	assert.Equal(t, []int32{45, 40, 35, 30, 25, 20}, asI32(out[0]))

	// The same values substituted at compile time.
	out = runCompute(t, compute{
		src:  src,
		bufs: [][]byte{zeros(6)},
		values: map[string]constant.Value{
			"scale": constant.MakeI32(5), "offset": constant.MakeU32(10), "size": constant.MakeU32(6),
		},
		nagaArgs: []string{"--override", "3=5", "--override", "offset=10", "--override", "size=6"},
	})
	assert.Equal(t, []int32{45, 40, 35, 30, 25, 20}, asI32(out[0]))
}

func TestExecOverrideDefaultExpression(t *testing.T) {
	src := `
override base: u32 = 3;
override derived: u32 = base * 10u + 1u;
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1)
fn main() { o[0] = derived; o[1] = base; }`
	flag := abi.OverrideFlagID(1)
	for _, tc := range []struct {
		spec map[uint32][]byte
		want []uint32
	}{
		{nil, []uint32{31, 3}},
		{map[uint32][]byte{0: vulkan.Spec32(7)}, []uint32{71, 7}},
		{map[uint32][]byte{1: vulkan.Spec32(99), flag: vulkan.SpecBool(true)}, []uint32{99, 3}},
	} {
		out := runCompute(t, compute{src: src, bufs: [][]byte{zeros(2)}, spec: tc.spec, noNaga: tc.spec != nil})
		assert.Equal(t, tc.want, asU32(out[0]))
	}
}

// Integer division, remainder and shifts of overrides are specialisation constant
// instructions, evaluated by the driver: they follow WGSL's runtime rules (and never use
// OpSRem, which Vulkan leaves undefined for negative operands). A zero divisor or a shift
// by 32 or more is a pipeline-creation error SPIR-V cannot report: they give the runtime
// results rather than undefined ones.
func TestExecOverrideDivRemShift(t *testing.T) {
	src := `
override a: i32 = 1;
override d: i32 = 1;
override s: u32 = 0;
override r = a % d;
override q = a / d;
override ur = u32(a) % u32(d);
override sh = a << s;
@group(0) @binding(0) var<storage, read_write> o: array<i32, 5>;
@compute @workgroup_size(1)
fn main() { o[0] = r; o[1] = q; o[2] = i32(ur); o[3] = sh; o[4] = a >> s; }`
	_, words := compile(t, src, lower.Options{}, backend.Vulkan1_1)
	m, err := spirv.Parse(words)
	require.NoError(t, err)
	assert.Empty(t, m.Find(spirv.OpSRem))
	for _, in := range m.Find(spirv.OpSpecConstantOp) {
		assert.NotEqual(t, uint32(spirv.OpSRem), in.Words[3], "OpSpecConstantOp SRem")
	}
	for _, c := range []struct{ a, d, s int32 }{
		{-7, 3, 1}, {7, -3, 31}, {-7, -3, 2}, {-8, 0, 32}, {math.MinInt32, -1, 33}, {math.MinInt32, 3, 63},
	} {
		spec := map[uint32][]byte{0: vulkan.Spec32(uint32(c.a)), 1: vulkan.Spec32(uint32(c.d)), 2: vulkan.Spec32(uint32(c.s))}
		out := runCompute(t, compute{src: src, bufs: [][]byte{zeros(5)}, spec: spec, noNaga: true})
		ua, ud := uint32(c.a), uint32(c.d)
		ur := uint32(0)
		if ud != 0 {
			ur = ua % ud
		}
		sh := uint32(c.s) & 31
		assert.Equal(t, []int32{wgslRem(c.a, c.d), wgslDiv(c.a, c.d), int32(ur), c.a << sh, c.a >> sh}, asI32(out[0]),
			"a=%d d=%d s=%d", c.a, c.d, c.s)
	}
}

func TestExecBitBuiltins(t *testing.T) {
	xs := []uint32{0, 1, 0x80000000, 0xdeadbeef, 0x00f00000, 0xffffffff, 12345, 0x7fffffff}
	out := runCompute(t, compute{
		src: `
@group(0) @binding(0) var<storage, read> x: array<u32>;
@group(0) @binding(1) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
	let v = x[i];
	let s = i32(v);
	o[8u * i + 0u] = countOneBits(v);
	o[8u * i + 1u] = reverseBits(v);
	o[8u * i + 2u] = firstLeadingBit(v);
	o[8u * i + 3u] = u32(firstLeadingBit(s));
	o[8u * i + 4u] = firstTrailingBit(v);
	o[8u * i + 5u] = extractBits(v, 4u, 8u);
	o[8u * i + 6u] = u32(extractBits(s, 28u, 4u));
	o[8u * i + 7u] = insertBits(v, 0xau, 30u + (v & 0u), 8u); // a runtime offset
}`,
		bufs: [][]byte{u32s(xs...), zeros(8 * len(xs))},
	})
	var want []uint32
	for _, v := range xs {
		flb := uint32(0xffffffff)
		if v != 0 {
			flb = uint32(31 - bits.LeadingZeros32(v))
		}
		sflb := flb // firstLeadingBit(i32): the highest bit differing from the sign
		if int32(v) < 0 {
			sflb = uint32(0xffffffff)
			if ^v != 0 {
				sflb = uint32(31 - bits.LeadingZeros32(^v))
			}
		}
		ftb := uint32(0xffffffff)
		if v != 0 {
			ftb = uint32(bits.TrailingZeros32(v))
		}
		sext := uint32(int32(v) >> 28) // extractBits(s, 28, 4) sign-extends bit 31
		// insertBits(v, 0xa, 30, 8): offset + count > 32, so count clamps to 2.
		ins := v&^(3<<30) | (0xa&3)<<30
		want = append(want, uint32(bits.OnesCount32(v)), bits.Reverse32(v), flb, sflb, ftb, (v>>4)&0xff, sext, ins)
	}
	assert.Equal(t, want, asU32(out[1]))
}

func TestExecMatricesAndVectors(t *testing.T) {
	out := runCompute(t, compute{
		src: `
@group(0) @binding(0) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(1)
fn main() {
	let m = mat2x3f(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
	let v = m * vec2(1.0, 2.0);            // (9, 12, 15)
	let w = vec3(1.0, 0.0, 1.0) * m;       // (4, 10)
	let p = transpose(m) * m;              // 2x2: [[14, 32], [32, 77]]
	var s = vec4(1.0, 2.0, 3.0, 4.0);
	s = s.wzyx * 2.0 - 1.0;                // (7, 5, 3, 1)
	s.y += 10.0;
	let d = dot(v, vec3(1.0));
	o[0] = v.x; o[1] = v.y; o[2] = v.z; o[3] = w.x; o[4] = w.y;
	o[5] = p[0][0]; o[6] = p[1][0]; o[7] = p[1][1];
	o[8] = s.x; o[9] = s.y; o[10] = s.z; o[11] = s.w; o[12] = d;
	o[13] = determinant(p);
}`,
		bufs: [][]byte{zeros(14)},
	})
	assert.Equal(t, []float32{9, 12, 15, 4, 10, 14, 32, 77, 7, 15, 3, 1, 36, 14*77 - 32*32}, asF32(out[0]))
}

func TestExecRobustness(t *testing.T) {
	out := runCompute(t, compute{
		src: `
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
var<private> a: array<i32, 4> = array(10, 20, 30, 40);
@compute @workgroup_size(1)
fn main() {
	let i = o[0];                 // 100
	o[1] = a[i];                  // clamped to a[3]
	o[2] = a[-i];                 // a negative index clamps to the last element too
	let v = vec3(1, 2, 3);
	o[3] = v[i];
	o[u32(i)] = 7;                // clamped to the last element of o
}`,
		bufs:   [][]byte{i32s(100, 0, 0, 0, 0, 0)},
		noNaga: true, // naga's Restrict policy clamps negative i32 indices to 0
	})
	assert.Equal(t, []int32{100, 40, 40, 3, 0, 7}, asI32(out[0]))
}

func TestExecPrivateAndWorkgroupInit(t *testing.T) {
	out := runCompute(t, compute{
		src: `
struct S { a: i32, b: vec2i }
var<private> p: S = S(1, vec2(2, 3));
var<private> zero: vec4i;
var<workgroup> w: array<i32, 16>;
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) li: u32) {
	w[li] += i32(li);       // workgroup memory starts zeroed
	workgroupBarrier();
	o[li] = w[15u - li] + p.b.y + zero.z;
}`,
		bufs: [][]byte{zeros(16)},
	})
	var want []int32
	for li := int32(0); li < 16; li++ {
		want = append(want, 15-li+3)
	}
	assert.Equal(t, want, asI32(out[0]))
}

func TestExecOverrideRuntimeDefault(t *testing.T) {
	// Float arithmetic cannot be a specialisation constant: half's default is computed where
	// half is used, and p's initializer is stored by the entry point.
	src := `
override scale: f32 = 1.5;
override half = scale * 0.5;
var<private> p: f32 = half + 1.0;
@group(0) @binding(0) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(1)
fn main() { o[0] = half; o[1] = p; o[2] = scale; }`
	for _, tc := range []struct {
		spec map[uint32][]byte
		want []float32
	}{
		{nil, []float32{0.75, 1.75, 1.5}},
		{map[uint32][]byte{0: vulkan.Spec32(math.Float32bits(4))}, []float32{2, 3, 4}},
		{map[uint32][]byte{1: vulkan.Spec32(math.Float32bits(10)), abi.OverrideFlagID(1): vulkan.SpecBool(true)}, []float32{10, 11, 1.5}},
	} {
		out := runCompute(t, compute{src: src, bufs: [][]byte{zeros(3)}, spec: tc.spec, noNaga: tc.spec != nil})
		assert.Equal(t, tc.want, asF32(out[0]))
	}
}

func TestExecLegacy2021(t *testing.T) {
	out := runCompute(t, compute{
		src: `
[[block]] struct Buf {
  [[offset(0)]] n: u32;
  [[offset(16)]] data: [[stride(16)]] array<i32, 4>;
};
[[group(0), binding(0)]] var<storage, read_write> buf: Buf;
[[builtin(local_invocation_index)]] var<in> li: u32;

fn twice(x: i32) -> i32 { return 2 * x; }

[[stage(compute), workgroup_size(4)]]
fn main() -> void {
  const k: i32 = 3;
  var i: i32 = i32(li);
  var acc: i32 = 0;
  loop {
    break if (i >= 6);
    acc = acc + k;
    continuing { i = i + 1; }
  }
  if (li == 0u) { buf.n = 4u; }
  elseif (li == 1u) { acc = twice(acc); }
  buf.data[li] = acc;
}`,
		bufs:   [][]byte{i32s(0, -1, -1, -1, 0, -1, -1, -1, 0, -1, -1, -1, 0, -1, -1, -1, 0, -1, -1, -1)},
		noNaga: true, // naga reads modern WGSL only
	})
	got := asI32(out[0])
	assert.Equal(t, int32(4), got[0])
	assert.Equal(t, []int32{18, 30, 12, 9}, []int32{got[4], got[8], got[12], got[16]})
	assert.Equal(t, []int32{-1, -1, -1}, got[5:8], "padding between strided elements is untouched")
}

func TestExecRuntimeSizedMember(t *testing.T) {
	out := runCompute(t, compute{
		src: `
struct Buf { n: u32, data: array<i32> }
@group(0) @binding(0) var<storage, read_write> buf: Buf;
@compute @workgroup_size(1)
fn main() { buf.n = arrayLength(&buf.data); buf.data[buf.n + 5u] = 5; }`,
		bufs: [][]byte{i32s(0, 0, 0, 0)},
	})
	assert.Equal(t, []int32{3, 0, 0, 5}, asI32(out[0]))
}

func TestExecF16(t *testing.T) {
	if !vulkan.Require(t).Info.F16() {
		oracle.Missing(t, "the device lacks shaderFloat16 or 16-bit storage")
	}
	out := runCompute(t, compute{
		src: `
enable f16;
@group(0) @binding(0) var<storage, read_write> h: array<f16>;
@group(0) @binding(1) var<storage, read_write> o: array<f32>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
	let x = h[i];
	let v = vec3h(x, 2.0h, 0.5h) * x;
	h[i] = x * 2.0h + 0.25h;
	o[i] = f32(v.x + v.z) + f32(max(x, 3.0h));
}`,
		bufs: [][]byte{{0x00, 0x3c, 0x00, 0x40, 0x00, 0x42, 0x00, 0x44}, zeros(4)}, // 1, 2, 3, 4
		// naga 30 declares StorageInputOutput16, which lavapipe lacks.
		noNaga: true,
	})
	xs := []float32{1, 2, 3, 4}
	var wantH []byte
	var want []float32
	for _, x := range xs {
		bits := constant.F16Bits(float64(x*2 + 0.25))
		wantH = append(wantH, byte(bits), byte(bits>>8))
		want = append(want, x*x+x*0.5+max(x, 3))
	}
	assert.Equal(t, wantH, out[0])
	assert.Equal(t, want, asF32(out[1]))
}

func TestExecUniformAndConstIndexing(t *testing.T) {
	// struct U { v: vec3f (0), s: u32 (12), a: array<vec4i, 3> (16, stride 16) }
	u := append(f32s(1, 2, 3), u32s(2)...)
	u = append(u, i32s(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)...)
	out := runCompute(t, compute{
		src: `
struct U { v: vec3f, s: u32, a: array<vec4i, 3> }
@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<storage, read_write> o: array<i32>;
const table = array(100, 200, 300, 400);
@compute @workgroup_size(1)
fn main() {
	let k = u.s;
	o[0] = u.a[k].y + table[k] + table[1];
	o[1] = i32(u.v[k]) + u.a[0][k];
	let copy = u.a;
	o[2] = copy[k - 1u].w;
}`,
		bufs: [][]byte{u, zeros(3)},
	})
	assert.Equal(t, []int32{10 + 300 + 200, 3 + 3, 8}, asI32(out[1]))
}

func TestExecValueSemantics(t *testing.T) {
	out := runCompute(t, compute{
		src: `
@group(0) @binding(0) var<storage, read_write> o: array<i32>;
var<private> trace: i32;
fn mark(k: i32) -> i32 { trace = trace * 10 + k; return k; }
fn modify(a: array<i32, 3>) -> i32 { var b = a; b[0] = 9; return b[0] + a[0]; }
@compute @workgroup_size(1)
fn main() {
	var v = 1;
	let x = v;         // a value: later stores do not change it
	let p = &v;        // a pointer: they do
	v = 5;
	o[0] = x;
	o[1] = *p;
	var arr = array(1, 2, 3);
	o[2] = modify(arr) * 10 + arr[0];
	var w = arr;       // a copy
	w[1] = 20;
	o[3] = arr[1];
	// The left side is evaluated before the right side.
	o[mark(4)] = mark(5);
	o[5] = trace;
	var s = vec2(1, 2);
	let old = s;
	s.x += s.y;
	s = s.yx;
	o[6] = s.x * 100 + s.y * 10 + old.x;
}`,
		bufs: [][]byte{zeros(7)},
	})
	assert.Equal(t, []int32{1, 5, 101, 2, 5, 45, 231}, asI32(out[0]))
}

func TestExecOverrideSizedArray(t *testing.T) {
	src := `
override n: u32 = 2;
var<workgroup> a: array<u32, n * 2u>;
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) li: u32) {
	if li < n * 2u { a[li] = li * 10u; }
	workgroupBarrier();
	o[li] = a[li];   // robustness clamps li to the last element
}`
	out := runCompute(t, compute{src: src, bufs: [][]byte{zeros(8)}, spec: map[uint32][]byte{0: vulkan.Spec32(3)}, noNaga: true})
	assert.Equal(t, []uint32{0, 10, 20, 30, 40, 50, 50, 50}, asU32(out[0]))
	out = runCompute(t, compute{src: src, bufs: [][]byte{zeros(8)}})
	assert.Equal(t, []uint32{0, 10, 20, 30, 30, 30, 30, 30}, asU32(out[0]))
}
