// Class 4: the checker asked for a 100 GB block ("fatal error: out of memory").
const c = array<f32, 2147483647>();
