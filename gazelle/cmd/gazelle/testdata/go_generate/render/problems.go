package render

//go:generate wgslgen -override=tile=$TILE extra.wgsl
//go:generate wgslgen -o ../elsewhere_wgsl.go extra.wgsl
//go:generate wgslgen -o scale_wgsl.go ../kernels/scale.wgsl
//go:generate wgslgen extra.wgsl sky.wgsl
//go:generate wgslgen -check sky.wgsl
