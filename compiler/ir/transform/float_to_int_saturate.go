package transform

import (
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// FloatToIntSaturate gives float → integer conversions WGSL's semantics ("Floating Point
// Conversion"): values beyond the target range clamp to the nearest integer representable
// in both types (2147483520 for f32 → i32, 4294967040 for f32 → u32), while SPIR-V leaves
// them undefined. A NaN, for which WGSL allows any value, becomes 0.
func FloatToIntSaturate(m *ir.Module) {
	st := m.Staging()
	for _, f := range m.Funcs {
		if !f.MayHave(ir.OpConvert) {
			continue
		}
		b := ir.NewBuilder(f)
		ir.Walk(f.Body, func(in *ir.Inst) {
			if in.Op != ir.OpConvert {
				return
			}
			from, to := m.Type(in.Args[0]), m.Type(in.Result)
			fs, ts := types.ElemScalar(from), types.ElemScalar(to)
			if fs == nil || ts == nil || !fs.IsFloat() || !ts.IsInteger() {
				return
			}
			lo, hi := intRange(fs, ts)
			x := in.Args[0]
			st.Before(b, in)
			c := b.Builtin(builtins.FnMax, x, m.ConstSplat(from, m.ConstFloat(fs, lo)))
			c = b.Builtin(builtins.FnMin, c, m.ConstSplat(from, m.ConstFloat(fs, hi)))
			in.Args[0] = b.Select(b.Eq(x, x), c, m.Zero(from))
		})
		st.Place()
	}
}

// intRange is the range of integer type to that is representable in float type from.
func intRange(from, to *types.Scalar) (lo, hi float64) {
	if from.Kind == types.KindF16 {
		if to.Kind == types.KindU32 {
			return 0, 65504
		}
		return -65504, 65504
	}
	if to.Kind == types.KindU32 {
		return 0, 4294967040
	}
	return -2147483648, 2147483520
}
