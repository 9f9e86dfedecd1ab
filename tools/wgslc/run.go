package main

import (
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/migrate"
	"github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/wesl"
	"github.com/wgslgo/wgslgo/internal/gomod"
	"github.com/wgslgo/wgslgo/internal/weslbazel"
)

// Exit codes of the command-line contract.
const (
	exitOK       = 0
	exitDiags    = 1
	exitUsage    = 2
	maxInputSize = 64 << 20
)

type config struct {
	out          string
	reflectOut   string
	parseOnly    bool
	check        bool
	migrate      bool
	dialect      string
	target       string
	entryPoint   string
	robustness   string
	uniformStd   bool
	webgpuLim    bool
	debug        bool
	noNames      bool
	diagFormat   string
	overrides    compiler.OverrideFlag
	features     compiler.FeatureFlag
	mangle       string
	emit         string
	sourceMap    string
	weslPackages string
	input        string

	// Set by resolve.
	syntaxDialect syntax.Dialect
	compileTarget compiler.Target
	mangling      wesl.Mangling
	// batch is set when the file is one of a batch's inputs.
	batch bool
}

const usage = `usage: wgslc [flags] FILE.wgsl
       wgslc --emit=wgsl [-o OUT.wgsl] [--source-map OUT.json] ROOT.wesl
       wgslc [flags] INPUT...
       wgslc test [-v] [-run REGEXP] FILE...   (wgslc test -h)

A file is a WGSL module or the root module of a WESL program (.wesl or .wgsl): its imports
are read from its package (the directory of its wesl.toml's root, or its own directory),
--feature gives the values of @if's features, and the program is linked before it is
compiled. --wesl-packages FILE (written by Bazel's rules) resolves the packages it imports
from the manifest FILE only. --emit=wgsl writes the linked program as one WGSL module instead of SPIR-V (to
standard output without -o).

One file: -o OUT.spv and --reflect OUT.json name the files written; FILE '-' reads the
source from standard input.

Several files (a batch): more than one INPUT, a directory INPUT, or -o/--reflect naming a
directory (an existing one, or a path ending in /, created if missing).
  INPUT     a file; a directory: its .wgsl and .wesl files, recursively, in lexical order, skipping
            names that start with '.'; '-': a list of paths on standard input, one a line
            (or NUL-separated, as find -print0 writes them)
  outputs   -o DIR and --reflect DIR: X.wgsl is written to DIR/X.spv (X.wgsl with --emit=wgsl)
            and DIR/X.json; a file
            D/SUB/X.wgsl found under a directory INPUT D to DIR/SUB/X.spv and DIR/SUB/X.json.
            Two inputs with the same output name (ignoring case) are an error that names
            both, and nothing is compiled.
  Inputs compile in parallel, GOMAXPROCS at a time. Each output, and each input's
  diagnostics, are exactly those of a run on that file alone, printed in input order (with
  --diagnostics-format=json, one array per input). A failing input does not stop the others.

Exit status: 0 on success, 1 when a shader has errors, 2 for usage or I/O errors; for a
batch, the highest of its inputs'.

Flags:
`

