package transform

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// DirectVariableAccess removes the pointer parameters into uniform, storage, workgroup and
// immediate memory. SPIR-V's logical addressing takes only whole variables as pointer
// arguments, and not even those in the Uniform, StorageBuffer and PushConstant classes (that
// needs the VariablePointers capabilities), while WGSL passes a pointer to any part of such a
// variable (unrestricted_pointer_parameters).
//
// Each call passing such pointers calls a specialised copy of the callee instead. In the
// copy, the pointer is the access chain from the variable it points into, rebuilt at the
// start of the body: the variable and the constant indices of the chain (structure members,
// constant array indices) are part of the copy, and each other index becomes a value
// parameter of its own type, evaluated at the call as WGSL evaluates the pointer
// expression. The copy's identity is the callee, and for each such parameter the variable
// and the shape of the chain (which indices are constant, and their values): calls that
// agree share one copy. Copies are made from the functions without such parameters inward,
// so a copy that passes its pointer on to another function gets that one specialised in
// turn. The originals are removed.
//
// The copies of copies can grow exponentially with the source (a function passing two
// constant parts of its pointer on, nested deeply): past MaxCopiedInsts copied instructions
// it gives up with an error at a call of the function whose copy went over the limit, in the
// function that needed it (a diag.List in file).
//
// It runs before Robustness, which clamps the passed indices where the copy accesses
// memory. Pointers into function and private memory are left alone: the lowering passes
// whole variables for them.
func DirectVariableAccess(m *ir.Module, file *diag.File) error {
	d := &dva{m: m, file: file}
	for _, f := range m.Funcs {
		for _, p := range f.Params {
			if d.isIndirect(p) {
				if d.indirect == nil {
					d.indirect = map[*ir.Func]bool{}
				}
				d.indirect[f] = true
			}
		}
	}
	if len(d.indirect) == 0 {
		// Most programs pass no such pointer: they pay for nothing more than this look.
		return nil
	}
	orig := append([]*ir.Func(nil), m.Funcs...)
	d.clones, d.copies, d.names = map[string]*ir.Func{}, map[*ir.Func][]*ir.Func{}, map[string]bool{}
	d.suffix, d.index, d.size, d.budget = map[string]int{}, map[*ir.Func]int{}, map[*ir.Func]int{}, MaxCopiedInsts
	for i, f := range orig {
		d.names[f.Name] = true
		d.index[f] = i
	}
	var queue []*ir.Func
	for _, f := range orig {
		if !d.indirect[f] {
			queue = append(queue, f)
		}
	}
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		made, err := d.rewriteCalls(f)
		if err != nil {
			return err
		}
		queue = append(queue, made...)
	}
	// The copies take their original's place, in the order they were made.
	funcs := make([]*ir.Func, 0, len(m.Funcs))
	for _, f := range orig {
		if d.indirect[f] {
			funcs = append(funcs, d.copies[f]...)
		} else {
			funcs = append(funcs, f)
		}
	}
	m.Funcs = funcs
	removeUnusedAccess(m)
	return nil
}

type dva struct {
	m        *ir.Module
	file     *diag.File
	indirect map[*ir.Func]bool // the functions with pointer parameters to rewrite
	clones   map[string]*ir.Func
	copies   map[*ir.Func][]*ir.Func // each original's copies, in the order they were made
	names    map[string]bool
	suffix   map[string]int // the last number appended to each name
	index    map[*ir.Func]int
	size     map[*ir.Func]int // instructions of the originals
	budget   int              // instructions left to copy
}

// MaxCopiedInsts bounds the instructions DirectVariableAccess copies into specialised
// functions.
const MaxCopiedInsts = 1 << 18

// limitError is the error of a program the compiler refuses for its size, not for a fault of
// its own: at the first call of g (an original) in caller's original, with a note at g, or
// at g when there is none.
func (d *dva) limitError(g, caller *ir.Func) diag.List {
	caller = d.original(caller)
	msg := fmt.Sprintf("pointer arguments need more than %d instructions of specialised "+
		"function copies (at a copy of '%s' for a call from '%s'): each variable and constant index path passed for "+
		"a pointer parameter into uniform, storage or workgroup memory gets a copy of the function and of those it "+
		"passes the pointer to; pass fewer distinct constant paths", MaxCopiedInsts, g.Name, caller.Name)
	e := &diag.Diagnostic{Severity: diag.Error, File: d.file, Span: g.Span.Diag(), Message: msg}
	var call *ir.Inst
	ir.Walk(caller.Body, func(in *ir.Inst) {
		if call == nil && in.Op == ir.OpCall && d.original(in.Callee) == g {
			call = in
		}
	})
	if call != nil {
		e.Span = call.Span().Diag()
		e.Note(d.file, g.Span.Diag(), "each distinct variable and constant index path passed to '%s' gets a copy of it", g.Name)
	}
	return diag.List{e}
}

// isIndirect reports whether the parameter p is a pointer this pass removes.
func (d *dva) isIndirect(p ir.Value) bool {
	pt, ok := d.m.Type(p).(*types.Pointer)
	if !ok {
		return false
	}
	switch pt.Space {
	case types.AddrUniform, types.AddrStorage, types.AddrWorkgroup, types.AddrImmediate:
		return true
	}
	return false
}

// chain is where a pointer argument points: a variable and the indices into it.
type chain struct {
	root *ir.Global
	path []ir.Value
}

