// Invalid entry point IO: every parameter and return value needs an IO attribute,
// locations are numeric scalars or vectors and distinct, built-ins belong to the stage
// and direction and have the right type (spec "Entry Point Declaration", "Built-in
// Inputs and Outputs", "User-defined Inputs and Outputs", "Input-output Locations").

struct B { @location(0) x: f32 }
struct D { x: vec4f }

@fragment fn no_io_attr(x: f32) {} // ERRORx "attribute|location|builtin|IO|missing"
@fragment fn location_on_struct(@location(0) in1: D) {} // ERRORx "location|struct|numeric|scalar|vector"
@fragment fn duplicate_location(@location(0) in1: f32, @location(0) in2: f32) {} // ERRORx "location|duplicate|0|already"
@fragment fn location_on_struct_return(@location(0) in1: vec4f) -> @location(0) D { return D(); } // ERRORx "location|struct|numeric|scalar|vector"
struct C { b: B } @fragment fn nested_struct(in: C) {} // ERRORx "nested|struct|attribute|location|builtin"
struct NoAttr { @location(0) x: f32, y: f32 } @fragment fn member_without_attr(in: NoAttr) {} // ERRORx "attribute|location|builtin|IO|missing"
@fragment fn bool_location(@location(0) b: bool) {} // ERRORx "location|bool|numeric|scalar|vector"
struct BoolLoc { @location(0) b: bool } @fragment fn bool_member(in: BoolLoc) {} // ERRORx "location|bool|numeric|scalar|vector"
@fragment fn mat_location(@location(0) m: mat2x2f) {} // ERRORx "location|mat|numeric|scalar|vector"
@fragment fn array_location(@location(0) a: array<f32, 2>) {} // ERRORx "location|array|numeric|scalar|vector"
struct DupOut { @location(0) a: vec4f, @builtin(frag_depth) d: f32, @builtin(frag_depth) e: f32 } @fragment fn duplicate_builtin_out() -> DupOut { return DupOut(); } // ERRORx "frag_depth|duplicate|builtin|already"
@fragment fn both_attrs(@location(0) @builtin(position) p: vec4f) {} // ERRORx "location|builtin|both"
@fragment fn negative_location(@location(-1) a: f32) {} // ERRORx "location|negative"
@fragment fn return_no_attr() -> vec4f { return vec4f(); } // ERRORx "attribute|location|builtin|IO|missing|return"
@fragment fn pointer_param(p: ptr<function, i32>) {} // ERRORx "pointer|ptr|attribute|IO|entry"
@vertex fn vs_no_position() -> @location(0) vec4f { return vec4f(); } // ERRORx "position"
@vertex fn vs_nothing() {} // ERRORx "position|return"
@compute @workgroup_size(1) fn cs_location(@location(0) a: f32) {} // ERRORx "location|compute"
@compute @workgroup_size(1) fn cs_return() -> @location(0) vec4f { return vec4f(); } // ERRORx "return|compute|output|location"
