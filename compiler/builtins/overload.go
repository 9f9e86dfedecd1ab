package builtins

import (
	"math/bits"
	"strings"
	"sync"
)

// A Builtin is a predeclared function of WGSL with all its overloads: a built-in function
// (clamp, textureSample, atomicAdd...) or a value constructor, named by its type or type
// generator (f32, vec3, mat2x2, array).
type Builtin struct {
	Name      string
	Overloads []*Overload
	// Constructor marks value constructors.
	Constructor bool
	// scalar marks the constructors of scalar types (bool, i32, u32, f32, f16), whose type
	// needs no template arguments.
	scalar bool
}

// An Overload is one parameterized signature of a builtin, as the spec writes it: type
// variables stand for the types of the parameterization (the Where clause).
type Overload struct {
	Name string
	// Fn is the function, or FnNone for a value constructor.
	Fn     Fn
	Params []Param
	// Const and MustUse are the @const and @must_use attributes.
	Const, MustUse bool
	// Stages are the shader stages the function may be used in.
	Stages Stage
	// Extension is the enable-extension the overload needs, or NoExtension.
	Extension Extension
	// Feature is the language extension the overload needs, or NoFeature.
	Feature Feature
	// Variadic marks the array constructors, whose last parameter repeats: the overload
	// takes one or more arguments.
	Variadic bool
	// Uniformity is what the uniformity analysis requires of a call and knows of its result.
	Uniformity Uniformity

	templates []*pattern // explicit template arguments (bitcast<T>, bufferView<T>, vec3<T>)
	explicit  bool       // a constructor written with its template arguments: vec3<T>(...)
	result    *pattern   // nil: no return value
	vars      []varDef
	notEqual  [][2]int8 // pairs of scalar variables that must differ
	sameAbs   [][2]int8 // pairs of scalar variables that are both abstract or both concrete
	countVar  int8      // the count variable of a variadic overload
	f16       bool      // some instantiation mentions f16
	fixedF16  bool      // f16 in the overload's own types, or a type variable
	id        int       // the block's index in the table, then the overload's in the block: table order
}

// A Param is one formal parameter of an overload.
type Param struct {
	Name string
	// Const is set when the argument must be a const-expression (texture offsets, the
	// component of textureGather, the id of subgroupBroadcast and quadBroadcast).
	Const bool
	// Uniform is set when the argument must be uniform (the spec's parameter tag
	// ParameterRequiredToBeUniform, under the triggering rule of the overload's Uniformity).
	Uniform bool
	pat     *pattern
	// value is set for parameters that take values by automatic conversion and the load
	// rule (all but pointers).
	value bool
}

// String returns the overload in the spec's notation, without attributes:
// "clamp(e: vecN<S>, low: vecN<S>, high: vecN<S>) -> vecN<S>".
func (o *Overload) String() string { return o.signature(nil) }

func (o *Overload) signature(b *binding) string {
	var sb strings.Builder
	if o.explicit {
		o.format(&sb, o.result, b) // vec3<T>, array<T, N>
	} else {
		sb.WriteString(o.Name)
	}
	if len(o.templates) > 0 {
		sb.WriteByte('<')
		for i, t := range o.templates {
			if i > 0 {
				sb.WriteString(", ")
			}
			o.format(&sb, t, b)
		}
		sb.WriteByte('>')
	}
	sb.WriteByte('(')
	for i, p := range o.Params {
		if i > 0 {
			sb.WriteString(", ")
		}
		if o.Variadic && i == len(o.Params)-1 {
			sb.WriteString("e1: ")
			o.format(&sb, p.pat, b)
			sb.WriteString(", ..., eN: ")
			o.format(&sb, p.pat, b)
			continue
		}
		if p.Const {
			sb.WriteString("@const ")
		}
		sb.WriteString(p.Name)
		sb.WriteString(": ")
		o.format(&sb, p.pat, b)
	}
	sb.WriteByte(')')
	if o.result != nil {
		sb.WriteString(" -> ")
		o.format(&sb, o.result, b)
	}
	return sb.String()
}

// Where returns the parameterization of the overload's type variables, e.g.
// "S: AbstractFloat, f32, f16", or "" when it has none worth spelling.
func (o *Overload) Where() string { return o.where(nil) }

// where spells the parameterization; with a binding, only of the variables it leaves open,
// with the values still possible.
func (o *Overload) where(b *binding) string {
	var parts []string
	for i := range o.vars {
		d := &o.vars[i]
		mask := d.mask
		if b != nil {
			mask = b.mask[i]
		}
		var vals []string
		switch d.kind {
		case vkScalar, vkChannel:
			if d.name == o.Name || b != nil && bits.OnesCount16(mask) <= 1 {
				continue
			}
			if d.kind == vkChannel && b == nil {
				vals = []string{d.predName}
				break
			}
			for k := 0; k < len(scalarNames); k++ {
				if mask&(1<<k) != 0 {
					vals = append(vals, scalarNames[k])
				}
			}
		case vkSpace, vkAccess:
			if b != nil && b.val[i] >= 0 {
				continue
			}
			names := spaceNames[:]
			if d.kind == vkAccess {
				names = accessNames[:]
			}
			for k, n := range names {
				if d.mask&(1<<k) != 0 && n != "" {
					vals = append(vals, n)
				}
			}
		case vkType, vkFormat:
			if b != nil && (b.typ[i] != nil || d.kind == vkFormat && b.val[i] >= 0) {
				continue
			}
			vals = []string{d.predName}
		default:
			continue
		}
		parts = append(parts, d.name+": "+strings.Join(vals, ", "))
	}
	return strings.Join(parts, "; ")
}

// Signature returns the overload as the table writes it, with its attributes and
// parameterization: "@const @must_use fn abs(e: S) -> S  [S: AbstractInt, ...]".
func (o *Overload) Signature() string {
	var sb strings.Builder
	if o.Const {
		sb.WriteString("@const ")
	}
	if o.MustUse {
		sb.WriteString("@must_use ")
	}
	sb.WriteString("fn ")
	sb.WriteString(o.String())
	if w := o.Where(); w != "" {
		sb.WriteString("  [" + w + "]")
	}
	return sb.String()
}

// indexOnce guards the making of the table from its index (index_gen.go), done when a
// builtin is first looked up rather than at start-up.
var indexOnce sync.Once

func ensureIndex() {
	indexOnce.Do(func() { useIndex(indexedBlocks[:], indexedNames[:]) })
}

// Lookup returns the builtin function or value constructor called name. Constructors are
// found by their type or type generator name (f32, vec3, mat2x3, array) and by the
// predeclared aliases (vec3f, mat4x4h).
func Lookup(name string) (*Builtin, bool) {
	if t, ok := alias(name); ok {
		name = ctorName(t)
	}
	return lookupTable(name)
}

// IsBuiltin reports whether name is a builtin function or value constructor.
func IsBuiltin(name string) bool {
	_, ok := Lookup(name)
	return ok
}

// Names returns the names of every builtin function and value constructor, sorted.
func Names() []string {
	ensureIndex()
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n.name
	}
	return out
}
