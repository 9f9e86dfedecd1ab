// ERROR "the module has no entry point; the 2021 draft requires at least one [[stage(vertex)]], [[stage(fragment)]] or [[stage(compute)]] function (v-0003)"
// At least one of vertex, fragment or compute shader must be present (v-0003). The
// module-wide diagnostic is expected on line 1.

fn helper() -> void { }
