package migrate_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// The SPIR-V of the 2021 draft, compared with ours: the decorations (Offset, ArrayStride,
// BuiltIn, Location, DescriptorSet, Binding, NonWritable), storage classes, entry points and
// their interfaces, execution modes and image types it shows. Ids differ between modules, so
// things are matched by name: the draft names SPIR-V ids after the WGSL declarations.

// enumValue finds the value of an enumerant spelled name, by its String method.
func enumValue[T interface {
	~uint32
	String() string
}](name string) (T, bool) {
	for v := T(0); v < 8192; v++ {
		if v.String() == name {
			return v, true
		}
	}
	return 0, false
}

var (
	wgslVarRx       = regexp.MustCompile(`\bvar(?:<[^>]*>)?\s+(\w+)\s*:`)
	opDecorateRx    = regexp.MustCompile(`^OpDecorate %(\w+) (\w+)(?: (\w+))?$`)
	opEntryPointRx  = regexp.MustCompile(`^OpEntryPoint (\w+) %\w+ "(\w+)"((?: %\w+)*)$`)
	opLocalSizeRx   = regexp.MustCompile(`^OpExecutionMode %(\w+) LocalSize (\d+) (\d+) (\d+)$`)
	opVariableRx    = regexp.MustCompile(`^%\w+ = OpVariable %\w+ (\w+)$`)
	opTypeImageRx   = regexp.MustCompile(`^%\w+ = OpTypeImage %\w+ (\w+) (\d) (\d) (\d) (\d) (\w+)$`)
	opMemberOffRx   = regexp.MustCompile(`^OpMemberDecorate %(\w+) (\d+) Offset (\d+)$`)
	opArrayStrideRx = regexp.MustCompile(`^OpDecorate %(\w+) ArrayStride (\d+)$`)
)

// checkSPIRVComments compares the SPIR-V that the comments of a WGSL block show (each after
// the declaration it translates) with mod, and returns how many facts it compared.
func checkSPIRVComments(t *testing.T, name, src string, mod *spirv.Module) int {
	t.Helper()
	n := 0
	current := "" // the variable declared last
	entries := map[string]spirv.ID{}
	for _, in := range mod.Find(spirv.OpEntryPoint) {
		s := in.String()
		if m := regexp.MustCompile(`"(\w+)"`).FindStringSubmatch(s); m != nil {
			entries[m[1]] = in.Words[2]
		}
	}
	for _, line := range strings.Split(src, "\n") {
		trim := strings.TrimSpace(line)
		if !strings.HasPrefix(trim, "//") {
			if m := wgslVarRx.FindStringSubmatch(line); m != nil {
				current = m[1]
			}
			continue
		}
		c := strings.TrimSpace(strings.TrimPrefix(trim, "//"))
		switch {
		case opDecorateRx.MatchString(c):
			m := opDecorateRx.FindStringSubmatch(c)
			n++
			checkDecoration(t, name, mod, current, m[2], m[3])
		case opEntryPointRx.MatchString(c):
			m := opEntryPointRx.FindStringSubmatch(c)
			n++
			checkEntryPoint(t, name, mod, m[1], m[2], strings.Fields(strings.ReplaceAll(m[3], "%", "")))
		case opLocalSizeRx.MatchString(c):
			m := opLocalSizeRx.FindStringSubmatch(c)
			n++
			id, ok := entries[m[1]]
			if !assert.True(t, ok, "%s: no entry point %s", name, m[1]) {
				continue
			}
			want := []uint32{uint32(atoi(m[2])), uint32(atoi(m[3])), uint32(atoi(m[4]))}
			assert.Equal(t, want, executionMode(mod, id, spirv.ExecutionModeLocalSize), "%s: LocalSize of %s", name, m[1])
		case opVariableRx.MatchString(c):
			m := opVariableRx.FindStringSubmatch(c)
			n++
			id := mod.Lookup(current)
			if assert.NotZero(t, id, "%s: no variable %s in:\n%s", name, current, mod) {
				def, _ := mod.Def(id)
				sc, _ := enumValue[spirv.StorageClass](m[1])
				assert.Equal(t, sc, spirv.StorageClass(def.Words[3]), "%s: storage class of %s", name, current)
			}
		case opTypeImageRx.MatchString(c):
			m := opTypeImageRx.FindStringSubmatch(c)
			n++
			checkImageType(t, name, mod, current, m[1:])
		}
	}
	return n
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return n
}

