package wgslfuzz

import (
	"context"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/internal/weslsplit"
)

// WESL mutants: a seed's declarations split over modules that import each other
// (internal/weslsplit), then imports, conditions and paths broken or bent, and features set
// or left unset. wgslc links and compiles them as a user's WESL program (main.wesl with its
// modules); the linked WGSL is what is compared with Tint.

// weslShare is one mutant in weslShare that is a WESL program (of the seeds that parse).
const weslShare = 4

// weslFeatures are the feature names the conditions of WESL mutants test; a mutant sets
// some of them (unset ones are errors where a condition needs them).
var weslFeatures = []string{"a", "b"}

// weslMutations break or bend the WESL of one module's text.
var weslMutations = []mutation{
	{"import-segment", func(rng *rand.Rand, src, _ string) (string, bool) {
		return editImport(rng, src, func(segs []string) []string {
			words := []string{"main", "m1", "m2", "m3", "lib", "nope", "super", "package", "*", "", "fn", "f32"}
			segs[rng.IntN(len(segs))] = words[rng.IntN(len(words))]
			return segs
		})
	}},
	{"import-relative", func(rng *rand.Rand, src, _ string) (string, bool) {
		return editImport(rng, src, func(segs []string) []string {
			switch segs[0] {
			case "package":
				return append([]string{"super"}, segs[1:]...)
			case "super":
				if rng.IntN(2) == 0 {
					return append([]string{"super"}, segs...)
				}
				return append([]string{"package"}, segs[1:]...)
			}
			return append([]string{"package"}, segs...)
		})
	}},
	{"import-drop-item", func(rng *rand.Rand, src, _ string) (string, bool) {
		lines := strings.Split(src, "\n")
		i, ok := importLine(rng, lines)
		if !ok {
			return src, false
		}
		lines = append(lines[:i:i], lines[i+1:]...)
		return strings.Join(lines, "\n"), true
	}},
	{"condition", func(rng *rand.Rand, src, _ string) (string, bool) {
		conds := []string{"@if(a) ", "@if(!b) ", "@if(a && !b) ", "@if(a || b) ", "@elif(b) ", "@else ", "@if(unset) ", "@if(false) ", "@if(true) ", "@if(a) @if(b) ", "@if(a + 1) "}
		return prefixLine(rng, src, conds[rng.IntN(len(conds))])
	}},
	{"condition-block", func(rng *rand.Rand, src, _ string) (string, bool) {
		lines := strings.Split(src, "\n")
		if len(lines) < 3 {
			return src, false
		}
		i := rng.IntN(len(lines))
		j := i + rng.IntN(min(4, len(lines)-i))
		open := []string{"@if(a) {", "@if(!a) {", "{", "@else {"}[rng.IntN(4)]
		out := slices.Concat(lines[:i], []string{open}, lines[i:j+1], []string{"}"}, lines[j+1:])
		return strings.Join(out, "\n"), true
	}},
	{"qualify", func(rng *rand.Rand, src, _ string) (string, bool) {
		toks := tokenize(src)
		var idents []int
		for i, t := range toks {
			if t.kind == tokIdent && !contains(keywords, t.text) && !contains(typeWords, t.text) && t.text != "import" {
				idents = append(idents, i)
			}
		}
		if len(idents) == 0 {
			return src, false
		}
		prefixes := []string{"package::main::", "package::m1::", "package::m2::", "super::m1::", "package::lib::m3::", "m1::", "nope::"}
		i := idents[rng.IntN(len(idents))]
		toks[i].text = prefixes[rng.IntN(len(prefixes))] + toks[i].text
		return join(toks), true
	}},
	{"visibility", func(rng *rand.Rand, src, _ string) (string, bool) {
		return prefixLine(rng, src, []string{"private ", "public "}[rng.IntN(2)])
	}},
}

// editImport rewrites the path of one import line (its '::'-separated segments, before any
// collection).
func editImport(rng *rand.Rand, src string, edit func([]string) []string) (string, bool) {
	lines := strings.Split(src, "\n")
	i, ok := importLine(rng, lines)
	if !ok {
		return src, false
	}
	path, rest, _ := strings.Cut(strings.TrimPrefix(lines[i], "import "), "::{")
	segs := edit(strings.Split(strings.TrimSuffix(path, ";"), "::"))
	if rest != "" {
		lines[i] = "import " + strings.Join(segs, "::") + "::{" + rest
	} else {
		lines[i] = "import " + strings.Join(segs, "::") + ";"
	}
	return strings.Join(lines, "\n"), true
}

// importLine picks the index of an import statement's line.
func importLine(rng *rand.Rand, lines []string) (int, bool) {
	var imports []int
	for i, l := range lines {
		if strings.HasPrefix(l, "import ") {
			imports = append(imports, i)
		}
	}
	if len(imports) == 0 {
		return 0, false
	}
	return imports[rng.IntN(len(imports))], true
}

// prefixLine puts text before the first token of a random non-blank line.
func prefixLine(rng *rand.Rand, src, text string) (string, bool) {
	lines := strings.Split(src, "\n")
	var candidates []int
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			candidates = append(candidates, i)
		}
	}
	if len(candidates) == 0 {
		return src, false
	}
	i := candidates[rng.IntN(len(candidates))]
	l := lines[i]
	indent := len(l) - len(strings.TrimLeft(l, " \t"))
	lines[i] = l[:indent] + text + l[indent:]
	return strings.Join(lines, "\n"), true
}

