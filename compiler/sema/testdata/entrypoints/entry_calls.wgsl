// Entry points are not callable and their names are still module-scope names
// (spec "Entry Point Declaration", "Function Calls").

@compute @workgroup_size(1) fn main() {}
fn helper() {}

@compute @workgroup_size(1) fn calls_helper() { helper(); }
@compute @workgroup_size(1) fn calls_entry() { main(); } // ERROR "entry point 'main' cannot be called"
