package wesl

import (
	"fmt"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/wgslgo/wgslgo/compiler/diag"
)

// The subset of TOML that wesl.toml files use (WeslToml.md): comments, [tables], key =
// value lines with basic and literal strings, booleans, integers, arrays and inline tables.
// Anything else is a positioned error rather than a silent misreading.

type tomlKind uint8

const (
	tomlString tomlKind = iota
	tomlBool
	tomlInt
	tomlArray
	tomlTable
)

func (k tomlKind) String() string {
	return [...]string{"a string", "a boolean", "an integer", "an array", "a table"}[k]
}

type tomlValue struct {
	kind tomlKind
	str  string // the string, or the literal of a boolean or an integer
	arr  []tomlValue
	tab  []tomlEntry
	span diag.Span
}

type tomlEntry struct {
	key  string
	span diag.Span // of the key
	val  tomlValue
}

// tomlParser reads one document into its top-level table (tables become entries of it).
type tomlParser struct {
	src []byte
	pos int
	rep *diag.Reporter
}

func parseTOML(f *diag.File, rep *diag.Reporter) []tomlEntry {
	p := &tomlParser{src: f.Text, rep: rep}
	var top []tomlEntry
	cur := &top
	for {
		p.skipSpaceAndComments(true)
		if p.pos >= len(p.src) {
			return top
		}
		start := p.pos
		if p.src[p.pos] == '[' {
			if p.peek(1) == '[' {
				p.fail(start, start+2, "arrays of tables ([[...]]) are not used by wesl.toml")
				return top
			}
			p.pos++
			p.skipSpace()
			key, ks, ok := p.key()
			if !ok {
				return top
			}
			p.skipSpace()
			if !p.expect(']', "to close the table name") {
				return top
			}
			if !p.endOfLine() {
				return top
			}
			for _, e := range top {
				if e.key == key {
					p.fail(int(ks.Start), int(ks.End), "table [%s] is defined twice", key)
					return top
				}
			}
			top = append(top, tomlEntry{key: key, span: ks, val: tomlValue{kind: tomlTable, span: ks}})
			cur = &top[len(top)-1].val.tab
			continue
		}
		e, ok := p.entry()
		if !ok || !p.endOfLine() {
			return top
		}
		for _, old := range *cur {
			if old.key == e.key {
				p.fail(int(e.span.Start), int(e.span.End), "key %q is defined twice", e.key)
				return top
			}
		}
		*cur = append(*cur, e)
	}
}

func (p *tomlParser) peek(n int) byte {
	if p.pos+n < len(p.src) {
		return p.src[p.pos+n]
	}
	return 0
}

func (p *tomlParser) fail(start, end int, format string, args ...any) {
	p.rep.Errorf(diag.Span{Start: diag.Pos(start), End: diag.Pos(end)}, format, args...)
	p.pos = len(p.src)
}

func (p *tomlParser) expect(c byte, context string) bool {
	if p.pos < len(p.src) && p.src[p.pos] == c {
		p.pos++
		return true
	}
	p.fail(p.pos, p.pos+1, "expected '%c' %s", c, context)
	return false
}

func (p *tomlParser) skipSpace() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

// skipSpaceAndComments skips blank space and comments, line breaks too when lines is set.
func (p *tomlParser) skipSpaceAndComments(lines bool) {
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; {
		case c == ' ' || c == '\t':
			p.pos++
		case lines && (c == '\n' || c == '\r'):
			p.pos++
		case c == '#':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.pos++
			}
		default:
			return
		}
	}
}

// endOfLine consumes the rest of a line, which may only hold a comment.
func (p *tomlParser) endOfLine() bool {
	p.skipSpaceAndComments(false)
	if p.pos >= len(p.src) {
		return true
	}
	if p.src[p.pos] == '\n' || (p.src[p.pos] == '\r' && p.peek(1) == '\n') {
		return true
	}
	p.fail(p.pos, p.pos+1, "expected the end of the line")
	return false
}

func isBareKeyByte(c byte) bool {
	return c == '_' || c == '-' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9')
}

func (p *tomlParser) key() (string, diag.Span, bool) {
	start := p.pos
	if p.pos < len(p.src) && (p.src[p.pos] == '"' || p.src[p.pos] == '\'') {
		v, ok := p.str()
		return v.str, v.span, ok
	}
	for p.pos < len(p.src) && isBareKeyByte(p.src[p.pos]) {
		p.pos++
	}
	if p.pos == start {
		p.fail(start, start+1, "expected a key")
		return "", diag.Span{}, false
	}
	if p.pos < len(p.src) && p.src[p.pos] == '.' {
		p.fail(p.pos, p.pos+1, "dotted keys are not used by wesl.toml: write a [table] or an inline table")
		return "", diag.Span{}, false
	}
	return string(p.src[start:p.pos]), diag.Span{Start: diag.Pos(start), End: diag.Pos(p.pos)}, true
}

