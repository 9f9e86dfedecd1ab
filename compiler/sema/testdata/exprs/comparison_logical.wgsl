// Comparison and logical operators (spec "Comparison Expressions", "Logical
// Expressions").

struct S { a: i32 }

fn f(i: i32, u: u32, x: f32, b: bool, v: vec3f, bv: vec3<bool>, s: S, arr: array<i32, 2>) {
	let c1: bool = (i < 1 && u >= 2u) || x != 0.5;
	let c2: vec3<bool> = v == vec3(1.0);
	let c3: vec3<bool> = v < v;
	let c4 = b == false && !b;
	let c5: vec3<bool> = (!bv & bv) | (bv != bv);
	let c6 = (b & c1) | b;
	let c7: bool = all(bv == bv);
	_ = c2; _ = c3; _ = c5; _ = c6; _ = c7;

	let lt_bool = b < true; // ERROR "operator '<' cannot compare bool values"
	let mixed = i == u; // ERROR "no matching overload for operator '==' with operands i32 and u32"
	let struct_eq = s == s; // ERROR "no matching overload for operator '==' with operands S and S"
	let array_eq = arr == arr; // ERROR "no matching overload for operator '==' with operands array<i32, 2> and array<i32, 2>"
	let vec_and = bv && bv; // ERROR "operator '&&' needs bool operands, not vec3<bool> and vec3<bool>"
	let int_and = i && i; // ERROR "operator '&&' needs bool operands, not i32 and i32"
	let not_int = !i; // ERROR "operator '!' needs a bool or vector of bool, not i32"
	let vec_if = select(1, 2, bv); // ERROR "no matching overload for select(AbstractInt, AbstractInt, vec3<bool>)"
	let as_bool: bool = v == v; // ERROR "cannot use a value of type vec3<bool> as bool to initialize 'as_bool'"
}
