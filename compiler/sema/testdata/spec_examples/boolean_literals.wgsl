// Spec example "boolean literals" (spec "Boolean Literals", index.bs line 1119).

const a = true;
const b = false;
