// Package wesl lights a scene with a WESL program: lights.wesl imports lib/shadow.wesl.
package wesl

//go:generate wgslgen -o lights_wgsl.go -feature soft -feature=pcf=false lights.wesl
