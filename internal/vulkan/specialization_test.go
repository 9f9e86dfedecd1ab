package vulkan

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/gen/wgsl"
)

func TestSpecOf(t *testing.T) {
	var s wgsl.Specialization
	s.AddU32(3, 70000)
	s.AddBool(1<<16+3, true)
	m, err := SpecOf(s)
	require.NoError(t, err)
	assert.Equal(t, map[uint32][]byte{3: Spec32(70000), 1<<16 + 3: SpecBool(true)}, m)

	s.AddU32(3, 1)
	_, err = SpecOf(s)
	assert.ErrorContains(t, err, "SpecId 3 twice")
	_, err = SpecOf(wgsl.Specialization{Entries: []wgsl.SpecializationEntry{{ID: 0, Offset: 4, Size: 4}}, Data: make([]byte, 4)})
	assert.ErrorContains(t, err, "bytes 4..8 of 4")
}
