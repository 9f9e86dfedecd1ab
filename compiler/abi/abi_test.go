package abi_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wgslgo/wgslgo/compiler/abi"
)

func TestExternalTextureBindings(t *testing.T) {
	bp := func(g, b uint32) abi.BindingPoint { return abi.BindingPoint{Group: g, Binding: b} }
	got := abi.ExternalTextureBindings([]abi.BindingPoint{bp(0, 0), bp(0, 7), bp(1, 2), bp(2, 0)},
		[]abi.BindingPoint{bp(0, 0), bp(1, 2), bp(0, 7)})
	assert.Equal(t, map[abi.BindingPoint]abi.ExternalBinding{
		bp(0, 0): {Plane1: bp(0, 8), Params: bp(0, 9)},
		bp(1, 2): {Plane1: bp(1, 3), Params: bp(1, 4)},
		bp(0, 7): {Plane1: bp(0, 10), Params: bp(0, 11)},
	}, got)
}

func TestOverrideKeys(t *testing.T) {
	assert.Equal(t, "scale", abi.OverrideKey("scale", 3, false))
	assert.Equal(t, "3", abi.OverrideKey("scale", 3, true))
	for _, tc := range []struct {
		key   string
		idSet bool
		want  bool
	}{
		{"scale", false, true},
		{"scale", true, true}, // the name names it too
		{"3", true, true},
		{"3", false, false}, // an assigned id is no key
		{"03", true, true},
		{"4", true, false},
		{"other", true, false},
	} {
		assert.Equal(t, tc.want, abi.MatchesOverrideKey(tc.key, "scale", 3, tc.idSet), "%q idSet=%v", tc.key, tc.idSet)
	}
	assert.Equal(t, uint32(1<<16+7), abi.OverrideFlagID(7))
}
