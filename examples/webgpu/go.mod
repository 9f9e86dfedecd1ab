module github.com/wgslgo/wgslgo/examples/webgpu

go 1.25

require (
	github.com/oliverbestmann/webgpu v1.33.5-0.20260523154840-fa113c1fb662
	github.com/wgslgo/wgslgo v0.0.0-00010101000000-000000000000
	github.com/wgslgo/wgslgo/webgpu v0.0.0-00010101000000-000000000000
)

require (
	github.com/oliverbestmann/webgpu/libs-android v0.0.0-20260509160813-48db59792a15 // indirect
	github.com/oliverbestmann/webgpu/libs-darwin v0.0.0-20260509160802-b09403b07cd3 // indirect
	github.com/oliverbestmann/webgpu/libs-ios v0.0.0-20260509160803-765e39d2a48b // indirect
	github.com/oliverbestmann/webgpu/libs-linux v0.0.0-20260509160809-2fefaf7c9ead // indirect
	github.com/oliverbestmann/webgpu/libs-windows v0.0.0-20260509160807-0bc32b12c7bc // indirect
)

// The modules of this checkout: a program of one's own names published versions instead.
replace (
	github.com/wgslgo/wgslgo => ../..
	github.com/wgslgo/wgslgo/webgpu => ../../webgpu
)
