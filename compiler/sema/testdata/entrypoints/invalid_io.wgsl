// Invalid entry point IO: every parameter and return value needs an IO attribute,
// locations are numeric scalars or vectors and distinct, built-ins belong to the stage
// and direction and have the right type (spec "Entry Point Declaration", "Built-in
// Inputs and Outputs", "User-defined Inputs and Outputs", "Input-output Locations").

struct B { @location(0) x: f32 }
struct D { x: vec4f }

@fragment fn no_io_attr(x: f32) {} // ERROR "entry point input 'x' needs @location or @builtin"
@fragment fn location_on_struct(@location(0) in1: D) {} // ERROR "@location needs a numeric scalar or vector type, not D"
@fragment fn duplicate_location(@location(0) in1: f32, @location(0) in2: f32) {} // ERROR "@location(0) appears twice in the inputs of entry point 'duplicate_location'"
@fragment fn location_on_struct_return(@location(0) in1: vec4f) -> @location(0) D { return D(); } // ERROR "@location needs a numeric scalar or vector type, not D"
struct C { b: B } @fragment fn nested_struct(in: C) {} // ERROR "entry point IO structure 'C' cannot contain the nested structure member 'b'"
struct NoAttr { @location(0) x: f32, y: f32 } @fragment fn member_without_attr(in: NoAttr) {} // ERROR "entry point input 'y' needs @location or @builtin"
@fragment fn bool_location(@location(0) b: bool) {} // ERROR "@location needs a numeric scalar or vector type, not bool"
struct BoolLoc { @location(0) b: bool } @fragment fn bool_member(in: BoolLoc) {} // ERROR "@location needs a numeric scalar or vector type, not bool"
@fragment fn mat_location(@location(0) m: mat2x2f) {} // ERROR "@location needs a numeric scalar or vector type, not mat2x2<f32>"
@fragment fn array_location(@location(0) a: array<f32, 2>) {} // ERROR "@location needs a numeric scalar or vector type, not array<f32, 2>"
struct DupOut { @location(0) a: vec4f, @builtin(frag_depth) d: f32, @builtin(frag_depth) e: f32 } @fragment fn duplicate_builtin_out() -> DupOut { return DupOut(); } // ERROR "@builtin(frag_depth) appears twice in the outputs of entry point 'duplicate_builtin_out'"
@fragment fn both_attrs(@location(0) @builtin(position) p: vec4f) {} // ERROR "an entry point value cannot have both @builtin and @location"
@fragment fn negative_location(@location(-1) a: f32) {} // ERROR "attribute '@location' must not be negative, got -1" ERROR "entry point input 'a' needs @location or @builtin"
@fragment fn return_no_attr() -> vec4f { return vec4f(); } // ERROR "entry point output 'return value' needs @location or @builtin"
@fragment fn pointer_param(p: ptr<function, i32>) {} // ERROR "entry point input 'p' needs @location or @builtin"
@vertex fn vs_no_position() -> @location(0) vec4f { return vec4f(); } // ERROR "vertex entry point 'vs_no_position' must return @builtin(position)"
@vertex fn vs_nothing() {} // ERROR "vertex entry point 'vs_nothing' must return @builtin(position)"
@compute @workgroup_size(1) fn cs_location(@location(0) a: f32) {} // ERROR "compute entry points have no @location inputs or outputs"
@compute @workgroup_size(1) fn cs_return() -> @location(0) vec4f { return vec4f(); } // ERROR "compute entry points have no @location inputs or outputs"
// Past sixteen inputs the checker indexes what it has seen: a duplicate is found all the same.
struct Many { @location(0) a0: f32, @location(1) a1: f32, @location(2) a2: f32, @location(3) a3: f32, @location(4) a4: f32, @location(5) a5: f32, @location(6) a6: f32, @location(7) a7: f32, @location(8) a8: f32, @location(9) a9: f32, @location(10) a10: f32, @location(11) a11: f32, @location(12) a12: f32, @location(13) a13: f32, @builtin(position) p: vec4f, @builtin(front_facing) ff: bool, @location(14) a14: f32 }
@fragment fn many_inputs(in: Many, @location(3) again: f32, @builtin(front_facing) ff2: bool) {} // ERROR "@location(3) appears twice in the inputs of entry point 'many_inputs'" ERROR "@builtin(front_facing) appears twice in the inputs of entry point 'many_inputs'"
