// Package effects holds post-processing shaders.
package effects
