package host

import (
	"fmt"
	"strings"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

// Enum maps the WebGPU spellings of an enum, as the generated tables give them
// ("read-only-storage", "rgba8unorm"), to a binding's values.
type Enum[K ~string, V any] struct {
	what    string // "texture format"
	binding string
	values  map[string]V // by normalized name
}

// normalized spells an enum value's name in lower case without hyphens or underscores, so
// that WebGPU's "rgba8unorm-srgb", webgpu.h's "RGBA8UnormSrgb" and Go's "RGBA8UnormSrgb" meet.
func normalized(name string) string {
	return strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(name))
}

// NewEnum returns the enum with the given values by WebGPU spelling. what names the enum in
// errors ("buffer binding type").
func NewEnum[K ~string, V any](p *Profile, what string, values map[K]V) Enum[K, V] {
	e := Enum[K, V]{what: what, binding: p.Binding, values: map[string]V{}}
	for k, v := range values {
		e.values[normalized(string(k))] = v
	}
	return e
}

// EnumByName returns the enum of the binding's values that name spells as WebGPU does, up to
// case, hyphens and underscores (the String methods of the bindings' enums): one source of
// the spellings, the binding's own.
func EnumByName[K ~string, V any](p *Profile, what string, values []V, name func(V) string) Enum[K, V] {
	e := Enum[K, V]{what: what, binding: p.Binding, values: map[string]V{}}
	for _, v := range values {
		if n := normalized(name(v)); n != "" {
			e.values[n] = v
		}
	}
	return e
}

// Get returns the binding's value of k.
func (e Enum[K, V]) Get(k K) (V, error) {
	if v, ok := e.values[normalized(string(k))]; ok && k != "" {
		return v, nil
	}
	var zero V
	return zero, fmt.Errorf("%s %q is not one %s knows", e.what, k, e.binding)
}

// Format returns the WebGPU name of a texture format a binding spells otherwise (up to case,
// hyphens and underscores: "RGBA8UnormSrgb" is "rgba8unorm-srgb"), or "" for a name that is
// no format WebGPU's texture format table has.
func Format(name string) wgsl.TextureFormat {
	n := normalized(name)
	for f := range formats {
		if normalized(string(f)) == n {
			return f
		}
	}
	return ""
}

// Range returns the values from, from+1, ..., to, to walk a binding's enum with EnumByName.
func Range[V ~uint32 | ~uint64](from, to V) []V {
	var out []V
	for v := from; v <= to; v++ {
		out = append(out, v)
	}
	return out
}
