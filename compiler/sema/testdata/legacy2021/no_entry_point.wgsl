// ERRORx "entry point|vertex|fragment|compute"
// At least one of vertex, fragment or compute shader must be present (v-0003). The
// module-wide diagnostic is expected on line 1.

fn helper() -> void { }
