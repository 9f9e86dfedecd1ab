package wgsl

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The override values of a pipeline are a map from override names to float64, as WebGPU's
// pipeline constants are; the generated Overrides types build it with typed setters. A value
// is converted to the override's type as WebGPU converts a GPUPipelineConstantValue: bool is
// v != 0; i32 and u32 take the integer part and must be in range; f32 rounds to the nearest
// float32 and must stay finite; f16 rounds through float32 to the nearest F16 and must stay
// finite. NaN and infinities are refused everywhere but for bool.

// PipelineConstants returns WebGPU's pipeline constants for the override values: the values,
// converted to the overrides' types, keyed by the overrides' Keys. It fails when a value names
// no override or cannot be converted, or when a Required override has no value, listing every
// problem.
func (s *Shader) PipelineConstants(values map[string]float64) (map[string]float64, error) {
	out := map[string]float64{}
	err := s.eachOverride(values, func(o *Override, v float64, set bool) error {
		if set {
			out[o.Key] = v
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Specialization returns the Vulkan specialization data of the override values; an override
// whose default is an override-expression comes with its flag (FlagID) set to true. It fails
// as PipelineConstants does.
func (s *Shader) Specialization(values map[string]float64) (Specialization, error) {
	var spec Specialization
	err := s.eachOverride(values, func(o *Override, v float64, set bool) error {
		if !set {
			return nil
		}
		switch o.Type {
		case "bool":
			spec.AddBool(o.ID, v != 0)
		case "i32":
			spec.AddI32(o.ID, int32(v))
		case "u32":
			spec.AddU32(o.ID, uint32(v))
		case "f32":
			spec.AddF32(o.ID, float32(v))
		case "f16":
			spec.AddF16(o.ID, F16FromFloat32(float32(v)))
		}
		if o.FlagID != 0 {
			spec.AddBool(o.FlagID, true)
		}
		return nil
	})
	return spec, err
}

// WGSLWith returns Shader.WGSL with every override declaration replaced by a const
// declaration of the override's type, for WebGPU implementations whose pipelines take no
// constants: an override with a value gets it as a literal, one without keeps its initializer
// (which now reads consts where it read overrides), and @id goes. So
//
//	@id(3) override gain: f32 = 2.0;
//	override scale = gain * 0.5;
//
// with gain set to 4 becomes
//
//	const gain: f32 = 4f;
//	const scale: f32 = gain * 0.5;
//
// Values are written exactly: floats as the shortest decimal that reads back as the same f32
// or f16, or in hexadecimal when no decimal does. It fails as PipelineConstants does, and
// when the table has no WGSL text. Every override becomes a const, so a default that does not
// evaluate (a division by zero, say: a pipeline-creation error in WebGPU for the entry points
// that use it) makes the text fail to compile whatever the entry point.
func (s *Shader) WGSLWith(values map[string]float64) (string, error) {
	return s.wgslWith(values, false)
}

// WGSLWithPushConstants returns WGSLWith(values) spelled for the WGSL compilers that know
// immediate data only by its older name, naga's push constants (the wgpu-native of
// github.com/cogentcore/webgpu v0.23.0, where they need the native PushConstants feature;
// WGSLFor(Naga019, values) gives the text that compiler reads whole):
// every var<immediate> becomes var<push_constant>, and the `requires immediate_address_space`
// goes (the directive, or the name and its comma when it names other features too). For a
// shader without immediates it is WGSLWith.
func (s *Shader) WGSLWithPushConstants(values map[string]float64) (string, error) {
	return s.wgslWith(values, true)
}

func (s *Shader) wgslWith(values map[string]float64, pushConstants bool) (string, error) {
	if s.WGSL == "" {
		return "", fmt.Errorf("wgsl: %s: the table has no WGSL text (generated with -wgsl=none)", s.Source)
	}
	ranges := make([]OverrideText, len(s.Overrides))
	for i, o := range s.Overrides {
		ranges[i] = OverrideText{Decl: o.Decl, Init: o.Init}
	}
	var more []textEdit
	if pushConstants {
		valid := func(r TextRange) bool { return r.Start >= 0 && r.End <= len(s.WGSL) && r.Start < r.End }
		for _, im := range s.Immediates {
			if !valid(im.AddressSpace) || s.WGSL[im.AddressSpace.Start:im.AddressSpace.End] != "immediate" {
				return "", fmt.Errorf("wgsl: %s: immediate %s: no address space at %d..%d in the WGSL text", s.Source, im.Name, im.AddressSpace.Start, im.AddressSpace.End)
			}
			more = append(more, textEdit{im.AddressSpace, "push_constant"})
		}
		if s.ImmediateFeature != (TextRange{}) {
			if !valid(s.ImmediateFeature) || !strings.Contains(s.WGSL[s.ImmediateFeature.Start:s.ImmediateFeature.End], "immediate_address_space") {
				return "", fmt.Errorf("wgsl: %s: no immediate_address_space at %d..%d in the WGSL text", s.Source, s.ImmediateFeature.Start, s.ImmediateFeature.End)
			}
			more = append(more, textEdit{s.ImmediateFeature, ""})
		}
	}
	return s.substitute(s.WGSL, ranges, values, more)
}

// WGSLFor returns the module's WGSL text for the compiler of dialect d, with the override
// values substituted as WGSLWith substitutes them: Shader.WGSL for Modern, else the text the
// table holds for d (wgslgen -for). The compilers of the older dialects read no override
// declaration, so their text always goes through the substitution, with the defaults where
// values has none. It fails when the table has no text for d, when the module cannot be
// written for d (saying where and why, as go generate warned), and as WGSLWith does.
func (s *Shader) WGSLFor(d Dialect, values map[string]float64) (string, error) {
	if d == Modern {
		return s.WGSLWith(values)
	}
	t := s.Dialect(d)
	switch {
	case t == nil:
		return "", fmt.Errorf("wgsl: %s: the table has no WGSL text for %s: add -for=%s to its wgslgen command", s.Source, d, d)
	case t.WGSL == "":
		return "", fmt.Errorf("wgsl: %s cannot be written in the WGSL of %s:\n%s", s.Source, d, t.Problems)
	case len(t.Overrides) != len(s.Overrides):
		return "", fmt.Errorf("wgsl: %s: the %s text has %d override declarations, the table %d overrides", s.Source, d, len(t.Overrides), len(s.Overrides))
	}
	return s.substitute(t.WGSL, t.Overrides, values, nil)
}

// textEdit replaces a range of a text.
type textEdit struct {
	r    TextRange
	text string
}

// substitute returns text with every override declaration (at ranges, in the order of
// s.Overrides) replaced by a const declaration of the override's value, or of its
// initializer when values has none, and with the edits more made.
func (s *Shader) substitute(text string, ranges []OverrideText, values map[string]float64, more []textEdit) (string, error) {
	edits := more
	valid := func(r TextRange) bool { return r.Start >= 0 && r.End <= len(text) && r.Start < r.End }
	err := s.eachOverride(values, func(o *Override, v float64, set bool) error {
		r := ranges[s.overrideIndex(o)]
		if !valid(r.Decl) {
			return fmt.Errorf("override %s: no declaration at %d..%d in the WGSL text", o.Name, r.Decl.Start, r.Decl.End)
		}
		var init string
		if set {
			init = Literal(o.Type, v)
		} else {
			if !valid(r.Init) {
				return fmt.Errorf("override %s: no initializer at %d..%d in the WGSL text", o.Name, r.Init.Start, r.Init.End)
			}
			init = text[r.Init.Start:r.Init.End]
		}
		edits = append(edits, textEdit{r.Decl, fmt.Sprintf("const %s: %s = %s;", o.Name, o.Type, init)})
		return nil
	})
	if err != nil {
		return "", err
	}
	slices.SortFunc(edits, func(a, b textEdit) int { return a.r.Start - b.r.Start })
	var b strings.Builder
	pos := 0
	for _, e := range edits {
		if e.r.Start < pos {
			return "", fmt.Errorf("wgsl: %s: the text ranges of the table overlap", s.Source)
		}
		b.WriteString(text[pos:e.r.Start])
		b.WriteString(e.text)
		pos = e.r.End
	}
	b.WriteString(text[pos:])
	return b.String(), nil
}

// overrideIndex is the index of o in s.Overrides.
func (s *Shader) overrideIndex(o *Override) int {
	for i := range s.Overrides {
		if &s.Overrides[i] == o {
			return i
		}
	}
	return -1
}

// eachOverride converts the values and calls f for every override, in declaration order,
// with its converted value and whether it has one. It reports every value that names no
// override or does not convert, and every Required override without a value, at once.
func (s *Shader) eachOverride(values map[string]float64, f func(o *Override, v float64, set bool) error) error {
	var errs []error
	names := make([]string, 0, len(values))
	for name := range values {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if s.Override(name) == nil {
			errs = append(errs, fmt.Errorf("%s has no override %q", s.Source, name))
		}
	}
	for i := range s.Overrides {
		o := &s.Overrides[i]
		raw, set := values[o.Name]
		var v float64
		if set {
			var err error
			if v, err = Convert(o.Type, raw); err != nil {
				errs = append(errs, fmt.Errorf("override %s: %w", o.Name, err))
				continue
			}
		} else if o.Required {
			errs = append(errs, fmt.Errorf("override %s of %s has no default: it needs a value", o.Name, s.Source))
			continue
		}
		if err := f(o, v, set); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("wgsl: %w", errors.Join(errs...))
	}
	return nil
}

// Convert converts v to a value of the WGSL scalar type typ (bool, i32, u32, f32 or f16) as
// WebGPU converts a pipeline constant, and returns it as a float64, which holds every such
// value exactly: 0 or 1 for bool.
func Convert(typ string, v float64) (float64, error) {
	if typ == "bool" {
		if v != 0 && !math.IsNaN(v) {
			return 1, nil
		}
		return 0, nil // as WebIDL's boolean conversion, NaN is false
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%v is not a value of %s", v, typ)
	}
	switch typ {
	case "i32", "u32":
		i := math.Trunc(v)
		lo, hi := float64(math.MinInt32), float64(math.MaxInt32)
		if typ == "u32" {
			lo, hi = 0, math.MaxUint32
		}
		if i < lo || i > hi {
			return 0, fmt.Errorf("%v is out of the range of %s", v, typ)
		}
		return i, nil
	case "f32":
		f := float32(v)
		if math.IsInf(float64(f), 0) {
			return 0, fmt.Errorf("%v is out of the range of f32", v)
		}
		return float64(f), nil
	case "f16":
		h := F16FromFloat32(float32(v))
		if h&0x7c00 == 0x7c00 {
			return 0, fmt.Errorf("%v is out of the range of f16", v)
		}
		return float64(h.Float32()), nil
	}
	return 0, fmt.Errorf("unknown override type %q", typ)
}

// Literal returns the WGSL literal of v, a value of the scalar type typ as Convert returns
// it: true or false, a decimal integer, or a float with its suffix (f, h) as the shortest
// decimal that reads back as v (rounded once, to the type, or twice, through a double), else
// exactly, in hexadecimal.
func Literal(typ string, v float64) string {
	switch typ {
	case "bool":
		return strconv.FormatBool(v != 0)
	case "i32", "u32":
		return strconv.FormatFloat(v, 'f', 0, 64)
	case "f16":
		d := strconv.FormatFloat(v, 'g', -1, 32)
		if back, err := strconv.ParseFloat(d, 64); err == nil && float64(F16FromFloat32(float32(back)).Float32()) == v {
			return d + "h"
		}
		return strconv.FormatFloat(v, 'x', -1, 32) + "h"
	}
	d := strconv.FormatFloat(v, 'g', -1, 32)
	if back, err := strconv.ParseFloat(d, 64); err == nil && float64(float32(back)) == v {
		if back32, err := strconv.ParseFloat(d, 32); err == nil && back32 == v {
			return d + "f"
		}
	}
	return strconv.FormatFloat(v, 'x', -1, 32) + "f"
}

// DefaultValue returns the override's default as a value of its type (as Convert returns
// values), and false when it has none that Go can read: a Required override, or one whose
// default is an override-expression.
func (o *Override) DefaultValue() (float64, bool) {
	switch o.Default {
	case "":
		return 0, false
	case "true":
		return 1, true
	case "false":
		return 0, true
	}
	v, err := strconv.ParseFloat(strings.TrimRight(o.Default, "iufh"), 64)
	if err != nil {
		return 0, false
	}
	return v, true
}

// WorkgroupSize returns the workgroup size of compute entry point e for a pipeline with the
// given override values (by override name, as for PipelineConstants): the number of
// invocations in a workgroup along x, y and z, from which a host computes how many workgroups
// to dispatch (see WorkgroupCount). A dimension that is an override takes its value, converted
// as WebGPU converts it, or its default. It fails when e is not a compute entry point of s, when
// a dimension is an override-expression or an override whose default is one (Go does not
// evaluate them: set the override, or compute the size the way the shader does), when a
// required override has no value, and when a dimension is not positive.
func (s *Shader) WorkgroupSize(e *EntryPoint, values map[string]float64) ([3]uint32, error) {
	var size [3]uint32
	own := s.EntryPoint(e.Name)
	if own == nil || own.Stage != Compute {
		return size, fmt.Errorf("wgsl: %s has no compute entry point %s", s.Source, e.Name)
	}
	for i, d := range own.WorkgroupSize {
		v := float64(d.Value)
		switch {
		case d.Expr != "":
			return size, fmt.Errorf("wgsl: %s: the workgroup size of %s is the override-expression %s, which Go does not evaluate", s.Source, e.Name, d.Expr)
		case d.Override != "":
			o := s.Override(d.Override)
			if o == nil {
				return size, fmt.Errorf("wgsl: %s: the workgroup size of %s is the override %s, which the table does not have", s.Source, e.Name, d.Override)
			}
			raw, set := values[o.Name]
			switch {
			case set:
				var err error
				if v, err = Convert(o.Type, raw); err != nil {
					return size, fmt.Errorf("wgsl: %s: override %s: %w", s.Source, o.Name, err)
				}
			case o.Required:
				return size, fmt.Errorf("wgsl: %s: the workgroup size of %s is the override %s, which has no default: it needs a value", s.Source, e.Name, o.Name)
			default:
				var ok bool
				if v, ok = o.DefaultValue(); !ok {
					return size, fmt.Errorf("wgsl: %s: the workgroup size of %s is the override %s, whose default is an override-expression Go does not evaluate: give %s a value", s.Source, e.Name, o.Name, o.Name)
				}
			}
		}
		if v < 1 {
			return size, fmt.Errorf("wgsl: %s: workgroup size %v of %s is not positive", s.Source, v, e.Name)
		}
		size[i] = uint32(v)
	}
	return size, nil
}

// WorkgroupCount returns how many workgroups of workgroupSize a dispatch needs to cover the
// given number of invocations along x, y and z: each rounded up, so that the shader must
// check the last workgroup's invocations against the real bounds (arrayLength,
// textureDimensions). A zero dimension of invocations needs no workgroups.
func WorkgroupCount(workgroupSize, invocations [3]uint32) [3]uint32 {
	var n [3]uint32
	for i := range n {
		if workgroupSize[i] > 0 {
			n[i] = uint32((uint64(invocations[i]) + uint64(workgroupSize[i]) - 1) / uint64(workgroupSize[i]))
		}
	}
	return n
}