func newFlagSet(cfg *config, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("wgslc", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.out, "o", "", "write SPIR-V to `OUT.spv`")
	fs.StringVar(&cfg.reflectOut, "reflect", "", "write reflection JSON to `OUT.json`")
	fs.BoolVar(&cfg.parseOnly, "parse-only", false, "only parse: exit 0 when the syntax is valid, 1 with diagnostics")
	fs.BoolVar(&cfg.check, "check", false, "parse and type-check only")
	fs.BoolVar(&cfg.migrate, "migrate", false, "print a 2021-draft shader as modern WGSL")
	fs.StringVar(&cfg.dialect, "dialect", "auto", "source dialect: auto, modern or legacy2021")
	fs.StringVar(&cfg.target, "target", "vulkan1.1", "target environment: vulkan1.0, vulkan1.1, vulkan1.2 or vulkan1.3")
	fs.StringVar(&cfg.entryPoint, "entry-point", "", "keep only the entry point `NAME`")
	fs.StringVar(&cfg.robustness, "robustness", "on", "bounds clamping of memory accesses: on or off")
	fs.BoolVar(&cfg.uniformStd, "uniform-standard-layout", false, "allow storage-buffer layout rules in uniform buffers (uniform_buffer_standard_layout)")
	fs.BoolVar(&cfg.webgpuLim, "webgpu-limits", false, "errors, not warnings, beyond WGSL's limits and WebGPU's default limits (for shaders that must also run on WebGPU)")
	fs.BoolVar(&cfg.debug, "g", false, "debug information: embed the source (OpString, OpSource) and map instructions to its lines and columns (OpLine)")
	fs.BoolVar(&cfg.noNames, "strip-names", false, "leave out OpName and OpMemberName (smaller SPIR-V)")
	fs.StringVar(&cfg.diagFormat, "diagnostics-format", "text", "diagnostics format: text or json")
	fs.Var(&cfg.overrides, "override", "substitute override `NAME=VALUE` at compile time (repeatable)")
	fs.StringVar(&cfg.weslPackages, "wesl-packages", "", "resolve the WESL packages the input imports with the manifest `FILE` only (Bazel's rules write it)")
	fs.Var(&cfg.features, "feature", "set the WESL translate-time feature `NAME` on, or NAME=false off (repeatable); @if needs a value for every feature it tests")
	fs.StringVar(&cfg.mangle, "mangle", "minimal", "names of the declarations of imported modules: minimal (renamed only on a collision) or underscore (the path: package_util_name)")
	fs.StringVar(&cfg.emit, "emit", "spirv", "output: spirv, or wgsl for the linked WESL program as one WGSL module")
	fs.StringVar(&cfg.sourceMap, "source-map", "", "with --emit=wgsl, write a source map from the linked WGSL back to the module files to `OUT.json`")
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	return fs
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "test" {
		return runTest(args[1:], stdout, stderr)
	}
	var cfg config
	fs := newFlagSet(&cfg, stderr)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "wgslc: no input file")
		fs.Usage()
		return exitUsage
	}
	if !cfg.resolve(stderr) {
		return exitUsage
	}
	if isBatch(&cfg, fs.Args()) {
		return runBatch(cfg, fs.Args(), stderr)
	}
	cfg.input = fs.Arg(0)
	return compileFile(cfg, stdout, stderr)
}

// resolve checks the flags that name a choice and keeps their parsed values, reporting the
// first that is wrong.
func (cfg *config) resolve(stderr io.Writer) bool {
	dialect, ok := map[string]syntax.Dialect{
		"auto": syntax.DialectAuto, "modern": syntax.DialectModern, "legacy2021": syntax.DialectLegacy2021,
	}[cfg.dialect]
	if !ok {
		fmt.Fprintf(stderr, "wgslc: unknown --dialect %q (want auto, modern or legacy2021)\n", cfg.dialect)
		return false
	}
	cfg.syntaxDialect = dialect
	if cfg.diagFormat != "text" && cfg.diagFormat != "json" {
		fmt.Fprintf(stderr, "wgslc: unknown --diagnostics-format %q (want text or json)\n", cfg.diagFormat)
		return false
	}
	target, err := compiler.ParseTarget(cfg.target)
	if err != nil {
		fmt.Fprintf(stderr, "wgslc: %v\n", err)
		return false
	}
	cfg.compileTarget = target
	if cfg.robustness != "on" && cfg.robustness != "off" {
		fmt.Fprintf(stderr, "wgslc: --robustness must be on or off, not %q\n", cfg.robustness)
		return false
	}
	if cfg.mangling, err = wesl.ParseMangling(cfg.mangle); err != nil {
		fmt.Fprintf(stderr, "wgslc: --mangle: %v\n", err)
		return false
	}
	if cfg.emit != "spirv" && cfg.emit != "wgsl" {
		fmt.Fprintf(stderr, "wgslc: unknown --emit %q (want spirv or wgsl)\n", cfg.emit)
		return false
	}
	if cfg.sourceMap != "" && cfg.emit != "wgsl" {
		fmt.Fprintln(stderr, "wgslc: --source-map maps linked WGSL: use it with --emit=wgsl")
		return false
	}
	return true
}

