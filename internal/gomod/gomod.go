// Package gomod resolves the WESL dependencies that a wesl.toml names by Go module,
//
//	[dependencies]
//	lights = { module = "example.com/shaderlib", dir = "lights" }
//
// through the go command's own resolution, run in the consumer's module: the version its
// go.mod requires, replace directives, the module cache, the vendor directory and GOFLAGS
// are the go command's business, so a shader library is versioned, verified and cached
// exactly as the Go code beside it. The compiler runs no commands; wgslgen and wgslc give
// it a Resolver.
//
// The resolver downloads nothing: it runs `go list -m` with GOPROXY=off, so a module
// that `go get` or `go mod download` has not fetched is an error that says which command
// to run, and everything works offline once it has.
package gomod

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/wgslgo/wgslgo/compiler/wesl"
)

// Module is a Go module a WESL package came from, as the go command resolved it.
type Module struct {
	Path    string
	Version string
	// Dir is where its files are: the module cache, a replacement's directory, or the
	// module's directory under the main module's vendor directory.
	Dir string
	// Local is set for a module replaced by a directory: its files are the working tree's,
	// not a version's.
	Local bool
}

// String is how generated files name the module: path@version, the version being the one
// the go command chose (a replacement module's own path and version when go.mod replaces
// it by another module).
func (m Module) String() string { return m.Path + "@" + m.Version }

// Resolver resolves Go-module dependencies for the packages of one program (or several:
// it is safe for concurrent use and asks the go command once per module).
type Resolver struct {
	// Dir is the directory the go command runs in, inside the consumer's module; "" is the
	// working directory.
	Dir string
	// Env is the go command's environment; nil is the process's. GOPROXY=off is added
	// either way.
	Env []string

	mu      sync.Mutex
	main    *goModule
	mainErr error
	mods    map[string]*result
	libs    map[string]Library
}

// Library is a WESL package the resolver opened from a Go module.
type Library struct {
	// Name is the package's name in the program (the [dependencies] key that named it).
	Name string
	// ImportPath is the Go import path of its directory (the directory of its wesl.toml),
	// whose Go package may hold the library's generated Go types; Dir is that directory.
	ImportPath, Dir string
}

type result struct {
	mod Module
	err error
}

// goModule is what `go list -m -json` prints of a module.
type goModule struct {
	Path    string
	Version string
	Dir     string
	Main    bool
	GoMod   string
	Replace *goModule
	Error   *struct{ Err string }
}

// Resolve implements wesl.Resolver: it opens the package that from's wesl.toml names
// under [dependencies] by module and dir, and nil, nil for any other name.
func (r *Resolver) Resolve(from *wesl.Package, name string) (*wesl.Package, error) {
	if from.Config == nil {
		return nil, nil
	}
	for _, d := range from.Config.Dependencies {
		if d.Name != name || d.Module == "" {
			continue
		}
		pos := from.Config.File.Position(d.Span.Start)
		at := fmt.Sprintf("%s:%d:%d", from.Config.File.Name, pos.Line, pos.Column)
		m, err := r.Module(d.Module)
		if err != nil {
			return nil, fmt.Errorf("%v (named by %s)", err, at)
		}
		dir := filepath.Join(m.Dir, filepath.FromSlash(d.ModuleDir))
		if info, err := os.Stat(dir); err != nil || !info.IsDir() {
			msg := fmt.Sprintf("the Go module %s has no directory %s (named by %s)", m, d.ModuleDir, at)
			if strings.HasPrefix(m.Dir, filepath.Join(r.mainDir(), "vendor")+string(filepath.Separator)) {
				msg += ": go mod vendor copies only the directories of Go packages the main module imports; import the library's Go package, or build with -mod=mod"
			}
			return nil, errors.New(msg)
		}
		pkg, err := wesl.OpenPackage(from.FS, filepath.ToSlash(dir), name)
		if err != nil {
			return nil, err
		}
		pkg.Resolver = r
		r.mu.Lock()
		if r.libs == nil {
			r.libs = map[string]Library{}
		}
		r.libs[name] = Library{Name: name, ImportPath: path.Join(d.Module, d.ModuleDir), Dir: dir}
		r.mu.Unlock()
		return pkg, nil
	}
	return nil, nil
}

// Module returns the module of the given path that the consumer's build uses.
func (r *Resolver) Module(modPath string) (Module, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if res := r.mods[modPath]; res != nil {
		return res.mod, res.err
	}
	m, err := r.lookup(modPath)
	if r.mods == nil {
		r.mods = map[string]*result{}
	}
	r.mods[modPath] = &result{m, err}
	return m, err
}

