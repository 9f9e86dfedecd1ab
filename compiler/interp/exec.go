package interp

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// thread is one invocation: its stack of calls and its memory regions.
type thread struct {
	d      *dispatch
	frames []frame
	depth  int
	// regions are the memory the invocation's pointers point into: the globals' (shared
	// buffers, the workgroup's variables, its own private variables and inputs), then the
	// function variables of each call on the stack.
	regions [][]byte
	// id is the global_invocation_id, for errors.
	id [3]uint32
	// result receives the entry's return value (evalExpr, Call).
	result []uint32
	done   bool
}

// frame is one call.
type frame struct {
	c      *code
	pc     int32
	regs   []uint32
	locals []byte
	// ret is where the caller wants the result (n words).
	ret, retN int32
}

// runState is why run returned.
type runState uint8

const (
	finished runState = iota
	atBarrier
)

func (d *dispatch) newThread(c *code) *thread {
	t := &thread{d: d, regions: make([][]byte, len(d.p.globals), len(d.p.globals)+4)}
	t.start(c)
	return t
}

// start makes c the invocation's only call, at its beginning.
func (t *thread) start(c *code) {
	t.depth = -1
	t.done = false
	t.push(c)
}

// push enters a call of c.
func (t *thread) push(c *code) *frame {
	t.depth++
	if t.depth == len(t.frames) {
		t.frames = append(t.frames, frame{})
		t.regions = append(t.regions, nil)
	}
	f := &t.frames[t.depth]
	f.c, f.pc = c, 0
	if cap(f.regs) < c.nregs {
		f.regs = make([]uint32, c.nregs)
	}
	f.regs = f.regs[:c.nregs]
	copy(f.regs, c.template)
	if cap(f.locals) < c.locals {
		f.locals = make([]byte, c.locals)
	}
	f.locals = f.locals[:c.locals]
	t.regions[len(t.d.p.globals)+t.depth] = f.locals
	return f
}

