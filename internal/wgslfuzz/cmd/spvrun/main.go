// Command spvrun runs SPIR-V compute shaders on the Vulkan device for the differential fuzzer
// (internal/wgslfuzz): it reads one wgslfuzz.ExecRequest a line, as JSON, on its standard
// input, dispatches it, and writes one wgslfuzz.ExecResponse a line on its standard output.
// It runs in a process of its own so that a driver crash or hang costs one mutant's run.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"github.com/wgslgo/wgslgo/internal/vulkan"
	"github.com/wgslgo/wgslgo/internal/wgslfuzz"
)

var kinds = map[string]vulkan.BindingKind{
	"uniform": vulkan.UniformBuffer, "storage": vulkan.StorageBuffer, "read-only-storage": vulkan.ReadOnlyStorageBuffer,
}

func main() {
	dev, err := vulkan.Get()
	if err != nil {
		fmt.Fprintln(os.Stderr, "spvrun:", err)
		os.Exit(1)
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<30)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var req wgslfuzz.ExecRequest
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			fmt.Fprintln(os.Stderr, "spvrun:", err)
			os.Exit(1)
		}
		resp := run(dev, req)
		if err := out.Encode(resp); err != nil {
			os.Exit(1)
		}
	}
}

func run(dev *vulkan.Device, req wgslfuzz.ExecRequest) wgslfuzz.ExecResponse {
	data, err := os.ReadFile(req.SPIRV)
	if err != nil {
		return wgslfuzz.ExecResponse{Error: err.Error()}
	}
	words, err := vulkan.Words(data)
	if err != nil {
		return wgslfuzz.ExecResponse{Error: err.Error()}
	}
	r := vulkan.Run{SPIRV: words, Entry: req.Entry, Groups: req.Groups, Timeout: req.Timeout}
	for _, b := range req.Bindings {
		r.Bindings = append(r.Bindings, vulkan.Binding{Group: b.Group, Binding: b.Binding, Kind: kinds[b.Kind], Data: b.Data})
	}
	res, err := dev.Dispatch(r)
	if err != nil {
		return wgslfuzz.ExecResponse{Error: err.Error()}
	}
	var resp wgslfuzz.ExecResponse
	for _, b := range req.Bindings {
		resp.Buffers = append(resp.Buffers, res.Bytes(b.Group, b.Binding))
	}
	return resp
}
