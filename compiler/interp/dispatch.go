package interp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// BindingPoint is a resource's @group and @binding.
type BindingPoint = ir.BindingPoint

// Dispatch is one run of a compute entry point over a grid of workgroups.
type Dispatch struct {
	// Entry is the compute entry point.
	Entry string
	// Groups is the number of workgroups on x, y and z, each 1 to
	// MaxWorkgroupsPerDimension.
	Groups [3]uint32
	// Buffers are the uniform and storage buffers, by binding: their bytes as a host binds
	// them (the layout is the WGSL one, little-endian), read and written in place. A
	// runtime-sized array has the elements that fit whole (arrayLength).
	Buffers map[BindingPoint][]byte
	// Textures and Samplers are the texture and sampler bindings.
	Textures map[BindingPoint]*Texture
	Samplers map[BindingPoint]*Sampler
	// Immediate is the data of the module's var<immediate>.
	Immediate []byte
	Limits    Limits
}

// Limits bound a run, so that a shader that loops forever or asks for more memory than a
// test machine has ends with an error.
type Limits struct {
	// MaxSteps bounds the operations a run executes, over every invocation; 0 means
	// DefaultMaxSteps.
	MaxSteps int64
	// MaxMemory bounds the bytes of the memory a run makes besides the bindings: workgroup
	// variables, and the private and function variables and values of the invocations of a
	// workgroup alive at once; 0 means DefaultMaxMemory.
	MaxMemory int64
}

// The default limits: a second or two of a core, and a gigabyte.
const (
	DefaultMaxSteps  = 1 << 28
	DefaultMaxMemory = 1 << 30
)

// MaxWorkgroupsPerDimension is the most workgroups a dispatch has on each axis: WebGPU's
// maxComputeWorkgroupsPerDimension.
const MaxWorkgroupsPerDimension = 65535

func (l Limits) withDefaults() Limits {
	if l.MaxSteps <= 0 {
		l.MaxSteps = DefaultMaxSteps
	}
	if l.MaxMemory <= 0 {
		l.MaxMemory = DefaultMaxMemory
	}
	return l
}

// dispatch is the state of one run.
type dispatch struct {
	p     *Program
	lim   Limits
	steps int64
	// shared are the regions every invocation shares (buffers, immediates); workgroup
	// the current workgroup's variables; private the initial contents of the per-invocation
	// regions (private variables and inputs).
	shared    [][]byte
	workgroup [][]byte
	private   [][]byte
	images    []*image
	samplers  []*Sampler
	// The grid.
	groups, size [3]uint32
	// used are the globals the entry point uses.
	used map[*ir.Global]bool
}

func newDispatch(p *Program, lim Limits) *dispatch {
	lim = lim.withDefaults()
	n := len(p.globals)
	return &dispatch{p: p, lim: lim, steps: lim.MaxSteps, shared: make([][]byte, n), workgroup: make([][]byte, n),
		private: make([][]byte, n), images: make([]*image, n), samplers: make([]*Sampler, n)}
}

// Dispatch runs a compute entry point over a grid of workgroups, as a GPU would with the
// same bindings: every invocation of a workgroup, the workgroups one after the other.
//
// The invocations of a workgroup run one at a time, each until it returns or waits at a
// barrier; when every invocation waits at the same barrier they go on. An invocation that
// returns while others wait, or invocations that wait at different barriers, are an error
// (the SPIR-V's behaviour is undefined there). Between barriers, one invocation's writes are
// seen by the others at once: a shader whose result depends on the order of its invocations
// (a data race) gets one of the results a GPU may give.
//
// Errors are *Error, at the WGSL position of what failed, but for bindings that do not fit
// the shader, which are plain errors.
func (p *Program) Dispatch(dp Dispatch) error {
	f := p.m.Func(dp.Entry)
	switch {
	case f == nil:
		return fmt.Errorf("no entry point named %q", dp.Entry)
	case f.Stage != ir.StageCompute:
		if f.Stage == ir.StageNone {
			return fmt.Errorf("%s is not an entry point; Call runs a function on its own", dp.Entry)
		}
		return fmt.Errorf("%s is a %s entry point; the interpreter runs compute entry points", dp.Entry, f.Stage)
	}
	for i, g := range dp.Groups {
		if g == 0 || g > MaxWorkgroupsPerDimension {
			return fmt.Errorf("Dispatch.Groups[%d] is %d; want 1 to %d", i, g, MaxWorkgroupsPerDimension)
		}
	}
	d := newDispatch(p, dp.Limits)
	d.groups = dp.Groups
	for i, v := range f.WorkgroupSize {
		d.size[i] = 1
		if v != 0 {
			w, err := p.moduleValue(v)
			if err != nil {
				return err
			}
			d.size[i] = w[0]
		}
	}
	if err := d.bind(f, &dp); err != nil {
		return err
	}
	return d.run(p.codes[f])
}

