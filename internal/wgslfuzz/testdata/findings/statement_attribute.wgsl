// Found by the fuzzer: @compute on a for statement was ignored; Tint rejects it, as the spec
// says (@diagnostic is the only attribute of a statement).
@fragment fn fs(@location(0) x: f32) -> @location(0) vec4f {
	@compute
	for (var j = 0; j < 2; j++) { if x < 0.0 { discard; } }
	return vec4(x);
}
