// Package wgslgen is the wgslgen command as a library: it compiles WGSL shaders (in parallel),
// generates their Go file with package gen, checks the names it declares against the other Go
// files of the package, and writes the files or, with -check, compares them with the ones on
// disk. The command (tools/wgslgen) and the staleness check of package gencheck run it.
package wgslgen

import (
	"bytes"
	"cmp"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/hostwgsl"
	"github.com/wgslgo/wgslgo/gen"
	"github.com/wgslgo/wgslgo/gen/wgsl"
	"github.com/wgslgo/wgslgo/internal/gomod"
	"github.com/wgslgo/wgslgo/internal/weslbazel"
)

// Exit codes of the command-line contract.
const (
	ExitOK    = 0
	ExitFail  = 1 // shader errors, shaders that cannot be generated, name clashes, stale files
	ExitUsage = 2 // usage and I/O errors
)

const maxInputSize = 64 << 20

// compileOptions are the compiler options wgslgen passes on.
type compileOptions struct {
	Target                string
	UniformStandardLayout bool
	WebGPULimits          bool
	Overrides             map[string]string
	Features              map[string]bool
	WGSL                  bool   // the table embeds the WGSL text
	Dir                   string // relative paths (the modules imported included) are from Dir
	OutDir                string // the generated file's directory
	// For are the WGSL compilers the tables hold the shader for (-for): what they cannot
	// read is a warning at its position.
	For []*hostwgsl.Profile
	// Modules resolves the dependencies wesl.toml files name by Go module, with the go
	// command run in Dir (only when a shader has such a dependency); nil: none are resolved.
	Modules *gomod.Resolver
	// Packages, when set, is the only resolver of packages: Bazel's (-wesl-packages).
	Packages *weslbazel.Resolver
}

// compiler returns the compiler's options for target.
func (o compileOptions) compiler(target compiler.Target) compiler.Options {
	opts := compiler.Options{Target: target, UniformStandardLayout: o.UniformStandardLayout, WebGPULimits: o.WebGPULimits,
		Overrides: o.Overrides, Features: o.Features, FS: dirFS{o.Dir}}
	if o.Packages != nil {
		opts.Resolver = o.Packages
	} else if o.Modules != nil {
		opts.Resolver = o.Modules
	}
	return opts
}

// dirFS reads the operating system's files, relative paths from dir: the modules a WESL
// shader imports are found from the directory wgslgen runs in, as the shader itself.
type dirFS struct{ dir string }

func (f dirFS) path(name string) string {
	if filepath.IsAbs(name) || f.dir == "" {
		return name
	}
	return filepath.Join(f.dir, filepath.FromSlash(name))
}

func (f dirFS) ReadFile(name string) ([]byte, error) { return os.ReadFile(f.path(name)) }

func (f dirFS) Stat(name string) (fs.FileInfo, error) { return os.Stat(f.path(name)) }

// compile turns one WGSL file into a gen.Shader. name is the path as the user gave it, for
// diagnostics; an error is a diag.List when the shader has errors. Tests replace it.
var compile = compileWGSL

func compileWGSL(name string, src []byte, opts compileOptions) (gen.Shader, diag.List, error) {
	target, err := compiler.ParseTarget(opts.Target)
	if err != nil {
		return gen.Shader{}, nil, err
	}
	source := compiler.Source{Name: name, Text: src}
	copts := opts.compiler(target)
	res, err := compiler.Compile(source, copts)
	if err != nil {
		return gen.Shader{}, nil, err
	}
	sh := gen.Shader{Name: filepath.Base(name), Path: name, SPIRV: res.SPIRV, Reflection: res.Reflection, Positions: compiler.DeclPositions(res.Program)}
	if res.Linked.IsWESL() {
		sh.Origins = res.Linked.Origins()
		for _, f := range res.Linked.Files()[1:] {
			file := dirFS{opts.Dir}.path(f.Name)
			if opts.Modules != nil {
				// A library's file by its module's version: the same bytes from every
				// module cache and vendor directory, and a new version is a stale file.
				if name, ok := opts.Modules.Describe(file); ok {
					sh.Imports = append(sh.Imports, name)
					continue
				}
			}
			rel, err := filepath.Rel(opts.OutDir, file)
			if err != nil {
				rel = f.Name
			}
			sh.Imports = append(sh.Imports, filepath.ToSlash(rel))
		}
		sort.Strings(sh.Imports)
	}
	warnings := res.Warnings
	if opts.WGSL {
		w, more, err := compiler.HostWGSL(source, copts)
		warnings = append(warnings, more...)
		if err != nil {
			return gen.Shader{}, warnings, err
		}
		sh.WGSL = &gen.WGSL{Text: w.Text, Overrides: map[string]gen.OverrideText{}}
		for n, o := range w.Overrides {
			sh.WGSL.Overrides[n] = gen.OverrideText{Decl: wgsl.TextRange{Start: o.Decl[0], End: o.Decl[1]},
				Init: wgsl.TextRange{Start: o.Init[0], End: o.Init[1]}}
		}
		sh.WGSL.Immediates = map[string]wgsl.TextRange{}
		for n, r := range w.Immediates {
			sh.WGSL.Immediates[n] = wgsl.TextRange{Start: r[0], End: r[1]}
		}
		sh.WGSL.ImmediateFeature = wgsl.TextRange{Start: w.ImmediateFeature[0], End: w.ImmediateFeature[1]}
		for _, p := range opts.For {
			d, more, err := dialect(source, copts, p)
			warnings = append(warnings, more...)
			if err != nil {
				return gen.Shader{}, warnings, err
			}
			sh.Dialects = append(sh.Dialects, d)
		}
	}
	return sh, warnings, nil
}

