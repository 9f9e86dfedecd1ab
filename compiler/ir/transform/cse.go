package transform

import (
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// CSE removes common subexpressions: an instruction that computes what an instruction
// visible at its place already computed (same operation, result type and operands) is
// replaced by that one's result. It considers pure operations, pure builtins, access chains
// and arrayLength (a buffer's length does not change during an invocation); not loads,
// calls or anything else that touches memory or depends on the invocations that are active.
//
// The walk follows the IR's visibility rules with a scoped table: an instruction sees the
// earlier ones of its block and of the blocks enclosing it; a loop's continuing block sees
// only what is visible at the loop (conservatively, not the body's values). One pass, linear
// in the size of the module.
//
// A duplicate carrying a source name the kept instruction lacks hands it over; two
// differently named equal values are both kept, so that every source name survives.
func CSE(m *ir.Module) {
	c := &cse{m: m, table: map[cseKey][]*ir.Inst{},
		repl: map[ir.Value]ir.Value{}, drop: map[*ir.Inst]bool{}}
	for _, f := range m.Funcs {
		c.block(f.Body)
		clear(c.repl)
	}
	if len(c.drop) > 0 {
		ir.RemoveInsts(m, func(in *ir.Inst) bool { return c.drop[in] })
	}
}

// cseKey is what identifies an instruction's computation; operands beyond the first three
// and the result type are compared when a key matches.
type cseKey struct {
	op      ir.Op
	aux     uint32
	nargs   uint32
	a, b, c ir.Value
}

type cse struct {
	m     *ir.Module
	table map[cseKey][]*ir.Inst
	log   []cseKey // keys added, in order, for popping scopes
	repl  map[ir.Value]ir.Value
	drop  map[*ir.Inst]bool
}

func (c *cse) block(blk *ir.Block) {
	mark := len(c.log)
	for _, in := range blk.Insts {
		if len(c.repl) > 0 {
			for i, a := range in.Args {
				if r, ok := c.repl[a]; ok {
					in.Args[i] = r
				}
			}
		}
		switch in.Op {
		case ir.OpLoop:
			c.block(in.Body())
			c.block(in.Continuing())
			continue
		case ir.OpIf, ir.OpSwitch:
			for _, nb := range in.Blocks {
				c.block(nb)
			}
			continue
		}
		if in.Result == 0 || !cseable(in) {
			continue
		}
		k := c.key(in)
		if prev := c.find(k, in); prev != nil {
			name, pname := c.m.Name(in.Result), c.m.Name(prev.Result)
			if name == "" || pname == "" || name == pname {
				if pname == "" && name != "" {
					c.m.SetName(prev.Result, name)
				}
				c.repl[in.Result] = prev.Result
				c.drop[in] = true
				continue
			}
		}
		c.table[k] = append(c.table[k], in)
		c.log = append(c.log, k)
	}
	for i := len(c.log) - 1; i >= mark; i-- {
		k := c.log[i]
		l := c.table[k]
		if len(l) == 1 {
			delete(c.table, k)
		} else {
			c.table[k] = l[:len(l)-1]
		}
	}
	c.log = c.log[:mark]
}

func cseable(in *ir.Inst) bool {
	switch in.Op {
	case ir.OpAccess:
		return true
	case ir.OpBuiltin:
		fn := in.Builtin()
		return fn.IsPure() || fn == ir.BuiltinArrayLength
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
func (c *cse) find(k cseKey, in *ir.Inst) *ir.Inst {
	for _, prev := range c.table[k] {
		if (len(in.Args) <= 3 || sameArgs(prev.Args[3:], in.Args[3:])) &&
			types.Identical(c.m.Type(prev.Result), c.m.Type(in.Result)) {
			return prev
		}
	}
	return nil
}

func sameArgs(a, b []ir.Value) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
