package wgslfuzz

import (
	"math/rand/v2"
	"strings"
)

// The replacement words of the mutations that swap one word of a class for another. They
// are the words a real user gets wrong; several are invalid on purpose (handle, push_constant,
// a texture type where a number is wanted).
var (
	extremeNumbers = []string{
		"0", "1", "-1", "2", "3", "31", "32", "33", "63", "64", "255", "256", "65535", "65536", "1000000",
		"600000000", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
		"0x7fffffff", "0x80000000", "0xffffffff", "0x100000000", "9223372036854775807", "9223372036854775808",
		"-9223372036854775808", "0x7fffffffffffffff", "0.0", "-0.0", "0.5", "1.5", "65504.0", "65520.0", "1e38",
		"3.4028235e38", "3.5e38", "1e39", "1e300", "1e-45", "1e-310", "0x1p128", "0x1.fffffep127",
	}
	numberSuffixes = []string{"", "", "", "i", "u", "f", "h", ".0"}
	typeWords      = []string{
		"f32", "i32", "u32", "f16", "bool", "vec2", "vec3", "vec4", "vec2f", "vec3f", "vec4f", "vec2i", "vec3u",
		"vec4h", "mat2x2", "mat3x3", "mat4x4", "mat2x3", "mat4x2", "mat3x3f", "mat2x2h", "array", "atomic",
		"ptr", "sampler", "sampler_comparison", "texture_2d", "texture_3d", "texture_cube", "texture_2d_array",
		"texture_multisampled_2d", "texture_depth_2d", "texture_storage_2d", "texture_external",
		"AbstractInt",
	}
	addressSpaces = []string{"function", "private", "workgroup", "uniform", "storage", "handle", "immediate", "push_constant"}
	accessModes   = []string{"read", "write", "read_write"}
	attributes    = []string{
		"align", "binding", "builtin", "compute", "const", "diagnostic", "fragment", "group", "id", "interpolate",
		"invariant", "location", "must_use", "size", "vertex", "workgroup_size", "blend_src", "subgroup_size",
	}
	builtinValues = []string{
		"position", "vertex_index", "instance_index", "front_facing", "frag_depth", "local_invocation_id",
		"local_invocation_index", "global_invocation_id", "workgroup_id", "num_workgroups", "sample_index",
		"sample_mask", "subgroup_size", "subgroup_invocation_id", "clip_distances", "primitive_index",
	}
	keywords = []string{
		"break", "continue", "return", "discard", "loop", "for", "while", "if", "else", "switch", "case",
		"default", "let", "var", "const", "override", "fn", "struct", "alias", "continuing", "const_assert",
	}
	wordClasses = [][]string{typeWords, addressSpaces, accessModes, attributes, builtinValues, keywords}
)

// A mutation rewrites a text; it returns false when it does not apply (no token of the kind it
// changes, say). other is a seed to splice from.
type mutation struct {
	name  string
	apply func(rng *rand.Rand, src, other string) (string, bool)
}

