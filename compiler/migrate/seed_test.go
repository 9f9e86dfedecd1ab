package migrate_test

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/migrate"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
)

// The code blocks of the 2021 draft (shared/reference/seeds/000_2bdf7c9d925e3a16.txt),
// extracted when the test runs. Every WGSL block is checked in the draft dialect: it is
// accepted, or rejected where the draft says it is invalid (or where it breaks the draft's
// own rules: seedCases says which rule, and usually checks a corrected variant too). An
// accepted block is migrated, the migration checked as modern WGSL and by tint, both are
// compiled to SPIR-V (spirv-val) with the same reflection, and the SPIR-V the draft shows
// beside the block, in comments or in a SPIR-V block of its own, is found in ours.

const seedPath = "seeds/000_2bdf7c9d925e3a16.txt"

// seedCase says what to expect of the code block starting on a line of the seed.
type seedCase struct {
	prefix string // the block's first line starts with this (a guard against a changed seed)
	wrap   string // how the block becomes a module: module, body, types, exprs, signatures
	// invalid, when set, is a regexp of the error the block as written gets, and why says
	// why (a rule of the draft it breaks).
	invalid, why string
	// fix returns a corrected block, checked as valid, when the block is invalid.
	fix func(string) string
	// extra is appended to the module: declarations that make a fragment complete.
	extra string
	// prelude is prepended to a function body.
	prelude string
	// spirv is the line of a SPIR-V block of the seed that shows this block's translation.
	spirv int
}

// The draft's loop examples name a constant step, which §15 forbids: "it is an error to
// ... use the name of a built-in function as an identifier for any other kind of
// declaration". The checker applies §15; the examples are checked with the name changed.
const (
	stepIsBuiltin = `'step' is a builtin function`
	stepWhy       = "§15: a declaration cannot take the name of the builtin function step"
)

func renameStep(s string) string { return strings.ReplaceAll(s, "step", "step_size") }

var noEntry = "\n[[stage(compute)]]\nfn seed_main() -> void {\n}\n"

