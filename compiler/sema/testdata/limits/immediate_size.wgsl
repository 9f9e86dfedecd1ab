// An immediate variable takes at most 64 bytes (spec "Limits", WebGPU's maxImmediateSize),
// whether a shader uses it or not. Tint accepts both: Dawn checks the size against the
// pipeline layout (tint_test.go lists the line).
requires immediate_address_space;

struct AtLimit { m: mat4x4f }
struct Over { m: mat3x3f, v: vec3f, x: f32 } // 48 + 12 + 4 = 64 bytes, rounded up to 16: 64
struct Over2 { m: mat4x4f, x: f32 }          // 68 bytes, rounded up to 80

var<immediate> at_limit: AtLimit;
var<immediate> also_at_limit: Over;
var<immediate> over: Over2; // ERROR "immediate variable 'over' takes 80 bytes; the limit is 64"