// Modules returns the modules resolved so far, by path.
func (r *Resolver) Modules() []Module {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []Module
	for _, res := range r.mods {
		if res.err == nil {
			out = append(out, res.mod)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// Libraries returns the packages opened so far, by name.
func (r *Resolver) Libraries() []Library {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []Library
	for _, l := range r.libs {
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Describe names a file of a resolved module by the module's version, path@version/file
// (the same in every checkout, module cache and vendor directory); ok is false for other
// files and for modules replaced by a directory, whose files are the working tree's.
func (r *Resolver) Describe(file string) (string, bool) {
	// The module with the longest directory holding the file: a nested module's directory is
	// inside its parent's under vendor/.
	var best Module
	var bestRel string
	for _, m := range r.Modules() {
		rel, err := filepath.Rel(m.Dir, file)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
			continue
		}
		if len(m.Dir) > len(best.Dir) {
			best, bestRel = m, rel
		}
	}
	if best.Dir == "" || best.Local {
		return "", false
	}
	return best.String() + "/" + filepath.ToSlash(bestRel), true
}

func (r *Resolver) mainDir() string {
	if r.main != nil {
		return r.main.Dir
	}
	return ""
}

func (r *Resolver) lookup(modPath string) (Module, error) {
	if r.main == nil && r.mainErr == nil {
		mods, err := r.list()
		switch {
		case err != nil:
			r.mainErr = err
		case len(mods) == 0:
			r.mainErr = errors.New("go list -m printed no main module")
		case mods[0].GoMod == "":
			r.mainErr = errors.New("there is no go.mod in it or above it (go mod init makes one)")
		default:
			r.main = &mods[0]
		}
	}
	if r.mainErr != nil {
		return Module{}, fmt.Errorf("cannot find the Go module of %s, which resolves the shader library %s: %v", r.where(), modPath, r.mainErr)
	}
	if modPath == r.main.Path {
		return Module{Path: modPath, Dir: r.main.Dir, Local: true}, nil
	}
	mods, err := r.list(modPath)
	if err != nil {
		switch msg := err.Error(); {
		case strings.Contains(msg, "not a known dependency"):
			return Module{}, fmt.Errorf("the Go module %s is not a dependency of %s: run `go get %s`", modPath, r.main.Path, modPath)
		case strings.Contains(msg, "lookup disabled by GOPROXY=off"), strings.Contains(msg, "missing go.sum entry"):
			// The module graph needs a go.mod file the module cache does not have.
			return Module{}, fmt.Errorf("the Go module %s, which %s requires, is not in the module cache: run `go mod download %s` (go list -m: %s)", modPath, r.main.Path, modPath, msg)
		}
		return Module{}, fmt.Errorf("go list -m %s: %v", modPath, err)
	}
	g := mods[0]
	if g.Error != nil {
		return Module{}, fmt.Errorf("the Go module %s: %s", modPath, g.Error.Err)
	}
	m := Module{Path: g.Path, Version: g.Version, Dir: g.Dir}
	if g.Main {
		// Another module of the go.work workspace: its working tree, as for a replace.
		m.Local = true
		return m, nil
	}
	if g.Replace != nil {
		if g.Replace.Version == "" {
			m.Local = true
		} else {
			m.Path, m.Version = g.Replace.Path, g.Replace.Version
		}
		if m.Dir == "" {
			m.Dir = g.Replace.Dir
		}
	}
	if m.Local {
		// A directory replacement is read in place, in vendor mode too (the go command
		// lists its directory, as it builds it).
		if info, err := os.Stat(m.Dir); m.Dir == "" || err != nil || !info.IsDir() {
			return Module{}, fmt.Errorf("the Go module %s is replaced by %s, which is not a directory", modPath, g.Replace.Path)
		}
		return m, nil
	}
	if g.Dir == "" {
		if vendored(r.main.Dir, modPath) {
			m.Dir = filepath.Join(r.main.Dir, "vendor", filepath.FromSlash(modPath))
			return m, nil
		}
		return Module{}, fmt.Errorf("the Go module %s, which %s requires, is not in the module cache: run `go mod download %s`", m, r.main.Path, modPath)
	}
	return m, nil
}

// vendored reports whether the main module's vendor/modules.txt lists the module: the go
// command lists no directory for a module in vendor mode.
func vendored(mainDir, modPath string) bool {
	f, err := os.Open(filepath.Join(mainDir, "vendor", "modules.txt"))
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "#" && fields[1] == modPath {
			return true
		}
	}
	return false
}

func (r *Resolver) where() string {
	if r.Dir == "" {
		return "the working directory"
	}
	return r.Dir
}

// list runs go list -m -json with the arguments (none: the main module) and decodes what
// it prints.
func (r *Resolver) list(args ...string) ([]goModule, error) {
	cmd := exec.Command("go", append([]string{"list", "-m", "-json"}, args...)...)
	cmd.Dir = r.Dir
	env := r.Env
	if env == nil {
		env = os.Environ()
	}
	cmd.Env = append(append([]string(nil), env...), "GOPROXY=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("%s", strings.TrimPrefix(msg, "go: "))
	}
	var mods []goModule
	dec := json.NewDecoder(&stdout)
	for dec.More() {
		var m goModule
		if err := dec.Decode(&m); err != nil {
			return nil, fmt.Errorf("reading go list -m -json: %v", err)
		}
		mods = append(mods, m)
	}
	if len(mods) == 0 {
		return nil, fmt.Errorf("go list -m -json %s printed nothing", strings.Join(args, " "))
	}
	return mods, nil
}
