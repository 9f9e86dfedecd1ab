package builtins

import (
	"math/bits"
	"slices"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// An Instance is an overload with its type variables bound: a call with these argument types
// (and template arguments, or constructed type) resolves to the overload with this result.
type Instance struct {
	Overload *Overload
	// Type is the constructed type of a constructor written with its template arguments
	// (vec3<f32>(...)), as Call.Type takes it; nil otherwise.
	Type         types.Type
	TemplateArgs []types.Type
	Args         []types.Type
	// Result is nil for functions that return nothing.
	Result types.Type

	b binding
}

// Call is the call of the instance, every argument a const-expression of its type.
func (in *Instance) Call() Call {
	c := Call{Name: in.Overload.Name, Type: in.Type, TemplateArgs: in.TemplateArgs, Args: in.Args}
	c.Const = make([]bool, len(in.Args))
	for i := range c.Const {
		c.Const[i] = true
	}
	return c
}

// typeExamples are the types tried for a type variable, in order; those its predicate takes
// are used.
func typeExamples() []types.Type {
	return []types.Type{
		types.F32,
		types.Vec(3, types.I32),
		&types.Array{Elem: types.U32, Count: 2},
		&types.Array{Elem: types.F32},
		types.AbstractInt,
	}
}

// maxProduct is the number of bindings up to which Instances lists every combination of the
// variables' values; beyond it, it lists enough to give each variable each of its values.
const maxProduct = 64

// Instances returns instantiations of the overload that together give each of its variables
// each of its values: every scalar of a scalar variable, vector and matrix sizes 2, 3 and 4,
// every address space, access mode and texel format it allows, an element count of 2, and
// for a type variable the first two of f32, vec3<i32>, array<u32, 2>, array<f32> and
// AbstractInt that its predicate takes. When there are at most 64 combinations, every one
// is listed. The order is deterministic. Tests use it to reach every overload of the table.
func (o *Overload) Instances() []Instance {
	domains := make([][]int32, len(o.vars))
	typeDomains := make([][]types.Type, len(o.vars))
	product := 1
	for i := range o.vars {
		d := &o.vars[i]
		var vals []int32
		switch d.kind {
		case vkScalar, vkChannel:
			for m := d.mask; m != 0; m &= m - 1 {
				vals = append(vals, int32(bits.TrailingZeros16(m)))
			}
			if d.kind == vkChannel {
				vals = []int32{-1} // follows its texel format (settle)
			}
		case vkSize:
			vals = []int32{2, 3, 4}
		case vkCount:
			vals = []int32{2}
		case vkSpace, vkAccess:
			for m := d.mask; m != 0; m &= m - 1 {
				vals = append(vals, int32(bits.TrailingZeros16(m)))
			}
		case vkFormat:
			for _, f := range types.AllTexelFormats() {
				vals = append(vals, int32(f))
			}
		case vkType:
			for _, t := range typeExamples() {
				if d.pred(t) && len(typeDomains[i]) < 2 {
					typeDomains[i] = append(typeDomains[i], t)
				}
			}
			for k := range typeDomains[i] {
				vals = append(vals, int32(k))
			}
		}
		domains[i] = vals
		product *= max(len(vals), 1)
	}
	covered := make([][]bool, len(o.vars))
	for i := range covered {
		covered[i] = make([]bool, len(domains[i]))
	}
	var out []Instance
	choice := make([]int, len(o.vars))
	for {
		if in, ok := o.instance(domains, typeDomains, choice); ok {
			fresh := product <= maxProduct
			for i, c := range choice {
				if len(covered[i]) > 0 && !covered[i][c] {
					covered[i][c], fresh = true, true
				}
			}
			if fresh || len(o.vars) == 0 {
				out = append(out, in)
			}
		}
		// The next combination, the last variable fastest.
		i := len(choice) - 1
		for ; i >= 0; i-- {
			if choice[i]+1 < len(domains[i]) {
				choice[i]++
				break
			}
			choice[i] = 0
		}
		if i < 0 {
			return out
		}
	}
}

// instance instantiates the overload with the variables' values choice selects, if they
// satisfy its constraints.
func (o *Overload) instance(domains [][]int32, typeDomains [][]types.Type, choice []int) (Instance, bool) {
	var b binding
	o.initBinding(&b)
	for i := range o.vars {
		if len(domains[i]) == 0 {
			return Instance{}, false // a type variable no example satisfies
		}
		v := domains[i][choice[i]]
		switch o.vars[i].kind {
		case vkScalar:
			b.mask[i] = 1 << v
		case vkChannel:
		case vkType:
			b.typ[i] = typeDomains[i][v]
		default:
			b.val[i] = v
		}
	}
	for _, pr := range o.notEqual {
		if b.mask[pr[0]] == b.mask[pr[1]] {
			return Instance{}, false
		}
	}
	for _, pr := range o.sameAbs {
		if isAbstractMask(b.mask[pr[0]]) != isAbstractMask(b.mask[pr[1]]) {
			return Instance{}, false
		}
	}
	if !o.settle(&b) {
		return Instance{}, false
	}
	in := Instance{Overload: o, b: b}
	if o.result != nil {
		in.Result = o.inst(o.result, &b)
	}
	if o.explicit {
		in.Type = in.Result
	}
	for _, tp := range o.templates {
		in.TemplateArgs = append(in.TemplateArgs, o.inst(tp, &b))
	}
	n := len(o.Params)
	if o.Variadic {
		n = int(b.val[o.countVar])
	}
	for i := 0; i < n; i++ {
		in.Args = append(in.Args, o.inst(o.param(i).pat, &b))
	}
	// A pointer's access mode must be one its address space allows (ptr<uniform, T,
	// read_write> is no type).
	if slices.ContainsFunc(in.Args, func(t types.Type) bool {
		p, ok := t.(*types.Pointer)
		return ok && !accessValid(p)
	}) {
		return Instance{}, false
	}
	return in, true
}
