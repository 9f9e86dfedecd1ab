// Found by the fuzzer (a parameter list spliced into a function): `ptr<immediate, T>` was
// refused as a type ("the immediate address space is only allowed at module scope") and as a
// parameter, where Tint accepts both (unrestricted_pointer_parameters covers every address
// space); once accepted, the call passed a PushConstant pointer that spirv-val refuses.
struct P { scale: f32, offset: u32 }
var<immediate> pc: P;
@group(0) @binding(0) var<storage, read_write> o: array<f32>;
fn whole(p: ptr<immediate, P>) -> f32 { return (*p).scale + f32(p.offset); }
fn member(p: ptr<immediate, f32>) -> f32 { return *p; }
@compute @workgroup_size(1) fn main() { o[0] = whole(&pc) + member(&pc.scale); }
