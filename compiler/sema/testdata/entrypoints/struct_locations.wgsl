// Location rules apply to every structure, whether or not it is used for IO:
// distinct locations, numeric scalar or vector members (spec "Input-output
// Locations", "location").

struct Ok { @location(0) x: f32, @location(1) y: vec2f, @location(2) z: vec4u }
struct Dup { @location(0) x: f32, @location(0) y: f32 } // ERROR "@location(0) is used by both 'x' and 'y' in structure 'Dup'"
struct OnBool { @location(0) b: bool } // ERROR "@location needs a numeric scalar or vector type, not bool"
struct OnArray { @location(0) a: array<f32, 4> } // ERROR "@location needs a numeric scalar or vector type, not array<f32, 4>"
struct OnStruct { @location(0) s: Ok } // ERROR "@location needs a numeric scalar or vector type, not Ok"
struct OnMatrix { @location(0) m: mat4x4f } // ERROR "@location needs a numeric scalar or vector type, not mat4x4<f32>"
