package wgsl

import (
	"log"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/label"
	"github.com/bazelbuild/bazel-gazelle/resolve"
	"github.com/bazelbuild/bazel-gazelle/rule"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/wesl"
	"github.com/wgslgo/wgslgo/internal/weslbazel"
)

// weslLibraryKind is the rule of a WESL package: a directory with a wesl.toml.
const weslLibraryKind = "wgsl_library"

// weslImports is what a target's modules import from other WESL packages, for Resolve: the
// package names, and the [dependencies] of the wesl.toml that governs them.
type weslImports struct {
	names  []string
	config *wesl.Config
	// rel is the directory of the config's file, relative to the repository root.
	rel string
}

// libraryFiles lists the files of the WESL package in the directory dir (rel in the
// repository): its wesl.toml if it has one, and every .wesl and .wgsl file below the package
// root (the directory itself without a wesl.toml), but those of nested packages
// (directories with a wesl.toml of their own, or for which nested is true), which are
// libraries of their own; slash-separated, relative to dir, sorted. subdirs are the
// directories of these files below dir, which the library's target claims.
func libraryFiles(dir string, nested func(sub string) bool) (files, subdirs []string, err error) {
	pkg, err := wesl.OpenPackage(wesl.OSFS{}, filepath.ToSlash(dir), "package")
	if err != nil {
		return nil, nil, err
	}
	root := filepath.FromSlash(pkg.Dir)
	seen := map[string]bool{}
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && p == root {
				return filepath.SkipDir // a root without files yet
			}
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if p != root && p != dir {
				if _, err := os.Stat(filepath.Join(p, "wesl.toml")); err == nil || skipped(rel) || nested(rel) {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if ext := path.Ext(rel); ext == ".wesl" || ext == ".wgsl" {
			files = append(files, rel)
			if sub := path.Dir(rel); sub != "." && !seen[sub] {
				seen[sub] = true
				subdirs = append(subdirs, sub)
			}
		}
		return nil
	})
	if pkg.Config != nil {
		files = append(files, "wesl.toml")
	}
	sort.Strings(files)
	return files, subdirs, err
}

// namedPackages finds the directories that the wesl.toml files of the repository name by
// path under [dependencies], relative to the repository's root (those inside it only).
func namedPackages(root string) map[string]bool {
	named := map[string]bool{}
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (skipped(rel) || strings.HasPrefix(d.Name(), "bazel-")) {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() != "wesl.toml" {
			return nil
		}
		pkg, err := wesl.OpenPackage(wesl.OSFS{}, filepath.ToSlash(filepath.Dir(p)), "package")
		if err != nil {
			return nil
		}
		for _, dep := range pkg.Config.Dependencies {
			if dep.Path == "" {
				continue
			}
			dir := path.Clean(path.Join(path.Dir(rel), dep.Path))
			if dir != ".." && !strings.HasPrefix(dir, "../") {
				named[dir] = true
			}
		}
		return nil
	})
	return named
}

// isPackage reports whether the directory rel is a WESL package that gets a wgsl_library:
// it has a wesl.toml, or a wesl.toml names it.
func (l *wgslLang) isPackage(rel, dir string) bool {
	if skipped(rel) {
		return false
	}
	if _, err := os.Stat(filepath.Join(dir, "wesl.toml")); err == nil {
		return true
	}
	if rel == "" {
		rel = "."
	}
	return l.named[rel]
}

// nestedIn returns whether a subdirectory of rel (relative to it) is a package named by path.
func (l *wgslLang) nestedIn(rel string) func(string) bool {
	return func(sub string) bool { return l.named[path.Join(rel, sub)] }
}

// claimLibrary marks the directories of the files of the WESL package in rel, if it is one,
// as its target's: they get no targets of their own (a file of another Bazel package could not
// be one of its srcs).
func (l *wgslLang) claimLibrary(c *config.Config, rel string) {
	dir := filepath.Join(c.RepoRoot, filepath.FromSlash(rel))
	if !l.isPackage(rel, dir) {
		return
	}
	_, subdirs, err := libraryFiles(dir, l.nestedIn(rel))
	if err != nil {
		return // reported by GenerateRules
	}
	for _, sub := range subdirs {
		l.claimed[path.Join(rel, sub)] = true
	}
}

// libraryRule makes the wgsl_library of the directory rel when it is a WESL package.
func (l *wgslLang) libraryRule(c *config.Config, rel, dir string) (*rule.Rule, *weslImports) {
	if !l.isPackage(rel, dir) {
		return nil, nil
	}
	files, _, err := libraryFiles(dir, l.nestedIn(rel))
	if err != nil {
		log.Printf("%s: no wgsl_library: %v", rel, err)
		return nil, nil
	}
	r := rule.NewRule(weslLibraryKind, weslbazel.LibraryName(rel))
	r.SetAttr("srcs", files)
	r.SetAttr("visibility", []string{rule.CheckInternalVisibility(rel, "//visibility:public")})
	return r, scanImports(c, rel, dir, files)
}

