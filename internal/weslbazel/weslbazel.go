// Package weslbazel resolves WESL packages as a Bazel build declares them: each wgsl_library
// target (rules/defs.bzl) is one package, and a compile action sees only the packages its
// target depends on, directly or through the libraries' own deps, as Go's rules do it.
//
// The rules write the packages an action may use in a manifest (JSON, see Manifest), which
// wgslc and wgslgen read with -wesl-packages. The Resolver it makes is the linker's only way
// to packages (a wesl.ExclusiveResolver): a package the target does not declare is an error
// at the import that names the label to add, even where a wesl.toml says where the package
// lies and the action could read it.
//
// The label a dependency is expected at follows the convention wgslgo's Gazelle extension
// writes: the wgsl_library of the directory DIR is //DIR:BASE_wesl (BASE the last element of
// DIR; "wesl" at the repository's root), and a library of the Go module M lies in the
// repository Gazelle's go_repository gives M (RepoName).
package weslbazel

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/wgslgo/wgslgo/compiler/wesl"
)

// Manifest is what a compile action may import: its target's deps and every package they
// reach. Paths are relative to the action's working directory (Bazel's execution root).
type Manifest struct {
	// Target is the label of the target being built, for messages.
	Target string `json:"target"`
	// PackageDir is the directory of the target's BUILD file: a generated file names the
	// module files it comes from relative to it, as `go generate` in that directory does,
	// not relative to Bazel's output tree.
	PackageDir string `json:"package_dir"`
	// Deps are the labels of the target's direct deps: the packages its own modules import.
	Deps []string `json:"deps"`
	// Packages are the libraries Deps reach, each once.
	Packages []Package `json:"packages"`
}

// Package is one wgsl_library.
type Package struct {
	Label string `json:"label"`
	// Name is the package's name for importers that do not name it in a wesl.toml.
	Name string `json:"name"`
	// Dir is the directory of the package's wesl.toml, else its root.
	Dir string `json:"dir"`
	// Deps are the labels of the packages its modules import.
	Deps []string `json:"deps"`
}

// Resolver resolves package names to the packages of a manifest. It is safe for concurrent
// use (wgslgen links its shaders in parallel).
type Resolver struct {
	fsys    wesl.FS
	m       Manifest
	byLabel map[string]*Package
	byDir   map[string]*Package

	mu     sync.Mutex
	opened map[*wesl.Package]*Package
}

// Load reads a manifest file; the packages are read through fsys.
func Load(fsys wesl.FS, file string) (*Resolver, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s: not a WESL package manifest: %v", file, err)
	}
	return New(fsys, m)
}

// New makes the resolver of a manifest.
func New(fsys wesl.FS, m Manifest) (*Resolver, error) {
	r := &Resolver{fsys: fsys, m: m, byLabel: map[string]*Package{}, opened: map[*wesl.Package]*Package{}, byDir: map[string]*Package{}}
	for i := range m.Packages {
		p := &r.m.Packages[i]
		if r.byLabel[p.Label] != nil {
			return nil, fmt.Errorf("the WESL package manifest lists %s twice", p.Label)
		}
		r.byLabel[p.Label] = p
		r.byDir[path.Clean(p.Dir)] = p
	}
	for _, l := range r.deps(nil) {
		if r.byLabel[l] == nil {
			return nil, fmt.Errorf("the WESL package manifest of %s has no package %s, which it depends on", m.Target, l)
		}
	}
	return r, nil
}

// PackageDir is the manifest's PackageDir.
func (r *Resolver) PackageDir() string { return r.m.PackageDir }

// ResolvesAll makes the resolver a wesl.ExclusiveResolver.
func (r *Resolver) ResolvesAll() {}

func (r *Resolver) deps(p *Package) []string {
	if p == nil {
		return r.m.Deps
	}
	return p.Deps
}

func (r *Resolver) label(p *Package) string {
	if p == nil {
		return r.m.Target
	}
	return p.Label
}

// library returns the library a package of the program is (nil: the target's own).
func (r *Resolver) library(from *wesl.Package) *Package {
	r.mu.Lock()
	p := r.opened[from]
	r.mu.Unlock()
	if p != nil {
		return p
	}
	if from.Config != nil {
		if p := r.byDir[path.Clean(from.Config.Dir)]; p != nil && from.Name != "package" {
			return p
		}
	}
	if p := r.byDir[path.Clean(from.Dir)]; p != nil && from.Name != "package" {
		return p
	}
	return nil
}