var seedCases = map[int]seedCase{
	19:  {prefix: "[[location(0)]] var<out> gl_FragColor", wrap: "module"},
	191: {prefix: "vec2<f32>", wrap: "types"},
	199: {prefix: "mat2x3<f32>", wrap: "types"},
	224: {prefix: "struct Data {", wrap: "module"},
	257: {prefix: "// Offset decorations", wrap: "module",
		invalid: `\[\[offset\(4\)\]\] of member 'b' of struct 'my_struct' is not a multiple of 16`,
		why:     "§3.4.6.3: a vec4<f32> member's offset is a multiple of Align(vec4<f32>) = 16 (the SPIR-V beside it, Offset 4, breaks it too)",
		fix:     func(s string) string { return strings.Replace(s, "[[offset(4)]] b", "[[offset(16)]] b", 1) }},
	272: {prefix: "// Runtime Array", wrap: "module", spirv: 281,
		extra: "[[group(0), binding(0)]] var<storage> s_buf : S;\n[[stage(compute)]]\nfn seed_main() -> void {\n  s_buf.data[1] = vec4<f32>(s_buf.a);\n}\n"},
	635: {prefix: "ptr<storage, i32>", wrap: "types"},
	842: {prefix: "var tbuf : [[access(read)]]", wrap: "module",
		invalid: `resource variable 'tbuf' needs both @group and @binding`,
		why:     "§8.3.2: every resource variable has group and binding attributes",
		fix:     func(s string) string { return "[[group(0), binding(0)]] " + s }},
	853: {prefix: "var tbuf : [[access(write)]]", wrap: "module",
		invalid: `resource variable 'tbuf' needs both @group and @binding`,
		why:     "§8.3.2: every resource variable has group and binding attributes",
		fix:     func(s string) string { return "[[group(0), binding(0)]] " + s }},
	1006: {prefix: "type Arr = array<i32, 5>;", wrap: "module"},
	1077: {prefix: "// Storage buffers", wrap: "module",
		invalid: `structure 'ParamsTable' must have at least one member|\[\[block\]\]|needs both @group and @binding`,
		why:     "§4.1: a uniform buffer's store type is a [[block]] structure (with members) and §8.3.2: it has group and binding attributes",
		fix: func(s string) string {
			s = strings.Replace(s, "struct ParamsTable {};", "[[block]] struct ParamsTable {\n[[offset(0)]] x : f32;\n};", 1)
			return strings.Replace(s, "var<uniform> params", "[[group(0), binding(0)]] var<uniform> params", 1)
		}},
	1138: {prefix: "var i: i32;", wrap: "body"},
	1149: {prefix: "var x : f32 = 1.0;", wrap: "body",
		invalid: `no matching|cannot|operator`,
		why:     "§17.2: no implicit promotions, and 1 is an i32 literal added to an f32",
		fix:     func(s string) string { return strings.Replace(s, "x + 1;", "x + 1.0;", 1) }},
	1181: {prefix: "var<in> twist: f32;", wrap: "module",
		invalid: `needs \[\[location\(n\)\]\] or \[\[builtin\(name\)\]\]|needs both @group and @binding`,
		why:     "§8.3.1: pipeline inputs and outputs have a location or builtin attribute, and §8.3.2: resources have group and binding",
		fix: func(s string) string {
			s = strings.Replace(s, "var<in> twist", "[[location(0)]] var<in> twist", 1)
			s = strings.Replace(s, "var<out> spin", "[[location(0)]] var<out> spin", 1)
			return strings.Replace(s, "var<uniform> param:", "[[group(0), binding(2)]] var<uniform> param:", 1)
		}},
	1239: {prefix: "const golden : f32", wrap: "module"},
	1258: {prefix: "[[constant_id(0)]]", wrap: "module"},
	1309: {prefix: "fn f() -> void {", wrap: "module"},
	1468: {prefix: "vec2<f32>()", wrap: "exprs"},
	1492: {prefix: "array<bool, 2>()", wrap: "exprs"},
	1502: {prefix: "struct Student {", wrap: "module",
		invalid: `Student|argument|member`,
		why:     "§5.2: a structure constructor takes one value per member, and Student has two (the example passes three)",
		fix: func(s string) string {
			s = strings.Replace(s, "Student(0, 0.0, array", "Student(0.0, array", 1)
			return strings.Replace(s, "Student(i32(), f32(), array", "Student(f32(), array", 1)
		}},
	1638: {prefix: "var a : vec3<f32> = vec3<f32>(1., 2., 3.);", wrap: "body",
		invalid: `cannot use a value of type vec3<f32> as f32`,
		why:     "the text of the seed lost the subscript of a[1]",
		fix:     func(s string) string { return strings.Replace(s, "var e : f32 = a;", "var e : f32 = a[1];", 1) }},
	2209: {prefix: "const a : i32 = 2;", wrap: "body",
		invalid: `cannot assign to let 'a'`,
		why:     "v-0021: a constant cannot be assigned (the GLSL it translates has a variable)",
		fix:     func(s string) string { return strings.Replace(s, "const a : i32 = 2;", "var a : i32 = 2;", 1) }},
	2229: {prefix: "var a : i32 = 2;", wrap: "body", invalid: stepIsBuiltin, why: stepWhy, fix: renameStep},
	2243: {prefix: "var a : i32 = 2;", wrap: "body", invalid: stepIsBuiltin, why: stepWhy, fix: renameStep},
	2280: {prefix: "for(var i : i32 = 0;", wrap: "body", prelude: "var a : i32 = 0;\n"},
	2291: {prefix: "{ // Introduce new scope", wrap: "body"},
	2334: {prefix: "var a : i32 = 2;", wrap: "body", invalid: stepIsBuiltin, why: stepWhy, fix: renameStep},
	2350: {prefix: "var a : i32 = 2;", wrap: "body", invalid: stepIsBuiltin, why: stepWhy, fix: renameStep},
	2366: {prefix: "var a : i32 = 2;", wrap: "body",
		invalid: `break cannot leave a continuing block`,
		why:     "the draft marks these breaks invalid (§6.2.6)"},
	2402: {prefix: "var i : i32 = 0;", wrap: "body",
		invalid: `continue skips the declaration of 'step'`,
		why:     "the draft marks this continue invalid (§6.2.7)"},
	2570: {prefix: "[[builtin(position)]]   var<out> gl_Position", wrap: "module",
		invalid: `\[\[builtin\(frag_coord\)\]\] is a fragment input`,
		why:     "§14, v-0018: frag_coord is a fragment input, not an output",
		fix: func(s string) string {
			return strings.Replace(s, "[[builtin(frag_coord)]] var<out> gl_FragColor", "[[location(0)]] var<out> gl_FragColor", 1)
		}},
	2607: {prefix: "[[ stage(compute), workgroup_size(8,1,1) ]]", wrap: "module"},
	2668: {prefix: "// vertex shader output builtin", wrap: "module", extra: `
[[stage(vertex)]]
fn seed_vs() -> void {
  my_position = vec4<f32>(0.0, 0.0, 0.0, 1.0);
}
[[location(0)]] var<out> seed_color : vec4<f32>;
[[stage(fragment)]]
fn seed_fs() -> void {
  seed_color = coord;
}
[[stage(compute)]]
fn seed_cs() -> void {
  var x : u32 = global_id.x;
}
`},
	3037: {prefix: "[[builtin(position)]] var<out> my_position", wrap: "module", extra: `
[[stage(vertex)]]
fn seed_vs() -> void {
  my_position = vec4<f32>(0.0, 0.0, 0.0, 1.0);
}
`},
	3047: {prefix: "[[builtin(vertex_index)]] var<in> my_index", wrap: "module", extra: `
[[builtin(position)]] var<out> seed_pos : vec4<f32>;
[[stage(vertex)]]
fn seed_vs() -> void {
  seed_pos = vec4<f32>(f32(my_index), 0.0, 0.0, 1.0);
}
`},
	3056: {prefix: "[[builtin(instance_index)]] var<in> my_inst_index", wrap: "module", extra: `
[[builtin(position)]] var<out> seed_pos : vec4<f32>;
[[stage(vertex)]]
fn seed_vs() -> void {
  seed_pos = vec4<f32>(f32(my_inst_index), 0.0, 0.0, 1.0);
}
[[stage(fragment)]]
fn seed_fs() -> void {
  if (is_front) {
    depth = coord.z + f32(my_sample_index);
  }
}
[[block]] struct SeedOut {
  [[offset(0)]] x : u32;
};
[[group(0), binding(0)]] var<storage> seed_out : SeedOut;
[[stage(compute)]]
fn seed_cs() -> void {
  seed_out.x = local_id.x + local_index + global_id.y;
}
`,
		invalid: `\[\[builtin\(front_facing\)\]\] needs type bool, not u32`,
		why:     "§14: front_facing holds a bool",
		fix:     func(s string) string { return strings.Replace(s, "is_front : u32", "is_front : bool", 1) }},
	3275: {prefix: "textureDimensions(t : texture_1d<T>)", wrap: "signatures"},
	3316: {prefix: "textureLoad(t : texture_1d<T>", wrap: "signatures"},
	3349: {prefix: "textureNumLayers(t : texture_1d_array<T>)", wrap: "signatures"},
	3371: {prefix: "textureNumLevels(t : texture_2d<T>)", wrap: "signatures"},
	3394: {prefix: "textureNumSamples(t : texture_multisampled_2d<T>)", wrap: "signatures"},
	3410: {prefix: "textureSample(t : texture_1d<f32>", wrap: "signatures"},
	3440: {prefix: "textureSampleBias(t : texture_2d<f32>", wrap: "signatures"},
	3462: {prefix: "textureSampleCompare(t : texture_depth_2d", wrap: "signatures"},
	3486: {prefix: "textureSampleGrad(t : texture_2d<f32>", wrap: "signatures"},
	3508: {prefix: "textureSampleLevel(t : texture_2d<f32>", wrap: "signatures"},
	3536: {prefix: "textureStore(t : [[access(write)]] texture_storage_1d<F>", wrap: "signatures"},
	3622: {prefix: "var e : f32 = 3;", wrap: "body",
		invalid: `cannot use a value of type i32 as f32`,
		why:     "the draft marks it an error (§17.2: no implicit promotions)",
		fix:     func(s string) string { return strings.Replace(s, "var e : f32 = 3;", "var e : f32 = 3.0;", 1) }},
}

