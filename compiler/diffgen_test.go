package compiler_test

import (
	"fmt"
	"strings"
)

// The generator's programs for the differential execution test (diffexec_test.go). They
// must compute the same bytes whatever correct pipeline compiles them, so they keep to what
// WGSL defines exactly and every implementation computes alike:
//   - one workgroup; each invocation owns an element of every buffer it writes (buf[me],
//     pbuf[me], pwg[me]; out-of-bounds indices inside it are clamped within it) and the
//     invocations meet only through atomicAdd (commutative, result unused) and xw, written
//     at xw[me] and read at a neighbour's element between two workgroupBarrier calls;
//   - integer division and remainder by a divisor in [1, 14], shifts by less than 8,
//     float-to-integer conversions of clamped values (naga need not follow WGSL where
//     SPIR-V leaves the result undefined);
//   - floats only added, subtracted, negated, compared, converted and rounded with exactly
//     rounded functions: no multiplication, which llvmpipe may fuse with an addition
//     differently for differently shaped code, and no approximated built-ins; and all of
//     them multiples of 1/4 well below 2^22 (literals, inputs, integers converted modulo
//     4096), so that sums are exact: Mesa reassociates float additions of constants (after
//     unrolling a loop, say), which changes the rounding of inexact sums;
//   - loops run at most four times each (lavapipe stops loops after 65,535 iterations).
//
// Every invocation hashes values it computes into the private acc or main's macc (observe),
// and writes both to outp[me] at the end.

// diffPointerTypes are the types a pointer parameter in each address space may point to in
// diff programs: those of the places diffPlaceArg makes.
var diffPointerTypes = map[string][]wt{
	"storage":   {tF32, {s: "f32", n: 4}, tU32, tI32, {s: "u32", n: 3}},
	"workgroup": {{s: "f32", n: 4}, tU32},
	"uniform":   {{s: "f32", n: 4}, tU32, tI32, {s: "i32", n: 3}, {s: "u32", n: 4}},
}

// diffPlaceArg returns the address of a part of the invocation's element of pbuf or pwg, or
// of uni, of type t, often with dynamic indices: the arguments DirectVariableAccess
// rewrites. Only main passes them and nothing else touches pbuf and pwg but main, so that
// the alias analysis never objects.
func (g *progGen) diffPlaceArg(space string, t wt) string {
	switch space {
	case "storage":
		switch t {
		case tF32:
			if g.chance(40) {
				return "&pbuf[me].a"
			}
			return "&pbuf[me].cells[" + g.anyIndex("3u") + "].w"
		case tU32:
			return "&pbuf[me].s[" + g.anyIndex("5u") + "]"
		case tI32:
			if g.chance(40) {
				return "&pbuf[me].d"
			}
			return "&pbuf[me].cells[" + g.anyIndex("3u") + "].k[" + g.anyIndex("4u") + "]"
		case wt{s: "u32", n: 3}:
			if g.chance(40) {
				return "&pbuf[me].c"
			}
			return "&pbuf[me].cells[" + g.anyIndex("3u") + "].n"
		}
		if g.chance(30) {
			return "&pbuf[me].b"
		}
		return "&pbuf[me].cells[" + g.anyIndex("3u") + "].v[" + g.anyIndex("3u") + "]"
	case "workgroup":
		if t == tU32 {
			return "&pwg[me].n[" + g.anyIndex("4u") + "]"
		}
		return "&pwg[me].v[" + g.anyIndex("4u") + "]"
	}
	if t == (wt{s: "u32", n: 4}) {
		return "&uni.t[" + g.anyIndex("4u") + "]"
	}
	return "&" + map[wt]string{{s: "f32", n: 4}: "uni.x", tU32: "uni.n", tI32: "uni.k", {s: "i32", n: 3}: "uni.v"}[t]
}

// diffWrite writes to the invocation's element of buf, to pv, or adds to a counter. Often
// it reads an element of the same array before and after the write (possibly the one written,
// through a different index): what a pass that reuses loaded values must get right.
func (g *progGen) diffWrite() {
	k := g.choose(8)
	switch k {
	case 6:
		g.line("pv = %s;", g.expr(wt{s: "f32", n: 4}))
		return
	case 7:
		g.line("atomicAdd(&counters[%s], %s);", g.anyIndex("4u"), g.expr(tU32))
		return
	}
	sandwich := g.chance(50)
	var before string
	var t wt
	if sandwich {
		before, t = g.diffPlace(k)
		r := g.name("r")
		g.line("let %s = %s;", r, before)
		g.declare(genVar{name: r, t: t})
	}
	place, t := g.diffPlace(k)
	g.line("%s = %s;", place, g.expr(t))
	if sandwich {
		g.observe(t, before)
	}
}

