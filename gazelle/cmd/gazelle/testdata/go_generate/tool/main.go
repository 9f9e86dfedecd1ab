// Command tool computes.
package main

//go:generate wgslgen compute.wgsl

func main() { _ = ComputeShader }
