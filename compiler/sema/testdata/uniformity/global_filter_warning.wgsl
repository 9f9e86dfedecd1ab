// A global filter to warning turns derivative_uniformity errors into warnings; the
// same directive may repeat (spec "Global Diagnostic Filter").
diagnostic(warning, derivative_uniformity);
diagnostic(warning, derivative_uniformity);

@fragment
fn main(@location(0) x: f32) -> @location(0) vec4f {
	if x > 0.0 { return vec4(dpdx(x)); } // WARNING "'dpdx' must only be called from uniform control flow"
	return vec4f();
}