// dialect writes the shader for p's compiler. What that compiler cannot read comes back as
// warnings (the shader is fine for every other host), and as the table's Problems.
func dialect(source compiler.Source, opts compiler.Options, p *hostwgsl.Profile) (gen.Dialect, diag.List, error) {
	d := gen.Dialect{Name: p.Name}
	w, diags, err := compiler.DialectWGSL(source, opts, p)
	var refused diag.List
	if list, ok := err.(diag.List); ok && list.HasErrors() {
		refused, err = list, nil
	}
	if err != nil {
		return d, nil, err
	}
	var warnings diag.List
	for _, x := range diags {
		if x.Severity == diag.Error {
			x = &diag.Diagnostic{Severity: diag.Warning, File: x.File, Span: x.Span, Message: x.Message, Rule: x.Rule, Notes: x.Notes}
		}
		warnings = append(warnings, x)
	}
	if w == nil {
		var lines []string
		for _, x := range refused.Errors() {
			pos := x.Position()
			lines = append(lines, fmt.Sprintf("%s:%d:%d: %s", filepath.Base(pos.File), pos.Line, pos.Column, x.Message))
		}
		d.Problems = strings.Join(lines, "\n")
		return d, warnings, nil
	}
	d.Text = w.Text
	d.Overrides = map[string]gen.OverrideText{}
	for n, o := range w.Overrides {
		d.Overrides[n] = gen.OverrideText{Decl: wgsl.TextRange{Start: o.Decl[0], End: o.Decl[1]}, Init: wgsl.TextRange{Start: o.Init[0], End: o.Init[1]}}
	}
	return d, warnings, nil
}

// Command is a wgslgen command line, parsed and checked: what it reads, what it writes and
// how. ParseArgs makes one. wgslgen runs it; tools that must agree with wgslgen about a
// //go:generate line (package gencheck, wgslgo's Gazelle extension) read it.
type Command struct {
	// Out is the Go file, as given (relative to the directory wgslgen runs in, or absolute),
	// or NAME_wgsl.go beside a single NAME.wgsl.
	Out string
	// Package is the -pkg name, "" for the default (see PackageIn).
	Package string
	// Embed says where the SPIR-V goes: gen.EmbedFile or gen.EmbedInline.
	Embed gen.EmbedMode
	// WGSL says whether the tables hold the WGSL text (-wgsl=inline).
	WGSL bool
	// For are the -for names (bindings or package hostwgsl's profiles), in the order given,
	// one per compiler, without modern: the tables' WGSL is the modern text already.
	For []string
	// Prefix is -prefix: every structure gets the Go name of its shader as a prefix
	// (gen.Options.Prefix).
	Prefix bool
	// Target is the -target environment as given, "" for the compiler's default.
	Target string
	// Overrides are the -override values by name (the last one of a name counts).
	Overrides map[string]string
	// Features are the -feature values of WESL's translate-time features by name.
	Features map[string]bool
	// UniformStandardLayout is -uniform-standard-layout.
	UniformStandardLayout bool
	// WebGPULimits is -webgpu-limits: WGSL's and WebGPU's default limits are errors.
	WebGPULimits bool
	// Check is -check: compare instead of writing.
	Check bool
	// Packages is -wesl-packages: the manifest of the WESL packages a Bazel target may
	// import (package weslbazel), which resolves every package the shaders import.
	Packages string
	// Inputs are the shaders as given, sorted by file name: the order in which they are
	// generated, so that the output does not depend on the order of the command line (a
	// build system may sort it).
	Inputs []string
}

