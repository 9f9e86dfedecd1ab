// Location rules apply to every structure, whether or not it is used for IO:
// distinct locations, numeric scalar or vector members (spec "Input-output
// Locations", "location").

struct Ok { @location(0) x: f32, @location(1) y: vec2f, @location(2) z: vec4u }
struct Dup { @location(0) x: f32, @location(0) y: f32 } // ERRORx "location|duplicate|0|already"
struct OnBool { @location(0) b: bool } // ERRORx "location|bool|numeric|scalar|vector"
struct OnArray { @location(0) a: array<f32, 4> } // ERRORx "location|array|numeric|scalar|vector"
struct OnStruct { @location(0) s: Ok } // ERRORx "location|struct|numeric|scalar|vector"
struct OnMatrix { @location(0) m: mat4x4f } // ERRORx "location|mat|numeric|scalar|vector"