// compileFile does what one run of wgslc does for one input (cfg.input) and returns the exit
// code of that run: a batch calls it for each of its inputs, so that every output and every
// diagnostic is what a run on that file alone gives. It writes to stdout only for --migrate.
func compileFile(cfg config, stdout, stderr io.Writer) int {
	dialect := cfg.syntaxDialect
	text, err := readInput(cfg.input)
	if err != nil {
		fmt.Fprintf(stderr, "wgslc: %v\n", err)
		return exitUsage
	}
	file := diag.NewFile(displayName(cfg.input), text)

	if cfg.parseOnly {
		return report(stderr, cfg.diagFormat, wesl.ParseOnly(inputFS(cfg.input), file.Name, text, dialect))
	}
	if cfg.migrate {
		return runMigrate(stdout, stderr, cfg, file, dialect)
	}
	resolver, err := inputResolver(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "wgslc: %v\n", err)
		return exitUsage
	}
	src := compiler.Source{Name: file.Name, Text: text}
	opts := compiler.Options{
		Features:              cfg.features,
		Mangle:                cfg.mangling,
		FS:                    inputFS(cfg.input),
		Resolver:              resolver,
		Dialect:               dialect,
		Target:                cfg.compileTarget,
		EntryPoint:            cfg.entryPoint,
		NoRobustness:          cfg.robustness == "off",
		UniformStandardLayout: cfg.uniformStd,
		WebGPULimits:          cfg.webgpuLim,
		Debug:                 cfg.debug,
		NoNames:               cfg.noNames,
		Overrides:             cfg.overrides,
		// Without --reflect the reflection is not written: not made either.
		NoReflection: cfg.reflectOut == "",
	}
	if cfg.emit == "wgsl" {
		return emitWGSL(cfg, src, opts, stdout, stderr)
	}
	if cfg.check || (cfg.out == "" && cfg.reflectOut == "") {
		_, diags := compiler.Check(src, opts)
		return report(stderr, cfg.diagFormat, diags)
	}
	if cfg.out == "" {
		m, diags, err := compiler.Reflect(src, opts)
		if code := report(stderr, cfg.diagFormat, diags); code != exitOK {
			return code
		}
		if err != nil {
			fmt.Fprintf(stderr, "wgslc: %v\n", err)
			return exitUsage
		}
		return writeReflection(stderr, cfg.reflectOut, m)
	}
	res, err := compiler.Compile(src, opts)
	if err != nil {
		var list diag.List
		if errors.As(err, &list) {
			return report(stderr, cfg.diagFormat, list)
		}
		fmt.Fprintf(stderr, "wgslc: %v\n", err)
		return exitUsage
	}
	if res.SPIRV == nil {
		return report(stderr, cfg.diagFormat, append(res.Warnings, compiler.NothingToRun(src)))
	}
	report(stderr, cfg.diagFormat, res.Warnings)
	if err := writeWords(cfg.out, res.SPIRV); err != nil {
		fmt.Fprintf(stderr, "wgslc: %v\n", err)
		return exitUsage
	}
	if cfg.reflectOut != "" {
		return writeReflection(stderr, cfg.reflectOut, res.Reflection)
	}
	return exitOK
}

// inputFS is where the modules an input imports are read: the operating system's files,
// none for standard input.
// inputResolver resolves the packages of a Bazel target's manifest (-wesl-packages), else
// the dependencies wesl.toml files name by Go module, with the go command in the working
// directory (run only for such a dependency).
func inputResolver(cfg config) (wesl.Resolver, error) {
	switch {
	case cfg.weslPackages != "":
		return weslbazel.Load(wesl.OSFS{}, cfg.weslPackages)
	case cfg.input == "-":
		return nil, nil
	}
	return &gomod.Resolver{}, nil
}

func inputFS(input string) wesl.FS {
	if input == "-" {
		return nil
	}
	return wesl.OSFS{}
}

