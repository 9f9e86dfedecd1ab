package wgsl

import (
	"fmt"
	"go/parser"
	"go/token"
	"log"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/language"
	golang "github.com/bazelbuild/bazel-gazelle/language/go"
	"github.com/bazelbuild/bazel-gazelle/rule"

	"github.com/wgslgo/wgslgo/gen"
	"github.com/wgslgo/wgslgo/gen/wgslgen"
)

// genLine is a //go:generate line of a directory that Bazel can run: its shaders (paths
// relative to the directory, slash-separated, in subdirectories that are not Bazel packages
// of their own) and its Go file in the directory.
type genLine struct {
	where string // "dir/file.go:12", for messages
	line  wgslgen.Line
	cmd   *wgslgen.Command
	srcs  []string
}

// readLines reads the wgslgen //go:generate lines of the directory rel and records them, and
// the subdirectories whose shaders they take.
func (l *wgslLang) readLines(c *config.Config, rel string) {
	if skipped(rel) {
		return
	}
	dir := filepath.Join(c.RepoRoot, filepath.FromSlash(rel))
	lines, err := wgslgen.Lines(dir)
	if err != nil {
		// Without its lines, a target for all the shaders could contradict them.
		log.Printf("%s: no Bazel targets for the shaders: reading the //go:generate lines: %v", rel, err)
		l.unreadable[rel] = true
		return
	}
	var found []genLine
	for _, ln := range lines {
		g := genLine{where: fmt.Sprintf("%s:%d", path.Join(rel, ln.File), ln.Line), line: ln}
		g.cmd, err = ln.Command()
		if err == nil {
			err = g.check()
		}
		if err != nil {
			log.Printf("%s: no Bazel target for this wgslgen line: %v", g.where, err)
			continue
		}
		if g.cmd.Check {
			continue // writes nothing
		}
		for _, src := range g.srcs {
			if sub := path.Dir(src); sub != "." {
				l.claimed[path.Join(rel, sub)] = true
			}
		}
		found = append(found, g)
	}
	l.lines[rel] = found
}

// check reports what keeps Bazel from running the line as a target of its directory, and
// sets srcs.
func (g *genLine) check() error {
	out := filepath.ToSlash(filepath.Clean(g.cmd.Out))
	if filepath.IsAbs(g.cmd.Out) || strings.Contains(out, "/") {
		return fmt.Errorf("it writes %s, outside the line's directory: a Bazel target writes into its own package", g.cmd.Out)
	}
	g.cmd.Out = out
	for _, in := range g.cmd.Inputs {
		src := filepath.ToSlash(filepath.Clean(in))
		if filepath.IsAbs(in) || src == ".." || strings.HasPrefix(src, "../") {
			return fmt.Errorf("it reads %s, outside the line's directory: a Bazel target reads the files of its own package", in)
		}
		g.srcs = append(g.srcs, src)
	}
	return nil
}

// target is one wgsl_go_library to generate: a wgslgen command, run in the directory.
type target struct {
	cmd  *wgslgen.Command // Out and Inputs relative to the directory, slash-separated
	pkg  string
	srcs []string
}