// run runs the invocation until it returns from its first call or waits at a barrier.
func (t *thread) run() (runState, error) {
	f := &t.frames[t.depth]
	regs, ops, pc := f.regs, f.c.ops, f.pc
	steps := t.d.steps
	defer func() { t.d.steps = steps }()
	for {
		steps--
		if steps < 0 {
			return 0, t.budgetError(&ops[pc])
		}
		o := &ops[pc]
		pc++
		switch o.k {
		case kNop:
		case kJump:
			pc = o.aux
		case kBranchFalse:
			if regs[o.a] == 0 {
				pc = o.aux
			}
		case kBranchTrue:
			if regs[o.a] != 0 {
				pc = o.aux
			}
		case kSwitch:
			tab := o.x.(*switchTable)
			sel := regs[o.a]
			pc = tab.def
			for i, v := range tab.values {
				if v == sel {
					pc = tab.targets[i]
					break
				}
			}
		case kCall:
			cl := o.x.(*call)
			f.pc = pc
			nf := t.push(cl.callee)
			f = &t.frames[t.depth-1] // push may have moved the frames
			for i, a := range cl.args {
				copy(nf.regs[cl.callee.params[i].reg:], f.regs[a.reg:a.reg+a.words])
			}
			nf.ret, nf.retN = o.dst, o.n
			f = nf
			regs, ops, pc = f.regs, f.c.ops, 0
		case kReturn:
			if t.depth == 0 {
				if t.result != nil {
					copy(t.result, regs[o.a:o.a+o.n])
				}
				t.done = true
				return finished, nil
			}
			ret, n := f.ret, f.retN
			src := regs[o.a : o.a+o.n]
			t.depth--
			f = &t.frames[t.depth]
			copy(f.regs[ret:ret+n], src)
			regs, ops, pc = f.regs, f.c.ops, f.pc
		case kHook:
			f.pc = pc
			if err := t.hook(o); err != nil {
				return 0, err
			}
			clear(regs[o.dst : o.dst+o.n])
		case kBarrier:
			f.pc = pc
			return atBarrier, nil
		case kFail:
			return 0, t.errorf(o, "%s", o.x.(string))
		case kCopy:
			copy(regs[o.dst:o.dst+o.n], regs[o.a:o.a+o.n])
		case kVar:
			region := uint32(len(t.d.p.globals) + t.depth)
			mem := f.locals[o.aux : int(o.aux)+o.ti.size]
			if o.a >= 0 {
				store(mem, regs[o.a:], o.ti)
			} else {
				clear(mem)
			}
			regs[o.dst], regs[o.dst+1] = region, uint32(o.aux)
		case kLoad32:
			mem, err := t.mem(o, regs[o.a], regs[o.a+1], 4)
			if err != nil {
				return 0, err
			}
			regs[o.dst] = binary.LittleEndian.Uint32(mem)
		case kLoad:
			mem, err := t.mem(o, regs[o.a], regs[o.a+1], o.ti.size)
			if err != nil {
				return 0, err
			}
			load(regs[o.dst:], mem, o.ti)
		case kStore32:
			mem, err := t.mem(o, regs[o.a], regs[o.a+1], 4)
			if err != nil {
				return 0, err
			}
			binary.LittleEndian.PutUint32(mem, regs[o.b])
		case kStore:
			mem, err := t.mem(o, regs[o.a], regs[o.a+1], o.ti.size)
			if err != nil {
				return 0, err
			}
			store(mem, regs[o.b:], o.ti)
		case kAccess:
			region, off := regs[o.a], int64(regs[o.a+1])
			for i := range o.x.([]step) {
				s := &o.x.([]step)[i]
				off += int64(s.off)
				if s.reg < 0 {
					continue
				}
				idx := regs[s.reg]
				bound := int64(s.bound)
				if bound < 0 {
					bound = t.runtimeLength(region, off, s.scale)
				}
				if int64(idx) >= bound {
					return 0, t.indexError(o, s, idx, bound)
				}
				off += int64(idx) * int64(s.scale)
			}
			regs[o.dst], regs[o.dst+1] = region, uint32(off)
		case kExtract:
			off, err := t.wordPath(o, regs)
			if err != nil {
				return 0, err
			}
			copy(regs[o.dst:o.dst+o.n], regs[o.a+off:])
		case kInsert:
			off, err := t.wordPath(o, regs)
			if err != nil {
				return 0, err
			}
			copy(regs[o.dst:o.dst+o.n], regs[o.a:o.a+o.n])
			copy(regs[o.dst+off:o.dst+off+o.aux], regs[o.b:o.b+o.aux])
		case kSwizzle:
			for i, c := range o.x.([]int32) {
				regs[o.dst+int32(i)] = regs[o.a+c]
			}
		case kSplat:
			for i := range o.n {
				regs[o.dst+i] = regs[o.a]
			}
		case kConstruct:
			w := o.dst
			for _, part := range o.x.([]operand) {
				copy(regs[w:w+part.words], regs[part.reg:part.reg+part.words])
				w += part.words
			}
		case kSelect:
			for i := range o.n {
				c := regs[o.a]
				if o.aux != 0 {
					c = regs[o.a+i]
				}
				if c != 0 {
					regs[o.dst+i] = regs[o.b+i]
				} else {
					regs[o.dst+i] = regs[o.c+i]
				}
			}
		case kConvert:
			o.x.(*conversion).run(regs[o.dst:o.dst+o.n], regs[o.a:o.a+o.n])
		case kBitcast:
			o.x.(*bitcast).run(regs[o.dst:], regs[o.a:])
		case kAddF32:
			regs[o.dst] = math.Float32bits(math.Float32frombits(regs[o.a]) + math.Float32frombits(regs[o.b]))
		case kMulF32:
			regs[o.dst] = math.Float32bits(math.Float32frombits(regs[o.a]) * math.Float32frombits(regs[o.b]))
		case kAddI:
			regs[o.dst] = regs[o.a] + regs[o.b]
		case kSubI:
			regs[o.dst] = regs[o.a] - regs[o.b]
		case kLtU:
			regs[o.dst] = b2w(regs[o.a] < regs[o.b])
		case kGeU:
			regs[o.dst] = b2w(regs[o.a] >= regs[o.b])
		case kLtI:
			regs[o.dst] = b2w(int32(regs[o.a]) < int32(regs[o.b]))
		case kMinU:
			regs[o.dst] = min(regs[o.a], regs[o.b])
		case kBinary:
			o.x.(*binaryOp).run(regs, o)
		case kUnary:
			o.x.(*unary).run(regs[o.dst:o.dst+o.n], regs[o.a:o.a+o.n])
		case kBuiltin:
			if err := o.x.(*builtinCall).run(regs, o); err != nil {
				return 0, t.errorf(o, "%v", err)
			}
		case kArrayLength:
			regs[o.dst] = uint32(t.runtimeLength(regs[o.a], int64(regs[o.a+1]), o.aux))
		case kAtomic:
			if err := t.atomic(o, regs); err != nil {
				return 0, err
			}
		case kTexture:
			if err := t.texture(o, regs); err != nil {
				return 0, err
			}
		default:
			return 0, t.errorf(o, "interp: op %d is not known: please report this shader", o.k)
		}
	}
}