// Call runs a function without parameters as one invocation of a workgroup of one
// (invocation ids zero), with the bindings of dp (its Entry is the function; Groups is
// unused). A function that returns a value has it written to result.
func (p *Program) Call(dp Dispatch, result []uint32) error {
	f := p.m.Func(dp.Entry)
	switch {
	case f == nil:
		return fmt.Errorf("no function named %q", dp.Entry)
	case len(f.Params) != 0:
		return fmt.Errorf("%s has parameters; Call runs functions without any", dp.Entry)
	}
	d := newDispatch(p, dp.Limits)
	d.groups, d.size = [3]uint32{1, 1, 1}, [3]uint32{1, 1, 1}
	if err := d.bind(f, &dp); err != nil {
		return err
	}
	c := p.codes[f]
	if err := d.check(c, 1); err != nil {
		return err
	}
	t := d.newThread(c)
	t.result = result
	d.startThread(t, c, [3]uint32{}, [3]uint32{})
	return d.runThreads([]*thread{t})
}

// bind checks the bindings the function uses and places them.
func (d *dispatch) bind(f *ir.Func, dp *Dispatch) error {
	p := d.p
	used := map[*ir.Global]bool{}
	for _, g := range ir.UsedGlobals(p.m, f) {
		used[g] = true
	}
	d.used = used
	for i, gl := range p.globals {
		g := gl.g
		switch g.Space {
		case types.AddrUniform, types.AddrStorage:
			if !used[g] {
				continue
			}
			data, ok := dp.Buffers[*g.Binding]
			if !ok {
				return fmt.Errorf("%s: no buffer is bound", bindingName(g))
			}
			if need := p.lay.MinBindingSize(g.Type); len(data) < need {
				return fmt.Errorf("%s: the buffer has %d bytes, fewer than the %d of its minimum binding size", bindingName(g), len(data), need)
			}
			d.shared[i] = data
		case types.AddrImmediate:
			if used[g] && len(dp.Immediate) < gl.ti.size {
				return fmt.Errorf("var<immediate> %s: the immediate data has %d bytes, fewer than the %d of %s", g.Name, len(dp.Immediate), gl.ti.size, g.Type)
			}
			d.shared[i] = dp.Immediate
		case types.AddrHandle:
			if !used[g] {
				continue
			}
			if err := d.bindHandle(i, g, dp); err != nil {
				return err
			}
		case types.AddrWorkgroup:
			d.workgroup[i] = make([]byte, gl.ti.size)
		case types.AddrPrivate:
			mem := make([]byte, gl.ti.size)
			if g.Init != 0 {
				w, err := p.moduleValue(g.Init)
				if err != nil {
					return err
				}
				store(mem, w, gl.ti)
			}
			d.private[i] = mem
		case types.AddrIn:
			d.private[i] = make([]byte, gl.ti.size)
		case types.AddrOut:
			if used[g] {
				return fmt.Errorf("%s writes a pipeline output (%s); the interpreter runs compute shaders", f.Name, g.Name)
			}
		}
	}
	return nil
}

func bindingName(g *ir.Global) string {
	return fmt.Sprintf("@group(%d) @binding(%d) var<%s> %s", g.Binding.Group, g.Binding.Binding, g.Space, g.Name)
}

// inputs are the compute shader's builtin inputs.
var inputs = []string{"global_invocation_id", "local_invocation_id", "local_invocation_index", "workgroup_id", "num_workgroups", "workgroup_size"}

// check refuses a run the interpreter cannot do: operations it does not run, inputs it does
// not give, and more memory than Limits.MaxMemory.
func (d *dispatch) check(c *code, invocations int64) error {
	p := d.p
	if c.unsupported != nil {
		return &Error{Diagnostic: p.diagnostic(c.unsupported.pos(), c.unsupported.x.(string)), Unsupported: true}
	}
	mem := c.stack
	var shared int64
	for i, gl := range p.globals {
		g := gl.g
		if g.Space == types.AddrIn && d.used[g] && !slices.Contains(inputs, g.IO.Builtin) {
			return &Error{Diagnostic: p.diagnostic(ir.Pos(g.Span.Start), fmt.Sprintf("the interpreter does not give @builtin(%s) (it runs compute shaders, without subgroups)", g.IO.Builtin)),
				Unsupported: true}
		}
		mem += int64(len(d.private[i]))
		shared += int64(len(d.workgroup[i]))
	}
	if total := shared + invocations*mem; total > d.lim.MaxMemory {
		return fmt.Errorf("the run needs %d bytes (%d of workgroup variables, %d for each of %d invocations alive at once), more than its budget of %d (Limits.MaxMemory)",
			total, shared, mem, invocations, d.lim.MaxMemory)
	}
	return nil
}

