// Package weslsplit makes WESL programs out of WGSL ones, for tests and benchmarks of
// linking: the declarations of a one-file program scattered over modules that import each
// other, which must link back to the same program.
package weslsplit

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing/fstest"

	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// Split scatters the declarations of a one-file WGSL program over n modules at random and
// imports back what each uses: named imports, wildcards, paths from package:: and super::,
// modules in a subdirectory. What the host sees (entry points, resources, overrides) stays in the
// root module, main.wesl, with the directives.
func Split(f *syntax.File, rng *rand.Rand, n int) fstest.MapFS {
	text := f.Source.Text
	// Module i is m<i>.wesl at the root, or lib/m<i>.wesl.
	inLib := make([]bool, n)
	for i := 1; i < n; i++ {
		inLib[i] = rng.IntN(3) == 0
	}
	modPath := func(i int) []string {
		if i == 0 {
			return []string{"main"}
		}
		if inLib[i] {
			return []string{"lib", fmt.Sprintf("m%d", i)}
		}
		return []string{fmt.Sprintf("m%d", i)}
	}
	bodies := make([]strings.Builder, n)
	names := make([][]string, n)
	used := make([]map[string]bool, n)
	for _, d := range f.Directives {
		bodies[0].Write(text[d.Span().Start:d.Span().End])
		bodies[0].WriteString("\n")
	}
	for _, d := range f.Decls {
		m := rng.IntN(n)
		if HostVisible(d) {
			m = 0
		}
		if id := syntax.DeclName(d); id != nil {
			names[m] = append(names[m], id.Name)
		}
		if used[m] == nil {
			used[m] = map[string]bool{}
		}
		syntax.Inspect(d, func(n syntax.Node) bool {
			if x, ok := n.(*syntax.IdentExpr); ok {
				used[m][x.Name.Name] = true
			}
			return true
		})
		bodies[m].Write(text[d.Span().Start:d.Span().End])
		bodies[m].WriteString("\n\n")
	}
	files := fstest.MapFS{}
	for i := range n {
		var imports strings.Builder
		for j := range n {
			// Module i imports what it uses of module j, by name or with a wildcard.
			var want []string
			for _, name := range names[j] {
				if used[i][name] {
					want = append(want, name)
				}
			}
			if j == i || len(want) == 0 {
				continue
			}
			path := relativePath(modPath(i), modPath(j), i == 0, rng)
			if rng.IntN(2) == 0 {
				fmt.Fprintf(&imports, "import %s::*;\n", path)
			} else {
				fmt.Fprintf(&imports, "import %s::{%s,};\n", path, strings.Join(want, ", "))
			}
		}
		name := "main.wesl"
		if i > 0 {
			name = strings.Join(modPath(i), "/") + ".wesl"
		}
		// Imports come first, then the directives the root keeps.
		files[name] = &fstest.MapFile{Data: []byte(imports.String() + bodies[i].String())}
	}
	return files
}

// relativePath names module to from module from: from the package root, or with super::.
func relativePath(from, to []string, root bool, rng *rand.Rand) string {
	if root || rng.IntN(2) == 0 {
		return "package::" + strings.Join(to, "::")
	}
	// from's parent is from[:len(from)-1]; climb to the package root, then down.
	return strings.Repeat("super::", len(from)) + strings.Join(to, "::")
}

// HostVisible reports whether the host sees a declaration: an entry point, an override, a
// resource variable. Split keeps those in the root module.
func HostVisible(d syntax.Decl) bool {
	switch d := d.(type) {
	case *syntax.FuncDecl:
		for _, a := range d.Attrs {
			if a.Name.Name == "compute" || a.Name.Name == "vertex" || a.Name.Name == "fragment" {
				return true
			}
		}
	case *syntax.OverrideDecl:
		return true
	case *syntax.VarDecl:
		for _, a := range d.Attrs {
			if a.Name.Name == "group" || a.Name.Name == "binding" {
				return true
			}
		}
	}
	return false
}