// draftOnlySignature matches the texture types of the draft that modern WGSL dropped.
var draftOnlySignature = regexp.MustCompile(`texture_1d_array|texture_multisampled_2d_array|texture_storage_1d_array`)

// seedBlock is one ``` block of the seed.
type seedBlock struct {
	line int
	text string
}

func seedBlocks(text string) []seedBlock {
	var out []seedBlock
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "```") {
			continue
		}
		start := i
		var b strings.Builder
		b.WriteString(strings.TrimPrefix(lines[i], "```") + "\n")
		for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
			b.WriteString(lines[i] + "\n")
		}
		out = append(out, seedBlock{line: start + 1, text: b.String()})
	}
	return out
}

// seedKind classifies a block: the grammar, SPIR-V (or type-by-type SPIR-V tables), another
// language (GLSL, notes) or WGSL.
func seedKind(text string) string {
	lines := strings.Split(text, "\n")
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == ":" || strings.HasPrefix(l, ": ") || strings.HasPrefix(l, "| ") {
			return "grammar"
		}
	}
	for _, l := range lines {
		l = strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "//"):
		case strings.HasPrefix(l, "%") || strings.HasPrefix(l, "Op") || strings.HasPrefix(l, "`"):
			return "spirv"
		case strings.HasPrefix(l, "int ") || strings.Contains(l, "(int ") || strings.HasPrefix(l, "TODO"):
			return "other"
		}
	}
	return "wgsl"
}

