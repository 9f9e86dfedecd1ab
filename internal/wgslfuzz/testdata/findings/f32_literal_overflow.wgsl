// Found by the fuzzer (modf_abstract_usage.wgsl with an extreme number): 3.4028235e38f lies
// beyond f32's finite range, which a suffixed literal must not overflow (spec "Numeric
// Literals"); wgslc rounded it down to the largest f32, Tint rejects it.
fn example() {
	const whole_only = modf(3.4028235e38f).whole;
}
@compute @workgroup_size(1) fn main() { example(); }