// run runs every workgroup.
func (d *dispatch) run(c *code) error {
	per := int64(d.size[0]) * int64(d.size[1]) * int64(d.size[2])
	alive := int64(1)
	if c.barrier {
		alive = per
	}
	if err := d.check(c, alive); err != nil {
		return err
	}
	threads := make([]*thread, alive)
	for i := range threads {
		threads[i] = d.newThread(c)
	}
	for z := range d.groups[2] {
		for y := range d.groups[1] {
			for x := range d.groups[0] {
				if err := d.runGroup(c, threads, [3]uint32{x, y, z}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// runGroup runs the invocations of one workgroup.
func (d *dispatch) runGroup(c *code, threads []*thread, wid [3]uint32) error {
	for _, mem := range d.workgroup {
		clear(mem)
	}
	i := 0
	for z := range d.size[2] {
		for y := range d.size[1] {
			for x := range d.size[0] {
				t := threads[i%len(threads)]
				d.startThread(t, c, wid, [3]uint32{x, y, z})
				if len(threads) == 1 {
					if err := d.runThreads(threads); err != nil {
						return err
					}
				}
				i++
			}
		}
	}
	if len(threads) == 1 {
		return nil
	}
	return d.runThreads(threads)
}

// startThread prepares t to run c as the invocation lid of workgroup wid.
func (d *dispatch) startThread(t *thread, c *code, wid, lid [3]uint32) {
	p := d.p
	for i, gl := range p.globals {
		switch gl.g.Space {
		case types.AddrPrivate, types.AddrIn:
			if len(t.regions[i]) != len(d.private[i]) {
				t.regions[i] = make([]byte, len(d.private[i]))
			}
			copy(t.regions[i], d.private[i])
		case types.AddrWorkgroup:
			t.regions[i] = d.workgroup[i]
		default:
			t.regions[i] = d.shared[i]
		}
	}
	var gid [3]uint32
	for k := range gid {
		gid[k] = wid[k]*d.size[k] + lid[k]
	}
	t.id = gid
	for i, gl := range p.globals {
		if gl.g.Space != types.AddrIn {
			continue
		}
		var w []uint32
		switch gl.g.IO.Builtin {
		case "global_invocation_id":
			w = gid[:]
		case "local_invocation_id":
			w = lid[:]
		case "local_invocation_index":
			w = []uint32{lid[0] + lid[1]*d.size[0] + lid[2]*d.size[0]*d.size[1]}
		case "workgroup_id":
			w = wid[:]
		case "num_workgroups":
			w = d.groups[:]
		case "workgroup_size": // the 2021 draft's
			w = d.size[:]
		default:
			continue // an input of another stage's, unused (check refuses those used)
		}
		store(t.regions[i], w, gl.ti)
	}
	t.start(c)
}

// runThreads runs the invocations of a workgroup to their end, barrier after barrier.
func (d *dispatch) runThreads(threads []*thread) error {
	for {
		waiting, done := 0, 0
		var first *thread
		for _, t := range threads {
			if t.done {
				done++
				continue
			}
			st, err := t.run()
			if err != nil {
				return err
			}
			if st == finished {
				done++
				continue
			}
			waiting++
			if first == nil {
				first = t
			} else if !sameBarrier(first, t) {
				return d.divergent(first, t)
			}
		}
		if waiting == 0 {
			return nil
		}
		if done > 0 {
			o := first.barrierOp()
			return first.errorf(o, "%d of the workgroup's %d invocations wait at this barrier, the others have returned: every invocation of a workgroup must reach each barrier (the control flow around it is not uniform)",
				waiting, len(threads))
		}
		if len(threads) == 1 {
			// A workgroup of one invocation passes every barrier at once: run on.
			continue
		}
	}
}

// barrierOp is the barrier t waits at.
func (t *thread) barrierOp() *op {
	f := &t.frames[t.depth]
	return &f.c.ops[f.pc-1]
}

// sameBarrier reports whether a and b wait at the same barrier, reached through the same
// calls.
func sameBarrier(a, b *thread) bool {
	if a.depth != b.depth {
		return false
	}
	for i := 0; i <= a.depth; i++ {
		if a.frames[i].c != b.frames[i].c || a.frames[i].pc != b.frames[i].pc {
			return false
		}
	}
	return true
}

func (d *dispatch) divergent(a, b *thread) error {
	pos := func(t *thread) string {
		var parts []string
		for i := 0; i <= t.depth; i++ {
			f := &t.frames[i]
			parts = append(parts, d.p.position(f.c.ops[f.pc-1].pos()))
		}
		return strings.Join(parts, " → ")
	}
	return a.errorf(a.barrierOp(), "invocations of one workgroup wait at different barriers: invocation %v at %s, invocation %v at %s (every invocation of a workgroup must reach each barrier)",
		a.id, pos(a), b.id, pos(b))
}

// position spells pos as file:line:col.
func (p *Program) position(pos ir.Pos) string {
	if p.file == nil || !pos.IsValid() {
		return "?"
	}
	return p.file.Position(pos.Offset()).String()
}

// pos is the position of the instruction op o comes from.
func (o *op) pos() ir.Pos {
	if o.in == nil {
		return ir.NoPos
	}
	return o.in.Pos
}
