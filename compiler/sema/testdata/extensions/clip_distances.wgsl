// clip_distances: a vertex output array<f32, N> with N <= 8, with the clip_distances
// extension (spec "clip_distances").
enable clip_distances;

struct VOut { @builtin(position) pos: vec4f, @builtin(clip_distances) clip: array<f32, 8> }
@vertex fn vs() -> VOut { return VOut(); }
struct VOut2 { @builtin(position) pos: vec4f, @builtin(clip_distances) clip: array<f32, 1> }
@vertex fn vs2() -> VOut2 { return VOut2(); }

struct TooMany { @builtin(position) pos: vec4f, @builtin(clip_distances) clip: array<f32, 9> } @vertex fn vs3() -> TooMany { return TooMany(); } // ERROR "@builtin(clip_distances) needs type array<f32, N> with N <= 8, not array<f32, 9>"
struct WrongType { @builtin(position) pos: vec4f, @builtin(clip_distances) clip: array<u32, 4> } @vertex fn vs4() -> WrongType { return WrongType(); } // ERROR "@builtin(clip_distances) needs type array<f32, N> with N <= 8, not array<u32, 4>"
@fragment fn fs(@builtin(clip_distances) c: array<f32, 4>) {} // ERROR "@builtin(clip_distances) cannot be a fragment input"
