package builtins_test

import (
	"fmt"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/types"
)

func ExampleResolve() {
	ctx := builtins.Context{Features: builtins.AllFeatures}
	x := &types.Reference{Space: types.AddrFunction, Elem: types.F32, Access: types.ReadWrite}

	res, _ := builtins.Resolve(ctx, builtins.Call{
		Name: "clamp", Args: []types.Type{x, types.AbstractFloat, types.AbstractFloat},
	})
	fmt.Println(res.Result, res.Params, res.Const, res.MustUse)

	res, _ = builtins.Resolve(ctx, builtins.Call{
		Name: "vec3", Args: []types.Type{types.AbstractInt, types.AbstractFloat, types.AbstractInt},
	})
	fmt.Println(res.Result)

	_, err := builtins.Resolve(ctx, builtins.Call{
		Name: "clamp", Args: []types.Type{types.Vec(3, types.F32), types.F32, types.F32},
	})
	fmt.Println(err)
	// Output:
	// f32 [f32 f32 f32] true true
	// vec3<AbstractFloat>
	// no matching overload for clamp(vec3<f32>, f32, f32); the closest candidates are:
	//   clamp(e: f32, low: f32, high: f32) -> f32
	//   clamp(e: vec3<f32>, low: vec3<f32>, high: vec3<f32>) -> vec3<f32>
}
