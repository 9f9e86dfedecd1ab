package gen

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"
)

// GoName returns the exported Go name wgslgen gives a WGSL identifier (or a file's stem): the
// parts between underscores (and other characters that are neither letters nor digits) with
// their first letters upper-cased, so particle_data becomes ParticleData and vec_3 Vec_3 (an
// underscore stays between two digits and before a digit that starts a part, so that distinct
// identifiers stay distinct where it matters). A name that would not start with an upper-case
// letter gets an X in front.
func GoName(s string) string {
	var b strings.Builder
	upper := true
	sep := false
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			upper, sep = true, b.Len() > 0
			continue
		}
		if sep && unicode.IsDigit(r) {
			b.WriteByte('_')
		}
		sep = false
		if upper {
			r = unicode.ToUpper(r)
			upper = false
		}
		b.WriteRune(r)
	}
	name := b.String()
	if first := []rune(name + "x")[0]; !unicode.IsUpper(first) {
		name = "X" + name
	}
	return name
}

// tableName returns the name of the table variable of the shader whose Go name is s:
// s+"Shader", or s when it already ends in "Shader" (shader.wgsl: Shader, not ShaderShader).
func tableName(s string) string {
	if strings.HasSuffix(s, "Shader") {
		return s
	}
	return s + "Shader"
}

// prefixed returns the Go name of a shader-wide declaration called wgslName of the shader
// whose Go name is s: s+GoName(wgslName), without repeating s when the name starts with it
// (particles.wgsl: const max_count is ParticlesMaxCount, const particles_max ParticlesMax).
func prefixed(s, wgslName string) string {
	n := GoName(wgslName)
	if strings.HasPrefix(n, s) && (len(n) == len(s) || unicode.IsUpper([]rune(n[len(s):])[0]) || n[len(s)] == '_') {
		return n
	}
	return s + n
}

// unexported returns name with its first letter lower-cased, for identifiers of the generated
// file that users do not need.
func unexported(name string) string {
	r := []rune(name)
	r[0] = unicode.ToLower(r[0])
	return string(r)
}

// namespace hands out the package-level names of a generated file and records every clash,
// one per pair of declarations, with both positions and a remedy.
type namespace struct {
	prefix  bool // Options.Prefix
	owner   map[string]claim
	clashes []*clash
}

// claim is a declaration that takes names: "struct Light of lights.wgsl", declared at where
// ("lights.wgsl:3:8" or "") in shader.
type claim struct {
	what, where, shader string
}

// clash is a declaration that needs names another has taken.
type clash struct {
	claim
	other claim
	names []string
}

func newNamespace(prefix bool) *namespace {
	return &namespace{prefix: prefix, owner: map[string]claim{}}
}

// claim records that the declaration what, at where in shader, takes names. A name taken by
// another declaration is a clash.
func (ns *namespace) claim(names []string, what, where, shader string) {
	c := claim{what, where, shader}
	for _, name := range names {
		prev, ok := ns.owner[name]
		if !ok {
			ns.owner[name] = c
			continue
		}
		i := slices.IndexFunc(ns.clashes, func(x *clash) bool { return x.claim == c && x.other == prev })
		if i < 0 {
			ns.clashes = append(ns.clashes, &clash{claim: c, other: prev})
			i = len(ns.clashes) - 1
		}
		ns.clashes[i].names = append(ns.clashes[i].names, name)
	}
}

// errs returns a message per clash.
func (ns *namespace) errs() []string {
	var errs []string
	for _, c := range ns.clashes {
		fix := "rename one of them in WGSL"
		if c.shader != c.other.shader && !ns.prefix {
			fix += ", or give each shader's structures its name as a prefix (wgslgen -prefix)"
		}
		errs = append(errs, clashMessage(c.what, c.where, c.names, c.other.what, c.other.where, fix))
	}
	return errs
}

// clashMessage says that the declaration what, at where, needs names that other, declared at
// otherWhere, has taken, and what to do about it.
func clashMessage(what, where string, names []string, other, otherWhere, fix string) string {
	msg := ""
	if where != "" {
		msg = where + ": "
	}
	msg += fmt.Sprintf("%s needs the Go %s, which %s", what, nameList(names), other)
	if otherWhere != "" {
		msg += " (" + otherWhere + ")"
	}
	return msg + " has too: " + fix
}

// nameList is "name X" or "names X, Y and Z".
func nameList(names []string) string {
	if len(names) == 1 {
		return "name " + names[0]
	}
	return "names " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// plural is "1 input", "2 inputs".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// names returns the claimed names, sorted.
func (ns *namespace) names() []Name {
	out := make([]Name, 0, len(ns.owner))
	for n, c := range ns.owner {
		out = append(out, Name{Name: n, What: c.what, Where: c.where})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// fieldNames hands out the field and method names of one Go type: a WGSL name whose Go name
// is taken by a generated method (Bytes, Encode, ...) gets a trailing underscore, as
// protoc-gen-go does; two WGSL names with the same Go name are an error.
type fieldNames struct {
	of      string          // the type, for errors: "struct Light"
	methods map[string]bool // reserved names
	taken   map[string]string
}

func newFieldNames(of string, methods ...string) *fieldNames {
	f := &fieldNames{of: of, methods: map[string]bool{}, taken: map[string]string{}}
	for _, m := range methods {
		f.methods[m] = true
	}
	return f
}

// name returns the Go name of wgslName, which what describes ("member color").
func (f *fieldNames) name(wgslName, what string) (string, error) {
	name := GoName(wgslName)
	for f.methods[name] {
		name += "_"
	}
	if prev, ok := f.taken[name]; ok {
		return "", fmt.Errorf("%s: %s and %s both need the Go name %s: rename one of them in WGSL", f.of, prev, what, name)
	}
	f.taken[name] = what
	return name, nil
}
