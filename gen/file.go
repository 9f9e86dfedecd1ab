package gen

import (
	"bytes"
	"fmt"
	"go/format"
	"path"
	"slices"
	"strconv"
	"strings"
)

// GoImportPath is the import path of a Go package.
type GoImportPath string

// Ident returns the identifier name in the package.
func (p GoImportPath) Ident(name string) GoIdent { return GoIdent{GoName: name, GoImportPath: p} }

// GoIdent is a Go identifier with the package that declares it; the empty import path is the
// generated package.
type GoIdent struct {
	GoName       string
	GoImportPath GoImportPath
}

// The packages generated code refers to.
const (
	binaryPackage  GoImportPath = "encoding/binary"
	errorsPackage  GoImportPath = "errors"
	fmtPackage     GoImportPath = "fmt"
	mapsPackage    GoImportPath = "maps"
	mathPackage    GoImportPath = "math"
	slicesPackage  GoImportPath = "slices"
	structsPackage GoImportPath = "structs"
	unsafePackage  GoImportPath = "unsafe"
	embedPackage   GoImportPath = "embed"
	// RuntimePackage is the runtime package of generated code.
	RuntimePackage GoImportPath = "github.com/wgslgo/wgslgo/gen/wgsl"
)

// GeneratedFile is a Go source file being generated. P prints to it, and GoIdent values
// printed through P become qualified identifiers whose packages are imported automatically, so
// generation code never spells an import or a package name.
type GeneratedFile struct {
	pkg     string
	header  []string
	buf     bytes.Buffer
	names   map[GoImportPath]string // imported package → name in this file
	blank   map[GoImportPath]bool   // packages imported for their side effects
	taken   map[string]bool         // package names in use
	ownPath GoImportPath
}

// NewGeneratedFile returns an empty file of package pkg whose leading comment has the given
// lines (without "//").
func NewGeneratedFile(pkg string, header ...string) *GeneratedFile {
	return &GeneratedFile{
		pkg:    pkg,
		header: header,
		names:  map[GoImportPath]string{},
		blank:  map[GoImportPath]bool{},
		taken:  map[string]bool{},
	}
}

// P prints the values on one line and ends it. A GoIdent prints as QualifiedGoIdent returns
// it; anything else as fmt.Print would.
func (g *GeneratedFile) P(v ...any) {
	for _, x := range v {
		switch x := x.(type) {
		case GoIdent:
			g.buf.WriteString(g.QualifiedGoIdent(x))
		default:
			fmt.Fprint(&g.buf, x)
		}
	}
	g.buf.WriteByte('\n')
}

// QualifiedGoIdent returns id as the file refers to it, importing its package if needed.
func (g *GeneratedFile) QualifiedGoIdent(id GoIdent) string {
	if id.GoImportPath == "" || id.GoImportPath == g.ownPath {
		return id.GoName
	}
	name, ok := g.names[id.GoImportPath]
	if !ok {
		base := strings.Map(func(r rune) rune {
			if r == '-' || r == '.' {
				return '_'
			}
			return r
		}, path.Base(string(id.GoImportPath)))
		name = base
		for i := 2; g.taken[name]; i++ {
			name = base + strconv.Itoa(i)
		}
		g.taken[name] = true
		g.names[id.GoImportPath] = name
	}
	return name + "." + id.GoName
}

// Import imports a package for its side effects only (import _ "embed").
func (g *GeneratedFile) Import(p GoImportPath) { g.blank[p] = true }

// Content returns the file: its leading comment, package clause, imports and what P printed,
// formatted with go/format.
func (g *GeneratedFile) Content() ([]byte, error) {
	var b bytes.Buffer
	for _, h := range g.header {
		b.WriteString("//")
		if h != "" {
			b.WriteString(" " + h)
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "\npackage %s\n\n", g.pkg)
	type imp struct {
		path GoImportPath
		name string // "" for the default name, "_" for a blank import
	}
	var std, other []imp
	for p := range g.blank {
		if _, named := g.names[p]; !named {
			g.names[p] = "_"
		}
	}
	for p, name := range g.names {
		i := imp{path: p, name: name}
		if name == path.Base(string(p)) {
			i.name = ""
		}
		if strings.Contains(strings.SplitN(string(p), "/", 2)[0], ".") {
			other = append(other, i)
		} else {
			std = append(std, i)
		}
	}
	byPath := func(a, b imp) int { return strings.Compare(string(a.path), string(b.path)) }
	slices.SortFunc(std, byPath)
	slices.SortFunc(other, byPath)
	if len(std)+len(other) > 0 {
		b.WriteString("import (\n")
		for gi, group := range [][]imp{std, other} {
			if gi == 1 && len(std) > 0 && len(other) > 0 {
				b.WriteByte('\n')
			}
			for _, i := range group {
				if i.name != "" {
					b.WriteString(i.name + " ")
				}
				b.WriteString(strconv.Quote(string(i.path)) + "\n")
			}
		}
		b.WriteString(")\n\n")
	}
	b.Write(g.buf.Bytes())
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("gen: the generated code does not parse (a bug in wgslgen): %v", err)
	}
	return out, nil
}

// Comment prints text as a // comment, its words wrapped at 100 columns; a blank line in text
// separates paragraphs.
func (g *GeneratedFile) Comment(text string) {
	for i, para := range strings.Split(text, "\n\n") {
		if i > 0 {
			g.P("//")
		}
		line := "//"
		for _, w := range strings.Fields(para) {
			if len(line) > 2 && len(line)+1+len(w) > 100 {
				g.P(line)
				line = "//"
			}
			line += " " + w
		}
		g.P(line)
	}
}
