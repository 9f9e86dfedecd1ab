package compiler

// CompileLibrary is Compile that gives a module without entry points SPIR-V too (see
// compile), for the tests that validate it as a library.
func CompileLibrary(src Source, opts Options) (*Result, error) { return compile(src, opts, true) }