// emitWGSL links a WESL program and writes it as one WGSL module (to -o, else stdout), and
// with --source-map its source map.
func emitWGSL(cfg config, src compiler.Source, opts compiler.Options, stdout, stderr io.Writer) int {
	prog, diags := compiler.Link(src, opts)
	if code := report(stderr, cfg.diagFormat, diags); code != exitOK {
		return code
	}
	var text []byte
	if cfg.sourceMap != "" {
		var sm *wesl.SourceMap
		text, sm = prog.WGSLWithMap()
		sm.File = filepath.Base(cfg.out)
		if cfg.out == "" {
			sm.File = ""
		}
		// Source paths relative to the map's directory, as browsers and editors read them.
		dir := filepath.Dir(cfg.sourceMap)
		for i, s := range sm.Sources {
			if rel, err := filepath.Rel(dir, filepath.FromSlash(s)); err == nil && !filepath.IsAbs(s) {
				sm.Sources[i] = filepath.ToSlash(rel)
			}
		}
		data, err := sm.JSON()
		if err == nil {
			err = os.WriteFile(cfg.sourceMap, append(data, '\n'), 0o644)
		}
		if err != nil {
			fmt.Fprintf(stderr, "wgslc: %v\n", err)
			return exitUsage
		}
	} else {
		text = prog.WGSL()
	}
	if cfg.out == "" {
		if _, err := stdout.Write(text); err != nil {
			fmt.Fprintf(stderr, "wgslc: %v\n", err)
			return exitUsage
		}
		return exitOK
	}
	if err := writeOutput(cfg.out, int64(len(text)), func(f *os.File) error { _, err := f.Write(text); return err }); err != nil {
		fmt.Fprintf(stderr, "wgslc: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// runMigrate prints a 2021-draft shader as modern WGSL on stdout.
func runMigrate(stdout, stderr io.Writer, cfg config, file *diag.File, dialect syntax.Dialect) int {
	if dialect == syntax.DialectModern {
		fmt.Fprintln(stderr, "wgslc: --migrate reads the 2021 draft dialect; drop --dialect=modern")
		return exitUsage
	}
	ast, diags := syntax.Parse(file, syntax.Options{Dialect: dialect})
	if diags.HasErrors() {
		return report(stderr, cfg.diagFormat, diags)
	}
	if ast.Dialect != syntax.DialectLegacy2021 {
		d := &diag.Diagnostic{Severity: diag.Error, File: file, Span: diag.Span{Start: diag.NoPos, End: diag.NoPos},
			Message: "this is modern WGSL, not the 2021 draft: there is nothing to migrate (use --dialect=legacy2021 to force the draft)"}
		return report(stderr, cfg.diagFormat, append(diags, d))
	}
	prog, more := sema.Check(ast, sema.Options{UniformStandardLayout: cfg.uniformStd})
	diags = append(diags, more...)
	if diags.HasErrors() {
		return report(stderr, cfg.diagFormat, diags)
	}
	text, more := migrate.Migrate(ast, prog)
	diags = append(diags, more...)
	if code := report(stderr, cfg.diagFormat, diags); code != exitOK {
		return code
	}
	if _, err := stdout.Write(text); err != nil {
		fmt.Fprintf(stderr, "wgslc: %v\n", err)
		return exitUsage
	}
	return exitOK
}

func writeReflection(stderr io.Writer, path string, m *reflect.Module) int {
	data, err := reflect.Marshal(m)
	if err != nil {
		fmt.Fprintf(stderr, "wgslc: %v\n", err)
		return exitUsage
	}
	err = writeOutput(path, int64(len(data)), func(f *os.File) error { _, err := f.Write(data); return err })
	if err != nil {
		fmt.Fprintf(stderr, "wgslc: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// writeWords writes SPIR-V words to path as little-endian bytes through a small buffer
// rather than a copy of the whole module: a process that compiles once pays for every page
// of memory it touches.
func writeWords(path string, words []uint32) error {
	return writeOutput(path, 4*int64(len(words)), func(f *os.File) error {
		// On the heap, at most 16 KB: a buffer of that size on the stack would grow it for
		// every output, however small.
		buf := make([]byte, 4*min(len(words), 4<<10))
		for len(words) > 0 {
			n := min(len(words), len(buf)/4)
			for i, w := range words[:n] {
				binary.LittleEndian.PutUint32(buf[4*i:], w)
			}
			if _, err := f.Write(buf[:4*n]); err != nil {
				return err
			}
			words = words[n:]
		}
		return nil
	})
}

// writeOutput makes path hold the size bytes that write writes to it, as os.WriteFile would,
// but writes an existing file over in place and then cuts it to size rather than empty it
// first: emptying a file frees its blocks (and on ext4 forces the new contents to disk when
// it is closed), which costs a run over outputs that exist, the usual case of a rebuild,
// more than its compilation of a small shader (see BENCHMARKS.md).
func writeOutput(path string, size int64, write func(f *os.File) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	var old int64
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		old = fi.Size()
	}
	err = write(f)
	switch {
	case err != nil && old > 0:
		f.Truncate(0) // never leave the new output's start before the old one's rest
	case err == nil && old > size:
		err = f.Truncate(size)
	}
	if err1 := f.Close(); err == nil {
		err = err1
	}
	return err
}

// report prints diagnostics and returns the exit code they imply.
func report(stderr io.Writer, format string, diags diag.List) int {
	diags.Sort()
	if format == "json" {
		js, err := diags.JSON()
		if err != nil {
			fmt.Fprintf(stderr, "wgslc: %v\n", err)
			return exitUsage
		}
		fmt.Fprintf(stderr, "%s\n", js)
	} else {
		diags.Print(stderr)
	}
	if diags.HasErrors() {
		return exitDiags
	}
	return exitOK
}

func displayName(path string) string {
	if path == "-" {
		return "<stdin>"
	}
	return path
}

func readInput(path string) ([]byte, error) {
	var r io.Reader
	size := 0
	if path == "-" {
		r = os.Stdin
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			size = int(min(fi.Size(), maxInputSize))
		}
	}
	data, err := readAll(io.LimitReader(r, maxInputSize+1), size)
	if err != nil {
		return nil, err
	}
	if len(data) > maxInputSize {
		return nil, fmt.Errorf("%s: input larger than %d MiB", displayName(path), maxInputSize>>20)
	}
	return data, nil
}

// readAll reads r to its end into one buffer sized for the size expected (a file's), so a
// file is read without growing and copying the buffer as io.ReadAll does.
func readAll(r io.Reader, size int) ([]byte, error) {
	b := make([]byte, 0, size+512) // room to see the end without growing
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}
