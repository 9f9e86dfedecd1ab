// Package wesl loads and links WESL programs: WGSL modules joined by imports and filtered
// by conditional translation (the wesl-spec repository: Imports.md, ConditionalTranslation.md,
// NameMangling.md, Visibility.md, WeslToml.md).
//
// Linking works on syntax trees, never on text. The loader reads the root module, resolves
// each import to a module file of a package (a/b.wesl, else a/b.wgsl), parses each file once
// with the caller's features (syntax.Options.Features: the parser evaluates @if) and gives
// each file its own range of one position space (diag.File.Base). The linker then binds
// every name to its declaration, keeps what the root module reaches, gives colliding names
// new ones (Mangling) and hands the checker one syntax tree whose declarations keep the files
// and positions they came from: every diagnostic, OpLine and reflection name of the program
// is right by construction. Linked WGSL is one more output, printed from the trees and the
// source texts they came from, with a source map back to the files.
package wesl