// GenerateRules writes the targets of the directory's shaders (see the package
// documentation), and completes the Go rules of the directory in args.OtherGen: the
// go_library embeds them, and loses the committed files they generate; without a
// go_library, the go_test of the package's own tests embeds the generated library.
func (l *wgslLang) GenerateRules(args language.GenerateArgs) language.GenerateResult {
	var res language.GenerateResult
	var targets []target
	if !skipped(args.Rel) && !l.claimed[args.Rel] && !l.unreadable[args.Rel] {
		targets = l.targets(args)
	}
	goLib := findRule(args.OtherGen, "go_library")
	taken := map[string]bool{}
	for _, r := range args.OtherGen {
		taken[r.Name()] = true
	}
	var importpath string
	if goLib != nil {
		importpath = goLib.AttrString("importpath")
	} else if len(targets) > 0 {
		if _, ok := args.Config.Exts["go"]; !ok {
			log.Printf("%s: the wgsl extension needs Gazelle's Go extension, listed before it", args.Rel)
			return res
		}
		importpath = golang.InferImportPath(args.Config, args.Rel)
	}
	generated := map[string]bool{}
	if !l.claimed[args.Rel] {
		if lib, imp := l.libraryRule(args.Config, args.Rel, args.Dir); lib != nil {
			taken[lib.Name()], generated[lib.Name()] = true, true
			res.Gen = append(res.Gen, lib)
			res.Imports = append(res.Imports, imp)
		}
	}
	for i, t := range targets {
		var name string
		var vis []string
		switch {
		case goLib != nil:
			// Part of the directory's Go package.
			name, vis = freeName(strings.TrimSuffix(t.cmd.Out, ".go"), taken), []string{"//visibility:private"}
		case len(targets) == 1:
			// The directory's Go package: named as the Go extension names libraries.
			name, vis = path.Base(importpath), []string{rule.CheckInternalVisibility(args.Rel, "//visibility:public")}
			if empty := findRule(args.OtherEmpty, "go_library"); empty != nil {
				name = empty.Name()
			}
		default:
			// Lines without the Go package they belong to (their Go files are in no package
			// Gazelle builds): each its own, so that they build.
			name = freeName(strings.TrimSuffix(t.cmd.Out, ".go"), taken)
			if i == 0 {
				log.Printf("%s: //go:generate lines run wgslgen, but the Go extension made no go_library to add their code to", args.Rel)
			}
		}
		if generated[name] {
			log.Printf("%s: two wgslgen lines write %s: keeping the first", args.Rel, t.cmd.Out)
			continue
		}
		taken[name], generated[name] = true, true
		r := rule.NewRule(libraryKind, name)
		modules := setAttrs(r, t, importpath, args.Dir)
		if vis != nil {
			r.SetAttr("visibility", vis)
		}
		imp := scanImports(args.Config, args.Rel, args.Dir, append(slices.Clone(t.srcs), modules...))
		if imp.config != nil && imp.rel == args.Rel && (len(imp.names) > 0 || len(modules) > 0) {
			// The wesl.toml says what the imported package names stand for, and where the
			// package root is: the actions read it, as wgslgen does.
			r.SetAttr("modules", slices.Sorted(slices.Values(append(modules, "wesl.toml"))))
		}
		res.Gen = append(res.Gen, r)
		res.Imports = append(res.Imports, imp)

		if goLib != nil {
			setStrings(goLib, "embed", append(goLib.AttrStrings("embed"), ":"+name))
			setStrings(goLib, "srcs", without(goLib.AttrStrings("srcs"), t.cmd.Outputs()))
			setStrings(goLib, "embedsrcs", without(goLib.AttrStrings("embedsrcs"), t.cmd.Outputs()))
		} else if test := findRule(args.OtherGen, "go_test"); test != nil && len(targets) == 1 &&
			len(test.AttrStrings("embed")) == 0 && hasInternalTests(args.Dir, test.AttrStrings("srcs"), t.pkg) {
			test.SetAttr("embed", []string{":" + name})
		}
	}
	// Targets of shaders, lines or directives that are gone: the merge deletes them, unless
	// they are marked # keep.
	if args.File != nil {
		for _, r := range args.File.Rules {
			if (r.Kind() == libraryKind || r.Kind() == weslLibraryKind) && !generated[r.Name()] {
				res.Empty = append(res.Empty, rule.NewRule(r.Kind(), r.Name()))
			}
		}
	}
	return res
}

// targets returns the targets of the directory: those of its lines, or one for its shaders.
func (l *wgslLang) targets(args language.GenerateArgs) []target {
	if lines := l.lines[args.Rel]; len(lines) > 0 {
		var ts []target
		for _, g := range lines {
			ts = append(ts, target{cmd: g.cmd, pkg: g.cmd.PackageIn(args.Dir, g.line.Package), srcs: g.srcs})
		}
		return ts
	}
	var srcs []string
	for _, f := range args.RegularFiles {
		if strings.HasSuffix(f, ".wgsl") {
			srcs = append(srcs, f)
		}
	}
	if len(srcs) == 0 {
		return nil
	}
	sort.Strings(srcs)
	o := getOptions(args.Config)
	out := o.out
	if out == "" && len(srcs) == 1 {
		out = strings.TrimSuffix(srcs[0], ".wgsl") + "_wgsl.go"
	}
	pkg := o.pkg
	if pkg == "" {
		// As wgslgen decides it for a line in this directory: the package of its Go files,
		// else the directory's name.
		probe := wgslgen.Command{Out: out}
		if out == "" {
			probe.Out = "_.go"
		}
		pkg = probe.PackageIn(args.Dir, "")
	}
	if out == "" {
		out = pkg + "_wgsl.go"
	}
	cmd, err := wgslgen.ParseArgs(append(append([]string{"-o", out, "-pkg", pkg}, o.args()...), srcs...))
	if err != nil {
		log.Printf("%s: no Bazel target for the shaders: %v", args.Rel, err)
		return nil
	}
	return []target{{cmd: cmd, pkg: pkg, srcs: srcs}}
}

