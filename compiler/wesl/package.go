package wesl

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/diag"
)

// Package is a body of WESL modules under one root directory (Imports.md, "Filesystem
// Resolution"): the module a::b of the package is the file a/b.wesl of its root, else
// a/b.wgsl; package.wesl (or package.wgsl) holds the items of the package's top module.
type Package struct {
	// Name is the package's name in the paths of the program: "package" for the root
	// module's package, the dependency's name for the others (as the first importer calls
	// it). Underscore-count mangling starts its names with it.
	Name string
	// FS reads the package's files; Dir is its root directory there.
	FS  FS
	Dir string
	// Config is the package's wesl.toml, nil without one.
	Config *Config
	// Resolver finds the packages this package's modules import by name; nil: only the
	// dependencies its wesl.toml lists by path.
	Resolver Resolver

	include, exclude []string // absolute patterns (joined with the config's directory)
}

// A Resolver finds the packages that modules import by name. Issue-specific resolvers (Go
// modules, Bazel dependencies) implement it; Resolvers chains several.
type Resolver interface {
	// Resolve returns the package that the modules of from call name; nil, nil when it
	// knows of none (the next resolver of a chain is asked).
	Resolve(from *Package, name string) (*Package, error)
}

// An ExclusiveResolver resolves every name itself: a package resolving through it does not
// first open the dependencies its wesl.toml lists by path. A build system whose actions see
// only the packages they declare (Bazel) gives one, so that a package missing from the
// declaration is an error that says how to declare it, not a directory opened behind its back.
type ExclusiveResolver interface {
	Resolver
	ResolvesAll()
}

// Resolvers tries each resolver in order.
type Resolvers []Resolver

func (rs Resolvers) Resolve(from *Package, name string) (*Package, error) {
	for _, r := range rs {
		if r == nil {
			continue
		}
		p, err := r.Resolve(from, name)
		if p != nil || err != nil {
			return p, err
		}
	}
	return nil, nil
}

// DirResolver resolves package names to directories, each the root of a package or the
// directory of its wesl.toml: what a build system that knows where every package is gives.
type DirResolver struct {
	FS   FS
	Dirs map[string]string
}

func (r DirResolver) Resolve(from *Package, name string) (*Package, error) {
	dir, ok := r.Dirs[name]
	if !ok {
		return nil, nil
	}
	return OpenPackage(r.FS, dir, name)
}

// configResolver resolves the dependencies a package's wesl.toml lists by path.
type configResolver struct{}

func (configResolver) Resolve(from *Package, name string) (*Package, error) {
	if from.Config == nil {
		return nil, nil
	}
	for _, d := range from.Config.Dependencies {
		if d.Name != name || d.Module != "" {
			continue
		}
		if d.Path == "" {
			return nil, fmt.Errorf("dependency %s of %s names the package %q of a package manager, which this linker does not resolve: give its directory instead, %s = { path = \"../%s\" }, or for a library in a Go module, %s = { module = \"example.com/mod\", dir = \"%s\" }", name, from.Config.File.Name, d.Package, name, name, name, name)
		}
		return OpenPackage(from.FS, join(from.Config.Dir, d.Path), name)
	}
	return nil, nil
}

// OpenPackage opens the package whose wesl.toml is in dir, or whose root is dir when there
// is none there.
func OpenPackage(fsys FS, dir, name string) (*Package, error) {
	p := &Package{Name: name, FS: fsys, Dir: dir}
	cfgPath := join(dir, "wesl.toml")
	text, err := fsys.ReadFile(cfgPath)
	switch {
	case err == nil:
		cfg, diags := parseConfig(diag.NewFile(cfgPath, text), dir)
		if cfg == nil {
			return nil, diags
		}
		p.setConfig(cfg)
	case errors.Is(err, fs.ErrNotExist):
		if !isDir(fsys, dir) {
			return nil, fmt.Errorf("package %s: no directory %s", name, dir)
		}
	default:
		return nil, err
	}
	return p, nil
}

func (p *Package) setConfig(cfg *Config) {
	p.Config = cfg
	p.Dir = join(cfg.Dir, cfg.Root)
	for _, pat := range cfg.Include {
		p.include = append(p.include, join(cfg.Dir, pat))
	}
	for _, pat := range cfg.Exclude {
		p.exclude = append(p.exclude, join(cfg.Dir, pat))
	}
}

func (p *Package) resolve(name string) (*Package, error) {
	if _, ok := p.Resolver.(ExclusiveResolver); ok {
		return p.Resolver.Resolve(p, name)
	}
	pkg, err := Resolvers{configResolver{}, p.Resolver}.Resolve(p, name)
	if pkg != nil || err != nil || p.Config == nil {
		return pkg, err
	}
	for _, d := range p.Config.Dependencies {
		if d.Name == name && d.Module != "" {
			pos := p.Config.File.Position(d.Span.Start)
			return nil, fmt.Errorf("%s:%d:%d names the Go module %s, which only a resolver of Go modules opens (wgslgen and wgslc run the go command for it; a library user gives Options.Resolver)", p.Config.File.Name, pos.Line, pos.Column, d.Module)
		}
	}
	return nil, nil
}

// moduleFile looks for the file of the module with the given path (segments below the
// package root; none for the top module) and returns it, or "" with the files it tried
// and why each was not taken.
func (p *Package) moduleFile(segs []string) (file string, tried []string) {
	base := path.Join(segs...)
	if len(segs) == 0 {
		base = "package"
	}
	for _, ext := range []string{".wesl", ".wgsl"} {
		name := join(p.Dir, base+ext)
		info, err := p.FS.Stat(name)
		switch {
		case err != nil || info.IsDir():
			tried = append(tried, name)
		case !p.allowed(name):
			tried = append(tried, name+" (left out by the include and exclude of "+p.Config.File.Name+")")
		default:
			return name, nil
		}
	}
	return "", tried
}

// hasDir reports whether the module path names a directory of the package (a module
// without a file of its own whose submodules may have files).
func (p *Package) hasDir(segs []string) bool {
	return isDir(p.FS, join(p.Dir, path.Join(segs...)))
}

// allowed applies wesl.toml's include and exclude patterns to a file.
func (p *Package) allowed(name string) bool {
	if len(p.include) > 0 && !matchAny(p.include, name) {
		return false
	}
	return !matchAny(p.exclude, name)
}

func matchAny(patterns []string, name string) bool {
	for _, pat := range patterns {
		if matchGlob(pat, name) {
			return true
		}
	}
	return false
}

// matchGlob matches a slash path against a wesl.toml pattern: '*' and '?' within a name,
// "**" for any number of directories; a pattern whose last segment has neither a wildcard
// nor an extension names a directory and matches the files below it.
func matchGlob(pattern, name string) bool {
	ps := strings.Split(pattern, "/")
	if last := ps[len(ps)-1]; !strings.ContainsAny(last, "*?[") && !strings.Contains(last, ".") {
		ps = append(ps, "**", "*")
	}
	return matchSegs(ps, strings.Split(name, "/"))
}

func matchSegs(ps, ns []string) bool {
	for len(ps) > 0 {
		if ps[0] == "**" {
			for i := 0; i <= len(ns); i++ {
				if matchSegs(ps[1:], ns[i:]) {
					return true
				}
			}
			return false
		}
		if len(ns) == 0 {
			return false
		}
		if ok, err := path.Match(ps[0], ns[0]); err != nil || !ok {
			return false
		}
		ps, ns = ps[1:], ns[1:]
	}
	return len(ns) == 0
}
