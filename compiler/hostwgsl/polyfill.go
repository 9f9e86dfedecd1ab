package hostwgsl

import (
	"fmt"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// missing is a builtin function a compiler does not know. A builtin with one overload has
// its helper function's text after the name in body (its key is the builtin's name); for
// the others, helper writes the helper function that computes the builtin as the spec
// defines it for one overload (params are the argument types): a key, one per helper, and
// the function's text for a name, or why the overload has no helper. With neither, the
// call is refused.
type missing struct {
	body   string
	helper func(params []types.Type, result types.Type) (key string, text func(name string) string, why string)
}

// namedMissing is the builtin function called name, missing.
type namedMissing struct {
	name string
	missing
}

// builtin returns what the compiler lacks of the builtin function called name.
func (l *lacks) builtin(name string) (missing, bool) {
	for _, m := range l.builtins {
		if m.name == name {
			return m.missing, true
		}
	}
	return missing{}, false
}

// refused reports whether a call of the builtin has no helper.
func (m missing) refused() bool { return m.body == "" && m.helper == nil }

// write returns the helper's key and text, or why the overload has none.
func (m missing) write(name string, params []types.Type, result types.Type) (key string, text func(name string) string, why string) {
	if m.body != "" {
		return name, func(fn string) string { return "fn " + fn + m.body + "\n" }, ""
	}
	return m.helper(params, result)
}

// The bytes of a u32, as the packed 4x8 builtins number them: component i is bits 8i to
// 8i+7. The texts are constants, so that the table below is built without formatting when
// a process starts (every process pays for what its packages build then).
const (
	unpackU8Open  = "(vec4<u32>("
	unpackU8Close = ") >> vec4<u32>(0u, 8u, 16u, 24u)) & vec4<u32>(255u)"
	unpackI8Open  = "bitcast<vec4<i32>>(vec4<u32>("
	unpackI8Close = ") << vec4<u32>(24u, 16u, 8u, 0u)) >> vec4<u32>(24u)"
	// packU8Open, a vec4<u32> of the bytes (any bits above them are masked off),
	// packU8Close.
	packU8Open  = "{\n  let b = ("
	packU8Close = " & vec4<u32>(255u)) << vec4<u32>(0u, 8u, 16u, 24u);\n  return b.x | b.y | b.z | b.w;\n}"
	// dotOpen, the product p of two unpacked vectors, dotClose.
	dotOpen  = "{\n  let p = "
	dotClose = ";\n  return p.x + p.y + p.z + p.w;\n}"
)

// naga19Builtins are the builtin functions naga 0.19 lacks.
var naga19Builtins = []namedMissing{
	{name: "quantizeToF16", missing: missing{helper: quantizeToF16}},
	{name: "unpack4xU8", missing: missing{body: "(e: u32) -> vec4<u32> {\n  return " + unpackU8Open + "e" + unpackU8Close + ";\n}"}},
	{name: "unpack4xI8", missing: missing{body: "(e: u32) -> vec4<i32> {\n  return " + unpackI8Open + "e" + unpackI8Close + ";\n}"}},
	{name: "pack4xU8", missing: missing{body: "(e: vec4<u32>) -> u32 " + packU8Open + "e" + packU8Close}},
	{name: "pack4xI8", missing: missing{body: "(e: vec4<i32>) -> u32 " + packU8Open + "bitcast<vec4<u32>>(e)" + packU8Close}},
	{name: "pack4xU8Clamp", missing: missing{body: "(e: vec4<u32>) -> u32 " + packU8Open + "min(e, vec4<u32>(255u))" + packU8Close}},
	{name: "pack4xI8Clamp", missing: missing{body: "(e: vec4<i32>) -> u32 " + packU8Open + "bitcast<vec4<u32>>(clamp(e, vec4<i32>(-128i), vec4<i32>(127i)))" + packU8Close}},
	{name: "dot4U8Packed", missing: missing{body: "(e1: u32, e2: u32) -> u32 " + dotOpen +
		"(" + unpackU8Open + "e1" + unpackU8Close + ") * (" + unpackU8Open + "e2" + unpackU8Close + ")" + dotClose}},
	{name: "dot4I8Packed", missing: missing{body: "(e1: u32, e2: u32) -> i32 " + dotOpen +
		"(" + unpackI8Open + "e1" + unpackI8Close + ") * (" + unpackI8Open + "e2" + unpackI8Close + ")" + dotClose}},
	// The spec's half texel: vec2(0.5) / vec2<f32>(textureDimensions(t)), at level 0.
	{name: "textureSampleBaseClampToEdge", missing: missing{body: "(t: texture_2d<f32>, s: sampler, coords: vec2<f32>) -> vec4<f32> {\n" +
		"  let half_texel = vec2<f32>(0.5f) / vec2<f32>(textureDimensions(t, 0i));\n" +
		"  return textureSampleLevel(t, s, clamp(coords, half_texel, vec2<f32>(1.0f) - half_texel), 0.0f);\n}"}},
	{name: "textureBarrier", missing: missing{}},
}

// quantizeToF16 rounds through pack2x16float and unpack2x16float, which convert to binary16
// and back as quantizeToF16 does (and are as indeterminate outside binary16's finite range).
func quantizeToF16(params []types.Type, _ types.Type) (string, func(string) string, string) {
	round := func(pair string) string { return "unpack2x16float(pack2x16float(" + pair + "))" }
	var t, body string
	switch v := params[0].(type) {
	case *types.Scalar:
		t, body = "f32", round("vec2<f32>(e, 0.0f)")+".x"
	case *types.Vector:
		t = fmt.Sprintf("vec%d<f32>", v.N)
		switch v.N {
		case 2:
			body = round("e")
		case 3:
			body = "vec3<f32>(" + round("e.xy") + ", " + round("vec2<f32>(e.z, 0.0f)") + ".x)"
		default:
			body = "vec4<f32>(" + round("e.xy") + ", " + round("e.zw") + ")"
		}
	}
	return "quantizeToF16 " + t, func(name string) string {
		return fmt.Sprintf("fn %s(e: %s) -> %s {\n  return %s;\n}\n", name, t, t, body)
	}, ""
}

// relational writes all() or any() of a vector of n bools as the components joined by op.
func relational(name, op string, n int) (string, func(string) string) {
	comps := []string{"v.x", "v.y", "v.z", "v.w"}[:n]
	return fmt.Sprintf("%s vec%d", name, n), func(fn string) string {
		return fmt.Sprintf("fn %s(v: vec%d<bool>) -> bool {\n  return %s;\n}\n", fn, n, strings.Join(comps, " "+op+" "))
	}
}

// transpose writes the transpose of a matCxR as the matrix whose column j holds the
// components j of m's columns.
func transpose(m *types.Matrix) (string, func(string) string) {
	t := fmt.Sprintf("mat%dx%d<%s>", m.Cols, m.Rows, m.Elem)
	r := fmt.Sprintf("mat%dx%d<%s>", m.Rows, m.Cols, m.Elem)
	var cols []string
	for j := range m.Rows {
		var comps []string
		for i := range m.Cols {
			comps = append(comps, fmt.Sprintf("m[%d][%d]", i, j))
		}
		cols = append(cols, fmt.Sprintf("vec%d<%s>(%s)", m.Cols, m.Elem, strings.Join(comps, ", ")))
	}
	return "transpose " + t, func(name string) string {
		return fmt.Sprintf("fn %s(m: %s) -> %s {\n  return %s(%s);\n}\n", name, t, r, r, strings.Join(cols, ", "))
	}
}