// setAttrs sets the attributes of a wgsl_go_library for the target: those wgslgen needs, the
// options that are not its defaults, and the shaders without entry points, for which wgslgen
// writes no .spv file (as the compiler reflects them in dir, where the command runs; a
// shader that does not compile is not one of them, and its build reports the error).
// setAttrs sets the attributes of a target; it returns its modules, the module files of its
// own Bazel package that its shaders import.
func setAttrs(r *rule.Rule, t target, importpath, dir string) []string {
	r.SetAttr("srcs", t.srcs)
	if none := t.cmd.NoSPIRV(dir); len(none) > 0 {
		for i, in := range none {
			none[i] = filepath.ToSlash(filepath.Clean(in))
		}
		sort.Strings(none)
		r.SetAttr("no_spirv", none)
	}
	modules := slices.DeleteFunc(t.cmd.Modules(dir), func(name string) bool { return otherPackageFile(dir, name) })
	if len(modules) > 0 {
		r.SetAttr("modules", modules)
	}
	if len(t.cmd.Features) > 0 {
		var fs []string
		for _, name := range slices.Sorted(maps.Keys(t.cmd.Features)) {
			if t.cmd.Features[name] {
				fs = append(fs, name)
			} else {
				fs = append(fs, name+"=false")
			}
		}
		r.SetAttr("wesl_features", fs)
	}
	r.SetAttr("go_file", t.cmd.Out)
	r.SetAttr("package", t.pkg)
	r.SetAttr("importpath", importpath)
	if t.cmd.Embed != gen.EmbedFile {
		r.SetAttr("embed", string(t.cmd.Embed))
	}
	if !t.cmd.WGSL {
		r.SetAttr("wgsl", "none")
	}
	if t.cmd.Target != "" {
		r.SetAttr("target", t.cmd.Target)
	}
	if len(t.cmd.Overrides) > 0 {
		r.SetAttr("overrides", t.cmd.Overrides)
	}
	if t.cmd.UniformStandardLayout {
		r.SetAttr("uniform_standard_layout", true)
	}
	if t.cmd.WebGPULimits {
		r.SetAttr("webgpu_limits", true)
	}
	if len(t.cmd.For) > 0 {
		r.SetAttr("bindings", t.cmd.For)
	}
	if t.cmd.Prefix {
		r.SetAttr("prefix", true)
	}
	return modules
}

func findRule(rules []*rule.Rule, kind string) *rule.Rule {
	for _, r := range rules {
		if r.Kind() == kind {
			return r
		}
	}
	return nil
}

// freeName returns name, or name with a suffix when another rule of the directory has it.
func freeName(name string, taken map[string]bool) string {
	for n := name; ; n += "_wgsl" {
		if !taken[n] {
			return n
		}
	}
}

func setStrings(r *rule.Rule, key string, values []string) {
	if len(values) == 0 {
		r.DelAttr(key)
		return
	}
	r.SetAttr(key, values)
}

func without(list, drop []string) []string {
	return slices.DeleteFunc(slices.Clone(list), func(s string) bool { return slices.Contains(drop, s) })
}

// hasInternalTests reports whether one of the test files of dir is in package pkg (not
// pkg_test), and so needs the library's declarations.
func hasInternalTests(dir string, srcs []string, pkg string) bool {
	for _, src := range srcs {
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, src), nil, parser.PackageClauseOnly)
		if err == nil && f.Name.Name == pkg {
			return true
		}
	}
	return false
}
