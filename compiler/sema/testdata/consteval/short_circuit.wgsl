// && and || guard evaluation of their right-hand side in const-expressions, but type
// checking still happens (spec "const Expressions").

const_assert !(false && (10i < i32(5 * 1000 * 1000 * 1000)));
const_assert true || (1 / 0 == 1);
const_assert !(false && array<u32, 1 + 2>(0, 1, 2)[0] == 0);
const_assert !(false && (1i << 31u) == 0i);
const_assert true || sqrt(-1.0) == 0.0;

const rhs_evaluated = true && (10i < i32(5 * 1000 * 1000 * 1000)); // ERRORx "cannot|represent|range|fit"
const rhs_div = false || (1 / 0 == 1); // ERRORx "zero|divi"
const rhs_type_error = false && 1; // ERRORx "no matching|overload|bool|cannot"
const non_bool = 1 && true; // ERRORx "no matching|overload|bool|cannot"
const bitwise_evaluates_both = false & (1 / 0 == 1); // ERRORx "zero|divi"
