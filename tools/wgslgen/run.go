package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/gen"
)

// Exit codes of the command-line contract.
const (
	exitOK    = 0
	exitFail  = 1 // shader errors, shaders that cannot be generated, stale files
	exitUsage = 2 // usage and I/O errors
)

const maxInputSize = 64 << 20

// compileOptions are the compiler options wgslgen passes on.
type compileOptions struct {
	Target                string
	UniformStandardLayout bool
	WebGPULimits          bool
	Overrides             map[string]string
}

// compile turns one WGSL file into SPIR-V and its reflection. name is the path as the user gave
// it, for diagnostics; an error is a diag.List when the shader has errors. Tests replace it.
var compile = compileWGSL

func compileWGSL(name string, src []byte, opts compileOptions) ([]uint32, *reflect.Module, diag.List, error) {
	target, err := compiler.ParseTarget(opts.Target)
	if err != nil {
		return nil, nil, nil, err
	}
	res, err := compiler.Compile(compiler.Source{Name: name, Text: src}, compiler.Options{
		Target:                target,
		UniformStandardLayout: opts.UniformStandardLayout,
		WebGPULimits:          opts.WebGPULimits,
		Overrides:             opts.Overrides,
	})
	if err != nil {
		return nil, nil, nil, err
	}
	return res.SPIRV, res.Reflection, res.Warnings, nil
}

// overrideFlags collects repeated -override NAME=VALUE flags.
type overrideFlags []string

func (o *overrideFlags) String() string { return strings.Join(*o, ",") }

func (o *overrideFlags) Set(s string) error {
	if name, _, ok := strings.Cut(s, "="); !ok || name == "" {
		return fmt.Errorf("want NAME=VALUE, got %q", s)
	}
	*o = append(*o, s)
	return nil
}

type config struct {
	out        string
	pkg        string
	embed      string
	target     string
	uniformStd bool
	webgpuLim  bool
	check      bool
	overrides  overrideFlags
	inputs     []string
}

func newFlagSet(cfg *config, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("wgslgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.out, "o", "", "write the Go code to `FILE.go` (default: NAME_wgsl.go beside a single NAME.wgsl)")
	fs.StringVar(&cfg.pkg, "pkg", "", "the Go package `name` (default: the package of the Go files beside the output, else the directory's name)")
	fs.StringVar(&cfg.embed, "embed", "file", "where the SPIR-V goes: file (.spv beside the Go file, //go:embed) or inline")
	fs.StringVar(&cfg.target, "target", "", "target environment: vulkan1.0, vulkan1.1 (default), vulkan1.2 or vulkan1.3")
	fs.BoolVar(&cfg.uniformStd, "uniform-standard-layout", false, "allow storage-buffer layout rules in uniform buffers (uniform_buffer_standard_layout)")
	fs.BoolVar(&cfg.webgpuLim, "webgpu-limits", false, "errors, not warnings, beyond WGSL's limits and WebGPU's default limits (for shaders that must also run on WebGPU)")
	fs.BoolVar(&cfg.check, "check", false, "write nothing; exit 1 if the generated files on disk are stale")
	fs.Var(&cfg.overrides, "override", "substitute override `NAME=VALUE` at compile time (repeatable)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: wgslgen [flags] FILE.wgsl...\n")
		fs.PrintDefaults()
	}
	return fs
}

