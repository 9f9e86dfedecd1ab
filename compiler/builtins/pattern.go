package builtins

import (
	"math/bits"
	"strconv"
	"strings"

	"github.com/wgslgo/wgslgo/compiler/types"
)

// A pattern is a parameter, template or result type of an overload with type variables in it:
// the compiled form of a type in the table (vecN<S>, ptr<AS, atomic<T>, read_write>, ...).
type pattern struct {
	kind pkind
	// scalar is the kind of a pScalar's type: a kind, not the *types.Scalar, so that the
	// generated table (blocks_gen.go) is data the linker lays out, with no code run to build it.
	scalar types.ScalarKind
	// v is the variable of a pVar.
	v int8
	// a and b are the sizes of vectors (a), matrices (a columns, b rows) and arrays (a, the
	// element count; unused for runtime-sized arrays), the address space (a) and access mode
	// (b) of pointers, the texel format (a) and access mode (b) of storage textures.
	a, b ref
	elem *pattern
	// tex is the kind and dimension of a pTexture.
	texKind types.TextureKind
	texDim  types.TextureDim
	// flag is: sampler_comparison for pSampler, sized for pArray and pBuffer.
	flag bool
}

type pkind uint8

const (
	pScalar  pkind = iota // a fixed scalar
	pVar                  // a type variable
	pVec                  // vecN<elem>
	pMat                  // matCxR<elem>
	pArray                // array<elem, N> or array<elem>
	pAtomic               // atomic<elem>
	pPtr                  // ptr<AS, elem, AM>
	pTexture              // texture_*<elem> or texture_storage_*<F, AM>
	pSampler              // sampler or sampler_comparison
	pBuffer               // buffer or buffer<N>
	pFrexp                // __frexp_result<elem>
	pModf                 // __modf_result<elem>
	pCmpXchg              // __atomic_compare_exchange_result<elem>
)

// A ref is a fixed value (v < 0) or the variable v: vector sizes, counts, address spaces,
// access modes and texel formats.
type ref struct {
	val int32
	v   int8
}

func fixed(x int32) ref { return ref{val: x, v: -1} }

// A varDef is one type variable of an overload with its parameterization.
type varDef struct {
	name string
	kind vkind
	// mask is the set of allowed values of scalar variables (by types.ScalarKind), address
	// space variables (by types.AddressSpace) and access mode variables (by types.Access).
	mask uint16
	// pred restricts type variables; predName spells it.
	pred     func(types.Type) bool
	predName string
	// from is the texel format variable a channel-format variable derives from.
	from int8
}

type vkind uint8

const (
	vkScalar  vkind = iota // one of a set of scalars
	vkType                 // any type satisfying pred
	vkSize                 // a vector or matrix size, 2..4
	vkCount                // an array element count or buffer size
	vkSpace                // an address space
	vkAccess               // an access mode
	vkFormat               // a texel format
	vkChannel              // the channel type of a texel format variable
)

const maxVars = 8

// A binding records what the variables of one overload are known to be while arguments are
// matched: the feasible scalars of scalar variables (a mask by kind), the values of size,
// count, space, access and format variables (-1 while unbound), and the types of type
// variables (nil while unbound).
type binding struct {
	mask [maxVars]uint16
	val  [maxVars]int32
	typ  [maxVars]types.Type
}

func (o *Overload) initBinding(b *binding) {
	for i := range o.vars {
		b.mask[i] = o.vars[i].mask
		b.val[i] = -1
		b.typ[i] = nil
	}
}

// reach[k] is the set of scalar kinds that kind k converts to with a finite ConversionRank.
var reach = [...]uint16{
	types.KindBool:          1 << types.KindBool,
	types.KindAbstractInt:   1<<types.KindAbstractInt | 1<<types.KindI32 | 1<<types.KindU32 | 1<<types.KindAbstractFloat | 1<<types.KindF32 | 1<<types.KindF16,
	types.KindAbstractFloat: 1<<types.KindAbstractFloat | 1<<types.KindF32 | 1<<types.KindF16,
	types.KindI32:           1 << types.KindI32,
	types.KindU32:           1 << types.KindU32,
	types.KindF32:           1 << types.KindF32,
	types.KindF16:           1 << types.KindF16,
}

