// Package wgsl is a Gazelle language extension for WGSL shaders: in each directory with .wgsl
// files it writes wgsl_go_library targets (wgslgo's rules/defs.bzl) that generate, in the
// build, the Go that `go generate` writes with wgslgen, byte for byte, and wires them into the
// directory's Go package; and wgsl_library targets for WESL packages, with the deps that
// WESL imports resolve to.
//
//   - A directory whose Go files hold //go:generate lines that run wgslgen gets one target per
//     line, with that line's shaders, output file, package and options, embedded (rules_go's
//     `embed`) into the go_library Gazelle's Go extension writes for the directory; the files
//     the line writes, when they are committed, are taken out of that go_library.
//   - A directory with .wgsl files and no such line gets one target for all its shaders, with
//     the options of the directives below; embedded into the directory's go_library when it has
//     Go files, else the Go package of the directory itself (named as the Go extension names
//     libraries), which imports of its path resolve to.
//   - A directory with a wesl.toml, or that a wesl.toml of the repository names by path, is
//     a WESL package: it gets a wgsl_library (named
//     BASE_wesl) of its wesl.toml and module files, indexed under its package name and
//     directory. The deps of every wgsl_library and wgsl_go_library are the libraries of
//     the packages its modules import: `# gazelle:resolve wgsl NAME LABEL`, else what its
//     wesl.toml's [dependencies] names (a directory by path, a Go module's go_repository),
//     else the library of that package name.
//
// Directives, each a wgslgen flag, for directories without a line (inherited by
// subdirectories, but wgsl_out and wgsl_pkg):
//
//	# gazelle:wgsl_target vulkan1.2
//	# gazelle:wgsl_override NAME=VALUE      (repeatable; an empty one forgets those above)
//	# gazelle:wgsl_uniform_standard_layout true
//	# gazelle:wgsl_webgpu_limits true
//	# gazelle:wgsl_embed inline
//	# gazelle:wgsl_wgsl none
//	# gazelle:wgsl_for cogentcore,gogpu   (the bindings whose WGSL the tables hold; empty: none)
//	# gazelle:wgsl_prefix true
//	# gazelle:wgsl_out shaders_wgsl.go     (default: NAME_wgsl.go for one NAME.wgsl, else PKG_wgsl.go)
//	# gazelle:wgsl_pkg shaders
//
// Each shader is reflected with the compiler (parsed and checked with the target's options),
// to list those without entry points (files of shared structures) in the target's no_spirv:
// wgslgen writes no .spv file for them. A shader that does not compile is not listed: its
// directory gets its targets all the same, and the build reports the error with its position.
// Directories named testdata, or starting with '.'
// or '_', are left alone, as the go command leaves them.
//
// The extension must come after Gazelle's Go extension in a gazelle_binary's languages: it
// reads and completes the rules that extension generated for the same directory.
package wgsl

import (
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/label"
	"github.com/bazelbuild/bazel-gazelle/language"
	"github.com/bazelbuild/bazel-gazelle/repo"
	"github.com/bazelbuild/bazel-gazelle/resolve"
	"github.com/bazelbuild/bazel-gazelle/rule"
)

const (
	languageName = "wgsl"
	libraryKind  = "wgsl_go_library"

	// modulePath is wgslgo's Go module; moduleName its Bazel module, and workspaceName its
	// repository's name under WORKSPACE (Gazelle's name for the module's path).
	modulePath    = "github.com/wgslgo/wgslgo"
	moduleName    = "wgslgo"
	workspaceName = "com_github_wgslgo_wgslgo"
)

// nestedModules are the directories of wgslgo that hold Go modules of their own, which the
// core's Bazel repository does not build.
var nestedModules = []string{"compiler/bench/peer", "compiler/hostwgsl/gogpunaga", "examples/bazel", "examples/gogpu", "examples/webgpu", "gazelle", "gogpu", "webgpu"}

type wgslLang struct {
	// repo is the apparent name of wgslgo's repository, for loads and labels.
	repo string
	// lines holds each directory's parsed //go:generate lines, read by Configure.
	lines map[string][]genLine
	// claimed holds the directories whose shaders a line of a parent directory generates.
	claimed map[string]bool
	// named holds the directories without a wesl.toml that a wesl.toml of the repository
	// names by path under [dependencies]: WESL packages all the same (their root is the
	// directory). Nil until the repository's root is configured.
	named map[string]bool
	// unreadable holds the directories whose Go files could not be read for their lines.
	unreadable map[string]bool
}

