//go:build 386 || amd64 || amd64p32 || arm || arm64 || loong64 || mips64le || mips64p32le || mipsle || ppc64le || riscv || riscv64 || wasm

package wgsl

// LittleEndian reports whether the host stores numbers little-endian, so that the memory of a
// Go value is its WGSL bytes.
const LittleEndian = true