// Outputs returns the files the command may write, as paths like Out: the Go file, then with
// the file embed mode one .spv file per shader beside it, in the order of Inputs (a shader
// without entry points has none: see NoSPIRV).
func (c *Command) Outputs() []string {
	outs := []string{c.Out}
	if c.Embed == gen.EmbedFile {
		for _, in := range c.Inputs {
			outs = append(outs, filepath.Join(filepath.Dir(c.Out), gen.SPIRVFileName(filepath.ToSlash(in))))
		}
	}
	return outs
}

// compileOptions are the compiler options the command gives when it runs in dir.
func (c *Command) compileOptions(dir string) compileOptions {
	out := c.Out
	if !filepath.IsAbs(out) {
		out = filepath.Join(dir, out)
	}
	var profiles []*hostwgsl.Profile
	for _, name := range c.For {
		profiles = append(profiles, hostwgsl.Lookup(name))
	}
	return compileOptions{Target: c.Target, UniformStandardLayout: c.UniformStandardLayout, WebGPULimits: c.WebGPULimits,
		Overrides: c.Overrides, Features: c.Features, WGSL: c.WGSL, Dir: dir, OutDir: filepath.Dir(out), For: profiles,
		Modules: &gomod.Resolver{Dir: dir}}
}

// NoSPIRV returns the inputs (as in Inputs, in their order) that the command compiles to no
// SPIR-V, and so writes no .spv file for: modules without entry points (files of shared
// structures), as the compiler reflects them with the command's options. Relative paths are
// from dir. An input that cannot be read or does not check is not one of them: the command
// itself reports its error, with its position.
func (c *Command) NoSPIRV(dir string) []string {
	target, err := compiler.ParseTarget(c.Target)
	if err != nil {
		return nil
	}
	copts := c.compileOptions(dir).compiler(target)
	var none []string
	for _, in := range c.Inputs {
		path := in
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, path)
		}
		src, err := readInput(path)
		if err != nil {
			continue
		}
		m, _, err := compiler.Reflect(compiler.Source{Name: in, Text: src}, copts)
		if err == nil && len(m.EntryPoints) == 0 {
			none = append(none, in)
		}
	}
	return none
}

// Modules returns the files of the WESL modules the inputs import (not the inputs
// themselves), as the command links them in dir: slash-separated paths relative to dir,
// sorted, each once. A build system declares them as inputs of the generation. An input that
// cannot be read or linked adds none: the command itself reports its error.
func (c *Command) Modules(dir string) []string {
	opts := c.compileOptions(dir).compiler("")
	inputs := map[string]bool{}
	for _, in := range c.Inputs {
		inputs[filepath.ToSlash(filepath.Clean(in))] = true
	}
	seen := map[string]bool{}
	var out []string
	for _, in := range c.Inputs {
		src, err := readInput(dirFS{dir}.path(in))
		if err != nil {
			continue
		}
		prog, diags := compiler.Link(compiler.Source{Name: in, Text: src}, opts)
		if diags.HasErrors() {
			continue
		}
		for _, f := range prog.Files()[1:] {
			name := filepath.ToSlash(filepath.Clean(f.Name))
			if !seen[name] && !inputs[name] {
				seen[name] = true
				out = append(out, name)
			}
		}
	}
	sort.Strings(out)
	return out
}

// PackageIn returns the package name the generated file gets when the command runs in dir
// (relative paths are from dir), started by a file of package pkg (go generate's $GOPACKAGE,
// "" when unknown): -pkg, else the package of the Go files beside the output (other than the
// output and test files), else pkg when the output is in dir, else the output directory's
// name made an identifier.
func (c *Command) PackageIn(dir, pkg string) string {
	if c.Package != "" {
		return c.Package
	}
	out := c.Out
	if !filepath.IsAbs(out) {
		out = filepath.Join(dir, out)
	}
	return defaultPackage(filepath.Dir(out), filepath.Base(out), dir, pkg)
}