// scanImports reads the package names that the files (relative to dir, the directory rel)
// import or name by inline paths, every @if branch included, and the wesl.toml that governs them: dir's or the
// nearest above it in the repository.
func scanImports(c *config.Config, rel, dir string, files []string) *weslImports {
	imp := &weslImports{}
	seen := map[string]bool{}
	for _, name := range files {
		if path.Ext(name) != ".wesl" && path.Ext(name) != ".wgsl" {
			continue
		}
		text, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			continue
		}
		f, _ := syntax.Parse(diag.NewFile(name, text), syntax.Options{AllBranches: true})
		if f == nil {
			continue
		}
		use := func(name string) {
			if name != "package" && name != "super" && !seen[name] {
				seen[name] = true
				imp.names = append(imp.names, name)
			}
		}
		for _, im := range f.Imports {
			for _, it := range im.Items {
				if !it.Package && it.Supers == 0 && len(it.Path) > 0 {
					use(it.Path[0].Name)
				}
			}
		}
		if f.WESL != nil && f.WESL.Qualified {
			// Inline paths (lights::f() without an import) name packages too.
			syntax.InspectFile(f, func(n syntax.Node) bool {
				if id, ok := n.(*syntax.Ident); ok {
					if first, _, found := strings.Cut(id.Name, "::"); found {
						use(first)
					}
				}
				return true
			})
		}
	}
	sort.Strings(imp.names)
	for r := rel; ; r = path.Dir(r) {
		if r == "." {
			r = ""
		}
		d := filepath.Join(c.RepoRoot, filepath.FromSlash(r))
		if _, err := os.Stat(filepath.Join(d, "wesl.toml")); err == nil {
			if pkg, err := wesl.OpenPackage(wesl.OSFS{}, filepath.ToSlash(d), "package"); err == nil {
				imp.config, imp.rel = pkg.Config, r
			}
			break
		}
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil || r == "" {
			break
		}
	}
	return imp
}

// otherPackageFile reports whether the module file name (relative to the directory dir)
// belongs to another Bazel package than dir's: above dir, or in a WESL package of its own
// below it, whose wgsl_library the target depends on instead.
func otherPackageFile(dir, name string) bool {
	if name == ".." || strings.HasPrefix(name, "../") {
		return true
	}
	for sub := path.Dir(name); sub != "."; sub = path.Dir(sub) {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(sub), "wesl.toml")); err == nil {
			return true
		}
	}
	return false
}

// resolveWESL sets the deps of a target to the wgsl_library of each package its modules
// import: the override of `# gazelle:resolve wgsl NAME LABEL`; else, for a name its
// wesl.toml lists, the library of the directory it names by path, or the go_repository's
// for a Go module; else the library indexed under that package name.
func resolveWESL(c *config.Config, ix *resolve.RuleIndex, r *rule.Rule, imp *weslImports, from label.Label) {
	deps := map[string]bool{}
	for _, name := range imp.names {
		l, ok := resolveName(c, ix, imp, name, from)
		if !ok {
			log.Printf("%s: no wgsl_library provides the WESL package %s: list it in a wesl.toml's [dependencies], or name its label with # gazelle:resolve wgsl %s LABEL", from, name, name)
			continue
		}
		if l.Equal(from) {
			continue
		}
		deps[l.Rel(from.Repo, from.Pkg).String()] = true
	}
	if len(deps) == 0 {
		r.DelAttr("deps")
		return
	}
	list := make([]string, 0, len(deps))
	for d := range deps {
		list = append(list, d)
	}
	sort.Strings(list)
	r.SetAttr("deps", list)
}

func resolveName(c *config.Config, ix *resolve.RuleIndex, imp *weslImports, name string, from label.Label) (label.Label, bool) {
	spec := resolve.ImportSpec{Lang: languageName, Imp: name}
	if l, ok := resolve.FindRuleWithOverride(c, spec, languageName); ok {
		return l, true
	}
	if imp.config != nil {
		for _, d := range imp.config.Dependencies {
			if d.Name != name {
				continue
			}
			switch {
			case d.Module != "":
				l, err := label.Parse(weslbazel.ModuleLabel(d.Module, d.ModuleDir))
				return l, err == nil
			case d.Path != "":
				dir := path.Clean(path.Join(imp.rel, d.Path))
				if dir == "." {
					dir = ""
				}
				if found := ix.FindRulesByImport(resolve.ImportSpec{Lang: languageName, Imp: "//" + dir}, languageName); len(found) == 1 {
					return found[0].Label, true
				}
				return label.New("", dir, weslbazel.LibraryName(dir)), true
			}
		}
	}
	found := ix.FindRulesByImport(spec, languageName)
	if len(found) > 1 {
		var labels []string
		for _, f := range found {
			labels = append(labels, f.Label.String())
		}
		log.Printf("%s: several wgsl_library targets are WESL packages named %s (%s): name one with # gazelle:resolve wgsl %s LABEL", from, name, strings.Join(labels, ", "), name)
		return label.NoLabel, false
	}
	if len(found) == 1 {
		return found[0].Label, true
	}
	return label.NoLabel, false
}

// libraryImports indexes a wgsl_library under its package name (what importers that do not
// list it in a wesl.toml call it) and under its directory ("//DIR", what a wesl.toml's path
// names).
func libraryImports(r *rule.Rule, f *rule.File) []resolve.ImportSpec {
	name := r.AttrString("package_name")
	if name == "" {
		name = path.Base(f.Pkg)
	}
	specs := []resolve.ImportSpec{{Lang: languageName, Imp: "//" + f.Pkg}}
	if f.Pkg != "" && !slices.Contains([]string{".", "/"}, name) {
		specs = append(specs, resolve.ImportSpec{Lang: languageName, Imp: name})
	}
	return specs
}