func (b *binding) bindRef(o *Overload, r ref, x int32) bool {
	if r.v < 0 {
		return r.val == x
	}
	switch cur := b.val[r.v]; {
	case cur >= 0:
		return cur == x
	case o.vars[r.v].kind == vkSpace || o.vars[r.v].kind == vkAccess:
		if o.vars[r.v].mask&(1<<x) == 0 {
			return false
		}
	}
	b.val[r.v] = x
	return true
}

// match matches argument type t against p, narrowing b. conv is set where automatic
// conversions apply (the value positions of a parameter: scalars, vectors, matrices and array
// elements); inside pointers, atomics and textures types must be identical.
func (o *Overload) match(p *pattern, t types.Type, conv bool, b *binding) bool {
	switch p.kind {
	case pScalar:
		s, ok := t.(*types.Scalar)
		if !ok {
			return false
		}
		if conv {
			return reach[s.Kind]&(1<<p.scalar) != 0
		}
		return s.Kind == p.scalar
	case pVar:
		d := &o.vars[p.v]
		if d.kind == vkType {
			if b.typ[p.v] == nil {
				if conv {
					// A type variable in a value position is chosen among the types
					// the arguments convert to when candidates are enumerated.
					return true
				}
				if !d.pred(t) {
					return false
				}
				b.typ[p.v] = t
				return true
			}
			if conv {
				return types.ConversionRank(t, b.typ[p.v]) != types.Infinite
			}
			return types.Identical(b.typ[p.v], t)
		}
		s, ok := t.(*types.Scalar)
		if !ok {
			return false
		}
		if conv {
			b.mask[p.v] &= reach[s.Kind]
		} else {
			b.mask[p.v] &= 1 << s.Kind
		}
		return b.mask[p.v] != 0
	case pVec:
		v, ok := t.(*types.Vector)
		return ok && b.bindRef(o, p.a, int32(v.N)) && o.match(p.elem, v.Elem, conv, b)
	case pMat:
		m, ok := t.(*types.Matrix)
		return ok && b.bindRef(o, p.a, int32(m.Cols)) && b.bindRef(o, p.b, int32(m.Rows)) &&
			o.match(p.elem, m.Elem, conv, b)
	case pArray:
		a, ok := t.(*types.Array)
		if !ok || a.IsOverrideSized() || a.IsRuntimeSized() == p.flag {
			return false
		}
		if p.flag && !b.bindRef(o, p.a, int32(a.Count)) {
			return false
		}
		return o.match(p.elem, a.Elem, conv, b)
	case pAtomic:
		a, ok := t.(*types.Atomic)
		return ok && o.match(p.elem, a.Elem, false, b)
	case pPtr:
		q, ok := t.(*types.Pointer)
		return ok && accessValid(q) && b.bindRef(o, p.a, int32(q.Space)) && b.bindRef(o, p.b, int32(q.Access)) &&
			o.match(p.elem, q.Elem, false, b)
	case pTexture:
		x, ok := t.(*types.Texture)
		if !ok || x.Kind != p.texKind || x.Dim != p.texDim {
			return false
		}
		switch x.Kind {
		case types.TexSampled, types.TexMultisampled:
			return o.match(p.elem, x.Sampled, false, b)
		case types.TexStorage:
			return b.bindRef(o, p.a, int32(x.Format)) && b.bindRef(o, p.b, int32(x.Access))
		}
		return true
	case pSampler:
		s, ok := t.(*types.Sampler)
		return ok && s.Comparison == p.flag
	case pBuffer:
		x, ok := t.(*types.Buffer)
		return ok && types.IsRuntimeSized(x) != p.flag
	}
	return false
}