// forNames lists what -for takes: each binding's name, then each profile's.
func forNames() string {
	var names []string
	for _, p := range hostwgsl.Profiles() {
		for _, b := range p.Bindings {
			names = append(names, b.Name)
		}
	}
	for _, p := range hostwgsl.Profiles() {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

// errUsage is a usage error whose message the flag set has printed already.
var errUsage = errors.New("usage")

// ParseArgs parses and checks wgslgen's command-line arguments (without the command name).
// It returns flag.ErrHelp for -h, and for anything wgslgen would refuse as a usage error an
// error that says what is wrong.
func ParseArgs(args []string) (*Command, error) {
	var msg bytes.Buffer
	cmd, err := parseArgs(args, &msg)
	if errors.Is(err, errUsage) {
		first, _, _ := strings.Cut(strings.TrimSpace(msg.String()), "\n")
		return nil, errors.New(first)
	}
	return cmd, err
}

// parseArgs is ParseArgs; the flag set's messages and the usage go to stderr, and then the
// error is errUsage.
func parseArgs(args []string, stderr io.Writer) (*Command, error) {
	var (
		embed, wgslMode, forList string
		overrides                compiler.OverrideFlag
		features                 compiler.FeatureFlag
		cmd                      Command
	)
	fs := flag.NewFlagSet("wgslgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cmd.Out, "o", "", "write the Go code to `FILE.go` (default: NAME_wgsl.go beside a single NAME.wgsl)")
	fs.StringVar(&cmd.Package, "pkg", "", "the Go package `name` (default: the package of the Go files beside the output, else the directory's name)")
	fs.StringVar(&embed, "embed", "file", "where the SPIR-V goes: file (.spv beside the Go file, //go:embed) or inline")
	fs.StringVar(&wgslMode, "wgsl", "inline", "whether the tables hold the WGSL text, for WebGPU hosts: inline (a string constant) or none")
	fs.StringVar(&cmd.Target, "target", "", "target environment: vulkan1.0, vulkan1.1 (default), vulkan1.2 or vulkan1.3")
	fs.BoolVar(&cmd.UniformStandardLayout, "uniform-standard-layout", false, "allow storage-buffer layout rules in uniform buffers (uniform_buffer_standard_layout)")
	fs.BoolVar(&cmd.WebGPULimits, "webgpu-limits", false, "errors, not warnings, beyond WGSL's limits and WebGPU's default limits (for shaders that must also run on WebGPU)")
	fs.BoolVar(&cmd.Prefix, "prefix", false, "prefix every structure's Go name with its shader's, as the shader's other names are (ParticlesParticle), so that shaders which declare a name differently share a package")
	fs.BoolVar(&cmd.Check, "check", false, "write nothing; exit 1 if the generated files on disk are stale")
	fs.Var(&overrides, "override", "substitute override `NAME=VALUE` at compile time (repeatable)")
	fs.StringVar(&forList, "for", "", "also write the WGSL each of these `BINDINGS` compiles (comma-separated: "+forNames()+"), warning about what it cannot read")
	fs.StringVar(&cmd.Packages, "wesl-packages", "", "resolve the WESL packages the shaders import with the manifest `FILE` only (Bazel's rules write it)")
	fs.Var(&features, "feature", "set the WESL translate-time feature `NAME` on, or NAME=false off (repeatable)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: wgslgen [flags] FILE.wgsl|ROOT.wesl...\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, errUsage
	}
	cmd.Inputs = fs.Args()
	switch {
	case len(cmd.Inputs) == 0:
		fs.Usage()
		return nil, errUsage
	case embed != string(gen.EmbedFile) && embed != string(gen.EmbedInline):
		return nil, fmt.Errorf("unknown -embed %q (want file or inline)", embed)
	case wgslMode != "inline" && wgslMode != "none":
		return nil, fmt.Errorf("unknown -wgsl %q (want inline or none)", wgslMode)
	case cmd.Out == "" && len(cmd.Inputs) > 1:
		return nil, errors.New("-o is required with several input files: they go into one Go file, so that they share their structures")
	}
	cmd.Embed, cmd.WGSL = gen.EmbedMode(embed), wgslMode == "inline"
	if forList != "" {
		if !cmd.WGSL {
			return nil, errors.New("-for writes WGSL texts into the tables, which -wgsl=none leaves out: drop one of them")
		}
		var seen []*hostwgsl.Profile
		for _, name := range strings.Split(forList, ",") {
			name = strings.TrimSpace(name)
			p := hostwgsl.Lookup(name)
			if p == nil {
				return nil, fmt.Errorf("unknown -for %q (want %s)", name, forNames())
			}
			if p != hostwgsl.Modern && !slices.Contains(seen, p) {
				seen = append(seen, p) // the modern text is the table's WGSL already
				cmd.For = append(cmd.For, name)
			}
		}
	}
	if _, err := compiler.ParseTarget(cmd.Target); err != nil {
		return nil, err
	}
	if cmd.Out == "" {
		in := cmd.Inputs[0]
		cmd.Out = filepath.Join(filepath.Dir(in), shaderStem(in)+"_wgsl.go")
	}
	if !strings.HasSuffix(cmd.Out, ".go") {
		return nil, fmt.Errorf("the output %s is not a .go file", cmd.Out)
	}
	if cmd.Package != "" && (!token.IsIdentifier(cmd.Package) || cmd.Package == "_") {
		return nil, fmt.Errorf("%q is not a valid package name: set one with -pkg", cmd.Package)
	}
	stems := map[string]string{}
	for _, in := range cmd.Inputs {
		stem := shaderStem(in)
		if prev, ok := stems[stem]; ok {
			return nil, fmt.Errorf("%s and %s have the same name; their SPIR-V files would collide: generate them into separate packages", prev, in)
		}
		stems[stem] = in
	}
	sort.SliceStable(cmd.Inputs, func(i, j int) bool { return filepath.Base(cmd.Inputs[i]) < filepath.Base(cmd.Inputs[j]) })
	cmd.Overrides = map[string]string{}
	maps.Copy(cmd.Overrides, overrides)
	if len(features) > 0 {
		cmd.Features = map[string]bool{}
		maps.Copy(cmd.Features, features)
	}
	return &cmd, nil
}

// shaderStem is a shader file's base name without its .wgsl or .wesl extension.
func shaderStem(name string) string {
	base := filepath.Base(name)
	if s, ok := strings.CutSuffix(base, ".wesl"); ok {
		return s
	}
	return strings.TrimSuffix(base, ".wgsl")
}

// Main runs wgslgen with the command-line arguments args, as go generate runs it: relative
// paths from the working directory, the package $GOPACKAGE by default when there is no Go
// file to take it from. It returns the exit status.
func Main(args []string, stderr io.Writer) int {
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(stderr, "wgslgen: %v\n", err)
		return ExitUsage
	}
	return run(wd, os.Getenv("GOPACKAGE"), args, stderr, generateDir())
}

// RunIn runs wgslgen with the arguments args as a //go:generate line of a Go file of package
// pkg in directory dir: relative paths are from dir. It returns the exit status.
func RunIn(dir, pkg string, args []string, stderr io.Writer) int {
	return run(dir, pkg, args, stderr, "")
}

// run is wgslgen: relative paths are from dir, and pkg is the package of the file that runs
// it, "" when unknown. Messages name files from userDir, the directory the user works in
// (where go generate runs, when it runs wgslgen in another directory), "" for dir.
func run(dir, pkg string, args []string, stderr io.Writer, userDir string) int {
	cmd, err := parseArgs(args, stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return ExitOK
	case errors.Is(err, errUsage):
		return ExitUsage
	case err != nil:
		fmt.Fprintf(stderr, "wgslgen: %v\n", err)
		return ExitUsage
	}
	usage := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "wgslgen: "+format+"\n", args...)
		return ExitUsage
	}
	path := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, p)
	}
	show := func(p string) string { return showPath(dir, userDir, p) }
	outDir := filepath.Dir(path(cmd.Out))
	pkgName := cmd.PackageIn(dir, pkg)
	if !token.IsIdentifier(pkgName) || pkgName == "_" {
		return usage("%q is not a valid package name: set one with -pkg", pkgName)
	}

	opts := cmd.compileOptions(dir)
	if cmd.Packages != "" {
		r, err := weslbazel.Load(dirFS{dir}, path(cmd.Packages))
		if err != nil {
			return usage("%v", err)
		}
		opts.Packages, opts.Modules = r, nil
		if r.PackageDir() != "" {
			opts.OutDir = path(r.PackageDir())
		}
	}
	if userDir != "" {
		// The shaders compile under the names messages show, relative to where the user
		// works: the modules a WESL shader imports are found from there too.
		opts.Dir = userDir
	}
	srcs := make([][]byte, len(cmd.Inputs))
	for i, in := range cmd.Inputs {
		var err error
		if srcs[i], err = readInput(path(in)); err != nil {
			return usage("%v", err)
		}
	}
	shown := make([]string, len(cmd.Inputs))
	for i, in := range cmd.Inputs {
		shown[i] = show(in)
	}
	results := compileAll(shown, srcs, opts)
	var shaders []gen.Shader
	code := ExitOK
	for i, r := range results {
		r.warnings.Sort()
		r.warnings.Print(stderr)
		if r.err != nil {
			var list diag.List
			if errors.As(r.err, &list) {
				list.Sort()
				list.Print(stderr)
			} else {
				fmt.Fprintf(stderr, "wgslgen: %s: %v\n", shown[i], r.err)
			}
			code = ExitFail
			continue
		}
		shaders = append(shaders, r.shader)
	}
	if code != ExitOK {
		return code
	}
	gopts := gen.Options{Package: pkgName, Embed: cmd.Embed, Prefix: cmd.Prefix, Published: published(opts.Modules, outDir)}
	out, err := gen.Generate(shaders, gopts)
	if err != nil {
		printLines(stderr, err)
		return ExitFail
	}
	// The names -prefix would give, for the advice about clashes with other files.
	prefixed := sync.OnceValue(func() *gen.Output {
		if gopts.Prefix {
			return nil
		}
		popts := gopts
		popts.Prefix = true
		p, _ := gen.Generate(shaders, popts)
		return p
	})
	if err := checkNames(outDir, filepath.Base(cmd.Out), pkgName, out, prefixed, show); err != nil {
		printLines(stderr, err)
		return ExitFail
	}
	files := []gen.File{{Name: filepath.Base(cmd.Out), Content: out.Go}}
	files = append(files, out.Files...)
	if cmd.Check {
		return check(stderr, outDir, cmd.Out, files, show)
	}
	for _, f := range files {
		if err := writeFile(filepath.Join(outDir, f.Name), f.Content); err != nil {
			return usage("%v", err)
		}
	}
	return ExitOK
}

