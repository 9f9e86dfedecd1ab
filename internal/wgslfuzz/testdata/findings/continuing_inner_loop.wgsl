// Class 5: a continue construct "not structurally post dominated by the back-edge block"
// (spirv-val): an inner loop breaking on both arms of an if, then break if.
@group(0) @binding(0) var<storage, read_write> o: array<u32>;
@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) s: u32) {
	var i = 0u;
	loop {
		o[i] = i;
		continuing {
			loop { if i > s { break; } else { break; } }
			i++;
			break if i >= 4u;
		}
	}
}
