// Spec example "decimal integer literals" (spec "Numeric Literals", index.bs line 1152).

const a = 1u;
const b = 123;
const c = 0;
const d = 0i;
