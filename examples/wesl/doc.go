// Package wesl is the example of a WESL shader library: modules that shaders import, and
// conditional translation that a build's features select.
//
//	shaders/lib/types.wesl     the structures the shaders and the host share (Light, Surface)
//	shaders/lib/lighting.wesl  diffuse lighting, and with the feature specular a highlight
//	shaders/shade.wesl         colors surfaces (a compute shader)
//	shaders/exposure.wesl      counts the lit surfaces and finds the brightest (a compute shader)
//
// Two Go packages are generated from the same sources: glossy with the feature specular on,
// matte with it off. In each, the two shaders share one Go type per structure of
// types.wesl, though exposure.wesl imports Light under another name, and the tables hold
// the linked WGSL. The tests run both shaders of both packages on lavapipe and compare with
// the same lighting computed in Go.
package wesl
