package wgslfuzz

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"testing/fstest"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/interp"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/types"
	"github.com/wgslgo/wgslgo/compiler/wesl"
	"github.com/wgslgo/wgslgo/internal/interpcheck"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// The execution classes: problems of the interpreter (compiler/interp), or of the compiler
// that the interpreter finds.
const (
	// InterpFailure: the interpreter panicked on an accepted shader, or stopped with an error
	// that is neither a gap it reports (Unsupported) nor its step budget: with the bounds
	// clamps of the default pipeline, no index can leave its array, so an out-of-bounds error
	// is a bug of a pass or of the interpreter.
	InterpFailure Class = "interp-failure"
	// ExecDiffers: a compute shader of one invocation (whose result no schedule changes)
	// leaves other bytes on the interpreter than on the Vulkan device.
	ExecDiffers Class = "interp-differs-from-vulkan"
)

// Executor runs the compute entry points of the shaders wgslc accepts on the interpreter,
// one workgroup each, with buffers of a fixed pattern; those of a single invocation run on
// Device too, when it is set, and the two must leave the same bytes. Shaders with textures,
// samplers or immediates are not run: the executor gives buffers only.
type Executor struct {
	Device *vulkan.Device
	// MaxSteps bounds each run on the interpreter (default 1<<22): a mutant whose loops do
	// not end is no finding, as lavapipe ends them too.
	MaxSteps int64

	mu sync.Mutex
	// Counts of what the runs did: entry points run on the interpreter, of which compared
	// with the device, and those the interpreter does not run or that took all their steps.
	Interpreted, Compared, Unsupported, OutOfSteps int
}

// execute runs the accepted mutant text on the interpreter (and the device), given the
// SPIR-V wgslc made of it; Agree when it finds nothing.
func (e *Executor) execute(in Input, words []uint32) (out Outcome) {
	defer func() {
		if r := recover(); r != nil {
			out = Outcome{Class: InterpFailure, Accepted: true, Detail: fmt.Sprintf("panic: %v\n%s", r, firstLines(string(debug.Stack()), 12))}
		}
	}()
	opts := compiler.Options{Target: compiler.Target(in.Target), Dialect: syntax.DialectModern}
	if in.Legacy {
		opts.Dialect = syntax.DialectAuto
	}
	src := compiler.Source{Name: "mutant.wgsl", Text: []byte(in.Text)}
	if in.Modules != nil {
		// A WESL program: its root and modules as wgslc read them, with its features.
		src.Name = "main.wesl"
		files := fstest.MapFS{}
		for name, text := range in.Modules {
			files[name] = &fstest.MapFile{Data: []byte(text)}
		}
		opts.FS = wesl.FromFS(files)
		opts.Features = map[string]bool{}
		for _, f := range in.Features {
			name, off := strings.CutSuffix(f, "=false")
			opts.Features[name] = !off
		}
	}
	prep, err := compiler.Prepare(src, opts)
	if err != nil {
		return Outcome{Class: InterpFailure, Accepted: true, Detail: "compiler.Prepare fails where wgslc succeeds: " + firstLine(err.Error())}
	}
	m := interpcheck.Module{IR: prep.Module, Layouts: prep.Layouts, File: prep.Program.File.Source}
	for _, f := range prep.Module.Funcs {
		if f.Stage != ir.StageCompute {
			continue
		}
		r, single, ok := e.run(prep, f, words)
		if !ok {
			continue
		}
		got, skip, err := interpcheck.Interpret(m, r, e.maxSteps())
		var ie *interp.Error
		switch {
		case skip != "":
			e.count(&e.Unsupported)
			continue
		case errors.As(err, &ie) && strings.Contains(ie.Message, "Limits.MaxSteps"):
			e.count(&e.OutOfSteps)
			continue
		case err != nil:
			return Outcome{Class: InterpFailure, Accepted: true, Detail: firstLine(err.Error())}
		}
		e.count(&e.Interpreted)
		if !single || e.Device == nil {
			continue
		}
		res, err := e.Device.Dispatch(r)
		if err != nil {
			// The device's trouble (a limit of its own), not the interpreter's.
			continue
		}
		e.count(&e.Compared)
		if diffs := interpcheck.Diff(m, r, res, got); len(diffs) > 0 {
			return Outcome{Class: ExecDiffers, Accepted: true, Detail: f.Name + ": " + strings.Join(diffs, "; ")}
		}
	}
	return Outcome{Class: Agree, Accepted: true}
}

func (e *Executor) maxSteps() int64 {
	if e.MaxSteps > 0 {
		return e.MaxSteps
	}
	return 1 << 22
}

func (e *Executor) count(n *int) {
	e.mu.Lock()
	*n++
	e.mu.Unlock()
}

// run makes the run of entry point f: one workgroup, a buffer of a fixed pattern at each
// binding at its minimum size; single reports a workgroup of one invocation. It is not ok
// for a shader that needs more than buffers.
func (e *Executor) run(prep *compiler.Prepared, f *ir.Func, words []uint32) (r vulkan.Run, single, ok bool) {
	m := prep.Module
	r = vulkan.Run{SPIRV: words, Entry: f.Name, Groups: [3]uint32{1, 1, 1}}
	single = true
	for _, v := range f.WorkgroupSize {
		if v == 0 {
			continue
		}
		c := m.Const(v)
		if c == nil || c.Bits != 1 {
			single = false
		}
	}
	for _, g := range ir.UsedGlobals(m, f) {
		var kind vulkan.BindingKind
		switch {
		case g.Space == types.AddrUniform:
			kind = vulkan.UniformBuffer
		case g.Space == types.AddrStorage && g.Access.CanWrite():
			kind = vulkan.StorageBuffer
		case g.Space == types.AddrStorage:
			kind = vulkan.ReadOnlyStorageBuffer
		case g.Space == types.AddrHandle, g.Space == types.AddrImmediate:
			return r, false, false
		default:
			continue
		}
		size := prep.Layouts.MinBindingSize(g.Type)
		size = max((size+15)/16*16, 16)
		r.Bindings = append(r.Bindings, vulkan.Binding{Group: g.Binding.Group, Binding: g.Binding.Binding, Kind: kind, Data: pattern(size)})
	}
	return r, single, true
}

// pattern is size bytes of small values: the f32 bits of 1, 2, 3... which read as u32 and
// i32 too are ordinary values (no NaN, infinity or subnormal, whose handling the spec leaves
// to implementations).
func pattern(size int) []byte {
	b := make([]byte, size)
	for i := 0; i+4 <= size; i += 4 {
		binary.LittleEndian.PutUint32(b[i:], math.Float32bits(float32(i/4%13+1)))
	}
	return b
}

// readWords reads a SPIR-V file.
func readWords(path string) ([]uint32, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	w := make([]uint32, len(b)/4)
	for i := range w {
		w[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return w, nil
}

// firstLines keeps the first n lines of s.
func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
