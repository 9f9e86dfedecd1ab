package gen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// parseType reads the WGSL spelling of a type as the reflection model writes it
// (types.Type.String): scalars, vecN<T>, matCxR<T>, atomic<T>, [@stride(n) ]array<E[, n]> and
// structure names, which structs resolves. The predeclared aliases (vec3f, mat4x4h...) are
// accepted too.
func parseType(s string, structs map[string]*types.Struct) (types.Type, error) {
	p := typeParser{s: s, structs: structs}
	t := p.typ()
	if p.err == nil && p.pos != len(p.s) {
		p.fail("unexpected %q", p.s[p.pos:])
	}
	if p.err != nil {
		return nil, p.err
	}
	return t, nil
}

type typeParser struct {
	s       string
	pos     int
	structs map[string]*types.Struct
	err     error
}

func (p *typeParser) fail(format string, args ...any) {
	if p.err == nil {
		p.err = fmt.Errorf("cannot read the type %q: %s", p.s, fmt.Sprintf(format, args...))
	}
}

func (p *typeParser) space() {
	for p.pos < len(p.s) && p.s[p.pos] == ' ' {
		p.pos++
	}
}

func (p *typeParser) accept(tok string) bool {
	p.space()
	if strings.HasPrefix(p.s[p.pos:], tok) {
		p.pos += len(tok)
		return true
	}
	return false
}

func (p *typeParser) expect(tok string) {
	if !p.accept(tok) {
		p.fail("want %q at offset %d", tok, p.pos)
	}
}

func (p *typeParser) word() string {
	p.space()
	start := p.pos
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		if c == '<' || c == '>' || c == ',' || c == ' ' || c == '(' || c == ')' {
			break
		}
		p.pos++
	}
	return p.s[start:p.pos]
}

func (p *typeParser) number() int {
	w := p.word()
	n, err := strconv.Atoi(w)
	if err != nil || n <= 0 {
		p.fail("want a positive count, got %q", w)
		return 1
	}
	return n
}

var scalarNames = map[string]*types.Scalar{
	"AbstractInt": types.AbstractInt, "AbstractFloat": types.AbstractFloat,
	"bool": types.Bool, "i32": types.I32, "u32": types.U32, "f32": types.F32, "f16": types.F16,
}

var aliasSuffixes = map[byte]*types.Scalar{'f': types.F32, 'h': types.F16, 'i': types.I32, 'u': types.U32}

func (p *typeParser) scalarArg() *types.Scalar {
	p.expect("<")
	w := p.word()
	s := scalarNames[w]
	if s == nil {
		p.fail("%q is not a scalar type", w)
		s = types.F32
	}
	p.expect(">")
	return s
}

func (p *typeParser) typ() types.Type {
	if p.err != nil {
		return types.F32
	}
	stride := 0
	if p.accept("@stride(") {
		stride = p.number()
		p.expect(")")
	}
	w := p.word()
	if stride > 0 && w != "array" {
		p.fail("@stride on %q", w)
	}
	if s := scalarNames[w]; s != nil {
		return s
	}
	switch {
	case w == "array":
		p.expect("<")
		a := &types.Array{Elem: p.typ(), Stride: stride}
		if p.accept(",") {
			a.Count = p.number()
		}
		p.expect(">")
		return a
	case w == "atomic":
		return &types.Atomic{Elem: p.scalarArg()}
	case len(w) >= 4 && strings.HasPrefix(w, "vec") && w[3] >= '2' && w[3] <= '4':
		n := int(w[3] - '0')
		switch {
		case len(w) == 4:
			return types.Vec(n, p.scalarArg())
		case len(w) == 5 && aliasSuffixes[w[4]] != nil:
			return types.Vec(n, aliasSuffixes[w[4]])
		}
	case len(w) >= 6 && strings.HasPrefix(w, "mat") && w[4] == 'x' &&
		w[3] >= '2' && w[3] <= '4' && w[5] >= '2' && w[5] <= '4':
		c, r := int(w[3]-'0'), int(w[5]-'0')
		switch {
		case len(w) == 6:
			return types.Mat(c, r, p.scalarArg())
		case len(w) == 7 && (w[6] == 'f' || w[6] == 'h'):
			return types.Mat(c, r, aliasSuffixes[w[6]])
		}
	default:
		if s := p.structs[w]; s != nil {
			return s
		}
	}
	p.fail("unknown type %q", w)
	return types.F32
}