// weslMutant makes a WESL mutant of src, or reports false when src does not parse as modern
// WGSL (its declarations cannot be split).
func weslMutant(rng *rand.Rand, src, other string) (Input, []string, bool) {
	f, diags := syntax.Parse(diag.NewFile("seed.wgsl", []byte(src)), syntax.Options{Dialect: syntax.DialectModern})
	if diags.HasErrors() || len(f.Decls) == 0 {
		return Input{}, nil, false
	}
	files := weslsplit.Split(f, rng, 2+rng.IntN(4))
	names := make([]string, 0, len(files))
	texts := map[string]string{}
	for name, mf := range files {
		names = append(names, name)
		texts[name] = string(mf.Data)
	}
	slices.Sort(names)
	ops := []string{"wesl-split"}
	for n := 1 + rng.IntN(2); n > 0; n-- {
		name := names[rng.IntN(len(names))]
		if name != "main.wesl" && rng.IntN(8) == 0 {
			delete(texts, name)
			ops = append(ops, "drop-module")
			continue
		}
		if rng.IntN(3) == 0 {
			text, applied := Mutate(rng, texts[name], other)
			texts[name] = text
			ops = append(ops, applied...)
			continue
		}
		m := weslMutations[rng.IntN(len(weslMutations))]
		if text, ok := m.apply(rng, texts[name], other); ok {
			texts[name] = text
			ops = append(ops, m.name)
		}
	}
	in := Input{Text: texts["main.wesl"], Modules: map[string]string{}}
	for name, text := range texts {
		if name != "main.wesl" {
			in.Modules[name] = text
		}
	}
	for _, name := range weslFeatures {
		switch rng.IntN(3) {
		case 0:
			in.Features = append(in.Features, name)
		case 1:
			in.Features = append(in.Features, name+"=false")
		}
	}
	return in, ops, true
}

// weslNames matches the file names of a WESL mutant's diagnostics.
const weslNames = `(?:lib/)?[a-z0-9]+\.wesl`

// checkWESL links and compiles a WESL mutant (main.wesl and its modules, in a directory of
// its own under dir) and classifies the result; a program that links is compared with Tint
// through its linked WGSL.
func (t *Tools) checkWESL(ctx context.Context, dir string, in Input) Outcome {
	prog := filepath.Join(dir, "wesl")
	os.RemoveAll(prog)
	files := map[string]string{"main.wesl": in.Text}
	maps.Copy(files, in.Modules)
	for name, text := range files {
		p := filepath.Join(prog, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return Outcome{Class: Crash, Detail: "fuzzer: " + err.Error()}
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			return Outcome{Class: Crash, Detail: "fuzzer: " + err.Error()}
		}
	}
	target := in.Target
	if target == "" {
		target = "vulkan1.1"
	}
	var features []string
	for _, f := range in.Features {
		features = append(features, "--feature", f)
	}
	spv := filepath.Join(prog, "main.spv")
	res := t.runLimited(ctx, prog, t.Wgslc, append(features, "--target", target, "-o", spv, "main.wesl")...)
	out := wgslcOutcome(res, weslNames)
	if out.Class != Agree {
		return finish(out)
	}
	if out = t.validate(ctx, prog, in, target, spv, res.code, out); out.Class != Agree || t.Tint == "" {
		return out
	}
	return t.compareLinked(ctx, prog, "main.wesl", features, weslNames, out)
}

// compareLinked compares wgslc's verdict on a WESL program with Tint's on its linked WGSL:
// a program that does not link has nothing to compare.
func (t *Tools) compareLinked(ctx context.Context, dir, root string, features []string, names string, out Outcome) Outcome {
	linked := t.runLimited(ctx, dir, t.Wgslc, append(features, "--emit=wgsl", "-o", "linked.wgsl", root)...)
	if lo := wgslcOutcome(linked, names); lo.Class != Agree {
		return finish(lo)
	}
	if linked.code != 0 {
		return out
	}
	return t.compareTint(ctx, dir, "linked.wgsl", out)
}

// hasWESL reports whether a text uses WESL syntax (imports, translate-time attributes,
// compound declarations, paths, visibility).
func hasWESL(text string) bool {
	f, _ := syntax.Parse(diag.NewFile("mutant.wgsl", []byte(text)), syntax.Options{Dialect: syntax.DialectModern, AllBranches: true})
	return f.WESL != nil || f.Imports != nil || f.Module != nil
}

// Source is the input's text as a reader wants it: the shader, or for a WESL program a
// txtar archive of its files, the root first, after a line with its features.
func (in Input) Source() string {
	if in.Modules == nil {
		return in.Text
	}
	var b strings.Builder
	b.WriteString("// features: " + strings.Join(in.Features, " ") + "\n-- main.wesl --\n" + in.Text)
	for _, name := range slices.Sorted(maps.Keys(in.Modules)) {
		b.WriteString("\n-- " + name + " --\n" + in.Modules[name])
	}
	return b.String()
}
