package transform

import (
	"sync"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// CSE removes common subexpressions: an instruction that computes what an instruction
// visible at its place already computed (same operation, result type and operands) is
// replaced by that one's result. It considers pure operations, pure builtins, access chains,
// arrayLength and texture size queries (a buffer's length and a texture's size do not change
// during an invocation); not loads, calls or anything else that touches memory or depends on
// the invocations that are active.
//
// The walk follows the IR's visibility rules with a scoped table: an instruction sees the
// earlier ones of its block and of the blocks enclosing it; a loop's continuing block sees
// only what is visible at the loop (conservatively, not the body's values). One pass, linear
// in the size of the module.
//
// Loads from uniform buffers and of textures and samplers (memory nothing writes) are
// common subexpressions like the pure operations. Other loads reuse, within straight-line
// code, the value an earlier load of the same pointer read or a store wrote, as long as
// nothing that may write that memory came between: every loop, store, atomic or barrier,
// and every call of a function that may store to such memory or synchronise (see effects),
// forgets what memory outside functions held, and every loop, store through a function
// pointer or call given a pointer forgets what function memory held.
//
// A duplicate carrying a source name the kept instruction lacks hands it over; two
// differently named equal values are both kept, so that every source name survives.
func CSE(m *ir.Module) {
	c := csePool.Get().(*cse)
	c.reset(m)
	for _, f := range m.Funcs {
		c.block(f.Body)
		c.epoch++
		c.local++
	}
	if c.dropped {
		// The duplicates are the instructions whose results were replaced.
		ir.RemoveInsts(m, func(in *ir.Inst) bool { return in.Result != 0 && c.repl[in.Result] != 0 })
	}
	c.m = nil
	clear(c.funcEffects)
	csePool.Put(c)
}

// csePool holds the tables of finished CSE runs, for the next run of the process (a batch,
// wgslgen, a server compile many modules): sized by the module, they are most of what a run
// allocates. A pooled table holds no pointer into the module it ran on.
var csePool = sync.Pool{New: func() any { return new(cse) }}

// reset readies c's tables for m, reusing their memory.
func (c *cse) reset(m *ir.Module) {
	n := 64
	for n < m.NumValues()/2 {
		n *= 2
	}
	c.m, c.dropped, c.epoch, c.local = m, false, 0, 0
	c.buckets = resize(c.buckets, n)
	for i := range c.buckets {
		c.buckets[i] = -1
	}
	c.mem, c.repl = resize(c.mem, m.NumValues()), resize(c.repl, m.NumValues())
	// mem and repl are read before they are written: writing each page first spares the
	// second page fault of memory first mapped for reading.
	for i := 0; i < len(c.mem); i += 256 {
		c.mem[i], c.repl[i] = memEntry{}, 0
	}
}

// resize returns s with n zero elements, in its own memory when it has room.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// cseKey is what identifies an instruction's computation; operands beyond the first three
// and the result type are compared when a key matches.
type cseKey struct {
	op      ir.Op
	aux     uint16
	nargs   uint32
	a, b, c ir.Value
}

// hash mixes the key into 64 bits (a multiply-xorshift per word), cheaper than hashing the
// struct through a map.
func (k cseKey) hash() uint64 {
	const m = 0x9E3779B97F4A7C15
	h := uint64(k.op)<<32 | uint64(k.aux)
	for _, w := range [...]uint64{uint64(k.nargs)<<32 | uint64(k.a), uint64(k.b)<<32 | uint64(k.c)} {
		h = (h ^ w) * m
		h ^= h >> 29
	}
	return h
}

type cseEntry struct {
	key  cseKey
	in   *ir.Inst
	prev int32
}

type cse struct {
	m *ir.Module
	// buckets holds, for each bucket of key hashes (the hash's low bits), the newest
	// visible instruction whose key falls in it, an index into entries, whose prev links
	// to the one it shadows (-1: none); popping a scope pops entries. The entries of a
	// bucket are told apart by their keys.
	buckets []int32
	entries []cseEntry
	repl    []ir.Value // indexed by value: its replacement, or 0
	dropped bool       // whether any instruction was replaced

	// mem maps a pointer (indexed by value) to the value memory holds there (0: none),
	// valid while its epoch is the current one; memLog records the entries replaced, for
	// popping scopes.
	// Function memory (variables and pointer parameters) has its own epoch: only stores
	// through function pointers and calls passing pointers change it.
	mem    []memEntry
	memLog []memUndo
	epoch  uint32
	local  uint32
	// funcEffects caches effects.
	funcEffects map[*ir.Func]bool
}

type memEntry struct {
	val   ir.Value
	epoch uint32 // of the entry's kind of memory
}

type memUndo struct {
	ptr ir.Value
	old memEntry
}

func (c *cse) block(blk *ir.Block) {
	mark, memMark := len(c.entries), len(c.memLog)
	for _, in := range blk.Insts {
		for i, a := range in.Args {
			if int(a) < len(c.repl) {
				if r := c.repl[a]; r != 0 {
					in.Args[i] = r
				}
			}
		}
		switch in.Op {
		case ir.OpLoop:
			c.epoch++ // the loop may write what its next iteration reads
			c.local++
			c.block(in.Body())
			c.block(in.Continuing())
			c.epoch++
			c.local++
			continue
		case ir.OpIf, ir.OpSwitch:
			for _, nb := range in.Blocks() {
				c.block(nb)
			}
			continue
		}
		if c.memory(in) {
			continue
		}
		if in.Result == 0 || !c.cseable(in) {
			continue
		}
		k := c.key(in)
		if prev := c.find(k, in); prev != nil && c.reuse(in, prev.Result) {
			continue
		}
		b := c.bucket(k)
		c.entries = append(c.entries, cseEntry{key: k, in: in, prev: *b})
		*b = int32(len(c.entries) - 1)
	}
	for i := len(c.entries) - 1; i >= mark; i-- {
		*c.bucket(c.entries[i].key) = c.entries[i].prev
	}
	clear(c.entries[mark:])
	c.entries = c.entries[:mark]
	for i := len(c.memLog) - 1; i >= memMark; i-- {
		u := c.memLog[i]
		c.mem[u.ptr] = u.old
	}
	c.memLog = c.memLog[:memMark]
}

// memory handles loads from and writes to memory that may change, and reports whether in
// was one of those or anything else that ends the reuse of loaded values.
func (c *cse) memory(in *ir.Inst) bool {
	switch in.Op {
	case ir.OpLoad:
		if c.immutable(in.Args[0]) {
			return false
		}
		p := in.Args[0]
		if e := c.mem[p]; e.val != 0 && e.epoch == c.epochOf(p) && c.reuse(in, e.val) {
			return true
		}
		c.remember(p, in.Result)
		return true
	case ir.OpStore:
		if c.isLocal(in.Args[0]) {
			c.local++
		} else {
			c.epoch++
		}
		c.remember(in.Args[0], in.Args[1])
		return true
	case ir.OpBuiltin:
		fn := in.Builtin()
		if fn.Const() || fn == builtins.FnArrayLength || fn.Class() == builtins.ClassTexture && fn != builtins.FnTextureStore {
			return false
		}
		c.epoch++ // atomics and barriers: not function memory
		return true
	case ir.OpCall:
		if c.effects(in.Callee) {
			c.epoch++
		}
		for _, a := range in.Args {
			if _, ok := c.m.Type(a).(*types.Pointer); ok {
				c.local++
			}
		}
		return true
	case ir.OpVar, ir.OpAccess:
		return false
	}
	if in.Op.IsPure() || in.Op.IsTerminator() {
		return false
	}
	c.epoch++ // discard and anything new
	c.local++
	return true
}

// effects reports whether a call of f may change memory outside function variables or make
// other invocations' writes visible: a store to such memory, an atomic or a barrier, a
// texture store, a discard or anything not known to be harmless, in f or the functions it
// calls. (A call's writes through pointers to function memory it is given are accounted for
// at the call.) WGSL has no recursion, so the walk ends.
func (c *cse) effects(f *ir.Func) bool {
	if e, ok := c.funcEffects[f]; ok {
		return e
	}
	e := false
	ir.Walk(f.Body, func(in *ir.Inst) {
		if e {
			return
		}
		switch in.Op {
		case ir.OpLoad, ir.OpVar, ir.OpAccess:
		case ir.OpStore:
			e = !c.isLocal(in.Args[0])
		case ir.OpBuiltin:
			fn := in.Builtin()
			e = !(fn.Const() || fn == builtins.FnArrayLength || fn.Class() == builtins.ClassTexture && fn != builtins.FnTextureStore)
		case ir.OpCall:
			e = c.effects(in.Callee)
		default:
			e = !in.Op.IsPure() && !in.Op.IsTerminator() && !in.Op.IsControl()
		}
	})
	if c.funcEffects == nil {
		c.funcEffects = map[*ir.Func]bool{}
	}
	c.funcEffects[f] = e
	return e
}

// isLocal reports whether p points into function memory.
func (c *cse) isLocal(p ir.Value) bool {
	pt, ok := c.m.Type(p).(*types.Pointer)
	return ok && pt.Space == types.AddrFunction
}

func (c *cse) epochOf(p ir.Value) uint32 {
	if c.isLocal(p) {
		return c.local
	}
	return c.epoch
}

func (c *cse) remember(p, v ir.Value) {
	c.memLog = append(c.memLog, memUndo{p, c.mem[p]})
	c.mem[p] = memEntry{v, c.epochOf(p)}
}

// reuse replaces in's result with v unless that would lose a source name.
func (c *cse) reuse(in *ir.Inst, v ir.Value) bool {
	name, vname := c.m.Name(in.Result), c.m.Name(v)
	if name != "" && vname != "" && name != vname {
		return false
	}
	if vname == "" && name != "" {
		if c.m.Kind(v) != ir.KindInst {
			return false // constants and parameters keep their own names
		}
		c.m.SetName(v, name)
	}
	c.repl[in.Result] = v
	c.dropped = true
	return true
}

// immutable reports whether p points into memory nothing writes: a uniform buffer, a
// texture or a sampler.
func (c *cse) immutable(p ir.Value) bool {
	pt, ok := c.m.Type(p).(*types.Pointer)
	return ok && (pt.Space == types.AddrUniform || pt.Space == types.AddrHandle)
}

func (c *cse) cseable(in *ir.Inst) bool {
	switch in.Op {
	case ir.OpLoad:
		return c.immutable(in.Args[0])
	case ir.OpAccess:
		return true
	case ir.OpBuiltin:
		switch fn := in.Builtin(); fn {
		case builtins.FnArrayLength, builtins.FnTextureDimensions, builtins.FnTextureNumLevels,
			builtins.FnTextureNumLayers, builtins.FnTextureNumSamples:
			return true // a buffer's length and a texture's size do not change
		default:
			return fn.Const()
		}
	}
	return in.Op.IsPure()
}

func (c *cse) key(in *ir.Inst) cseKey {
	k := cseKey{op: in.Op, aux: in.Aux, nargs: uint32(len(in.Args))}
	switch n := len(in.Args); {
	case n >= 3:
		k.c = in.Args[2]
		fallthrough
	case n == 2:
		k.b = in.Args[1]
		fallthrough
	case n == 1:
		k.a = in.Args[0]
	}
	return k
}

// find returns the visible instruction computing what in computes, or nil.
// The oldest one wins (the chain runs from the newest).
func (c *cse) find(k cseKey, in *ir.Inst) *ir.Inst {
	var found *ir.Inst
	for i := *c.bucket(k); i >= 0; i = c.entries[i].prev {
		if c.entries[i].key != k {
			continue
		}
		prev := c.entries[i].in
		if (len(in.Args) <= 3 || sameArgs(prev.Args[3:], in.Args[3:])) &&
			types.Identical(c.m.Type(prev.Result), c.m.Type(in.Result)) {
			found = prev
		}
	}
	return found
}

// bucket returns the bucket of k's hash.
func (c *cse) bucket(k cseKey) *int32 { return &c.buckets[k.hash()&uint64(len(c.buckets)-1)] }

func sameArgs(a, b []ir.Value) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
