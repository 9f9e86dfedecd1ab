package render

//go:generate wgslgen -o particles_wgsl.go shaders/particles.wgsl
