package transform

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/abi"
)

// The helpers read the members of abi.ExternalTextureParams by their indices.
func TestExternalParamsMembers(t *testing.T) {
	want := map[string]int{
		"numPlanes": epNumPlanes, "doYuvToRgbConversionOnly": epConversionOnly,
		"yuvToRgbConversionMatrix": epYuvToRgb, "gammaDecodeParams": epGammaDecode,
		"gammaEncodeParams": epGammaEncode, "gamutConversionMatrix": epGamut,
		"sampleTransform": epSampleTransform, "loadTransform": epLoadTransform,
		"samplePlane0RectMin": epPlane0Min, "samplePlane0RectMax": epPlane0Max,
		"samplePlane1RectMin": epPlane1Min, "samplePlane1RectMax": epPlane1Max,
		"visibleSize": epVisibleSize, "plane1CoordFactor": epPlane1Factor,
	}
	members := abi.ExternalTextureParams().Members
	require.Len(t, members, len(want))
	for i, m := range members {
		assert.Equal(t, i, want[m.Name], m.Name)
	}
	assert.Same(t, members[epGammaDecode].Type, members[epGammaEncode].Type)
}