func printLines(w io.Writer, err error) {
	for _, line := range strings.Split(err.Error(), "\n") {
		fmt.Fprintf(w, "wgslgen: %s\n", line)
	}
}

type result struct {
	shader   gen.Shader
	warnings diag.List
	err      error
}

// compileAll compiles the shaders on every core; the results are in the order of the inputs,
// so the output and the order of the diagnostics do not depend on the scheduling.
func compileAll(names []string, srcs [][]byte, opts compileOptions) []result {
	results := make([]result, len(names))
	work := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(names)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				r := &results[i]
				r.shader, r.warnings, r.err = compile(names[i], srcs[i], opts)
			}
		}()
	}
	for i := range names {
		work <- i
	}
	close(work)
	wg.Wait()
	return results
}

// declared is a package-level declaration of another Go file of the package.
type declared struct {
	file  string // the base name
	where string // "file:line:col", as messages show it
	decl
	gen bool // the file is generated by wgslgen
}

// checkNames checks the package-level names of the generated file out against the
// declarations of the other Go files of package pkg in dir (those a build of the package, or
// of its tests, compiles with it), and reports every clash, one per pair of declarations,
// with both positions and what to do. prefixed returns out generated with gen.Options.Prefix, nil
// when the command has -prefix already or that fails: the names -prefix would give (called
// only for a clash). show turns a path into the one messages print.
func checkNames(dir, output, pkg string, out *gen.Output, prefixed func() *gen.Output, show func(string) string) error {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	sort.Strings(files)
	others := map[string]declared{}
	for _, path := range files {
		if filepath.Base(path) == output {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, filepath.Base(path)); err != nil || !ok {
			continue // excluded by its build constraints
		}
		src, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil || f.Name.Name != pkg {
			continue // another package (pkg_test), or a file go build would reject anyway
		}
		generated := false
		for _, c := range f.Comments {
			if c.Pos() < f.Package && strings.Contains(c.Text(), gen.Header) {
				generated = true
			}
		}
		for name, d := range declarations(fset, f, src) {
			if _, ok := others[name]; !ok {
				p := fset.Position(d.pos)
				others[name] = declared{file: filepath.Base(path), where: fmt.Sprintf("%s:%d:%d", show(path), p.Line, p.Column), decl: d, gen: generated}
			}
		}
	}
	var ours map[string]decl
	fset := token.NewFileSet()
	if f, err := parser.ParseFile(fset, output, out.Go, parser.SkipObjectResolution); err == nil {
		ours = declarations(fset, f, out.Go)
	}
	// One message per declaration of ours and file of theirs, in the order of the generated
	// file.
	type clash struct {
		n     gen.Name
		other declared
		names []string
		same  bool // every clashing declaration is the same text in both files
	}
	var clashes []*clash
	for _, n := range out.Names {
		o, ok := others[n.Name]
		if !ok {
			continue
		}
		i := slices.IndexFunc(clashes, func(c *clash) bool { return c.n.What == n.What && c.n.Where == n.Where && c.other.file == o.file })
		if i < 0 {
			clashes = append(clashes, &clash{n: n, other: o, same: true})
			i = len(clashes) - 1
		}
		c := clashes[i]
		c.names = append(c.names, n.Name)
		c.same = c.same && ours[n.Name].text == o.text
	}
	slices.SortStableFunc(clashes, func(a, b *clash) int { return cmp.Compare(ours[a.names[0]].pos, ours[b.names[0]].pos) })
	var errs []string
	for _, c := range clashes {
		var fix string
		switch {
		case c.other.gen && c.same:
			fix = "generate the shaders of both files with one wgslgen line (wgslgen -o FILE.go a.wgsl b.wgsl), which shares identical declarations"
		case c.other.gen:
			fix = "the declarations differ" + difference(c.names, ours, others) + ": rename one of them in WGSL"
		default:
			fix = fmt.Sprintf("rename the WGSL declaration, or the Go one in %s", c.other.file)
		}
		if !c.same || !c.other.gen {
			if alt := prefixedNames(prefixed(), c.n); len(alt) > 0 {
				fix += fmt.Sprintf(", or add -prefix to this wgslgen line, which makes its Go %s", nameList(alt))
			}
		}
		other := "a declaration of " + c.other.file
		if c.other.gen {
			other = "the generated " + c.other.file
		}
		msg := ""
		if c.n.Where != "" {
			msg = c.n.Where + ": "
		}
		errs = append(errs, fmt.Sprintf("%s%s needs the Go %s, which %s declares too (%s): %s", msg, c.n.What, nameList(c.names), other, c.other.where, fix))
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "\n"))
	}
	return nil
}