// accessValid reports whether a pointer's access mode is one its address space allows (spec
// "Address Spaces"; arrayLength says so of its AM): storage memory is read or read_write (the
// 2021 draft also had write-only buffers), the other spaces have one mode each. The checker
// never forms other pointer types; callers of Resolve might.
func accessValid(p *types.Pointer) bool {
	return p.Space == types.AddrStorage || p.Access == types.DefaultAccess(p.Space)
}

// settle finishes a binding after all arguments matched: channel-format variables follow
// their texel format.
func (o *Overload) settle(b *binding) bool {
	for i := range o.vars {
		d := &o.vars[i]
		if d.kind == vkChannel {
			if f := b.val[d.from]; f >= 0 {
				b.mask[i] &= 1 << types.TexelFormat(f).ChannelType().Kind
			}
			if b.mask[i] == 0 {
				return false
			}
		}
	}
	return true
}

// inst instantiates p under a complete binding: every scalar variable it uses has exactly one
// feasible scalar, and every other variable is bound.
func (o *Overload) inst(p *pattern, b *binding) types.Type {
	switch p.kind {
	case pScalar:
		return types.ScalarOf(p.scalar)
	case pVar:
		if o.vars[p.v].kind == vkType {
			return b.typ[p.v]
		}
		return types.ScalarOf(types.ScalarKind(bits.TrailingZeros16(b.mask[p.v])))
	case pVec:
		return types.Vec(int(b.get(p.a)), o.inst(p.elem, b).(*types.Scalar))
	case pMat:
		return types.Mat(int(b.get(p.a)), int(b.get(p.b)), o.inst(p.elem, b).(*types.Scalar))
	case pArray:
		a := &types.Array{Elem: o.inst(p.elem, b)}
		if p.flag {
			a.Count = int(b.get(p.a))
		}
		return a
	case pAtomic:
		return &types.Atomic{Elem: o.inst(p.elem, b).(*types.Scalar)}
	case pPtr:
		return &types.Pointer{Space: types.AddressSpace(b.get(p.a)), Elem: o.inst(p.elem, b),
			Access: types.Access(b.get(p.b))}
	case pTexture:
		t := &types.Texture{Kind: p.texKind, Dim: p.texDim}
		switch p.texKind {
		case types.TexSampled, types.TexMultisampled:
			t.Sampled = o.inst(p.elem, b).(*types.Scalar)
		case types.TexStorage:
			t.Format, t.Access = types.TexelFormat(b.get(p.a)), types.Access(b.get(p.b))
		}
		return t
	case pSampler:
		if p.flag {
			return types.ComparisonSamplerType
		}
		return types.SamplerType
	case pBuffer:
		if p.flag {
			return &types.Buffer{Size: 64} // buffer<N> for some N, large enough for the types viewed
		}
		return &types.Buffer{}
	case pFrexp, pModf:
		n, s := 1, types.ElemScalar(o.inst(p.elem, b))
		if v, ok := o.inst(p.elem, b).(*types.Vector); ok {
			n = v.N
		}
		if p.kind == pFrexp {
			return types.FrexpResult(n, s)
		}
		return types.ModfResult(n, s)
	case pCmpXchg:
		return types.AtomicCompareExchangeResult(o.inst(p.elem, b).(*types.Scalar))
	}
	panic("builtins: bad pattern")
}

func (b *binding) get(r ref) int32 {
	if r.v < 0 {
		return r.val
	}
	return b.val[r.v]
}

// usesF16 reports whether p, instantiated under b, mentions f16.
func (o *Overload) usesF16(p *pattern, b *binding) bool {
	if p == nil {
		return false
	}
	switch p.kind {
	case pScalar:
		return p.scalar == types.KindF16
	case pVar:
		switch o.vars[p.v].kind {
		case vkType:
			return b.typ[p.v] != nil && types.UsesF16(b.typ[p.v])
		case vkScalar:
			return b.mask[p.v] == 1<<types.KindF16
		}
		return false
	}
	return o.usesF16(p.elem, b)
}

