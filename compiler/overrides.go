package compiler

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/abi"
	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// OverrideFlag is the repeatable command-line flag --override NAME=VALUE of the commands
// (flag.Value): the Options.Overrides it collects. NAME is an override's name or the decimal
// @id of one declared with @id (abi.MatchesOverrideKey), VALUE a WGSL bool or numeric
// literal, or any number; the compilation checks both against the module.
type OverrideFlag map[string]string

// String returns the flags as NAME=VALUE,..., sorted by NAME.
func (f *OverrideFlag) String() string {
	var kvs []string
	for _, k := range slices.Sorted(maps.Keys(*f)) {
		kvs = append(kvs, k+"="+(*f)[k])
	}
	return strings.Join(kvs, ",")
}

// Set adds one NAME=VALUE; a later value for the same NAME wins.
func (f *OverrideFlag) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return fmt.Errorf("want NAME=VALUE, got %q", s)
	}
	if *f == nil {
		*f = OverrideFlag{}
	}
	(*f)[name] = value
	return nil
}

// resolvedOverride is one entry of Options.Overrides with the override it names and the
// value it gives it.
type resolvedOverride struct {
	key, text string
	override  *sema.Override
	value     constant.Value
}

// resolveOverrides finds the override each key of overrides names and converts its value
// text to the override's type, once for the whole compilation; the errors are at the
// override (or the file, for a key no override has), the first stops it. The values are in
// the order of the keys.
func resolveOverrides(p *sema.Program, overrides map[string]string) ([]resolvedOverride, diag.List) {
	var out []resolvedOverride
	for _, key := range slices.Sorted(maps.Keys(overrides)) {
		text := overrides[key]
		o := findOverride(p, key)
		if o == nil {
			return nil, fileError(p.File.Source, nil, "--override %s=%s: the module declares no override named '%s'", key, text, key)
		}
		v, err := overrideValue(o, key, text)
		if err != nil {
			return nil, diag.List{{Severity: diag.Error, File: p.File.Source, Span: o.Span(),
				Message: fmt.Sprintf("--override %s=%s: %v", key, text, err)}}
		}
		out = append(out, resolvedOverride{key, text, o, v})
	}
	return out, nil
}

// overrideValues maps the names of the overrides to their values.
func overrideValues(rs []resolvedOverride) map[string]constant.Value {
	if len(rs) == 0 {
		return nil
	}
	out := make(map[string]constant.Value, len(rs))
	for _, r := range rs {
		out[r.override.Name()] = r.value
	}
	return out
}

// findOverride returns the override that key names, or nil.
func findOverride(p *sema.Program, key string) *sema.Override {
	for _, o := range p.Overrides {
		if abi.MatchesOverrideKey(key, o.Name(), o.ID, o.IDSet) {
			return o
		}
	}
	return nil
}

// overrideValue parses the text of --override KEY=VALUE for the override o: a WGSL bool or
// numeric literal (suffixes allowed) or any number, converted to the override's type the way
// WebGPU converts pipeline constants (see constant.OverrideValue).
func overrideValue(o *sema.Override, key, text string) (constant.Value, error) {
	s := o.Type.(*types.Scalar)
	switch text {
	case "true":
		return constant.Convert(constant.MakeBool(true), s)
	case "false":
		return constant.Convert(constant.MakeBool(false), s)
	}
	num := strings.TrimRight(text, "iufh")
	if strings.HasPrefix(num, "0x") || strings.HasPrefix(num, "-0x") {
		if !strings.ContainsAny(num, ".pP") {
			if x, err := strconv.ParseInt(num, 0, 64); err == nil {
				return constant.OverrideValue(s, float64(x))
			}
		}
	}
	x, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return constant.Value{}, fmt.Errorf("override %s: %q is not a number or bool", key, text)
	}
	return constant.OverrideValue(s, x)
}