// prefixedNames returns the Go names the declaration of n has in prefixed, when they differ.
func prefixedNames(prefixed *gen.Output, n gen.Name) []string {
	if prefixed == nil {
		return nil
	}
	var names []string
	for _, p := range prefixed.Names {
		if p.What == n.What && p.Where == n.Where {
			if p.Name == n.Name {
				return nil
			}
			names = append(names, p.Name)
		}
	}
	return names
}

// nameList is "name X" or "names X, Y and Z".
func nameList(names []string) string {
	if len(names) == 1 {
		return "name " + names[0]
	}
	return "names " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// decl is a package-level declaration: where its name is and its source text.
type decl struct {
	pos  token.Pos
	text string // a type's spec, a function, a constant's or variable's spec
	fn   bool   // a function
}

// difference shows the first line that differs between two declarations of one of names,
// here (ours) and there (others): a type's, a constant's or a variable's when one differs,
// else a function's, "" when none does.
func difference(names []string, ours map[string]decl, others map[string]declared) string {
	for _, fn := range []bool{false, true} {
		for _, n := range names {
			a, b := ours[n], others[n]
			if a.fn != fn || a.text == b.text {
				continue
			}
			// gofmt aligns a declaration's lines by its longest: compare them without it.
			x, y := strings.Split(a.text, "\n"), strings.Split(b.text, "\n")
			for i := range min(len(x), len(y)) {
				l, m := strings.Join(strings.Fields(x[i]), " "), strings.Join(strings.Fields(y[i]), " ")
				if l != m {
					return fmt.Sprintf(" (`%s` here, `%s` there)", l, m)
				}
			}
		}
	}
	return ""
}

// declarations returns the package-level declarations of a file by name (methods aside), each
// with the text of its spec (a type, a constant, a variable) or function.
func declarations(fset *token.FileSet, f *ast.File, src []byte) map[string]decl {
	out := map[string]decl{}
	text := func(n ast.Node) string {
		file := fset.File(n.Pos())
		return string(src[file.Offset(n.Pos()):file.Offset(n.End())])
	}
	add := func(id *ast.Ident, n ast.Node) {
		if id.Name == "_" || id.Name == "init" {
			return
		}
		if _, ok := out[id.Name]; !ok {
			_, fn := n.(*ast.FuncDecl)
			out[id.Name] = decl{pos: id.Pos(), text: text(n), fn: fn}
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				add(d.Name, d)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					add(s.Name, s)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						add(n, s)
					}
				}
			}
		}
	}
	return out
}