// Resolve implements wesl.Resolver. A name that from's wesl.toml lists is the dependency
// it names there (by path, or by Go module as the go_repository holding it); any other name
// is the dep whose package has that name.
func (r *Resolver) Resolve(from *wesl.Package, name string) (*wesl.Package, error) {
	lib := r.library(from)
	var deps []*Package
	for _, l := range r.deps(lib) {
		if p := r.byLabel[l]; p != nil {
			deps = append(deps, p)
		}
	}
	if from.Config != nil {
		for _, d := range from.Config.Dependencies {
			if d.Name != name || (d.Path == "" && d.Module == "") {
				continue
			}
			pos := from.Config.File.Position(d.Span.Start)
			want := DirLabel(path.Join(from.Config.Dir, d.Path))
			where := path.Join(from.Config.Dir, d.Path)
			if d.Module != "" {
				want = ModuleLabel(d.Module, d.ModuleDir)
				where = fmt.Sprintf("directory %s of the Go module %s", d.ModuleDir, d.Module)
			}
			for _, p := range deps {
				if sameLabel(p.Label, want) || (d.Module == "" && path.Clean(p.Dir) == where) || (d.Module != "" && sameRepoLabel(p.Label, want)) {
					return r.open(p, name)
				}
			}
			return nil, fmt.Errorf("the WESL package %s (%s, named by %s:%d:%d) is not a dependency of %s: add \"%s\" to its deps", name, where, from.Config.File.Name, pos.Line, pos.Column, r.label(lib), want)
		}
	}
	var found []*Package
	for _, p := range deps {
		if p.Name == name {
			found = append(found, p)
		}
	}
	switch len(found) {
	case 1:
		return r.open(found[0], name)
	case 0:
		return nil, fmt.Errorf("no dependency of %s is a WESL package named %s: add the wgsl_library that provides it to its deps (wgslgo's Gazelle extension finds it by that name, or by a `# gazelle:resolve wgsl %s LABEL` directive)", r.label(lib), name, name)
	}
	var labels []string
	for _, p := range found {
		labels = append(labels, p.Label)
	}
	return nil, fmt.Errorf("the deps %s of %s are all WESL packages named %s: name the one to import in a wesl.toml's [dependencies]", strings.Join(labels, ", "), r.label(lib), name)
}

func (r *Resolver) open(p *Package, name string) (*wesl.Package, error) {
	pkg, err := wesl.OpenPackage(r.fsys, p.Dir, name)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", p.Label, err)
	}
	pkg.Resolver = r
	r.mu.Lock()
	r.opened[pkg] = p
	r.mu.Unlock()
	return pkg, nil
}

// sameLabel compares labels as Bazel prints them: the main repository's labels with or
// without a leading @, the default name of a package left out or not.
func sameLabel(a, b string) bool { return canonical(a) == canonical(b) }

// sameRepoLabel compares a label as Bazel prints it under bzlmod, with the canonical name of
// its repository (@@gazelle~~go_deps~com_example_shaderlib//lights:lights_wesl, "+" for "~"
// in Bazel 8), with one naming the repository as WORKSPACE and use_repo do.
func sameRepoLabel(got, want string) bool {
	repo, rest, ok := strings.Cut(strings.TrimLeft(got, "@"), "//")
	wantRepo, wantRest, _ := strings.Cut(strings.TrimLeft(want, "@"), "//")
	return ok && canonical("//"+rest) == canonical("//"+wantRest) &&
		(strings.HasSuffix(repo, "~"+wantRepo) || strings.HasSuffix(repo, "+"+wantRepo))
}

func canonical(l string) string {
	if strings.HasPrefix(l, "@//") {
		l = l[1:]
	}
	if strings.HasPrefix(l, "//") {
		l = l[2:]
	} else if !strings.HasPrefix(l, "@") {
		return l
	}
	if !strings.Contains(l, ":") {
		l += ":" + path.Base(l[strings.Index(l, "//")+1:])
	}
	return l
}

// LibraryName is the name of the wgsl_library of the Bazel package dir ("" for the root).
// It is not the directory's name alone: Gazelle's Go extension names the go_library of the
// directory that, and a library may carry its generated Go types.
func LibraryName(dir string) string {
	if dir == "" || dir == "." {
		return "wesl"
	}
	return path.Base(dir) + "_wesl"
}

// DirLabel is the label of the wgsl_library of a directory given as a path from the
// execution root (external/REPO/... for another repository's).
func DirLabel(dir string) string {
	dir = path.Clean(dir)
	repo := ""
	if rest, ok := strings.CutPrefix(dir, "external/"); ok {
		repo, dir, _ = strings.Cut(rest, "/")
		repo = "@" + repo
	}
	if dir == "." {
		dir = ""
	}
	return repo + "//" + dir + ":" + LibraryName(dir)
}

// ModuleLabel is the label of the wgsl_library of the directory dir of the Go module
// modPath, in the go_repository that holds the module.
func ModuleLabel(modPath, dir string) string {
	dir = path.Clean(dir)
	if dir == "." {
		dir = ""
	}
	return "@" + RepoName(modPath) + "//" + dir + ":" + LibraryName(dir)
}

// RepoName is the name Gazelle gives the go_repository of a Go module: the host's labels
// reversed, then the path's elements, joined by '_' ('.' and '-' made '_' too), lower case:
// example.com/shader-lib is com_example_shader_lib.
func RepoName(modPath string) string {
	elems := strings.Split(strings.ToLower(modPath), "/")
	host := strings.Split(elems[0], ".")
	slices.Reverse(host)
	name := strings.Join(append(host, elems[1:]...), ".")
	return strings.NewReplacer("-", "_", ".", "_").Replace(name)
}
