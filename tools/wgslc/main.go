// Command wgslc compiles WGSL shaders.
//
//	wgslc --parse-only FILE.wgsl            check the syntax only
//	wgslc -o OUT.spv [--reflect OUT.json] FILE.wgsl
//
// Exit status: 0 on success, 1 when the shader has errors (diagnostics on stderr as
// file:line:col: error: message, with the source line and a caret), 2 for usage or I/O errors.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
