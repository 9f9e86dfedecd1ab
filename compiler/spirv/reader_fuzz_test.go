package spirv_test

import (
	"testing"

	"github.com/wgslgo/wgslgo/compiler/spirv"
)

// FuzzParse checks that Parse and the disassembly never panic, whatever the
// input.
func FuzzParse(f *testing.F) {
	f.Add(buildCompute(spirv.Version1_3).Bytes())
	f.Add(buildGraphics(spirv.Version1_6).Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := spirv.ParseBytes(data[:len(data)&^3])
		if err != nil {
			return
		}
		_ = m.String()
		for _, in := range m.Insts {
			m.Decorations(in.Result())
		}
	})
}
