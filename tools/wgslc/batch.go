package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
)

// A batch compiles several inputs in one run, on all cores. Each input is compiled by
// compileFile exactly as a run on that file alone would compile it, into the file a run with
// -o DIR/NAME.spv --reflect DIR/NAME.json would write; its diagnostics are printed in input
// order, never interleaved, and the exit code is the highest that any input's run would give.

// batchWorkers is how many inputs a batch compiles at once.
var batchWorkers = func() int { return runtime.GOMAXPROCS(0) }

// batchGCPercent is the collector's setting for a batch (unless GOGC is set): a batch
// allocates far more than it keeps, since only the compilations in progress are live, so the
// collector runs, but seldom (see BENCHMARKS.md).
const batchGCPercent = 400

// A batchInput is one file of a batch.
type batchInput struct {
	path string // as given, or DIR/REL for a file found under a directory; diagnostics name it
	stem string // the outputs' name without extension: the base name, or REL for DIR/REL
	size int64  // its size when the batch started, or 0 if unknown: only for scheduling
}

// isBatch reports whether a command line asks for a batch: several inputs, an input that is
// a directory, or an output (-o, --reflect) that names a directory.
func isBatch(cfg *config, args []string) bool {
	if len(args) > 1 || namesDir(cfg.out) || namesDir(cfg.reflectOut) {
		return true
	}
	return args[0] != "-" && isDir(args[0])
}

