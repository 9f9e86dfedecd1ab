// @interpolate: only with @location; type perspective/linear/flat with a compatible
// sampling; integer user-defined IO must be flat (spec "interpolate", "Interpolation").

struct VOut {
	@builtin(position) pos: vec4f,
	@location(0) @interpolate(perspective) a: f32,
	@location(1) @interpolate(perspective, centroid) b: vec2f,
	@location(2) @interpolate(linear) c: vec3f,
	@location(3) @interpolate(linear, sample) d: vec4f,
	@location(4) @interpolate(flat) e: i32,
	@location(5) @interpolate(flat, first) f: vec2u,
	@location(6) @interpolate(flat, either) g: f32,
	@location(7) @interpolate(perspective, center) h: f32,
	@location(8) @interpolate(linear, centroid) k: f32,
}
@vertex fn vs() -> VOut { return VOut(); }
@fragment fn fs(in: VOut) {}

struct IntNotFlat { @location(0) a: i32 } @fragment fn int_not_flat(in: IntNotFlat) {} // ERROR "integer input 'a' must be declared @interpolate(flat)"
@fragment fn int_perspective(@location(0) @interpolate(perspective) a: u32) {} // ERROR "integer values must use @interpolate(flat)" ERROR "integer input 'a' must be declared @interpolate(flat)"
@fragment fn flat_center(@location(0) @interpolate(flat, center) a: f32) {} // ERROR "flat interpolation takes sampling 'first' or 'either', not 'center'"
@fragment fn linear_first(@location(0) @interpolate(linear, first) a: f32) {} // ERROR "sampling 'first' is only valid with flat interpolation"
@fragment fn perspective_either(@location(0) @interpolate(perspective, either) a: f32) {} // ERROR "sampling 'either' is only valid with flat interpolation"
@fragment fn no_location(@builtin(position) @interpolate(flat) p: vec4f) {} // ERROR "@interpolate applies to @location values, not builtins"
@fragment fn bad_type(@location(0) @interpolate(curvy) a: f32) {} // ERROR "unknown interpolation type 'curvy' (want perspective, linear or flat)"
@fragment fn bad_sampling(@location(0) @interpolate(linear, middle) a: f32) {} // ERROR "unknown interpolation sampling 'middle'"
@vertex fn vs_int_out() -> @location(0) i32 { return 1; } // ERROR "vertex entry point 'vs_int_out' must return @builtin(position)" ERROR "integer output 'return value' must be declared @interpolate(flat)"
