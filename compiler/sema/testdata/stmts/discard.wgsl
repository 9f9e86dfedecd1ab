// discard only in fragment shaders (spec "Discard Statement").

fn helper(x: f32) { if x < 0.0 { discard; } }

@fragment
fn frag(@location(0) x: f32) -> @location(0) vec4f {
	if x > 1.0 { discard; }
	helper(x);
	return vec4(x);
}

@compute @workgroup_size(1) fn comp() { discard; } // ERROR "discard cannot be used in a compute shader (only in fragment)"
fn helper2() { discard; } @vertex fn vert() -> @builtin(position) vec4f { helper2(); return vec4f(); } // ERROR "discard cannot be used in a vertex shader (only in fragment)"
