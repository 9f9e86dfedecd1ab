package gen

import (
	"fmt"
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
// with both positions and a remedy.
type namespace struct {
	owner map[string]Name
	errs  []string
}

func newNamespace() *namespace { return &namespace{owner: map[string]Name{}} }

// claim records that name stands for what ("struct Light of lights.wgsl"), declared at where
// ("lights.wgsl:3:8" or ""). A clash is recorded as an error.
func (ns *namespace) claim(name, what, where string) {
	if prev, ok := ns.owner[name]; ok {
		ns.errs = append(ns.errs, clashMessage(Name{Name: name, What: what, Where: where}, prev.What, prev.Where,
			"rename one of them in WGSL, or generate the shaders into separate packages"))
		return
	}
	ns.owner[name] = Name{Name: name, What: what, Where: where}
}

// clashMessage says that n's name is already taken by other, declared at otherWhere, and
// what to do about it.
func clashMessage(n Name, other, otherWhere, fix string) string {
	msg := ""
	if n.Where != "" {
		msg = n.Where + ": "
	}
	msg += fmt.Sprintf("%s needs the Go name %s, which %s", n.What, n.Name, other)
	if otherWhere != "" {
		msg += " (" + otherWhere + ")"
	}
	return msg + " has too: " + fix
}

// names returns the claimed names, sorted.
func (ns *namespace) names() []Name {
	out := make([]Name, 0, len(ns.owner))
	for _, n := range ns.owner {
		out = append(out, n)
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
