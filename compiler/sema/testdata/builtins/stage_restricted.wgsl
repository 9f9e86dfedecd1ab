// Built-ins restricted to shader stages: derivatives and implicit-LOD sampling in
// fragment shaders; barriers and workgroupUniformLoad in compute shaders; atomics not
// in vertex shaders (spec "Derivative Built-in Functions", "Synchronization Built-in
// Functions", "Atomic Built-in Functions", "textureSample"). The offending call and
// its entry point share a line, so the error may be reported at either.

@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var<storage, read_write> counter: atomic<u32>;
var<workgroup> wg: u32;

fn uses_dpdx(x: f32) -> f32 { return dpdx(x) + dpdy(x) + fwidth(x); }
fn uses_barrier() { workgroupBarrier(); storageBarrier(); textureBarrier(); }

@fragment fn frag_ok(@location(0) x: f32) -> @location(0) vec4f { return vec4(uses_dpdx(x)) + textureSample(t, s, vec2(x)); }
@compute @workgroup_size(1) fn compute_ok() { uses_barrier(); _ = workgroupUniformLoad(&wg); _ = atomicAdd(&counter, 1u); }
@fragment fn frag_atomic() -> @location(0) vec4f { return vec4(f32(atomicLoad(&counter))); }

@compute @workgroup_size(1) fn c1() { let x = dpdx(1.0); } // ERROR "dpdx cannot be used in a compute shader (only in fragment)"
@vertex fn v1() -> @builtin(position) vec4f { return vec4(fwidthFine(1.0)); } // ERROR "fwidthFine cannot be used in a vertex shader (only in fragment)"
@compute @workgroup_size(1) fn c2() { let c = textureSample(t, s, vec2f()); } // ERROR "textureSample cannot be used in a compute shader (only in fragment)"
@vertex fn v2() -> @builtin(position) vec4f { return textureSampleBias(t, s, vec2f(), 1.0); } // ERROR "textureSampleBias cannot be used in a vertex shader (only in fragment)"
fn helper() -> f32 { return dpdxCoarse(1.0); } @compute @workgroup_size(1) fn c3() { _ = helper(); } // ERROR "dpdxCoarse cannot be used in a compute shader (only in fragment)"
@fragment fn f1() { workgroupBarrier(); } // ERROR "workgroupBarrier cannot be used in a fragment shader (only in compute)"
@vertex fn v3() -> @builtin(position) vec4f { storageBarrier(); return vec4f(); } // ERROR "storageBarrier cannot be used in a vertex shader (only in compute)"
fn helper2() { textureBarrier(); } @fragment fn f2() { helper2(); } // ERROR "textureBarrier cannot be used in a fragment shader (only in compute)"
@vertex fn v4() -> @builtin(position) vec4f { return vec4(f32(atomicLoad(&counter))); } // ERROR "vertex entry point 'v4' uses read_write storage buffer 'counter'; vertex shaders may only read storage buffers" ERROR "atomicLoad cannot be used in a vertex shader (only in fragment and compute)"
@fragment fn f3() { _ = workgroupUniformLoad(&wg); } // ERROR "fragment entry point 'f3' uses workgroup variable 'wg' (workgroup memory exists only in compute shaders)" ERROR "workgroupUniformLoad cannot be used in a fragment shader (only in compute)"