// diffPlace returns a place of kind k (0 to 5) in the invocation's element of buf, with
// its type.
func (g *progGen) diffPlace(k int) (string, wt) {
	switch k {
	case 0:
		return "buf[me].a", tF32
	case 1:
		return "buf[me].arr[" + g.anyIndex("4u") + "]", wt{s: "f32", n: 2}
	case 2:
		return "buf[me].s[" + g.anyIndex("5u") + "]", tU32
	case 3:
		return "buf[me].cells[" + g.anyIndex("3u") + "].k[" + g.anyIndex("4u") + "]", tI32
	case 4:
		return "buf[me].cells[" + g.anyIndex("3u") + "].v[" + g.anyIndex("3u") + "]", wt{s: "f32", n: 4}
	}
	return "buf[me].e[" + g.anyIndex("4u") + "]", tI32
}

// diffRead reads an element of the invocation's part of buf, of inp or of uni, of type t,
// by an index that may be out of bounds; "" when there is none of type t.
func (g *progGen) diffRead(t wt) string {
	switch t {
	case tU32:
		if g.chance(50) {
			return "buf[me].s[" + g.anyIndex("5u") + "]"
		}
		return "inp[" + g.anyIndex("arrayLength(&inp)") + "]"
	case tI32:
		if g.chance(50) {
			return "buf[me].e[" + g.anyIndex("4u") + "]"
		}
		return "buf[me].cells[" + g.anyIndex("3u") + "].k[" + g.anyIndex("4u") + "]"
	case tF32:
		return "buf[me].cells[" + g.anyIndex("3u") + "].w"
	case wt{s: "f32", n: 2}:
		return "buf[me].arr[" + g.anyIndex("4u") + "]"
	case wt{s: "f32", n: 4}:
		return "buf[me].cells[" + g.anyIndex("3u") + "].v[" + g.anyIndex("3u") + "]"
	case wt{s: "u32", n: 4}:
		return "uni.t[" + g.anyIndex("4u") + "]"
	}
	return ""
}

// obsName names the helper that hashes a value of type t into acc.
func obsName(t wt) string {
	if t.n > 0 {
		return fmt.Sprintf("obs_vec%d_%s", t.n, t.s)
	}
	return "obs_" + t.s
}

// observe hashes the value of expression e, of type t, into acc; in main, inline into the
// local macc, so that observing does not end what CSE knows of memory (as calls do).
func (g *progGen) observe(t wt, e string) {
	if !g.inMain {
		g.line("%s(%s);", obsName(t), e)
		return
	}
	o := g.name("o")
	g.line("let %s = %s;", o, e)
	comps := []string{o}
	if t.n > 0 {
		comps = nil
		for _, c := range g.letters()[:t.n] {
			comps = append(comps, fmt.Sprintf("%s.%c", o, c))
		}
	}
	for _, c := range comps {
		var bits string
		switch t.s {
		case "u32":
			bits = c
		case "i32":
			bits = "bitcast<u32>(" + c + ")"
		case "bool":
			bits = "select(2u, 3u, " + c + ")"
		default:
			bits = fmt.Sprintf("select(select(bitcast<u32>(%s), 0x7fc00000u, %s != %s), 0u, %s == 0.0)", c, c, c, c)
		}
		g.line("macc = (macc ^ %s) * 16777619u + 1u;", bits)
	}
}

// exchange passes a value to a neighbouring invocation through workgroup memory: main's
// top level only, where the barriers are in uniform control flow.
func (g *progGen) exchange() {
	g.line("xw[me] = %s;", g.expr(tU32))
	g.line("workgroupBarrier();")
	g.observe(tU32, fmt.Sprintf("xw[(me + %du) %% %du]", 1+g.choose(g.wgSize), g.wgSize))
	g.line("workgroupBarrier();")
}

