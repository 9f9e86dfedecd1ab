package builtins

import (
	"fmt"
	"sort"
)

// Fn is a builtin function of the table (not a value constructor): the key by which every
// phase of the compiler knows it — the checker's calls, the constant evaluator, the IR's
// OpBuiltin, the backend. The constants (FnAbs, FnTextureSample...) are generated from the
// table in its order (fn_gen.go, `go generate ./compiler/builtins`); FnNone is no function.
type Fn uint8

// fnInfo is what the table says of a function as a whole; every overload of it agrees.
type fnInfo struct {
	name     string
	class    Class
	constant bool // @const: evaluable in const-expressions, and a pure function of its arguments
}

func (f Fn) String() string {
	if f < numFns {
		return fns[f].name
	}
	return fmt.Sprintf("Fn(%d)", int(f))
}

// Class is the section of the spec's "Built-in Functions" chapter that declares f.
func (f Fn) Class() Class {
	if f < numFns {
		return fns[f].class
	}
	return ClassNone
}

// Const reports whether f is @const. Such a function is pure: its result depends on its
// arguments alone and calling it has no effect. No other function is (the others read
// memory, textures or other invocations, synchronise or write).
func (f Fn) Const() bool { return f < numFns && fns[f].constant }

// LookupFn returns the builtin function called name; value constructors are not functions.
func LookupFn(name string) (Fn, bool) {
	i := sort.Search(len(fnsByName), func(i int) bool { return fns[fnsByName[i]].name >= name })
	if i < len(fnsByName) && fns[fnsByName[i]].name == name {
		return fnsByName[i], true
	}
	return FnNone, false
}

// Fns returns every builtin function in table order.
func Fns() []Fn {
	out := make([]Fn, 0, numFns-1)
	for f := FnNone + 1; f < numFns; f++ {
		out = append(out, f)
	}
	return out
}

// Class is a section of the spec's "Built-in Functions" chapter (value constructors aside).
type Class uint8

// The sections, in the spec's order.
const (
	ClassNone Class = iota
	ClassBitReinterpretation
	ClassLogical
	ClassArray
	ClassNumeric
	ClassDerivative
	ClassTexture
	ClassAtomic
	ClassPacking
	ClassUnpacking
	ClassSynchronization
	ClassSubgroup
	ClassQuad
	ClassBufferView
	numClasses
)

// classTitles are the titles of the table's sections (table.go), which the generator
// reads to classify each function.
var classTitles = [numClasses]string{
	ClassBitReinterpretation: "Bit Reinterpretation Built-in Functions",
	ClassLogical:             "Logical Built-in Functions",
	ClassArray:               "Array Built-in Functions",
	ClassNumeric:             "Numeric Built-in Functions",
	ClassDerivative:          "Derivative Built-in Functions",
	ClassTexture:             "Texture Built-in Functions",
	ClassAtomic:              "Atomic Built-in Functions",
	ClassPacking:             "Data Packing Built-in Functions",
	ClassUnpacking:           "Data Unpacking Built-in Functions",
	ClassSynchronization:     "Synchronization Built-in Functions",
	ClassSubgroup:            "Subgroup Built-in Functions",
	ClassQuad:                "Quad Operations",
	ClassBufferView:          "Buffer View Built-in Functions",
}

func (c Class) String() string {
	if c == ClassNone || c >= numClasses {
		return "none"
	}
	return classTitles[c]
}

// Uniformity is how the uniformity analysis treats a call of an overload: the spec's
// exceptions to what "most built-in functions" do ("Uniformity Rules for Function Calls"),
// written @uniformity(...) in the table. Parameters written @uniform have the tag
// ParameterRequiredToBeUniform under the same triggering rule as the call site.
type Uniformity uint8

const (
	// UniformityPlain: no restriction on the call site; the result is as uniform as the
	// arguments.
	UniformityPlain Uniformity = iota
	// UniformityBarrier (synchronization): at workgroup scope the call site and the @uniform
	// parameters must be uniform, with an unnamed triggering rule that no filter silences;
	// the result is uniform.
	UniformityBarrier
	// UniformityDerivative (derivatives, textureSample, textureSampleBias,
	// textureSampleCompare): at workgroup scope the call site must be uniform, under the
	// derivative_uniformity rule; the result may be non-uniform.
	UniformityDerivative
	// UniformitySubgroup (subgroup and quad operations): at subgroup scope the call site and
	// the @uniform parameters must be uniform, under the subgroup_uniformity rule; the
	// result may be non-uniform.
	UniformitySubgroup
	// UniformitySubgroupUniform: as UniformitySubgroup, but at subgroup scope the result is
	// as uniform as the arguments (reductions and broadcasts: one value for the subgroup).
	UniformitySubgroupUniform
	// UniformityNonUniformResult (atomics): the result may be non-uniform.
	UniformityNonUniformResult
	// UniformityStorageTextureLoad (textureLoad): the result may be non-uniform when the
	// texture is a read_write storage texture.
	UniformityStorageTextureLoad
	numUniformities
)

var uniformityNames = [numUniformities]string{
	"", "barrier", "derivative", "subgroup", "subgroup_uniform", "nonuniform_result",
	"storage_texture_load",
}

func (u Uniformity) String() string {
	if u == UniformityPlain {
		return "plain"
	}
	return uniformityNames[u]
}

// parseUniformity maps the argument of @uniformity(...) to its Uniformity.
func parseUniformity(name string) (Uniformity, bool) {
	for i := UniformityPlain + 1; i < numUniformities; i++ {
		if uniformityNames[i] == name {
			return i, true
		}
	}
	return UniformityPlain, false
}

// TriggeringRule is the diagnostic rule under which a call with this uniformity must be
// uniform: "derivative_uniformity", "subgroup_uniformity", or "" for the unnamed rule of
// synchronization functions (and for those with no requirement).
func (u Uniformity) TriggeringRule() string {
	switch u {
	case UniformityDerivative:
		return "derivative_uniformity"
	case UniformitySubgroup, UniformitySubgroupUniform:
		return "subgroup_uniformity"
	}
	return ""
}
