package render

//go:generate wgslgen -feature=grain=false -o shade_wgsl.go shade.wesl