// diffHeader declares the resources of diff programs and the observation helpers; WG
// stands for the workgroup size. (Workgroup arrays are no larger than needed: naga zeroes
// workgroup memory with one store of an aggregate, which takes llvmpipe seconds to compile
// from a few kilobytes on.)
const diffHeader = `struct Cell { w: f32, n: vec3<u32>, v: array<vec4<f32>, 3>, k: array<i32, 4> }
struct Item {
    a: f32,
    d: i32,
    c: vec3<u32>,
    b: vec4<f32>,
    e: vec4<i32>,
    arr: array<vec2<f32>, 4>,
    s: array<u32, 5>,
    cells: array<Cell, 3>,
}
struct Uniforms { x: vec4<f32>, n: u32, k: i32, v: vec3<i32>, t: array<vec4<u32>, 4> }
struct Shared { v: array<vec4<f32>, 4>, n: array<u32, 4> }
@group(0) @binding(0) var<storage, read_write> buf: array<Item>;
@group(0) @binding(1) var<uniform> uni: Uniforms;
@group(0) @binding(2) var<storage, read_write> counters: array<atomic<u32>, 4>;
@group(0) @binding(3) var<storage, read_write> pbuf: array<Item>;
@group(0) @binding(4) var<storage, read> inp: array<u32>;
@group(0) @binding(5) var<storage, read_write> outp: array<u32>;
var<workgroup> pwg: array<Shared, WG>;
var<workgroup> xw: array<u32, WG>;
var<private> me: u32;
var<private> acc: u32;
var<private> pv: vec4<f32>;
const K: i32 = 7;
fn obs_u32(x: u32) { acc = (acc ^ x) * 16777619u + 1u; }
fn obs_i32(x: i32) { obs_u32(bitcast<u32>(x)); }
fn obs_bool(x: bool) { obs_u32(select(2u, 3u, x)); }
fn obs_f32(x: f32) { obs_u32(select(select(bitcast<u32>(x), 0x7fc00000u, x != x), 0u, x == 0.0)); }
`

// generateDiff returns a diff program and its workgroup size (see above). With inBounds,
// every index is in bounds, so that the program means the same without robustness.
func generateDiff(data []byte, inBounds bool) (string, int) {
	g := &progGen{data: data, scalars: []string{"f32", "i32", "u32"}, diff: true, inBounds: inBounds}
	g.wgSize = []int{1, 2, 5, 8, 12}[g.choose(5)]
	g.sb.WriteString(strings.ReplaceAll(diffHeader, "WG", fmt.Sprint(g.wgSize)))
	for _, s := range []string{"bool", "f32", "i32", "u32"} {
		for n := 2; n <= 4; n++ {
			t := wt{s: s, n: n}
			var calls []string
			for _, c := range g.letters()[:n] {
				calls = append(calls, fmt.Sprintf("obs_%s(v.%c);", s, c))
			}
			g.line("fn %s(v: %s) { %s }", obsName(t), t, strings.Join(calls, " "))
		}
	}
	g.push()
	for _, v := range []genVar{
		{"buf[me].a", tF32, true, ""}, {"buf[me].b", wt{s: "f32", n: 4}, true, ""},
		{"buf[me].c", wt{s: "u32", n: 3}, true, ""}, {"buf[me].d", tI32, true, ""},
		{"buf[me].e", wt{s: "i32", n: 4}, true, ""},
		{"uni.x", wt{s: "f32", n: 4}, false, ""}, {"uni.n", tU32, false, ""}, {"uni.k", tI32, false, ""},
		{"uni.v", wt{s: "i32", n: 3}, false, ""},
		{"pv", wt{s: "f32", n: 4}, true, ""}, {"K", tI32, false, ""}, {"me", tU32, false, ""},
	} {
		g.declare(v)
	}
	for range g.choose(5) {
		g.function()
	}
	g.line("@compute @workgroup_size(%d)", g.wgSize)
	g.line("fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {")
	g.ind++
	g.line("me = lid;")
	g.line("var macc = 0u;")
	g.push()
	for _, v := range []genVar{
		{"gid", wt{s: "u32", n: 3}, false, ""}, {"lid", tU32, false, ""},
		{"pbuf[me].d", tI32, true, ""}, {"pbuf[me].b", wt{s: "f32", n: 4}, true, ""},
		{"pwg[me].n[1]", tU32, true, ""}, {"pwg[me].v[2]", wt{s: "f32", n: 4}, true, ""},
	} {
		g.declare(v)
	}
	g.mainTop = len(g.scopes)
	g.inMain = true
	g.stmts(10, nil)
	for _, v := range g.scopes[len(g.scopes)-1] {
		g.observe(v.t, v.name)
	}
	g.observe(wt{s: "f32", n: 4}, "pv")
	g.inMain = false
	g.line("outp[me] = acc * 31u + macc;")
	g.pop()
	g.ind--
	g.line("}")
	return g.sb.String(), g.wgSize
}
