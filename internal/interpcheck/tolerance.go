package interpcheck

import (
	"github.com/wgslgo/wgslgo/compiler/interp"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

func impreciseBuiltins(m *ir.Module) []string { return nil }

func closeF32(a, b float32) bool { return false }

func resource(b vulkan.Binding) (*interp.Texture, *interp.Sampler, string) {
	return nil, nil, "textures"
}
