package lib

//go:generate wgslgen -o new_wgsl.go a.wgsl c.wgsl
