package wesl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/syntax"
)

// Mangling is how the linker names the declarations that do not come from the root module
// (NameMangling.md). The root module's declarations, and the ones it imports by name, keep
// the names the root gives them: they are the host's view of the program.
type Mangling uint8

const (
	// MangleMinimal, the default, keeps each declaration's name (the name the first use
	// gives it: an import's alias) and renames only on a collision, appending 0, 1, 2...:
	// readable linked WGSL and diagnostics that say the names the source says.
	MangleMinimal Mangling = iota
	// MangleUnderscore names a declaration by its fully qualified path joined with '_',
	// each segment that holds underscores prefixed with '_' and their count:
	// package::util::noise → package_util_noise, bevy_pbr::x → _1bevy_pbr_x. Predictable
	// and reversible.
	MangleUnderscore
)

// ParseMangling parses the names of --mangle: "minimal" (or "") and "underscore".
func ParseMangling(s string) (Mangling, error) {
	switch s {
	case "", "minimal":
		return MangleMinimal, nil
	case "underscore":
		return MangleUnderscore, nil
	}
	return 0, fmt.Errorf("unknown mangling %q (want minimal or underscore)", s)
}

func (m Mangling) String() string {
	if m == MangleUnderscore {
		return "underscore"
	}
	return "minimal"
}

// underscoreName is a declaration's underscore-count mangled name.
func underscoreName(ld *linkDecl) string {
	segs := append(append([]string{ld.mod.Pkg.Name}, ld.mod.Path...), ld.declared)
	var b strings.Builder
	for i, s := range segs {
		if i > 0 {
			b.WriteByte('_')
		}
		if n := strings.Count(s, "_"); n > 0 {
			b.WriteByte('_')
			b.WriteString(strconv.Itoa(n))
		}
		b.WriteString(s)
	}
	return b.String()
}

// isPipelineVisible reports whether the host sees a declaration: an entry point, an
// override or a resource variable (Visibility.md, "Pipeline visibility").
func isPipelineVisible(d syntax.Decl) bool {
	switch d := d.(type) {
	case *syntax.FuncDecl:
		return isEntryPoint(d)
	case *syntax.OverrideDecl:
		return true
	case *syntax.VarDecl:
		return isResource(d)
	}
	return false
}

// isResource reports whether a module-scope variable is a resource (bound by the host).
func isResource(v *syntax.VarDecl) bool {
	for _, a := range v.Attrs {
		if a.Name.Name == "group" || a.Name.Name == "binding" {
			return true
		}
	}
	return false
}

// assignNames gives every live declaration its name in the linked program: the root's
// first, then the others in the order the program reaches them. A name is free when no
// other declaration has it, no live code uses it for a predeclared name, and no function
// that writes the declaration otherwise has a local of that name (which could shadow it
// there; where the function writes that very name, no local of it is in scope).
func (b *binder) assignNames(mangle Mangling) {
	taken := map[string]bool{}
	free := func(ld *linkDecl, n string) bool {
		if taken[n] || b.reserved[n] {
			return false
		}
		for _, s := range ld.sites {
			if s.written != n && b.hasLocal(s.fn, n) {
				return false
			}
		}
		return true
	}
	unique := func(ld *linkDecl, base string) string {
		n := base
		for i := 0; !free(ld, n); i++ {
			n = base + strconv.Itoa(i)
		}
		return n
	}
	for _, ld := range b.live {
		if !ld.root || ld.name == nil {
			continue
		}
		n := ld.declared
		if ld.rootName != "" {
			n = ld.rootName
		}
		if ld.final != "" {
			continue
		}
		if b.reserved[n] && !isPipelineVisible(ld.decl) {
			// The root's declaration shadows a predeclared name another module uses.
			n = unique(ld, n)
		}
		ld.final = n
		taken[n] = true
	}
	for _, ld := range b.live {
		if ld.root || ld.name == nil {
			continue
		}
		base := ld.proposed
		switch {
		case ld.rootName != "":
			base = ld.rootName
		case mangle == MangleUnderscore:
			base = underscoreName(ld)
		}
		ld.final = unique(ld, base)
		taken[ld.final] = true
	}
	for _, r := range b.refs {
		r.id.Name = r.to.final
	}
}
