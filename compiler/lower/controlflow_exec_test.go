package lower_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// cfShape is a control-flow shape: a WGSL function f(s: u32) -> u32 and the same computation
// in Go.
type cfShape struct {
	name string
	wgsl string
	gof  func(s uint32) uint32
}

// cfShapes are the shapes of structured control flow whose SPIR-V has to keep every block of
// a continue construct on a path to the back edge: loops nested in continuing blocks that
// leave on every arm of an if or a switch, continuing blocks nested in continuing blocks,
// break if after them, and, outside continuing blocks, constructs none of whose paths come
// back.
var cfShapes = []cfShape{
	{"continuing-inner-loop-breaks-on-both-arms", `
	var i = 0u;
	var acc = 0u;
	loop {
		acc += i;
		continuing {
			loop {
				if i > s { acc += 100u; break; } else { acc += 1000u; break; }
			}
			i++;
			break if i >= 4u;
		}
	}
	return acc;`, func(s uint32) uint32 {
		acc := uint32(0)
		for i := uint32(0); ; {
			acc += i
			if i > s {
				acc += 100
			} else {
				acc += 1000
			}
			i++
			if i >= 4 {
				break
			}
		}
		return acc
	}},
	{"continuing-inner-loop-continues-on-both-arms", `
	var i = 0u;
	var acc = 0u;
	loop {
		acc += 7u;
		continuing {
			var j = 0u;
			loop {
				j++;
				if j < s { acc += 1u; continue; } else { acc += 10u; continue; }
				continuing { break if j >= 3u; }
			}
			i++;
			break if i >= 3u;
		}
	}
	return acc;`, func(s uint32) uint32 {
		acc := uint32(0)
		for i := uint32(0); ; {
			acc += 7
			for j := uint32(1); ; j++ {
				if j < s {
					acc++
				} else {
					acc += 10
				}
				if j >= 3 {
					break
				}
			}
			i++
			if i >= 3 {
				break
			}
		}
		return acc
	}},
	{"continuing-switch-then-breaks", `
	var i = 0u;
	var acc = 0u;
	loop {
		continuing {
			loop {
				switch (i + s) % 3u {
					case 0u { acc += 1u; break; }
					case 1u { acc += 2u; }
					default { acc += 4u; break; }
				}
				if (acc & 1u) == 0u { acc += 16u; break; } else { break; }
			}
			i++;
			break if i >= 4u;
		}
	}
	return acc;`, func(s uint32) uint32 {
		acc := uint32(0)
		for i := uint32(0); ; {
			switch (i + s) % 3 {
			case 0:
				acc++
			case 1:
				acc += 2
			default:
				acc += 4
			}
			if acc&1 == 0 {
				acc += 16
			}
			i++
			if i >= 4 {
				break
			}
		}
		return acc
	}},
	{"continuing-switch-continues-on-every-clause", `
	var i = 0u;
	var acc = 0u;
	loop {
		continuing {
			var k = 0u;
			loop {
				k++;
				switch k % 2u {
					case 0u { acc += k; continue; }
					default { acc += 100u; continue; }
				}
				continuing { break if k >= s + 1u; }
			}
			i++;
			break if i >= 2u;
		}
	}
	return acc;`, func(s uint32) uint32 {
		acc := uint32(0)
		for i := 0; i < 2; i++ {
			for k := uint32(1); ; k++ {
				if k%2 == 0 {
					acc += k
				} else {
					acc += 100
				}
				if k >= s+1 {
					break
				}
			}
		}
		return acc
	}},
	{"continuing-in-continuing", `
	var i = 0u;
	var acc = 0u;
	loop {
		continuing {
			var j = 0u;
			loop {
				acc += 1u;
				j++;
				continuing {
					loop {
						if s > 2u { acc += 10u; break; } else { acc += 20u; break; }
					}
					break if j >= 2u;
				}
			}
			i++;
			break if i >= 3u;
		}
	}
	return acc;`, func(s uint32) uint32 {
		acc := uint32(0)
		for i := 0; i < 3; i++ {
			for j := 1; ; j++ {
				acc++
				if s > 2 {
					acc += 10
				} else {
					acc += 20
				}
				if j >= 2 {
					break
				}
			}
		}
		return acc
	}},
	{"continuing-for-and-while", `
	var i = 0u;
	var acc = 0u;
	loop {
		continuing {
			for (var k = 0u; k < 5u; k++) {
				if k == s { acc += 50u; break; } else { acc += 1u; continue; }
			}
			var w = 0u;
			while w < 3u {
				w++;
				if w == 2u { acc += 7u; continue; } else { acc += 3u; continue; }
			}
			i++;
			break if i >= 2u;
		}
	}
	return acc;`, func(s uint32) uint32 {
		acc := uint32(0)
		for i := 0; i < 2; i++ {
			for k := uint32(0); k < 5; k++ {
				if k == s {
					acc += 50
					break
				}
				acc++
			}
			for w := uint32(1); w <= 3; w++ {
				if w == 2 {
					acc += 7
				} else {
					acc += 3
				}
			}
		}
		return acc
	}},
	{"body-switch-continues-on-every-clause", `
	var i = 0u;
	var acc = 0u;
	loop {
		i++;
		if i > s + 2u { break; }
		switch i % 2u {
			case 0u { acc += i; continue; }
			default { acc += 100u; continue; }
		}
		continuing { acc += 1000u; }
	}
	return acc;`, func(s uint32) uint32 {
		acc := uint32(0)
		for i := uint32(1); i <= s+2; i++ {
			if i%2 == 0 {
				acc += i
			} else {
				acc += 100
			}
			acc += 1000
		}
		return acc
	}},
	{"body-if-continues-on-both-arms-then-break-if", `
	var i = 0u;
	var acc = 0u;
	loop {
		i++;
		if (i & 1u) == 0u { acc += 3u; continue; } else { acc += 5u; continue; }
		continuing { break if i >= s + 1u; }
	}
	return acc;`, func(s uint32) uint32 {
		acc := uint32(0)
		for i := uint32(1); ; i++ {
			if i&1 == 0 {
				acc += 3
			} else {
				acc += 5
			}
			if i >= s+1 {
				break
			}
		}
		return acc
	}},
	{"body-returns-on-both-arms", `
	var i = 0u;
	loop {
		i++;
		if i > s { if (i & 1u) == 0u { return i * 10u; } else { return i * 100u; } }
		continuing { break if i >= 5u; }
	}
	return 7u;`, func(s uint32) uint32 {
		for i := uint32(1); ; i++ {
			if i > s {
				if i&1 == 0 {
					return i * 10
				}
				return i * 100
			}
			if i >= 5 {
				return 7
			}
		}
	}},
	{"nested-break-if-both-levels", `
	var i = 0u;
	var acc = 0u;
	loop {
		var j = 0u;
		loop {
			j++;
			acc += j;
			continuing { break if j >= s; }
		}
		continuing {
			i++;
			loop { if acc > 10u { acc -= 3u; break; } else { acc += 2u; break; } }
			break if i >= 3u;
		}
	}
	return acc;`, func(s uint32) uint32 {
		acc := uint32(0)
		for i := 1; ; i++ {
			for j := uint32(1); ; j++ {
				acc += j
				if j >= s {
					break
				}
			}
			if acc > 10 {
				acc -= 3
			} else {
				acc += 2
			}
			if i >= 3 {
				break
			}
		}
		return acc
	}},
}

// TestExecControlFlowShapes runs each shape for s = 0..7 on the Vulkan device; compile
// validates the SPIR-V of every target with spirv-val first.
func TestExecControlFlowShapes(t *testing.T) {
	const lanes = 8
	var src strings.Builder
	src.WriteString("@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n")
	for i, sh := range cfShapes {
		fmt.Fprintf(&src, "\n// %s\nfn shape%d(s: u32) -> u32 {%s\n}\n", sh.name, i, sh.wgsl)
	}
	src.WriteString("\n@compute @workgroup_size(8)\nfn main(@builtin(local_invocation_index) s: u32) {\n")
	for i := range cfShapes {
		fmt.Fprintf(&src, "\to[%du + s] = shape%d(s);\n", i*lanes, i)
	}
	src.WriteString("}\n")
	out := asU32(runCompute(t, compute{src: src.String(), bufs: [][]byte{zeros(lanes * len(cfShapes))}})[0])
	for i, sh := range cfShapes {
		for s := range uint32(lanes) {
			assert.Equal(t, sh.gof(s), out[i*lanes+int(s)], "%s, s = %d", sh.name, s)
		}
	}
}
