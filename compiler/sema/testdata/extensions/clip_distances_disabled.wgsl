// clip_distances needs `enable clip_distances;` (spec "Enable Extensions").

struct VOut { @builtin(position) pos: vec4f, @builtin(clip_distances) clip: array<f32, 4> } @vertex fn vs() -> VOut { return VOut(); } // ERROR "@builtin(clip_distances) requires 'enable clip_distances;'"