// namesDir reports whether an output path names a directory: it ends in a separator or is
// an existing directory.
func namesDir(path string) bool {
	return path != "" && (os.IsPathSeparator(path[len(path)-1]) || isDir(path))
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// outputExt is the extension of -o's files in a batch: .spv, or .wgsl with --emit=wgsl.
func outputExt(cfg config) string {
	if cfg.emit == "wgsl" {
		return ".wgsl"
	}
	return ".spv"
}

func runBatch(cfg config, args []string, stderr io.Writer) int {
	if cfg.migrate {
		fmt.Fprintln(stderr, "wgslc: --migrate prints one shader on standard output: give it one file")
		return exitUsage
	}
	if cfg.sourceMap != "" {
		fmt.Fprintln(stderr, "wgslc: --source-map maps one linked program: give it one file")
		return exitUsage
	}
	for _, o := range []struct{ flag, path string }{{"-o", cfg.out}, {"--reflect", cfg.reflectOut}} {
		if o.path != "" && !namesDir(o.path) {
			fmt.Fprintf(stderr, "wgslc: in a batch (see wgslc -h), %s names a directory: %s is not one (end it with %c to create it)\n",
				o.flag, o.path, filepath.Separator)
			return exitUsage
		}
	}
	inputs, err := gatherInputs(args, os.Stdin)
	if err != nil {
		fmt.Fprintf(stderr, "wgslc: %v\n", err)
		return exitUsage
	}
	if code := prepareOutputs(cfg, inputs, stderr); code != exitOK {
		return code
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(batchGCPercent)
	}
	cfg.batch = true
	return compileAll(cfg, inputs, stderr, batchWorkers())
}

// gatherInputs lists the inputs of a batch in order: a file as it is given; a directory's
// .wgsl files, recursively, in lexical order, skipping names that start with a dot; and for
// "-", the paths listed on stdin (one a line, or NUL-separated), each taken as an argument.
func gatherInputs(args []string, stdin io.Reader) ([]batchInput, error) {
	var inputs []batchInput
	add := func(arg string) error {
		fi, err := os.Stat(arg)
		if err != nil || !fi.IsDir() {
			// A file that cannot be read is reported in its turn, as a run on it would.
			inputs = append(inputs, batchInput{path: arg, stem: stem(filepath.Base(arg)), size: regularSize(fi)})
			return nil
		}
		return filepath.WalkDir(arg, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if p != arg && strings.HasPrefix(d.Name(), ".") {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() || !(strings.HasSuffix(d.Name(), ".wgsl") || strings.HasSuffix(d.Name(), ".wesl")) {
				return nil
			}
			rel, err := filepath.Rel(arg, p)
			if err != nil {
				return err
			}
			fi, _ := d.Info()
			inputs = append(inputs, batchInput{path: p, stem: stem(rel), size: regularSize(fi)})
			return nil
		})
	}
	readStdin := false
	for _, arg := range args {
		if arg != "-" {
			if err := add(arg); err != nil {
				return nil, err
			}
			continue
		}
		if readStdin {
			return nil, fmt.Errorf("'-' (the list of inputs on standard input) is given twice")
		}
		readStdin = true
		list, err := io.ReadAll(stdin)
		if err != nil {
			return nil, fmt.Errorf("reading the list of inputs: %v", err)
		}
		sep := []byte{'\n'}
		if bytes.IndexByte(list, 0) >= 0 {
			sep = []byte{0}
		}
		for _, line := range bytes.Split(list, sep) {
			path := string(bytes.TrimSuffix(line, []byte{'\r'}))
			switch path {
			case "":
				continue
			case "-":
				return nil, fmt.Errorf("the list of inputs on standard input names '-'")
			}
			if err := add(path); err != nil {
				return nil, err
			}
		}
	}
	return inputs, nil
}

// regularSize is the size of a regular file, or 0 for anything else.
func regularSize(fi fs.FileInfo) int64 {
	if fi == nil || !fi.Mode().IsRegular() {
		return 0
	}
	return fi.Size()
}

// stem is an input's output name without extension: its name less a .wgsl or .wesl
// suffix.
func stem(name string) string {
	if s, ok := strings.CutSuffix(name, ".wesl"); ok {
		return s
	}
	return strings.TrimSuffix(name, ".wgsl")
}

// prepareOutputs refuses two inputs whose outputs would have the same name (ignoring case,
// so that a batch means the same on every file system), and creates the directories the
// outputs go to.
func prepareOutputs(cfg config, inputs []batchInput, stderr io.Writer) int {
	dir, ext := cfg.out, outputExt(cfg)
	if dir == "" {
		dir, ext = cfg.reflectOut, ".json"
	}
	if dir == "" {
		return exitOK // checking only
	}
	first := map[string]int{}
	clash := false
	for i, in := range inputs {
		key := strings.ToLower(filepath.Clean(in.stem))
		j, seen := first[key]
		if !seen {
			first[key] = i
			continue
		}
		clash = true
		fmt.Fprintf(stderr, "wgslc: %s and %s would both be written to %s\n",
			inputs[j].path, in.path, filepath.Join(dir, in.stem+ext))
	}
	if clash {
		fmt.Fprintln(stderr, "wgslc: rename one of each pair, or compile them in separate runs")
		return exitUsage
	}
	made := map[string]bool{}
	for _, d := range []string{cfg.out, cfg.reflectOut} {
		if d == "" {
			continue
		}
		for _, in := range inputs {
			sub := filepath.Join(d, filepath.Dir(in.stem))
			if made[sub] {
				continue
			}
			made[sub] = true
			if err := os.MkdirAll(sub, 0o755); err != nil {
				fmt.Fprintf(stderr, "wgslc: %v\n", err)
				return exitUsage
			}
		}
		if !made[d] {
			if err := os.MkdirAll(d, 0o755); err != nil {
				fmt.Fprintf(stderr, "wgslc: %v\n", err)
				return exitUsage
			}
		}
	}
	return exitOK
}

// batchWindowPerWorker bounds how far a batch runs ahead of the first input whose
// diagnostics are not printed yet: at most this many inputs per worker are in flight or
// waiting to be printed. It is wide enough that while one worker compiles a large module
// (tens of milliseconds), the others go on with the typical shaders after it (a fraction of
// a millisecond each) rather than wait for its diagnostics to be printed.
const batchWindowPerWorker = 128

// heavyInput is the size from which an input counts as large for the batch's scheduling:
// a compilation's time and memory grow with its input, and two large ones at once contend
// for fresh memory in one process (see BENCHMARKS.md).
const heavyInput = 64 << 10

// compileAll compiles the inputs on workers goroutines and prints each one's diagnostics in
// input order as soon as those of every input before it are printed. At most a window of
// inputs are in flight or waiting to be printed, so a batch of any size holds the
// diagnostics of a bounded number of files at a time, and the memory of the compilations
// running. Within the window a free worker takes the first large input (heavyInput) that is
// not started if no large one is running, else the first other input, and a second large
// input at once only when nothing else is left to start: large compilations are started
// early and seldom overlap, and no worker idles while there is work in the window. The order
// of compilation changes nothing but time: each input's outputs and diagnostics are its own.
func compileAll(cfg config, inputs []batchInput, stderr io.Writer, workers int) int {
	n := len(inputs)
	if n == 0 {
		return exitOK
	}
	workers = max(1, min(workers, n))
	window := min(n, batchWindowPerWorker*workers)
	type result struct {
		diags []byte
		code  int
	}
	// Input i's result goes to slots[i%window]: it is started only once input i-window's
	// result has been printed, so its slot is empty.
	slots := make([]chan result, window)
	for i := range slots {
		slots[i] = make(chan result, 1)
	}
	// One goroutine hands the inputs to the workers in the order it picks (next); it waits
	// for wakeup when none may start yet.
	var (
		printed atomic.Int64 // the diagnostics of every input before it are printed
		running atomic.Int64 // large inputs compiling
		wakeup  = make(chan struct{}, 1)
		started = make([]bool, n)
		heavy   = make([]bool, n)
		first   int // every input before it is started
	)
	for i, in := range inputs {
		heavy[i] = in.size >= heavyInput
	}
	wake := func() {
		select {
		case wakeup <- struct{}{}:
		default:
		}
	}
	// next picks the input to start next, or -1 if none may start now.
	next := func() int {
		for first < n && started[first] {
			first++
		}
		end := min(n, int(printed.Load())+window)
		light, large := -1, -1
		for i := first; i < end && (light < 0 || large < 0); i++ {
			if started[i] {
				continue
			}
			if heavy[i] {
				if large < 0 {
					large = i
				}
			} else if light < 0 {
				light = i
			}
		}
		switch {
		case large >= 0 && running.Load() == 0:
			return large
		case light >= 0:
			return light
		default:
			return large
		}
	}
	jobs := make(chan int)
	go func() {
		for range n {
			i := next()
			for i < 0 {
				<-wakeup
				i = next()
			}
			started[i] = true
			if heavy[i] {
				running.Add(1)
			}
			jobs <- i
		}
		close(jobs)
	}()
	for range workers {
		go func() {
			for i := range jobs {
				c := cfg
				c.input = inputs[i].path
				if cfg.out != "" {
					c.out = filepath.Join(cfg.out, inputs[i].stem+outputExt(cfg))
				}
				if cfg.reflectOut != "" {
					c.reflectOut = filepath.Join(cfg.reflectOut, inputs[i].stem+".json")
				}
				var diags bytes.Buffer
				code := compileFile(c, io.Discard, &diags)
				slots[i%window] <- result{diags.Bytes(), code}
				if heavy[i] {
					// Collect now, while little else is live, so that the next large
					// compilation reuses this one's memory rather than fault in fresh
					// pages (the collector's own pace, GOGC 400, lets the heap grow
					// through several of them first).
					runtime.GC()
					running.Add(-1)
					wake()
				}
			}
		}()
	}
	code := exitOK
	for i := range n {
		r := <-slots[i%window]
		stderr.Write(r.diags)
		code = max(code, r.code)
		printed.Store(int64(i + 1))
		wake()
	}
	return code
}