func checkDecoration(t *testing.T, name string, mod *spirv.Module, target, decoration, arg string) {
	t.Helper()
	id := mod.Lookup(target)
	if !assert.NotZero(t, id, "%s: no id named %s for %s %s in:\n%s", name, target, decoration, arg, mod) {
		return
	}
	d, ok := enumValue[spirv.Decoration](decoration)
	require.True(t, ok, "unknown decoration %s", decoration)
	args, ok := mod.Decoration(id, d)
	if !assert.True(t, ok, "%s: %s is not decorated %s", name, target, decoration) {
		return
	}
	switch {
	case arg == "":
	case d == spirv.DecorationBuiltIn:
		b, ok := enumValue[spirv.BuiltIn](arg)
		require.True(t, ok, "unknown builtin %s", arg)
		assert.Equal(t, []uint32{uint32(b)}, args, "%s: BuiltIn of %s", name, target)
	default:
		assert.Equal(t, []uint32{uint32(atoi(arg))}, args, "%s: %s of %s", name, decoration, target)
	}
}

func checkEntryPoint(t *testing.T, name string, mod *spirv.Module, model, entry string, iface []string) {
	t.Helper()
	em, ok := enumValue[spirv.ExecutionModel](model)
	require.True(t, ok, "unknown execution model %s", model)
	for _, in := range mod.Find(spirv.OpEntryPoint) {
		if !strings.Contains(in.String(), `"`+entry+`"`) {
			continue
		}
		assert.Equal(t, em, spirv.ExecutionModel(in.Words[1]), "%s: execution model of %s", name, entry)
		var got []string
		for _, id := range in.Words[3+(len(entry)+4)/4:] {
			got = append(got, mod.Name(id))
		}
		for _, v := range iface {
			assert.Contains(t, got, v, "%s: interface of %s", name, entry)
		}
		return
	}
	t.Errorf("%s: no entry point %s in:\n%s", name, entry, mod)
}

func executionMode(mod *spirv.Module, fn spirv.ID, mode spirv.ExecutionMode) []uint32 {
	for _, in := range mod.Find(spirv.OpExecutionMode) {
		if in.Words[1] == fn && spirv.ExecutionMode(in.Words[2]) == mode {
			return in.Words[3:]
		}
	}
	return nil
}

// checkImageType finds the image type of variable v: dimension, depth, arrayed,
// multisampled, sampled and format as the draft spells them.
func checkImageType(t *testing.T, name string, mod *spirv.Module, v string, want []string) {
	t.Helper()
	id := mod.Lookup(v)
	if !assert.NotZero(t, id, "%s: no variable %s", name, v) {
		return
	}
	def, _ := mod.Def(id)
	ptr, _ := mod.Def(def.Words[1])
	img, _ := mod.Def(ptr.Words[3])
	require.Equal(t, spirv.OpTypeImage, img.Op, "%s: %s is not an image", name, v)
	dim, _ := enumValue[spirv.Dim]("Dim" + want[0])
	format, _ := enumValue[spirv.ImageFormat](want[5])
	got := []uint32{img.Words[3], img.Words[4], img.Words[5], img.Words[6], img.Words[7], img.Words[8]}
	assert.Equal(t, []uint32{uint32(dim), uint32(atoi(want[1])), uint32(atoi(want[2])), uint32(atoi(want[3])), uint32(atoi(want[4])), uint32(format)},
		got, "%s: image type of %s", name, v)
}

