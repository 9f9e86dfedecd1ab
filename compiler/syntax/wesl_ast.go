package syntax

import "github.com/wgslgo/wgslgo/compiler/diag"

// WESL extends WGSL with imports, qualified names (`package::util::f`), visibility
// (`public`, `private`) and conditional translation (`@if`, `@elif`, `@else`): see the
// wesl-spec repository (Imports.md, ConditionalTranslation.md, Visibility.md). A WGSL
// program is a WESL program: the WESL keywords are reserved words of WGSL.
//
// Conditional translation happens while parsing: the parser evaluates every translate-time
// expression with Options.Features and leaves out the nodes it removes, so that the tree
// holds the program the features select. What it left out, and the WESL syntax that linked
// WGSL does not have, is recorded in File.WESL for the printer of linked WGSL.

// Import is an import statement, its import tree flattened into one ImportItem per name
// it imports: `import a::{b, c::d as e};` has the items a::b and a::c::d as e.
type Import struct {
	Loc diag.Span
	// Attrs are the import's attributes other than @if: @diagnostic(off, wildcard_import).
	Attrs  []*Attribute
	Public bool
	Items  []ImportItem
}

func (n *Import) Span() diag.Span { return n.Loc }

// ImportItem is one imported name: an optional relative start (`package::`, or one or more
// `super::`), path segments, and an alias. A wildcard import ends with a `*` segment.
type ImportItem struct {
	// Package marks a path that starts with `package::`; Supers counts its `super::`.
	Package bool
	Supers  int
	// Start is the span of the relative start (`package::`, `super::super::`), or of the
	// first segment.
	Start diag.Span
	// Path holds the segments after the relative start; the last names the item (a
	// declaration or a module), or is `*` for a wildcard.
	Path     []Ident
	Alias    Ident // zero Name without `as`
	Wildcard bool
}

// Name is the name the item brings into scope: its alias or its last segment.
func (it *ImportItem) Name() Ident {
	if it.Alias.Name != "" {
		return it.Alias
	}
	return it.Path[len(it.Path)-1]
}

// Span is the span of the item's path, from its relative start to its alias.
func (it *ImportItem) Span() diag.Span {
	s := diag.Join(it.Start, it.Path[len(it.Path)-1].Loc)
	if it.Alias.Name != "" {
		s = diag.Join(s, it.Alias.Loc)
	}
	return s
}

// ModuleDecl is the module declaration `@wildcardable module;`.
type ModuleDecl struct {
	Loc   diag.Span
	Attrs []*Attribute
}

func (n *ModuleDecl) Span() diag.Span { return n.Loc }

// Visibility is the visibility of a module-scope declaration (Visibility.md).
type Visibility uint8

const (
	// VisPackage, the default, makes a declaration visible to the modules of its package.
	VisPackage Visibility = iota
	// VisPublic makes it visible to every package.
	VisPublic
	// VisPrivate makes it visible to its own module only.
	VisPrivate
)

func (v Visibility) String() string {
	switch v {
	case VisPublic:
		return "public"
	case VisPrivate:
		return "private"
	}
	return "package"
}

// WESLInfo records what a file's WESL syntax and its conditional translation mean for the
// printer of linked WGSL, which copies declarations from their source text.
type WESLInfo struct {
	// Elided are the ranges of the source the linked WGSL leaves out, in source order and
	// disjoint: the nodes conditional translation removed (with the blank space after
	// them, or the comma before them in a list), the translate-time attributes of the
	// nodes it kept, the visibility keywords.
	Elided []diag.Span
	// Flattened are the blocks conditional translation flattened (a compound statement or
	// declaration whose @if held): their statements are in the enclosing list.
	Flattened []FlatBlock
	// Visibility holds the declarations written with `public` or `private`.
	Visibility map[Decl]Visibility
	// Qualified reports that the file names something by a path (`a::b`).
	Qualified bool
}

// FlatBlock is a flattened block: the spans of its braces (each with the blank space that
// follows it).
type FlatBlock struct {
	Open, Close diag.Span
}

// VisibilityOf returns the visibility of a module-scope declaration of f.
func (f *File) VisibilityOf(d Decl) Visibility {
	if f.WESL == nil {
		return VisPackage
	}
	return f.WESL.Visibility[d]
}

// IsQualified reports whether a name is a path (`pkg::a::b`).
func IsQualified(name string) bool {
	for i := 0; i+1 < len(name); i++ {
		if name[i] == ':' && name[i+1] == ':' {
			return true
		}
	}
	return false
}