func run(args []string, stderr io.Writer) int {
	var cfg config
	fs := newFlagSet(&cfg, stderr)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	cfg.inputs = fs.Args()
	usage := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "wgslgen: "+format+"\n", args...)
		return exitUsage
	}
	switch {
	case len(cfg.inputs) == 0:
		fs.Usage()
		return exitUsage
	case cfg.embed != string(gen.EmbedFile) && cfg.embed != string(gen.EmbedInline):
		return usage("unknown -embed %q (want file or inline)", cfg.embed)
	case cfg.out == "" && len(cfg.inputs) > 1:
		return usage("-o is required with several input files: they go into one Go file, so that they share their structures")
	}
	if _, err := compiler.ParseTarget(cfg.target); err != nil {
		return usage("%v", err)
	}
	if cfg.out == "" {
		in := cfg.inputs[0]
		cfg.out = filepath.Join(filepath.Dir(in), strings.TrimSuffix(filepath.Base(in), ".wgsl")+"_wgsl.go")
	}
	if !strings.HasSuffix(cfg.out, ".go") {
		return usage("the output %s is not a .go file", cfg.out)
	}
	outDir := filepath.Dir(cfg.out)
	if cfg.pkg == "" {
		cfg.pkg = defaultPackage(outDir, filepath.Base(cfg.out))
	}
	if !token.IsIdentifier(cfg.pkg) || cfg.pkg == "_" {
		return usage("%q is not a valid package name: set one with -pkg", cfg.pkg)
	}
	stems := map[string]string{}
	for _, in := range cfg.inputs {
		stem := strings.TrimSuffix(filepath.Base(in), ".wgsl")
		if prev, ok := stems[stem]; ok {
			return usage("%s and %s have the same name; their SPIR-V files would collide: generate them into separate packages", prev, in)
		}
		stems[stem] = in
	}

	opts := compileOptions{Target: cfg.target, UniformStandardLayout: cfg.uniformStd, WebGPULimits: cfg.webgpuLim, Overrides: map[string]string{}}
	for _, o := range cfg.overrides {
		name, value, _ := strings.Cut(o, "=")
		opts.Overrides[name] = value
	}
	var shaders []gen.Shader
	code := exitOK
	for _, in := range cfg.inputs {
		src, err := readInput(in)
		if err != nil {
			return usage("%v", err)
		}
		words, refl, warnings, err := compile(in, src, opts)
		warnings.Sort()
		warnings.Print(stderr)
		if err != nil {
			var list diag.List
			if errors.As(err, &list) {
				list.Sort()
				list.Print(stderr)
			} else {
				fmt.Fprintf(stderr, "wgslgen: %s: %v\n", in, err)
			}
			code = exitFail
			continue
		}
		shaders = append(shaders, gen.Shader{Name: filepath.Base(in), SPIRV: words, Reflection: refl})
	}
	if code != exitOK {
		return code
	}
	out, err := gen.Generate(shaders, gen.Options{Package: cfg.pkg, Embed: gen.EmbedMode(cfg.embed)})
	if err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			fmt.Fprintf(stderr, "wgslgen: %s\n", line)
		}
		return exitFail
	}
	files := []gen.File{{Name: filepath.Base(cfg.out), Content: out.Go}}
	files = append(files, out.Files...)
	if cfg.check {
		return check(stderr, outDir, files)
	}
	for _, f := range files {
		if err := writeFile(filepath.Join(outDir, f.Name), f.Content); err != nil {
			return usage("%v", err)
		}
	}
	return exitOK
}

// check reports the files that are missing or differ from what wgslgen would write.
func check(stderr io.Writer, dir string, files []gen.File) int {
	code := exitOK
	for _, f := range files {
		path := filepath.Join(dir, f.Name)
		have, err := os.ReadFile(path)
		switch {
		case errors.Is(err, os.ErrNotExist):
			fmt.Fprintf(stderr, "wgslgen: %s is missing: run go generate\n", path)
			code = exitFail
		case err != nil:
			fmt.Fprintf(stderr, "wgslgen: %v\n", err)
			return exitUsage
		case !bytes.Equal(have, f.Content):
			fmt.Fprintf(stderr, "wgslgen: %s is stale: run go generate\n", path)
			code = exitFail
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
// files), else, under go generate in dir, $GOPACKAGE, else dir's base name made an identifier.
func defaultPackage(dir, output string) string {
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
	if wd, err := os.Getwd(); err == nil && wd == abs && os.Getenv("GOPACKAGE") != "" {
		return os.Getenv("GOPACKAGE")
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
