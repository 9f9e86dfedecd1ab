package gen

import (
	"github.com/wgslgo/wgslgo/internal/spirvval"

	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The helpers build reflection models the way the compiler will: types from compiler/types,
// numbers from compiler/layout, structures and bindings from compiler/reflect.

type memberOpt func(*types.Member)

func size(n int) memberOpt  { return func(m *types.Member) { m.Size = n } }
func align(n int) memberOpt { return func(m *types.Member) { m.Align = n } }
func at(n int) memberOpt    { return func(m *types.Member) { m.Offset = n } }

func mem(name string, t types.Type, opts ...memberOpt) *types.Member {
	m := &types.Member{Name: name, Type: t, Offset: -1, IO: types.NoIO}
	for _, o := range opts {
		o(m)
	}
	return m
}

func st(name string, members ...*types.Member) *types.Struct {
	return &types.Struct{Name: name, Members: members}
}

func vec(n int, s *types.Scalar) *types.Vector    { return types.Vec(n, s) }
func mat(c, r int, s *types.Scalar) *types.Matrix { return types.Mat(c, r, s) }
func arr(e types.Type, n int) *types.Array        { return &types.Array{Elem: e, Count: n} }
func rtarr(e types.Type) *types.Array             { return &types.Array{Elem: e} }
func strided(e types.Type, n, stride int) *types.Array {
	return &types.Array{Elem: e, Count: n, Stride: stride}
}
func atomic(s *types.Scalar) *types.Atomic { return &types.Atomic{Elem: s} }

// buffer is a buffer variable of a module being built.
type buffer struct {
	group, binding int
	name           string
	space          types.AddressSpace
	access         types.Access
	typ            types.Type
}

// moduleBuilder assembles a reflect.Module, checking that its buffer types are valid where
// they live.
type moduleBuilder struct {
	t      testing.TB
	l      *layout.Layouts
	m      reflect.Module
	roots  []types.Type
	legacy bool
}

func newModule(t testing.TB, source string, opts layout.Options) *moduleBuilder {
	return &moduleBuilder{t: t, l: layout.New(opts), m: reflect.Module{Version: reflect.Version, Source: source}}
}

func (b *moduleBuilder) buffer(group, binding int, name string, space types.AddressSpace, access types.Access, t types.Type) *moduleBuilder {
	fail := func(e *layout.Error) { b.t.Errorf("%s: %s", name, e.Message) }
	b.l.CheckType(t, diag.Span{}, fail)
	b.l.Check(t, space, diag.Span{}, fail)
	rb, ok := reflect.BindingOf(b.l, group, binding, name, space, access, t)
	require.True(b.t, ok)
	b.m.Bindings = append(b.m.Bindings, rb)
	b.roots = append(b.roots, t)
	return b
}

func (b *moduleBuilder) handle(group, binding int, name string, t types.Type) *moduleBuilder {
	rb, ok := reflect.BindingOf(b.l, group, binding, name, types.AddrHandle, types.AccessNone, t)
	require.True(b.t, ok)
	b.m.Bindings = append(b.m.Bindings, rb)
	return b
}

func (b *moduleBuilder) entry(e reflect.EntryPoint) *moduleBuilder {
	b.m.EntryPoints = append(b.m.EntryPoints, e)
	return b
}

func (b *moduleBuilder) override(o reflect.Override) *moduleBuilder {
	b.m.Overrides = append(b.m.Overrides, o)
	return b
}

func (b *moduleBuilder) constant(name string, c constant.Value) *moduleBuilder {
	v, err := reflect.ValueOf(c)
	require.NoError(b.t, err)
	b.m.Constants = append(b.m.Constants, reflect.Constant{Name: name, Type: c.Type().String(), Value: v})
	return b
}

func (b *moduleBuilder) module() *reflect.Module {
	b.m.Structs = reflect.StructsFrom(b.l, b.roots)
	// Round-trip through JSON, as wgslgen will read models wgslc wrote.
	data, err := reflect.Marshal(&b.m)
	require.NoError(b.t, err)
	m, err := reflect.Unmarshal(data)
	require.NoError(b.t, err)
	return m
}

func valuePtr(v reflect.Value) *reflect.Value { return &v }

func f32s(xs ...float32) []constant.Value {
	var out []constant.Value
	for _, x := range xs {
		out = append(out, constant.MakeF32(x))
	}
	return out
}

// minimalSPIRV returns a valid SPIR-V module with one empty compute entry point: gen embeds
// SPIR-V without reading it, so any valid module does for its tests.
func minimalSPIRV(entry string) []uint32 {
	b := spirv.NewBuilder(spirv.Version1_3)
	b.Capability(spirv.CapabilityShader)
	void := b.TypeVoid()
	f := b.BeginFunction(0, void, b.TypeFunction(void), spirv.FunctionControlNone)
	f.Block(0)
	f.Return()
	f.End()
	b.EntryPoint(spirv.ExecutionModelGLCompute, f.ID(), entry)
	b.ExecutionMode(f.ID(), spirv.ExecutionModeLocalSize, 1, 1, 1)
	return b.Words()
}

// TestMinimalSPIRVIsValid keeps the stand-in module the generator tests embed valid SPIR-V.
func TestMinimalSPIRVIsValid(t *testing.T) {
	spirvval.Check(t, minimalSPIRV("main"), "vulkan1.1")
}