// readSeed returns the seed's text (see oracle.Reference).
func readSeed(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(oracle.Reference(t, seedPath))
	require.NoError(t, err)
	return string(data)
}

// seedModules turns a block into the modules to check, by name.
func seedModules(c seedCase, text string) ([]string, []string) {
	switch c.wrap {
	case "module":
		src := text + c.extra
		if !strings.Contains(src, "stage(") {
			src += noEntry
		}
		return []string{""}, []string{src}
	case "body":
		return []string{""}, []string{"[[stage(compute)]]\nfn seed_main() -> void {\n" + c.prelude + text + "\n}\n"}
	case "types", "exprs":
		var b strings.Builder
		n := 0
		for _, l := range strings.Split(text, "\n") {
			if t := strings.TrimSpace(l); t == "" || strings.HasPrefix(t, "//") {
				continue
			}
			n++
			if c.wrap == "types" {
				fmt.Fprintf(&b, "type seed_t%d = %s\n;\n", n, l)
			} else {
				fmt.Fprintf(&b, "fn seed_f%d() -> void {\n  var v = %s\n;\n}\n", n, l)
			}
		}
		return []string{""}, []string{b.String() + noEntry}
	case "signatures":
		var names, srcs []string
		for _, l := range strings.Split(text, "\n") {
			if strings.TrimSpace(l) == "" {
				continue
			}
			names = append(names, strings.TrimSpace(l))
			srcs = append(srcs, signatureModule(l)+noEntry)
		}
		return names, srcs
	}
	panic("unknown wrapping " + c.wrap)
}

var signatureRx = regexp.MustCompile(`^(\w+)\((.*)\)\s*->\s*(.+)$`)

// signatureModule turns one builtin signature of the draft into a function that calls the
// builtin with parameters of those types and returns the result as the declared type:
// T is f32, F is rgba8unorm (whose texels are vec4<f32>), offsets are constants.
func signatureModule(sig string) string {
	m := signatureRx.FindStringSubmatch(strings.TrimSpace(sig))
	if m == nil {
		return "// unparsable signature: " + sig + "\n"
	}
	name, params, ret := m[1], m[2], strings.TrimSpace(m[3])
	subst := strings.NewReplacer("<T>", "<f32>", "<F>", "<rgba8unorm>")
	var decls, args []string
	for _, p := range strings.Split(params, ",") {
		pname, ptype, _ := strings.Cut(p, ":")
		pname, ptype = strings.TrimSpace(pname), subst.Replace(strings.TrimSpace(ptype))
		if pname == "offset" {
			args = append(args, strings.Replace(ptype, ">", ">(1, 2", 1)+strings.Repeat(", 3", strings.Count(ptype, "vec3"))+")")
			continue
		}
		decls = append(decls, pname+" : "+ptype)
		args = append(args, pname)
	}
	call := name + "(" + strings.Join(args, ", ") + ")"
	if ret == "void" {
		return fmt.Sprintf("fn seed_f(%s) -> void {\n  %s;\n}\n", strings.Join(decls, ", "), call)
	}
	return fmt.Sprintf("fn seed_f(%s) -> %s {\n  return %s;\n}\n", strings.Join(decls, ", "), subst.Replace(ret), call)
}

// seedResult counts what the test saw.
type seedResult struct {
	valid, rejected, fixed, compiled, spirvChecked int
}

