// Spec example "hexadecimal integer literals" (spec "Numeric Literals", index.bs line 1165).

const a = 0x123;
const b = 0X123u;
const c = 0x3f;
