package hostwgsl

import (
	"fmt"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// missing is a builtin function a compiler does not know. helper is nil when the call is
// refused; otherwise it writes the helper function that computes the builtin as the spec
// defines it for one overload (params are the argument types): a key, one per helper, and
// the function's text for a name, or why the overload has no helper.
type missing struct {
	helper func(params []types.Type, result types.Type) (key string, text func(name string) string, why string)
}

// fixed is the helper of a builtin with one overload: body is the function after its name.
func fixed(key, body string) missing {
	return missing{helper: func([]types.Type, types.Type) (string, func(string) string, string) {
		return key, func(name string) string { return "fn " + name + body + "\n" }, ""
	}}
}

// The bytes of a u32, as the packed 4x8 builtins number them: component i is bits 8i to 8i+7.
const (
	unpackU8 = "(vec4<u32>(e) >> vec4<u32>(0u, 8u, 16u, 24u)) & vec4<u32>(255u)"
	unpackI8 = "bitcast<vec4<i32>>(vec4<u32>(e) << vec4<u32>(24u, 16u, 8u, 0u)) >> vec4<u32>(24u)"
	packU8   = "let b = (%s & vec4<u32>(255u)) << vec4<u32>(0u, 8u, 16u, 24u);\n  return b.x | b.y | b.z | b.w;"
	sumOf    = "let p = %s * %s;\n  return p.x + p.y + p.z + p.w;"
)

// naga19Builtins are the builtin functions naga 0.19 lacks.
var naga19Builtins = map[string]missing{
	"quantizeToF16": {helper: quantizeToF16},
	"unpack4xU8":    fixed("unpack4xU8", "(e: u32) -> vec4<u32> {\n  return "+unpackU8+";\n}"),
	"unpack4xI8":    fixed("unpack4xI8", "(e: u32) -> vec4<i32> {\n  return "+unpackI8+";\n}"),
	"pack4xU8":      fixed("pack4xU8", "(e: vec4<u32>) -> u32 {\n  "+fmt.Sprintf(packU8, "e")+"\n}"),
	"pack4xI8":      fixed("pack4xI8", "(e: vec4<i32>) -> u32 {\n  "+fmt.Sprintf(packU8, "bitcast<vec4<u32>>(e)")+"\n}"),
	"pack4xU8Clamp": fixed("pack4xU8Clamp", "(e: vec4<u32>) -> u32 {\n  "+fmt.Sprintf(packU8, "min(e, vec4<u32>(255u))")+"\n}"),
	"pack4xI8Clamp": fixed("pack4xI8Clamp", "(e: vec4<i32>) -> u32 {\n  "+fmt.Sprintf(packU8, "bitcast<vec4<u32>>(clamp(e, vec4<i32>(-128i), vec4<i32>(127i)))")+"\n}"),
	"dot4U8Packed": fixed("dot4U8Packed", "(e1: u32, e2: u32) -> u32 {\n  "+
		fmt.Sprintf(sumOf, "("+strings.ReplaceAll(unpackU8, "(e)", "(e1)")+")", "("+strings.ReplaceAll(unpackU8, "(e)", "(e2)")+")")+"\n}"),
	"dot4I8Packed": fixed("dot4I8Packed", "(e1: u32, e2: u32) -> i32 {\n  "+
		fmt.Sprintf(sumOf, "("+strings.ReplaceAll(unpackI8, "(e)", "(e1)")+")", "("+strings.ReplaceAll(unpackI8, "(e)", "(e2)")+")")+"\n}"),
	// The spec's half texel: vec2(0.5) / vec2<f32>(textureDimensions(t)), at level 0.
	"textureSampleBaseClampToEdge": fixed("textureSampleBaseClampToEdge",
		"(t: texture_2d<f32>, s: sampler, coords: vec2<f32>) -> vec4<f32> {\n"+
			"  let half_texel = vec2<f32>(0.5f) / vec2<f32>(textureDimensions(t, 0i));\n"+
			"  return textureSampleLevel(t, s, clamp(coords, half_texel, vec2<f32>(1.0f) - half_texel), 0.0f);\n}"),
	"textureBarrier": {},
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
