enable f16;
// Spec example "hexadecimal floating point literals" (spec "Numeric Literals", index.bs line 1251).
// With `enable f16;` added for the h-suffixed literals.

const a = 0xa.fp+2;
const b = 0x1P+4f;
const c = 0X.3;
const d = 0x3p+2h;
const e = 0X1.fp-4;
const f = 0x3.2p+2h;