func (p *tomlParser) entry() (tomlEntry, bool) {
	key, ks, ok := p.key()
	if !ok {
		return tomlEntry{}, false
	}
	p.skipSpace()
	if !p.expect('=', "after the key") {
		return tomlEntry{}, false
	}
	p.skipSpace()
	v, ok := p.value(0)
	return tomlEntry{key: key, span: ks, val: v}, ok
}

func (p *tomlParser) value(depth int) (tomlValue, bool) {
	if depth > 32 {
		p.fail(p.pos, p.pos+1, "values nested too deep")
		return tomlValue{}, false
	}
	start := p.pos
	if p.pos >= len(p.src) {
		p.fail(start, start, "expected a value")
		return tomlValue{}, false
	}
	switch c := p.src[p.pos]; {
	case c == '"' || c == '\'':
		return p.str()
	case c == '[':
		p.pos++
		v := tomlValue{kind: tomlArray}
		for {
			p.skipSpaceAndComments(true)
			if p.pos < len(p.src) && p.src[p.pos] == ']' {
				p.pos++
				break
			}
			elem, ok := p.value(depth + 1)
			if !ok {
				return v, false
			}
			v.arr = append(v.arr, elem)
			p.skipSpaceAndComments(true)
			if p.pos < len(p.src) && p.src[p.pos] == ',' {
				p.pos++
				continue
			}
			p.skipSpaceAndComments(true)
			if !p.expect(']', "or ',' in the array") {
				return v, false
			}
			break
		}
		v.span = diag.Span{Start: diag.Pos(start), End: diag.Pos(p.pos)}
		return v, true
	case c == '{':
		p.pos++
		v := tomlValue{kind: tomlTable}
		p.skipSpace()
		if p.pos < len(p.src) && p.src[p.pos] == '}' {
			p.pos++
			v.span = diag.Span{Start: diag.Pos(start), End: diag.Pos(p.pos)}
			return v, true
		}
		for {
			p.skipSpace()
			e, ok := p.entry()
			if !ok {
				return v, false
			}
			v.tab = append(v.tab, e)
			p.skipSpace()
			if p.pos < len(p.src) && p.src[p.pos] == ',' {
				p.pos++
				continue
			}
			if !p.expect('}', "or ',' in the inline table") {
				return v, false
			}
			break
		}
		v.span = diag.Span{Start: diag.Pos(start), End: diag.Pos(p.pos)}
		return v, true
	default:
		for p.pos < len(p.src) && (isBareKeyByte(p.src[p.pos]) || p.src[p.pos] == '+' || p.src[p.pos] == '.') {
			p.pos++
		}
		word := string(p.src[start:p.pos])
		v := tomlValue{str: word, span: diag.Span{Start: diag.Pos(start), End: diag.Pos(p.pos)}}
		switch {
		case word == "true" || word == "false":
			v.kind = tomlBool
		case word != "" && strings.Trim(word, "+-0123456789_") == "":
			v.kind = tomlInt
		default:
			p.fail(start, max(p.pos, start+1), "expected a string, a boolean, a number, an array or an inline table")
			return v, false
		}
		return v, true
	}
}

// str reads a basic ("...", with escapes) or literal ('...') string on one line.
func (p *tomlParser) str() (tomlValue, bool) {
	start := p.pos
	q := p.src[p.pos]
	p.pos++
	if p.peek(0) == q && p.peek(1) == q {
		p.fail(start, start+3, "multi-line strings are not used by wesl.toml")
		return tomlValue{}, false
	}
	var b strings.Builder
	for {
		if p.pos >= len(p.src) || p.src[p.pos] == '\n' {
			p.fail(start, p.pos, "unterminated string")
			return tomlValue{}, false
		}
		c := p.src[p.pos]
		if c == q {
			p.pos++
			break
		}
		if c == '\\' && q == '"' {
			esc := p.peek(1)
			repl, ok := map[byte]string{'"': "\"", '\\': "\\", 'n': "\n", 't': "\t", 'r': "\r", 'b': "\b", 'f': "\f"}[esc]
			if !ok {
				p.fail(p.pos, p.pos+2, "unsupported escape sequence in a string")
				return tomlValue{}, false
			}
			b.WriteString(repl)
			p.pos += 2
			continue
		}
		r, size := utf8.DecodeRune(p.src[p.pos:])
		if r == utf8.RuneError && size <= 1 {
			p.fail(p.pos, p.pos+1, "invalid UTF-8 in a string")
			return tomlValue{}, false
		}
		b.WriteRune(r)
		p.pos += size
	}
	return tomlValue{kind: tomlString, str: b.String(), span: diag.Span{Start: diag.Pos(start), End: diag.Pos(p.pos)}}, true
}

// Config is what a wesl.toml file says (WeslToml.md).
type Config struct {
	File *diag.File
	// Dir is the directory of the file: root, include, exclude and dependency paths are
	// relative to it.
	Dir     string
	Edition string
	// Root is the package root directory ("shaders" when the file does not say).
	Root             string
	Include, Exclude []string
	Dependencies     []Dependency
}