// format writes p in the table's notation, with what b knows substituted (b may be nil).
func (o *Overload) format(sb *strings.Builder, p *pattern, b *binding) {
	switch p.kind {
	case pScalar:
		sb.WriteString(types.ScalarOf(p.scalar).String())
	case pVar:
		d := &o.vars[p.v]
		switch {
		case b != nil && d.kind == vkType && b.typ[p.v] != nil:
			sb.WriteString(b.typ[p.v].String())
		case b != nil && d.kind != vkType && bits.OnesCount16(b.mask[p.v]) == 1:
			sb.WriteString(types.ScalarOf(types.ScalarKind(bits.TrailingZeros16(b.mask[p.v]))).String())
		default:
			sb.WriteString(d.name)
		}
	case pVec:
		sb.WriteString("vec")
		o.formatRef(sb, p.a, b, vkSize)
		o.formatElem(sb, p.elem, b)
	case pMat:
		sb.WriteString("mat")
		o.formatRef(sb, p.a, b, vkSize)
		sb.WriteByte('x')
		o.formatRef(sb, p.b, b, vkSize)
		o.formatElem(sb, p.elem, b)
	case pArray:
		sb.WriteString("array<")
		o.format(sb, p.elem, b)
		if p.flag {
			sb.WriteString(", ")
			o.formatRef(sb, p.a, b, vkCount)
		}
		sb.WriteByte('>')
	case pAtomic:
		sb.WriteString("atomic")
		o.formatElem(sb, p.elem, b)
	case pPtr:
		sb.WriteString("ptr<")
		o.formatRef(sb, p.a, b, vkSpace)
		sb.WriteString(", ")
		o.format(sb, p.elem, b)
		sb.WriteString(", ")
		o.formatRef(sb, p.b, b, vkAccess)
		sb.WriteByte('>')
	case pTexture:
		sb.WriteString(textureName(p.texKind, p.texDim))
		switch p.texKind {
		case types.TexSampled, types.TexMultisampled:
			o.formatElem(sb, p.elem, b)
		case types.TexStorage:
			sb.WriteByte('<')
			o.formatRef(sb, p.a, b, vkFormat)
			sb.WriteString(", ")
			o.formatRef(sb, p.b, b, vkAccess)
			sb.WriteByte('>')
		}
	case pSampler:
		if p.flag {
			sb.WriteString("sampler_comparison")
		} else {
			sb.WriteString("sampler")
		}
	case pBuffer:
		if p.flag {
			sb.WriteString("buffer<N>")
		} else {
			sb.WriteString("buffer")
		}
	case pFrexp:
		sb.WriteString("__frexp_result")
		o.formatElem(sb, p.elem, b)
	case pModf:
		sb.WriteString("__modf_result")
		o.formatElem(sb, p.elem, b)
	case pCmpXchg:
		sb.WriteString("__atomic_compare_exchange_result")
		o.formatElem(sb, p.elem, b)
	}
}

func (o *Overload) formatElem(sb *strings.Builder, p *pattern, b *binding) {
	sb.WriteByte('<')
	o.format(sb, p, b)
	sb.WriteByte('>')
}

func (o *Overload) formatRef(sb *strings.Builder, r ref, b *binding, kind vkind) {
	x := r.val
	if r.v >= 0 {
		x = -1
		if b != nil {
			x = b.val[r.v]
		}
		if x < 0 {
			sb.WriteString(o.vars[r.v].name)
			return
		}
	}
	switch kind {
	case vkSpace:
		sb.WriteString(types.AddressSpace(x).String())
	case vkAccess:
		sb.WriteString(types.Access(x).String())
	case vkFormat:
		sb.WriteString(types.TexelFormat(x).String())
	default:
		sb.WriteString(strconv.Itoa(int(x)))
	}
}

func textureName(k types.TextureKind, d types.TextureDim) string {
	switch k {
	case types.TexMultisampled:
		return "texture_multisampled_" + d.String()
	case types.TexDepth:
		return "texture_depth_" + d.String()
	case types.TexDepthMultisampled:
		return "texture_depth_multisampled_" + d.String()
	case types.TexStorage:
		return "texture_storage_" + d.String()
	case types.TexExternal:
		return "texture_external"
	}
	return "texture_" + d.String()
}
