// && and || guard evaluation of their right-hand side in const-expressions, but type
// checking still happens (spec "const Expressions").

const_assert !(false && (10i < i32(5 * 1000 * 1000 * 1000)));
const_assert true || (1 / 0 == 1);
const_assert !(false && array<u32, 1 + 2>(0, 1, 2)[0] == 0);
const_assert !(false && (1i << 31u) == 0i);
const_assert true || sqrt(-1.0) == 0.0;

const rhs_evaluated = true && (10i < i32(5 * 1000 * 1000 * 1000)); // ERROR "i32: value 5000000000 does not fit in i32"
const rhs_div = false || (1 / 0 == 1); // ERROR "division by zero in constant expression: 1 / 0"
const rhs_type_error = false && 1; // ERROR "operator '&&' needs bool operands, not bool and AbstractInt"
const non_bool = 1 && true; // ERROR "operator '&&' needs bool operands, not AbstractInt and bool"
const bitwise_evaluates_both = false & (1 / 0 == 1); // ERROR "division by zero in constant expression: 1 / 0"