// checkSPIRVBlock compares a SPIR-V block of the seed with mod: member offsets of the
// structure it shows (named my_struct there) and array strides, matched by member name.
func checkSPIRVBlock(t *testing.T, name, block string, mod *spirv.Module) int {
	t.Helper()
	n := 0
	members := map[string]string{} // SPIR-V member index → name, from OpMemberName
	memberNameRx := regexp.MustCompile(`^OpMemberName %\w+ (\d+) "(\w+)"$`)
	for _, line := range strings.Split(block, "\n") {
		line = strings.TrimSpace(line)
		if m := memberNameRx.FindStringSubmatch(line); m != nil {
			members[m[1]] = m[2]
		}
	}
	for _, line := range strings.Split(block, "\n") {
		line = strings.TrimSpace(line)
		if m := opMemberOffRx.FindStringSubmatch(line); m != nil {
			n++
			st, idx := structWithMember(mod, members[m[2]], atoi(m[2]))
			if assert.NotZero(t, st, "%s: no structure with member %s at index %s in:\n%s", name, members[m[2]], m[2], mod) {
				args, ok := mod.MemberDecoration(st, uint32(idx), spirv.DecorationOffset)
				assert.True(t, ok)
				assert.Equal(t, []uint32{uint32(atoi(m[3]))}, args, "%s: Offset of member %s", name, members[m[2]])
			}
		}
		if m := opArrayStrideRx.FindStringSubmatch(line); m != nil {
			n++
			assert.True(t, hasArrayStride(mod, uint32(atoi(m[2]))), "%s: no array with ArrayStride %s in:\n%s", name, m[2], mod)
		}
	}
	return n
}

// structWithMember returns a structure type whose member index is named member.
func structWithMember(mod *spirv.Module, member string, index int) (spirv.ID, int) {
	for _, in := range mod.Find(spirv.OpTypeStruct) {
		st := in.Words[1]
		if mod.MemberName(st, uint32(index)) == member {
			return st, index
		}
	}
	return 0, 0
}

func hasArrayStride(mod *spirv.Module, stride uint32) bool {
	for _, in := range mod.Find(spirv.OpDecorate) {
		if spirv.Decoration(in.Words[2]) == spirv.DecorationArrayStride && in.Words[3] == stride {
			return true
		}
	}
	return false
}

