package gen

import (
	"fmt"
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

// unexported returns name with its first letter lower-cased, for identifiers of the generated
// file that users do not need.
func unexported(name string) string {
	r := []rune(name)
	r[0] = unicode.ToLower(r[0])
	return string(r)
}

// namespace hands out the package-level names of a generated file and reports clashes with a
// remedy.
type namespace struct {
	owner map[string]string // Go name → what it names
}

func newNamespace() *namespace { return &namespace{owner: map[string]string{}} }

// claim records that name stands for what ("struct Light (from lights.wgsl)").
func (ns *namespace) claim(name, what string) error {
	if prev, ok := ns.owner[name]; ok {
		return fmt.Errorf("%s and %s both need the Go name %s: rename one of them in WGSL, or generate the shaders into separate packages", prev, what, name)
	}
	ns.owner[name] = what
	return nil
}

// fieldNames hands out the field and method names of one Go type: a WGSL name whose Go name
// is taken by a generated method (Bytes, Encode, ...) gets a trailing underscore, as
// protoc-gen-go does; two WGSL names with the same Go name are an error.
type fieldNames struct {
	of      string          // the type, for errors: "struct Light"
	methods map[string]bool // reserved method names
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