var mutations = []mutation{
	{"delete-token", tokenEdit(func(rng *rand.Rand, toks []token, i int) []token {
		return append(toks[:i:i], toks[i+1:]...)
	})},
	{"duplicate-token", tokenEdit(func(rng *rand.Rand, toks []token, i int) []token {
		return append(toks[:i+1:i+1], toks[i:]...)
	})},
	{"swap-tokens", tokenPair(func(toks []token, i, j int) { toks[i], toks[j] = toks[j], toks[i] })},
	{"copy-token", tokenPair(func(toks []token, i, j int) { toks[i] = toks[j] })},
	{"extreme-number", func(rng *rand.Rand, src, _ string) (string, bool) {
		toks := tokenize(src)
		var nums []int
		for i, t := range toks {
			if t.kind == tokNumber {
				nums = append(nums, i)
			}
		}
		if len(nums) == 0 {
			return src, false
		}
		n := extremeNumbers[rng.IntN(len(extremeNumbers))]
		if suffix := numberSuffixes[rng.IntN(len(numberSuffixes))]; !strings.ContainsAny(n, ".e") || suffix == "f" || suffix == "h" {
			n += suffix
		}
		toks[nums[rng.IntN(len(nums))]].text = n
		return join(toks), true
	}},
	{"swap-word", func(rng *rand.Rand, src, _ string) (string, bool) {
		toks := tokenize(src)
		type hit struct{ tok, class int }
		var hits []hit
		for i, t := range toks {
			if t.kind != tokIdent {
				continue
			}
			for c, words := range wordClasses {
				if contains(words, t.text) {
					hits = append(hits, hit{i, c})
				}
			}
		}
		if len(hits) == 0 {
			return src, false
		}
		h := hits[rng.IntN(len(hits))]
		words := wordClasses[h.class]
		w := words[rng.IntN(len(words))]
		if w == toks[h.tok].text {
			return src, false
		}
		toks[h.tok].text = w
		return join(toks), true
	}},
	{"delete-line", lineEdit(func(rng *rand.Rand, lines []string, i int) []string {
		return append(lines[:i:i], lines[i+1:]...)
	})},
	{"duplicate-line", lineEdit(func(rng *rand.Rand, lines []string, i int) []string {
		return append(lines[:i+1:i+1], lines[i:]...)
	})},
	{"swap-lines", lineEdit(func(rng *rand.Rand, lines []string, i int) []string {
		j := rng.IntN(len(lines))
		lines[i], lines[j] = lines[j], lines[i]
		return lines
	})},
	{"splice-line", func(rng *rand.Rand, src, other string) (string, bool) {
		from := strings.Split(other, "\n")
		lines := strings.Split(src, "\n")
		l := from[rng.IntN(len(from))]
		if strings.TrimSpace(l) == "" {
			return src, false
		}
		i := rng.IntN(len(lines) + 1)
		lines = append(lines[:i], append([]string{l}, lines[i:]...)...)
		return strings.Join(lines, "\n"), true
	}},
	{"truncate", func(rng *rand.Rand, src, _ string) (string, bool) {
		if len(src) < 2 {
			return src, false
		}
		return src[:rng.IntN(len(src))], true
	}},
}

// Mutate applies one to three mutations to src, chosen by rng; other is a second seed that a
// splice may take a line from. It returns the mutant and the names of the mutations applied.
func Mutate(rng *rand.Rand, src, other string) (string, []string) {
	n := 1 + rng.IntN(3)
	var applied []string
	for tries := 0; len(applied) < n && tries < 20; tries++ {
		m := mutations[rng.IntN(len(mutations))]
		out, ok := m.apply(rng, src, other)
		if !ok {
			continue
		}
		src = out
		applied = append(applied, m.name)
	}
	return src, applied
}

// tokenEdit makes a mutation of one random significant token (not white space or a comment).
func tokenEdit(edit func(rng *rand.Rand, toks []token, i int) []token) func(*rand.Rand, string, string) (string, bool) {
	return func(rng *rand.Rand, src, _ string) (string, bool) {
		toks := tokenize(src)
		idx := significant(toks)
		if len(idx) == 0 {
			return src, false
		}
		return join(edit(rng, toks, idx[rng.IntN(len(idx))])), true
	}
}

// tokenPair makes a mutation of two random significant tokens with different texts.
func tokenPair(edit func(toks []token, i, j int)) func(*rand.Rand, string, string) (string, bool) {
	return func(rng *rand.Rand, src, _ string) (string, bool) {
		toks := tokenize(src)
		idx := significant(toks)
		if len(idx) < 2 {
			return src, false
		}
		i, j := idx[rng.IntN(len(idx))], idx[rng.IntN(len(idx))]
		if toks[i].text == toks[j].text {
			return src, false
		}
		edit(toks, i, j)
		return join(toks), true
	}
}

// lineEdit makes a mutation of one random line.
func lineEdit(edit func(rng *rand.Rand, lines []string, i int) []string) func(*rand.Rand, string, string) (string, bool) {
	return func(rng *rand.Rand, src, _ string) (string, bool) {
		lines := strings.Split(src, "\n")
		if len(lines) < 2 {
			return src, false
		}
		out := strings.Join(edit(rng, lines, rng.IntN(len(lines))), "\n")
		return out, out != src
	}
}

func significant(toks []token) []int {
	var idx []int
	for i, t := range toks {
		if t.kind != tokSpace {
			idx = append(idx, i)
		}
	}
	return idx
}

func join(toks []token) string {
	var sb strings.Builder
	for _, t := range toks {
		sb.WriteString(t.text)
	}
	return sb.String()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