// check reports the files that are missing or differ from what wgslgen would write.
func check(stderr io.Writer, dir, out string, files []gen.File, show func(string) string) int {
	code := ExitOK
	for _, f := range files {
		path := filepath.Join(dir, f.Name)
		shown := show(filepath.Join(filepath.Dir(out), f.Name))
		have, err := os.ReadFile(path)
		switch {
		case errors.Is(err, os.ErrNotExist):
			fmt.Fprintf(stderr, "wgslgen: %s is missing: run go generate\n", shown)
			code = ExitFail
		case err != nil:
			fmt.Fprintf(stderr, "wgslgen: %v\n", err)
			return ExitUsage
		case !bytes.Equal(have, f.Content):
			fmt.Fprintf(stderr, "wgslgen: %s is stale: run go generate\n", shown)
			code = ExitFail
		}
	}
	return code
}

// writeFile writes data to path through a temporary file, so that a failure never leaves a
// half-written file, and leaves a file that already holds data untouched (its modification
// time too).
func writeFile(path string, data []byte) error {
	if have, err := os.ReadFile(path); err == nil && bytes.Equal(have, data) {
		return nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// defaultPackage returns the package of the Go files in dir (other than the output and test
// files), else pkg (go generate's $GOPACKAGE) when dir is runDir, the directory of the file
// that runs wgslgen, else dir's base name made an identifier.
func defaultPackage(dir, output, runDir, pkg string) string {
	names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	sort.Strings(names)
	for _, name := range names {
		if filepath.Base(name) == output || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.PackageClauseOnly)
		if err == nil && f.Name.Name != "documentation" {
			return f.Name.Name
		}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	if run, err := filepath.Abs(runDir); err == nil && run == abs && pkg != "" {
		return pkg
	}
	name := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
			return r
		}
		return '_'
	}, filepath.Base(abs))
	if name != "" && unicode.IsDigit([]rune(name)[0]) {
		name = "_" + name
	}
	return name
}

