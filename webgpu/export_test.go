package webgpu

// Settle is settle, for the tests' own TryX calls.
var Settle = settle
