package sema

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Alias analysis (spec "Alias Analysis"): a function must not access memory through two root
// identifiers that alias when one of the accesses is a write. Each function records the
// module-scope variables and pointer parameters it reads and writes, directly or through its
// callees; call sites are checked once every function's sets are known, callees first.

// accessKind is a read, a write, or both.
type accessKind uint8

const (
	accessRead accessKind = 1 << iota
	accessWrite
)

// aliasInfo is the per-function summary of memory accesses.
type aliasInfo struct {
	globalsRead, globalsWritten varSet
	paramsRead, paramsWritten   []bool
	calls                       []aliasCall
}

// aliasCall is one call of a user function with the root identifiers of its pointer
// arguments (nil for other arguments).
type aliasCall struct {
	callee *Func
	roots  []Object
	span   diag.Span
}

func newAliasInfo(f *Func) *aliasInfo {
	// The two lists of parameters share one allocation.
	n := len(f.Params)
	params := make([]bool, 2*n)
	return &aliasInfo{paramsRead: params[:n:n], paramsWritten: params[n:]}
}

// varSet is a set of module-scope variables: a list, indexed once long (see addOnce).
type varSet struct {
	list  []*Var
	index map[*Var]bool
}

func (s *varSet) add(v *Var) { addOnce(&s.list, &s.index, v) }

func (s *varSet) has(v *Var) bool {
	if s.index != nil {
		return s.index[v]
	}
	for _, w := range s.list {
		if w == v {
			return true
		}
	}
	return false
}

// access records a read or write through a memory view whose root identifier is root.
func (c *checker) access(root Object, k accessKind) {
	if c.fn == nil || root == nil {
		return
	}
	a := c.fn.alias
	switch r := root.(type) {
	case *Var:
		if !r.Global {
			return
		}
		if k&accessRead != 0 {
			a.globalsRead.add(r)
		}
		if k&accessWrite != 0 {
			a.globalsWritten.add(r)
		}
	case *Param:
		if _, ok := r.Type.(*types.Pointer); !ok || r.Index >= len(a.paramsRead) {
			return
		}
		if k&accessRead != 0 {
			a.paramsRead[r.Index] = true
		}
		if k&accessWrite != 0 {
			a.paramsWritten[r.Index] = true
		}
	}
}

// builtinPointerAccess is how a builtin function accesses the memory its pointer arguments
// view (arrayLength and the buffer views read none of it).
func builtinPointerAccess(fn builtins.Fn) accessKind {
	switch {
	case fn == builtins.FnAtomicLoad, fn == builtins.FnWorkgroupUniformLoad:
		return accessRead
	case fn == builtins.FnAtomicStore:
		return accessWrite
	case fn.Class() == builtins.ClassAtomic:
		return accessRead | accessWrite
	}
	return 0
}

// rootOf returns the root identifier of a memory view named by obj: let-declarations of
// pointer type stand for the root of their initializer.
func (c *checker) rootOf(obj Object) Object {
	if l, ok := obj.(*Let); ok {
		if r, ok := c.letRoots[l]; ok {
			return r
		}
	}
	return obj
}

// aliasAnalysis propagates access sets from callees to callers and checks every call site.
func (c *checker) aliasAnalysis(order []*Func) {
	for _, f := range order {
		a := c.aliasOf[f]
		if a == nil {
			continue
		}
		for _, call := range a.calls {
			ca := c.aliasOf[call.callee]
			if ca == nil {
				continue
			}
			c.checkAliasCall(f, call, ca)
			for _, v := range ca.globalsRead.list {
				a.globalsRead.add(v)
			}
			for _, v := range ca.globalsWritten.list {
				a.globalsWritten.add(v)
			}
			for i, root := range call.roots {
				if root == nil || i >= len(ca.paramsRead) {
					continue
				}
				var k accessKind
				if ca.paramsRead[i] {
					k |= accessRead
				}
				if ca.paramsWritten[i] {
					k |= accessWrite
				}
				saved := c.fn
				c.fn = &funcState{fn: f, alias: a}
				c.access(root, k)
				c.fn = saved
			}
		}
	}
}

func (c *checker) checkAliasCall(caller *Func, call aliasCall, ca *aliasInfo) {
	p := call.callee.Params
	for i, ri := range call.roots {
		if ri == nil {
			continue
		}
		for j := i + 1; j < len(call.roots); j++ {
			if call.roots[j] == ri && (ca.paramsWritten[i] || ca.paramsWritten[j]) {
				c.errorAt(call.span, "arguments '%s' and '%s' of '%s' both point into '%s', and '%s' writes through one of them (aliasing)",
					p[i].name, p[j].name, call.callee.name, ri.Name(), call.callee.name)
				return
			}
		}
		v, ok := ri.(*Var)
		if !ok || !v.Global {
			continue
		}
		switch {
		case ca.paramsWritten[i] && (ca.globalsRead.has(v) || ca.globalsWritten.has(v)):
			c.errorAt(call.span, "argument '%s' of '%s' points into '%s', which '%s' also accesses directly while writing through the pointer (aliasing)",
				p[i].name, call.callee.name, v.name, call.callee.name)
			return
		case ca.paramsRead[i] && ca.globalsWritten.has(v):
			c.errorAt(call.span, "argument '%s' of '%s' points into '%s', which '%s' writes directly while reading through the pointer (aliasing)",
				p[i].name, call.callee.name, v.name, call.callee.name)
			return
		}
	}
}