// resolve follows the access chains defining the pointer v back to its variable.
func (d *dva) resolve(v ir.Value) (chain, bool) {
	var path []ir.Value
	for {
		in := d.m.Def(v)
		if in == nil || in.Op != ir.OpAccess {
			break
		}
		path = append(append([]ir.Value(nil), in.Args[1:]...), path...)
		v = in.Args[0]
	}
	g := d.m.Global(v)
	return chain{g, path}, g != nil
}

// rewriteCalls makes every call in f that passes pointers to rewrite call a specialised
// copy, and returns the copies made for it.
func (d *dva) rewriteCalls(f *ir.Func) ([]*ir.Func, error) {
	m := d.m
	var made []*ir.Func
	var err error
	ir.Walk(f.Body, func(in *ir.Inst) {
		if err != nil || in.Op != ir.OpCall || !d.indirect[in.Callee] {
			return
		}
		g := in.Callee
		var key strings.Builder
		key.WriteString(strconv.Itoa(d.index[g]))
		args := make([]ir.Value, 0, len(in.Args))
		chains := make([]chain, len(in.Args))
		for i, a := range in.Args {
			if !d.isIndirect(g.Params[i]) {
				args = append(args, a)
				continue
			}
			c, ok := d.resolve(a)
			if !ok {
				err = fmt.Errorf("call of %s in %s: argument %d is not a pointer into a module-scope variable", g.Name, f.Name, i)
				return
			}
			chains[i] = c
			fmt.Fprintf(&key, " %d:%d", i, c.root.Value)
			for _, idx := range c.path {
				if k := m.Const(idx); k != nil {
					fmt.Fprintf(&key, ",%d", k.Int())
				} else {
					fmt.Fprintf(&key, ",%v", m.Type(idx))
					args = append(args, idx)
				}
			}
		}
		c := d.clones[key.String()]
		if c == nil {
			c, err = d.specialise(g, chains, f)
			if err != nil {
				return
			}
			d.clones[key.String()] = c
			d.copies[g] = append(d.copies[g], c)
			made = append(made, c)
		}
		in.Callee = c
		in.Args = args
	})
	return made, err
}

// original returns the function f is a copy of, or f itself.
func (d *dva) original(f *ir.Func) *ir.Func {
	for g, cs := range d.copies {
		if slices.Contains(cs, f) {
			return g
		}
	}
	return f
}

// specialise copies g for calls from caller whose pointer arguments are chains (the zero
// chain for the other parameters): each pointer parameter becomes the parameters for the
// chain's dynamic indices. The caller matters only to the limit's error.
func (d *dva) specialise(g *ir.Func, chains []chain, caller *ir.Func) (*ir.Func, error) {
	m := d.m
	var roots []string
	for _, c := range chains {
		if c.root != nil {
			roots = append(roots, c.root.Name)
		}
	}
	base := g.Name + "_" + strings.Join(roots, "_")
	name := base
	for d.names[name] {
		d.suffix[base]++
		name = fmt.Sprintf("%s_%d", base, d.suffix[base]+1)
	}
	d.names[name] = true
	n, ok := d.size[g]
	if !ok {
		ir.Walk(g.Body, func(*ir.Inst) { n++ })
		d.size[g] = n
	}
	if d.budget -= n; d.budget < 0 {
		return nil, d.limitError(g, caller)
	}
	c, repl := m.CloneFunc(g, name)
	// New parameters from the last to the first, so that the indices stay put.
	old := make([]ir.Value, len(chains))
	dyn := make([][]ir.Value, len(chains))
	for i := len(chains) - 1; i >= 0; i-- {
		ch := chains[i]
		if ch.root == nil {
			continue
		}
		old[i] = repl[g.Params[i]]
		var names []string
		var ts []types.Type
		for _, idx := range ch.path {
			if m.Const(idx) == nil {
				names = append(names, fmt.Sprintf("%s_i%d", m.Name(g.Params[i]), len(names)))
				ts = append(ts, m.Type(idx))
			}
		}
		dyn[i] = c.ReplaceParam(i, names, ts)
	}
	// The pointers, rebuilt before the body.
	b := ir.NewBuilder(c)
	b.SetInsertBefore(c.Body.Insts[0])
	ptrs := map[ir.Value]ir.Value{}
	for i, ch := range chains {
		if ch.root == nil {
			continue
		}
		p := ch.root.Value
		if len(ch.path) > 0 {
			idxs := make([]ir.Value, len(ch.path))
			k := 0
			for j, idx := range ch.path {
				if m.Const(idx) != nil {
					idxs[j] = idx
				} else {
					idxs[j] = dyn[i][k]
					k++
				}
			}
			p = b.Access(p, idxs...)
		}
		if want := m.Type(old[i]); !types.Identical(m.Type(p), want) {
			return nil, fmt.Errorf("call of %s: argument %d points to %v, want %v", g.Name, i, m.Type(p), want)
		}
		ptrs[old[i]] = p
	}
	ir.Walk(c.Body, func(in *ir.Inst) {
		for k, a := range in.Args {
			if p, ok := ptrs[a]; ok {
				in.Args[k] = p
			}
		}
	})
	return c, nil
}

// removeUnusedAccess removes the access chains nothing uses any more (those that made the
// pointer arguments), so that later passes do not clamp their indices for nothing.
func removeUnusedAccess(m *ir.Module) {
	for {
		uses := ir.Uses(m)
		removed := false
		ir.RemoveInsts(m, func(in *ir.Inst) bool {
			if in.Op == ir.OpAccess && uses[in.Result] == 0 {
				removed = true
				return true
			}
			return false
		})
		if !removed {
			return
		}
	}
}
