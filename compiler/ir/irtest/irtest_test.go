package irtest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
)

func TestSamplesValidate(t *testing.T) {
	for _, s := range Samples {
		t.Run(s.Name, func(t *testing.T) {
			m := s.Build()
			require.NoError(t, ir.Validate(m), ir.Print(m))
			require.NoError(t, transform.ForSPIRV(m, transform.Options{}), ir.Print(m))
		})
	}
}
