package transform

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// sampleIndexLimit is where SampleIndexClamp stops integer array indices and levels: f32
// holds every integer up to it exactly, and no image has that many layers or levels.
const sampleIndexLimit = 1 << 24

// SampleIndexClamp makes the integer array_index of the sampling and gathering builtins,
// and the integer level of textureSampleLevel on depth textures, at most 2^24. SPIR-V takes
// both as f32 (the backend converts them); Vulkan then clamps them to the image's layers and
// levels, which is the clamp to [0, textureNumLayers(t) - 1] WGSL promises, but drivers
// convert them back to a 32-bit integer first: on lavapipe an index or level of 2^31 or
// more (u32, or a large i32) wraps to a negative value and selects layer 0 and level 0
// instead of the last. Negative values need nothing: they convert exactly and clamp to 0.
// WGSL's clamp is not a bounds check, so this runs with robustness off too.
func SampleIndexClamp(m *ir.Module) {
	st := m.Staging()
	for _, f := range m.Funcs {
		if !f.MayCallClass(builtins.ClassTexture) {
			continue
		}
		b := ir.NewBuilder(f)
		var ts []types.Type
		ir.Walk(f.Body, func(in *ir.Inst) {
			if in.Op != ir.OpBuiltin || in.Builtin().Class() != builtins.ClassTexture {
				return
			}
			ts = ts[:0]
			for _, a := range in.Args {
				ts = append(ts, m.Type(a))
			}
			o, ok := ir.TextureOperands(in.Builtin(), ts)
			if !ok || o.Sampler < 0 {
				return // textureLoad and textureStore take integer coordinates as they are
			}
			for _, i := range [...]int{o.ArrayIndex, o.Level} {
				if i < 0 {
					continue
				}
				s, _ := ts[i].(*types.Scalar)
				if s == nil || !s.IsInteger() {
					continue // an f32 level
				}
				if c := m.Const(in.Args[i]); c != nil && c.Int() <= sampleIndexLimit {
					continue
				}
				limit := m.ConstU32(sampleIndexLimit)
				if s == types.I32 {
					limit = m.ConstI32(sampleIndexLimit)
				}
				st.Before(b, in)
				in.Args[i] = b.Builtin(builtins.FnMin, in.Args[i], limit)
			}
		})
		st.Place()
	}
}
