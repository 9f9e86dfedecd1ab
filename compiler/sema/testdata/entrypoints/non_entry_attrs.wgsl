// IO attributes on parameters and return types of functions that are not entry points
// are errors; IO attributes in structures used elsewhere are ignored (spec "builtin",
// "location", "Structure Types").

struct IO { @location(0) a: vec4f, @builtin(position) p: vec4f }
var<private> unused_io: IO;
fn takes_io(x: IO) -> IO { return x; }

fn location_param(@location(0) a: f32) {} // ERROR "attribute '@location' is only valid on entry point parameters"
fn builtin_param(@builtin(position) p: vec4f) {} // ERROR "attribute '@builtin' is only valid on entry point parameters"
fn location_return() -> @location(0) f32 { return 1.0; } // ERROR "attribute '@location' is only valid on entry point return types"
fn builtin_return() -> @builtin(frag_depth) f32 { return 1.0; } // ERROR "attribute '@builtin' is only valid on entry point return types"