// NewLanguage returns the WGSL extension, for a gazelle_binary's languages (after Go's).
func NewLanguage() language.Language {
	return &wgslLang{repo: workspaceName, lines: map[string][]genLine{}, claimed: map[string]bool{}, unreadable: map[string]bool{}}
}

func (*wgslLang) Name() string { return languageName }

var kinds = map[string]rule.KindInfo{
	libraryKind: {
		NonEmptyAttrs: map[string]bool{"srcs": true},
		MergeableAttrs: map[string]bool{
			"srcs": true, "no_spirv": true, "go_file": true, "package": true, "importpath": true, "embed": true, "wgsl": true,
			"target": true, "overrides": true, "uniform_standard_layout": true, "webgpu_limits": true, "bindings": true, "prefix": true,
			"modules": true, "wesl_features": true,
		},
		ResolveAttrs: map[string]bool{"deps": true},
	},
	weslLibraryKind: {
		NonEmptyAttrs:  map[string]bool{"srcs": true},
		MergeableAttrs: map[string]bool{"srcs": true},
		ResolveAttrs:   map[string]bool{"deps": true},
	},
}

func (*wgslLang) Kinds() map[string]rule.KindInfo { return kinds }

func (l *wgslLang) Loads() []rule.LoadInfo {
	return []rule.LoadInfo{{Name: "@" + l.repo + "//rules:defs.bzl", Symbols: []string{libraryKind, weslLibraryKind}}}
}

// ApparentLoads loads the rules from wgslgo's repository as the MODULE.bazel of the
// repository being updated names it (bazel_dep(name = "wgslgo", repo_name = ...)), else as
// WORKSPACE users name it.
func (l *wgslLang) ApparentLoads(moduleToApparentName func(string) string) []rule.LoadInfo {
	if name := moduleToApparentName(moduleName); name != "" {
		l.repo = name
	}
	return l.Loads()
}

func (*wgslLang) Fix(c *config.Config, f *rule.File) {}

// Imports indexes a wgsl_go_library under its Go import path, and a wgsl_library under its
// WESL package's name and directory.
func (*wgslLang) Imports(c *config.Config, r *rule.Rule, f *rule.File) []resolve.ImportSpec {
	if r.Kind() == weslLibraryKind {
		return libraryImports(r, f)
	}
	if r.Kind() != libraryKind || r.AttrString("importpath") == "" {
		return nil
	}
	return []resolve.ImportSpec{{Lang: "go", Imp: r.AttrString("importpath")}}
}

func (*wgslLang) Embeds(r *rule.Rule, from label.Label) []label.Label { return nil }

// Resolve sets the deps of a target whose modules import WESL packages to their
// wgsl_library targets. (The generated Go imports only the standard library and wgslgo's
// runtime package, which wgsl_go_library adds itself.)
func (*wgslLang) Resolve(c *config.Config, ix *resolve.RuleIndex, rc *repo.RemoteCache, r *rule.Rule, imports interface{}, from label.Label) {
	if imp, ok := imports.(*weslImports); ok && imp != nil {
		resolveWESL(c, ix, r, imp, from)
	}
}

// CrossResolve resolves the Go imports the Go extension could not find in its index: a Go
// package that is a wgsl_go_library (a directory of shaders without Go files), and wgslgo's
// own packages, which come from the repository the rules come from, so that a program links
// one copy of the runtime package the generated code uses.
func (l *wgslLang) CrossResolve(c *config.Config, ix *resolve.RuleIndex, imp resolve.ImportSpec, lang string) []resolve.FindResult {
	if imp.Lang != "go" || lang != "go" {
		return nil
	}
	if found := ix.FindRulesByImport(imp, languageName); len(found) > 0 {
		return found
	}
	rel, ok := strings.CutPrefix(imp.Imp, modulePath+"/")
	if !ok || c.RepoName == l.repo || c.RepoName == moduleName || inNestedModule(rel) {
		return nil
	}
	// wgslgo's BUILD files name each library after the last element of its path.
	return []resolve.FindResult{{Label: label.New(l.repo, rel, path.Base(rel))}}
}

func inNestedModule(rel string) bool {
	for _, m := range nestedModules {
		if rel == m || strings.HasPrefix(rel, m+"/") {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// skipped reports whether the go command leaves the directory rel out of packages.
func skipped(rel string) bool {
	return slices.ContainsFunc(strings.Split(rel, "/"), func(e string) bool {
		return e == "testdata" || strings.HasPrefix(e, ".") || strings.HasPrefix(e, "_")
	})
}