func b2w(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// mem returns the n bytes at offset off of region r, or an error when they are not all in
// the region.
func (t *thread) mem(o *op, r, off uint32, n int) ([]byte, error) {
	region := t.regions[r]
	if int64(off)+int64(n) > int64(len(region)) {
		return nil, t.errorf(o, "the access of %d bytes at offset %d is outside %s, which has %d bytes", n, off, t.regionName(r), len(region))
	}
	return region[off : int(off)+n], nil
}

// runtimeLength is the element count of a runtime-sized array at offset off of region r:
// what fits whole in the rest of the region (arrayLength).
func (t *thread) runtimeLength(r uint32, off int64, stride int32) int64 {
	n := int64(len(t.regions[r])) - off
	if n <= 0 || stride <= 0 {
		return 0
	}
	return n / int64(stride)
}

// wordPath computes the word offset of an extract's or insert's path.
func (t *thread) wordPath(o *op, regs []uint32) (int32, error) {
	off := int32(0)
	for i := range o.x.([]step) {
		s := &o.x.([]step)[i]
		off += s.off
		if s.reg < 0 {
			continue
		}
		idx := regs[s.reg]
		if int64(idx) >= int64(s.bound) {
			return 0, t.indexError(o, s, idx, int64(s.bound))
		}
		off += int32(idx) * s.scale
	}
	return off, nil
}

func (t *thread) indexError(o *op, s *step, idx uint32, bound int64) error {
	what := "of " + typeText(s.ti.t)
	if s.ti.runtime {
		what = fmt.Sprintf("of the runtime-sized %s, which holds %d elements,", typeText(s.ti.t), bound)
	}
	i := fmt.Sprint(idx)
	if _, signed := s.ti.t.(*types.Array); signed && int32(idx) < 0 {
		i = fmt.Sprintf("%d (%d as u32)", int32(idx), idx)
	}
	return t.errorf(o, "index %s is out of bounds %s", i, what)
}

// regionName says what region r is, for messages.
func (t *thread) regionName(r uint32) string {
	if int(r) < len(t.d.p.globals) {
		g := t.d.p.globals[r].g
		if g.Binding != nil {
			return fmt.Sprintf("%s (@group(%d) @binding(%d))", g.Name, g.Binding.Group, g.Binding.Binding)
		}
		return g.Name
	}
	return "the function's variables"
}

// errorf makes an error at op o of the invocation.
func (t *thread) errorf(o *op, format string, args ...any) error {
	e := &Error{Diagnostic: t.d.p.diagnostic(o.pos(), fmt.Sprintf(format, args...)), Invocation: t.id}
	return e
}

// hook runs the hook of the call o, giving it the stack with the call on top.
func (t *thread) hook(o *op) error {
	cl := o.x.(*call)
	p := t.d.p
	stack := make([]Frame, 0, t.depth+2)
	for d := 0; d <= t.depth; d++ {
		f := &t.frames[d]
		fr := Frame{Func: f.c.f.Name, File: p.file}
		if d > 0 {
			fr.setCall(p, &t.frames[d-1].c.ops[t.frames[d-1].pc-1])
		}
		for _, v := range f.c.f.Params {
			r := f.c.params[len(fr.Params)]
			fr.Params = append(fr.Params, Param{Name: p.m.Name(v), Value: value(f.regs[r.reg:r.reg+r.words], p.valueType(v))})
		}
		stack = append(stack, fr)
	}
	top := Frame{Func: cl.callee.f.Name, File: p.file}
	top.setCall(p, o)
	regs := t.frames[t.depth].regs
	for i, v := range cl.callee.f.Params {
		a := cl.args[i]
		top.Params = append(top.Params, Param{Name: p.m.Name(v), Value: value(regs[a.reg:a.reg+a.words], p.valueType(v))})
	}
	if err := cl.hook(append(stack, top)); err != nil {
		return t.errorf(o, "%v", err)
	}
	return nil
}

// setCall records where the call op o is.
func (fr *Frame) setCall(p *Program, o *op) {
	if o.in == nil || p.file == nil {
		return
	}
	fr.CallSpan = o.in.Span().Diag()
	fr.Call = p.file.Position(o.in.Pos.Offset())
}

// budgetError is the error of a run out of steps at op o: at the loop it is in, if any.
func (t *thread) budgetError(o *op) error {
	if o.in != nil {
		for p := o.in.Block.Parent; p != nil; p = p.Block.Parent {
			if p.Op == ir.OpLoop {
				return t.errorf(&op{in: p}, "the run has taken %d steps, its budget (Limits.MaxSteps), in this loop: does it end?", t.d.lim.MaxSteps)
			}
		}
	}
	return t.errorf(o, "the run has taken %d steps, its budget (Limits.MaxSteps)", t.d.lim.MaxSteps)
}

// typeText spells t as WGSL does, without the explicit layouts the passes give types.
func typeText(t types.Type) string {
	switch t := t.(type) {
	case *types.Array:
		switch {
		case t.IsRuntimeSized():
			return "array<" + typeText(t.Elem) + ">"
		case t.CountOverride != nil:
			return "array<" + typeText(t.Elem) + ", " + t.CountName + ">"
		}
		return fmt.Sprintf("array<%s, %d>", typeText(t.Elem), t.Count)
	case *types.Struct:
		return strings.TrimPrefix(t.Name, "@layout ")
	}
	return t.String()
}