// TestSeedSPIRVTables compares the SPIR-V blocks of the seed that stand alone (a table of type
// translations, decoration examples) with what our compiler emits for the WGSL they name.
func TestSeedSPIRVTables(t *testing.T) {
	text := readSeed(t)
	blocks := map[int]string{}
	for _, b := range seedBlocks(text) {
		blocks[b.line] = b.text
	}
	compileLegacy := func(src string) *spirv.Module {
		t.Helper()
		res, err := compiler.Compile(compiler.Source{Name: "seed.wgsl", Text: []byte(src)}, compiler.Options{Dialect: syntax.DialectLegacy2021})
		require.NoError(t, err, "%s", src)
		spirvval.Check(t, res.SPIRV, "vulkan1.1")
		mod, err := spirv.Parse(res.SPIRV)
		require.NoError(t, err)
		return mod
	}

	t.Run("1042 type declarations", func(t *testing.T) {
		block := blocks[1042]
		require.Contains(t, block, "[[stride(32)]] array<f32, 4>\nOpDecorate %9 ArrayStride 32")
		require.Contains(t, block, "array<f32>\n%rtarr = OpTypeRuntimeArray %float")
		mod := compileLegacy(`
[[block]] struct T {
  [[offset(0)]] a : [[stride(32)]] array<f32, 4>;
  [[offset(128)]] m : mat2x3<f32>;
  [[offset(160)]] rt : [[stride(4)]] array<f32>;
};
[[group(0), binding(0)]] var<storage> t : T;
[[stage(compute)]]
fn main() -> void {
  t.rt[0] = t.a[3] + t.m[1].z;
}
`)
		// [[stride(32)]] array<f32, 4>: ArrayStride 32 on an OpTypeArray of 4 floats.
		found := false
		for _, in := range mod.Find(spirv.OpTypeArray) {
			if args, ok := mod.Decoration(in.Words[1], spirv.DecorationArrayStride); ok && args[0] == 32 {
				elem, _ := mod.Def(in.Words[2])
				length, _ := mod.Def(in.Words[3])
				assert.Equal(t, spirv.OpTypeFloat, elem.Op)
				assert.Equal(t, uint32(4), length.Words[3])
				found = true
			}
		}
		assert.True(t, found, "no [[stride(32)]] array<f32, 4>:\n%s", mod)
		rts := mod.Find(spirv.OpTypeRuntimeArray)
		require.Len(t, rts, 1)
		elem, _ := mod.Def(rts[0].Words[2])
		assert.Equal(t, spirv.OpTypeFloat, elem.Op)
		mats := mod.Find(spirv.OpTypeMatrix)
		require.Len(t, mats, 1)
		col, _ := mod.Def(mats[0].Words[2])
		assert.Equal(t, []uint32{3}, col.Words[3:], "mat2x3 has vec3 columns")
		assert.Equal(t, uint32(2), mats[0].Words[3], "mat2x3 has 2 columns")
	})

	t.Run("1219 variable decorations", func(t *testing.T) {
		block := blocks[1219]
		require.Contains(t, block, "OpDecorate %gl_FragColor Location 2")
		require.Contains(t, block, "OpDecorate %gl_FragColor DescriptorSet 4\nOpDecorate %gl_FragColor Binding 3")
		mod := compileLegacy(`
[[location(2)]] var<out> gl_FragColor : vec4<f32>;
[[block]] struct U {
  [[offset(0)]] c : vec4<f32>;
};
[[group(4), binding(3)]] var<uniform> u : U;
[[stage(fragment)]]
fn main() -> void {
  gl_FragColor = u.c;
}
`)
		n := checkSPIRVComments(t, "1219", "var gl_FragColor : vec4<f32>;\n// OpDecorate %gl_FragColor Location 2\n"+
			"var u : U;\n// OpDecorate %u DescriptorSet 4\n// OpDecorate %u Binding 3\n", mod)
		assert.Equal(t, 3, n)
	})

	t.Run("3.4.5 storage classes", func(t *testing.T) {
		// The table mapping the draft's storage classes to SPIR-V's.
		_, table, ok := strings.Cut(text, "WGSL storage class SPIR-V storage class\n")
		require.True(t, ok, "the storage class table is missing from the seed")
		mod := compileLegacy(`
[[location(0)]] var<in> v_in : f32;
[[location(0)]] var<out> v_out : f32;
[[block]] struct U {
  [[offset(0)]] x : f32;
};
[[group(0), binding(0)]] var<uniform> v_uniform : U;
[[group(0), binding(1)]] var<storage> v_storage : U;
[[group(0), binding(2)]] var v_handle : sampler;
[[group(0), binding(3)]] var t : texture_2d<f32>;
var<private> v_private : f32;
var<workgroup> v_workgroup : f32;
[[stage(fragment)]]
fn fs() -> void {
  var<function> v_function : f32 = v_in + v_uniform.x + v_storage.x + v_private;
  v_out = v_function + textureSample(t, v_handle, vec2<f32>(0.5, 0.5)).x;
}
[[stage(compute)]]
fn cs() -> void {
  v_workgroup = 1.0;
}
`)
		n := 0
		for _, line := range strings.Split(table, "\n") {
			f := strings.Fields(line)
			if len(f) != 2 {
				break
			}
			n++
			sc, ok := enumValue[spirv.StorageClass](f[1])
			require.True(t, ok, "unknown storage class %s", f[1])
			found := false
			for _, in := range mod.Find(spirv.OpVariable) {
				if mod.Name(in.Words[2]) == "v_"+f[0] {
					found = true
					assert.Equal(t, sc, spirv.StorageClass(in.Words[3]), "storage class of %s", f[0])
				}
			}
			assert.True(t, found, "no variable v_%s in:\n%s", f[0], mod)
		}
		assert.Equal(t, 8, n, "the table has 8 storage classes")
	})

	t.Run("264 my_struct", func(t *testing.T) {
		// The draft's SPIR-V for `[[offset(0)]] a : f32; [[offset(4)]] b : vec4<f32>;` breaks
		// its own alignment rule (§3.4.6.3), which the checker applies: see seedCases[257].
		require.Contains(t, blocks[264], "OpMemberDecorate %my_struct 1 Offset 4")
		_, _, diags := legacyCheck("seed:257", blocks[257]+noEntry)
		assert.Contains(t, diagText(diags), "use [[offset(16)]]")
	})
}