// Dependency is one entry of [dependencies]: a package the modules import by Name.
type Dependency struct {
	Name string
	// Path is a directory holding the dependency's wesl.toml; Package a package manager's
	// name for it (not resolved by paths).
	Path, Package string
	// Module is the path of the Go module that holds the dependency and ModuleDir its
	// directory there ("." for the module's root): a resolver of Go modules (outside the
	// compiler, which runs no commands) finds the module's files as the go command does.
	Module, ModuleDir string
	Span              diag.Span
}

// parseConfig reads a wesl.toml file.
func parseConfig(f *diag.File, dir string) (*Config, diag.List) {
	rep := &diag.Reporter{File: f, Limit: 20}
	top := parseTOML(f, rep)
	c := &Config{File: f, Dir: dir, Root: "shaders"}
	errorf := func(span diag.Span, format string, args ...any) { rep.Errorf(span, format, args...) }
	str := func(e tomlEntry) (string, bool) {
		if e.val.kind != tomlString {
			errorf(e.val.span, "%s must be a string, not %s", e.key, e.val.kind)
			return "", false
		}
		return e.val.str, true
	}
	strs := func(e tomlEntry) []string {
		if e.val.kind != tomlArray {
			errorf(e.val.span, "%s must be an array of strings, not %s", e.key, e.val.kind)
			return nil
		}
		var out []string
		for _, v := range e.val.arr {
			if v.kind != tomlString {
				errorf(v.span, "%s must hold strings, not %s", e.key, v.kind)
				continue
			}
			out = append(out, v.str)
		}
		return out
	}
	relPath := func(span diag.Span, what, p string) bool {
		if strings.HasPrefix(p, "/") || (len(p) > 1 && p[1] == ':') {
			errorf(span, "%s must be relative to the directory of wesl.toml, not absolute", what)
			return false
		}
		return true
	}
	for _, t := range top {
		switch {
		case t.key == "package" && t.val.kind == tomlTable:
			for _, e := range t.val.tab {
				switch e.key {
				case "edition":
					c.Edition, _ = str(e)
				case "package-manager":
					str(e)
				case "root":
					if s, ok := str(e); ok && relPath(e.val.span, "root", s) {
						c.Root = s
					}
				case "include":
					c.Include = strs(e)
				case "exclude":
					c.Exclude = strs(e)
				case "dependencies":
					errorf(e.val.span, "dependencies = %q is not supported: list each dependency under [dependencies] with its path", e.val.str)
				default:
					rep.Warningf(e.span, "unknown key %q in [package] (known: edition, package-manager, root, include, exclude)", e.key)
				}
			}
		case t.key == "dependencies" && t.val.kind == tomlTable:
			for _, e := range t.val.tab {
				d := Dependency{Name: e.key, Span: e.span}
				if e.val.kind != tomlTable {
					errorf(e.val.span, "dependency %s must be an inline table: { path = \"../lib\" }", e.key)
					continue
				}
				for _, f := range e.val.tab {
					switch f.key {
					case "path":
						if s, ok := str(f); ok && relPath(f.val.span, "a dependency's path", s) {
							d.Path = s
						}
					case "package":
						d.Package, _ = str(f)
					case "module":
						d.Module, _ = str(f)
					case "dir":
						if s, ok := str(f); ok && relPath(f.val.span, "a dependency's dir", s) {
							d.ModuleDir = s
						}
					default:
						rep.Warningf(f.span, "unknown key %q in dependency %s (known: path, package, module, dir)", f.key, e.key)
					}
				}
				switch {
				case d.Module != "" && (d.Path != "" || d.Package != ""):
					errorf(e.val.span, "dependency %s names both a Go module and a path or package: keep one", e.key)
					continue
				case d.ModuleDir != "" && d.Module == "":
					errorf(e.val.span, "dependency %s gives dir without module: dir is a directory of the Go module that module names, so add module = \"its/module/path\"", e.key)
					continue
				case d.Module != "" && (strings.HasPrefix(path.Clean(d.ModuleDir), "../") || path.Clean(d.ModuleDir) == ".."):
					errorf(e.val.span, "dependency %s: dir %q leaves the module %s", e.key, d.ModuleDir, d.Module)
					continue
				case d.Module != "" && d.ModuleDir == "":
					d.ModuleDir = "."
				}
				if d.Path == "" && d.Package == "" && d.Module == "" {
					d.Package = d.Name
				}
				c.Dependencies = append(c.Dependencies, d)
			}
		case t.val.kind == tomlTable:
			rep.Warningf(t.span, "unknown table [%s] (known: [package], [dependencies])", t.key)
		default:
			errorf(t.span, "%s = ... must be inside a table: [package] or [dependencies]", t.key)
		}
	}
	if rep.Diags.HasErrors() {
		return nil, rep.Diags
	}
	return c, rep.Diags
}

func (d Dependency) String() string {
	if d.Path != "" {
		return fmt.Sprintf("%s = { path = %q }", d.Name, d.Path)
	}
	if d.Module != "" {
		return fmt.Sprintf("%s = { module = %q, dir = %q }", d.Name, d.Module, d.ModuleDir)
	}
	return fmt.Sprintf("%s = { package = %q }", d.Name, d.Package)
}
