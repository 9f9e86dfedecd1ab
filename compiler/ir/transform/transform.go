// Package transform holds the IR → IR passes that run between the lowering and the SPIR-V
// backend. Each pass is a function of its own file, changes the module in place, and leaves
// it valid (tests run ir.Validate after each).
package transform

import (
	"github.com/wgslgo/wgslgo/compiler/abi"
	"github.com/wgslgo/wgslgo/compiler/diag"
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
	// at each binding; abi.ExternalTextureBindings places the others.
	ExternalTextures map[ir.BindingPoint]abi.ExternalBinding
	// Layouts supplies offsets and strides; nil uses layout.New(layout.Options{}). Pass the
	// same one to the backend.
	Layouts *layout.Layouts
	// NoOptimize skips the passes that only optimise (CSE and PruneClamps): for testing and
	// debugging them, since the module must compute the same with and without.
	NoOptimize bool
	// File is the source the module's positions point into, for the diagnostics of the passes
	// (SpecConstants, DirectVariableAccess): the errors of a program they cannot make SPIR-V
	// of, which ForSPIRV returns as a diag.List.
	File *diag.File
}

// A Pass is one step of ForSPIRV. Its function is one of run, module (a pass of the module
// alone) and laid (of the module and its layouts): functions, not closures made over them,
// so that the table below is data in the binary rather than built when a process starts.
type Pass struct {
	Name   string
	run    func(m *ir.Module, opts Options, lay *layout.Layouts) error
	module func(m *ir.Module)
	laid   func(m *ir.Module, lay *layout.Layouts)
	// off reports whether opts leave the pass out.
	off func(opts Options) bool
}

// Run runs the pass on m; lay supplies offsets and strides, as Options.Layouts does.
func (p Pass) Run(m *ir.Module, opts Options, lay *layout.Layouts) error {
	switch {
	case p.module != nil:
		p.module(m)
	case p.laid != nil:
		p.laid(m, lay)
	default:
		return p.run(m, opts, lay)
	}
	return nil
}

// passes is the order of ForSPIRV, the one place it is stated: first what the backend relies
// on (override-expressions that specialisation constants compute, every pointer argument a
// whole variable, external textures as their planes, zeroed
// workgroup memory, entry points without parameters or results, clamped indices,
// demote-to-helper, the integer operations and conversions SPIR-V leaves undefined, sampling
// indices below 2^24, std140 and explicit layouts), then what only optimises, and the removal of
// what is dead last.
var passes = [...]Pass{
	{Name: "SpecConstants", run: func(m *ir.Module, o Options, _ *layout.Layouts) error {
		if diags := SpecConstants(m, o.File); diags.HasErrors() {
			return diags
		}
		return nil
	}},
	{Name: "DirectVariableAccess", run: func(m *ir.Module, o Options, _ *layout.Layouts) error { return DirectVariableAccess(m, o.File) }},
	{Name: "ExternalTextures", run: func(m *ir.Module, o Options, _ *layout.Layouts) error {
		ExternalTextures(m, o.ExternalTextures)
		return nil
	}},
	{Name: "ZeroInitWorkgroup", module: ZeroInitWorkgroup, off: func(o Options) bool { return o.NoZeroInitWorkgroup }},
	{Name: "ShaderIO", module: ShaderIO},
	{Name: "Robustness", module: Robustness, off: func(o Options) bool { return o.NoRobustness }},
	{Name: "DemoteToHelper", module: DemoteToHelper, off: func(o Options) bool { return o.NativeDemote }},
	{Name: "IntDivRem", module: IntDivRem},
	{Name: "ShiftMask", module: ShiftMask},
	{Name: "FloatToIntSaturate", module: FloatToIntSaturate},
	{Name: "BitFieldClamp", module: BitFieldClamp},
	{Name: "SampleIndexClamp", module: SampleIndexClamp},
	{Name: "Std140", laid: Std140},
	{Name: "ForkExplicitLayout", laid: ForkExplicitLayout},
	{Name: "Fold", module: Fold},
	{Name: "CSE", module: CSE, off: func(o Options) bool { return o.NoOptimize }},
	{Name: "PruneClamps", module: PruneClamps, off: func(o Options) bool { return o.NoOptimize }},
	{Name: "DeadCode", module: DeadCode},
}

// Passes returns the passes ForSPIRV runs with opts, in its order.
func Passes(opts Options) []Pass {
	var out []Pass
	for _, p := range passes {
		if p.off == nil || !p.off(opts) {
			out = append(out, p)
		}
	}
	return out
}

// ForSPIRV runs the passes the SPIR-V backend relies on and the optimising ones, in the order
// of Passes, and validates the result, so that a bug in a pass (or in the lowering before) is
// an error rather than invalid SPIR-V; the tests validate the module after every pass.
func ForSPIRV(m *ir.Module, opts Options) error {
	lay := opts.Layouts
	if lay == nil {
		lay = layout.New(layout.Options{})
	}
	for _, p := range passes { // Passes(opts), without building its list
		if p.off != nil && p.off(opts) {
			continue
		}
		if err := p.Run(m, opts, lay); err != nil {
			return err
		}
	}
	return ir.Validate(m)
}