func TestSeedExamples(t *testing.T) {
	text := readSeed(t)
	blocks := seedBlocks(text)
	byLine := map[int]seedBlock{}
	for _, b := range blocks {
		byLine[b.line] = b
	}
	var res seedResult
	for _, b := range blocks {
		if seedKind(b.text) != "wgsl" {
			continue
		}
		c, ok := seedCases[b.line]
		if !ok {
			t.Errorf("seed:%d: a WGSL block without an expectation in seedCases:\n%s", b.line, b.text)
			continue
		}
		require.True(t, strings.HasPrefix(b.text, c.prefix), "seed:%d: the block starts %q, not %q: has the seed changed?", b.line, firstLine(b.text), c.prefix)
		t.Run(strconv.Itoa(b.line), func(t *testing.T) {
			names, srcs := seedModules(c, b.text)
			for i, src := range srcs {
				name := fmt.Sprintf("seed:%d", b.line)
				if names[i] != "" {
					name += " " + names[i]
				}
				switch {
				case c.wrap == "signatures" && draftOnlySignature.MatchString(names[i]):
					expectRejected(t, name, src, `has no counterpart in modern WGSL`)
					res.rejected++
				case c.invalid != "":
					expectRejected(t, name, src, c.invalid)
					res.rejected++
					if c.fix != nil {
						_, fixed := seedModules(c, c.fix(b.text))
						seedValid(t, name+" (corrected: "+c.why+")", fixed[0], &res, nil)
						res.fixed++
					}
				default:
					var spv *seedBlock
					if c.spirv != 0 {
						sb := byLine[c.spirv]
						spv = &sb
					}
					seedValid(t, name, src, &res, spv)
					res.valid++
				}
			}
		})
	}
	for line := range seedCases {
		if _, ok := byLine[line]; !ok {
			t.Errorf("seedCases has line %d, where the seed has no code block", line)
		}
	}
	t.Logf("2021 draft: %d code blocks; %d WGSL modules valid, %d rejected as the draft says (%d of them also checked corrected), "+
		"%d compiled to SPIR-V both ways, %d with the draft's SPIR-V compared",
		len(blocks), res.valid, res.rejected, res.fixed, res.compiled, res.spirvChecked)
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// legacyCheck parses and checks a draft module.
func legacyCheck(name, src string) (*syntax.File, *sema.Program, diag.List) {
	file := diag.NewFile(name, []byte(src))
	ast, diags := syntax.Parse(file, syntax.Options{Dialect: syntax.DialectLegacy2021})
	if diags.HasErrors() {
		return nil, nil, diags
	}
	prog, more := sema.Check(ast, sema.Options{})
	return ast, prog, append(diags, more...)
}

func expectRejected(t *testing.T, name, src, want string) {
	t.Helper()
	_, _, diags := legacyCheck(name, src)
	require.True(t, diags.HasErrors(), "%s: accepted, but the draft rejects it:\n%s", name, src)
	rx := regexp.MustCompile(want)
	for _, d := range diags.Errors() {
		if rx.MatchString(d.Message) {
			return
		}
	}
	t.Errorf("%s: no error matches %q:\n%s\n%s", name, want, diagText(diags), src)
}

// seedValid checks, migrates and compiles a valid draft module; spv is the seed's SPIR-V
// block for it.
func seedValid(t *testing.T, name, src string, res *seedResult, spv *seedBlock) {
	t.Helper()
	ast, prog, diags := legacyCheck(name, src)
	if !assert.False(t, diags.HasErrors(), "%s:\n%s\n%s", name, diagText(diags), src) {
		return
	}
	modern, diags := migrate.Migrate(ast, prog)
	if !assert.False(t, diags.HasErrors(), "%s: migration:\n%s\n%s", name, diagText(diags), src) {
		return
	}
	tintAccepts(t, modern)
	legacy, err := compiler.Compile(compiler.Source{Name: name, Text: []byte(src)}, compiler.Options{Dialect: syntax.DialectLegacy2021})
	if !assert.NoError(t, err, "%s:\n%s", name, src) {
		return
	}
	spirvval.Check(t, legacy.SPIRV, "vulkan1.1")
	migrated, err := compiler.Compile(compiler.Source{Name: name, Text: modern}, compiler.Options{Dialect: syntax.DialectModern})
	if !assert.NoError(t, err, "%s: migrated:\n%s", name, modern) {
		return
	}
	spirvval.Check(t, migrated.SPIRV, "vulkan1.1")
	assert.Equal(t, legacy.Reflection, migrated.Reflection, "%s: reflection of the migration:\n%s", name, modern)
	res.compiled++
	mod, err := spirv.Parse(legacy.SPIRV)
	require.NoError(t, err)
	n := checkSPIRVComments(t, name, src, mod)
	if spv != nil {
		n += checkSPIRVBlock(t, name, spv.text, mod)
	}
	if n > 0 {
		t.Logf("%s: %d SPIR-V facts of the draft found in ours", name, n)
		res.spirvChecked++
	}
}