func readInput(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxInputSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxInputSize {
		return nil, fmt.Errorf("%s: input larger than %d MiB", path, maxInputSize>>20)
	}
	return data, nil
}

// Table compiles one WGSL file and returns its table as wgslgen's generated code holds it with
// the default options (the SPIR-V for vulkan1.1 and the WGSL text inline): for programs that
// compile shaders at run time, such as the tests that hand every shader of a corpus to a
// WebGPU adapter. name is the file's path, for diagnostics; an error is a diag.List when the
// shader has errors.
//
// With dialects, the table also holds the shader written for each of those WGSL compilers,
// as wgslgen -for writes it (wgsl.Shader.WGSLFor); a dialect the shader cannot be written for
// holds the reasons.
func Table(name string, src []byte, dialects ...wgsl.Dialect) (*wgsl.Shader, error) {
	opts := compileOptions{WGSL: true}
	for _, d := range dialects {
		p := hostwgsl.Lookup(string(d))
		if p == nil {
			return nil, fmt.Errorf("wgslgen: no WGSL dialect %q", d)
		}
		if d != wgsl.Modern {
			opts.For = append(opts.For, p)
		}
	}
	sh, _, err := compile(name, src, opts)
	if err != nil {
		return nil, err
	}
	tables, err := gen.Tables([]gen.Shader{sh})
	if err != nil {
		return nil, err
	}
	return &tables[0], nil
}

// published finds the Go types that the libraries resolved from Go modules publish: the
// structures of their WESL modules that their own wgslgen output declares, in the Go package
// of the library's directory. The generated file uses those instead of copies, so that a
// Light of the library is one Go type in the library and in every package that uses it. A
// library without generated Go (or a package that is the library itself) publishes nothing.
func published(r *gomod.Resolver, outDir string) map[string]gen.GoIdent {
	if r == nil {
		return nil
	}
	types := map[string]gen.GoIdent{}
	for _, lib := range r.Libraries() {
		if same, err := sameDir(lib.Dir, outDir); err != nil || same {
			continue
		}
		entries, err := os.ReadDir(lib.Dir)
		if err != nil {
			continue
		}
		fset := token.NewFileSet()
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(lib.Dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil || !ast.IsGenerated(f) || !strings.Contains(f.Comments[0].Text(), gen.Header) {
				continue
			}
			for _, decl := range f.Decls {
				g, ok := decl.(*ast.GenDecl)
				if !ok || g.Tok != token.TYPE || g.Doc == nil || len(g.Specs) != 1 {
					continue
				}
				spec := g.Specs[0].(*ast.TypeSpec)
				if _, isStruct := spec.Type.(*ast.StructType); !isStruct || spec.Assign != 0 {
					continue
				}
				goName, origin, ok := gen.StructOrigin(strings.Join(strings.Fields(g.Doc.Text()), " "))
				if !ok || goName != spec.Name.Name || !strings.HasPrefix(origin, "package::") {
					continue
				}
				types[lib.Name+strings.TrimPrefix(origin, "package")] = gen.GoIdent{GoImportPath: gen.GoImportPath(lib.ImportPath), GoName: goName}
			}
		}
	}
	return types
}

// sameDir reports whether two directories are one.
func sameDir(a, b string) (bool, error) {
	ia, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	ib, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(ia, ib), nil
}
