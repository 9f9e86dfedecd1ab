// Package transform holds the IR → IR passes that run between the lowering and the SPIR-V
// backend. Each pass is a function of its own file, changes the module in place, and leaves
// it valid (tests run ir.Validate after each).
package transform

import (
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/layout"
)

// Options select the passes of ForSPIRV that can be turned off.
type Options struct {
	// NoRobustness turns off index clamping (--robustness=off).
	NoRobustness bool
	// NoZeroInitWorkgroup leaves workgroup memory uninitialised (for drivers that zero it).
	NoZeroInitWorkgroup bool
	// NativeDemote leaves discard to the backend, which emits OpDemoteToHelperInvocation:
	// core in SPIR-V 1.6 (vulkan1.3), an extension the device must have before. Otherwise
	// DemoteToHelper expresses it with a flag, guarded writes and OpKill, which every target
	// runs.
	NativeDemote bool
	// ExternalTextures places the second plane and the parameters of the external texture
	// at each binding; ExternalTextureBindings places the others.
	ExternalTextures map[ir.BindingPoint]ExternalBinding
	// Layouts supplies offsets and strides; nil uses layout.New(layout.Options{}). Pass the
	// same one to the backend.
	Layouts *layout.Layouts
	// NoOptimize skips the passes that only optimise (CSE and PruneClamps): for testing and
	// debugging them, since the module must compute the same with and without.
	NoOptimize bool
}

// ForSPIRV runs, in order, every pass the SPIR-V backend relies on, then constant folding,
// common-subexpression elimination, the removal of clamps that cannot change their value and
// dead-code removal. It validates the result, so that a bug in a pass (or in the lowering
// before) is an error rather than invalid SPIR-V; the tests validate the module before and
// after every pass.
func ForSPIRV(m *ir.Module, opts Options) error {
	lay := opts.Layouts
	if lay == nil {
		lay = layout.New(layout.Options{})
	}
	if err := DirectVariableAccess(m); err != nil {
		return err
	}
	ExternalTextures(m, opts.ExternalTextures)
	if !opts.NoZeroInitWorkgroup {
		ZeroInitWorkgroup(m)
	}
	ShaderIO(m)
	if !opts.NoRobustness {
		Robustness(m)
	}
	if !opts.NativeDemote {
		DemoteToHelper(m)
	}
	IntDivRem(m)
	ShiftMask(m)
	FloatToIntSaturate(m)
	BitFieldClamp(m)
	SampleIndexClamp(m)
	Std140(m, lay)
	ForkExplicitLayout(m, lay)
	Fold(m)
	if !opts.NoOptimize {
		CSE(m)
		PruneClamps(m)
	}
	DeadCode(m)
	return ir.Validate(m)
}
