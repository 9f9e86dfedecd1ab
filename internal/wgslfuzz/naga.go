package wgslfuzz

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/wgslgo/wgslgo/compiler/reflect"
)

// The comparison with naga compares what an accepted compute shader computes, not only whether
// it compiles: wgslc's SPIR-V and naga's for the same WGSL run on the Vulkan device (lavapipe)
// on the same buffers, two workgroups, and their buffers must end the same. A device runs the
// SPIR-V in a child process (cmd/spvrun), so that a driver crash or hang costs one mutant.
// It complements the interpreter (Tools.Exec, exec.go), which runs the IR itself and checks
// it against the device for a single invocation: naga's SPIR-V is another compiler's, on
// any workgroup size.

// ExecBinding is one buffer of a run.
type ExecBinding struct {
	Group, Binding uint32
	Kind           string // the reflection's buffer type: uniform, storage, read-only-storage
	Data           []byte
}

// ExecRequest is one dispatch for cmd/spvrun, one JSON object a line on its standard input.
type ExecRequest struct {
	SPIRV    string // a .spv file
	Entry    string
	Groups   [3]uint32
	Timeout  time.Duration
	Bindings []ExecBinding
}

// ExecResponse is cmd/spvrun's answer: every binding's bytes afterwards, in the request's
// order, or the error of the run.
type ExecResponse struct {
	Buffers [][]byte
	Error   string
}

// NagaRunner runs requests in one cmd/spvrun child process, started on first use and again
// after it dies or stops answering.
type NagaRunner struct {
	Path string // the cmd/spvrun binary

	mu  sync.Mutex
	cmd *exec.Cmd
	in  *json.Encoder
	out *bufio.Scanner
}

// Run sends r and waits for the answer (r.Timeout plus a margin for the pipeline's creation).
func (x *NagaRunner) Run(ctx context.Context, r ExecRequest) (ExecResponse, error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.cmd == nil {
		if err := x.start(); err != nil {
			return ExecResponse{}, err
		}
	}
	if err := x.in.Encode(r); err != nil {
		x.stop()
		return ExecResponse{}, fmt.Errorf("spvrun: %w", err)
	}
	type answer struct {
		resp ExecResponse
		err  error
	}
	done := make(chan answer, 1)
	go func() {
		var a answer
		if !x.out.Scan() {
			a.err = fmt.Errorf("spvrun ended: %v", x.out.Err())
		} else {
			a.err = json.Unmarshal(x.out.Bytes(), &a.resp)
		}
		done <- a
	}()
	select {
	case a := <-done:
		if a.err != nil || a.resp.Error != "" {
			x.stop() // a device that failed a run may fail the next: a new one
		}
		return a.resp, a.err
	case <-time.After(r.Timeout + 20*time.Second):
		x.stop()
		<-done
		return ExecResponse{}, errors.New("spvrun does not answer")
	case <-ctx.Done():
		x.stop()
		<-done
		return ExecResponse{}, ctx.Err()
	}
}

func (x *NagaRunner) start() error {
	cmd := exec.Command(x.Path)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("spvrun: %w", err)
	}
	x.cmd, x.in, x.out = cmd, json.NewEncoder(in), bufio.NewScanner(out)
	x.out.Buffer(nil, 1<<30)
	return nil
}

func (x *NagaRunner) stop() {
	if x.cmd == nil {
		return
	}
	x.cmd.Process.Kill()
	x.cmd.Wait()
	x.cmd = nil
}

// Close ends the child process.
func (x *NagaRunner) Close() {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.stop()
}

// execTimeout bounds one dispatch: a mutant may loop for ever.
const execTimeout = 2 * time.Second

// execJob returns the request for the module described by the reflection at path, when it
// can run here: its first compute entry point, using buffers only, no override without a value and
// no immediate data. The buffers' bytes depend only on seed. why says why not.
func execJob(path string, seed uint64) (r ExecRequest, why string, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return r, "", err
	}
	m, err := reflect.Unmarshal(data)
	if err != nil {
		return r, "", err
	}
	used := map[[2]int]bool{}
	for _, e := range m.EntryPoints {
		if e.Stage == reflect.StageCompute {
			r.Entry = e.Name
			for _, b := range e.Bindings {
				used[[2]int{b.Group, b.Binding}] = true
			}
			break
		}
	}
	switch {
	case r.Entry == "":
		return r, "no compute entry point", nil
	case len(m.Immediates) > 0:
		return r, "immediate data", nil
	}
	for _, o := range m.Overrides {
		if o.Required {
			return r, "an override without a value", nil
		}
	}
	r.Groups, r.Timeout = [3]uint32{2, 1, 1}, execTimeout
	rng := seed
	for _, b := range m.Bindings {
		// Another variable may share the binding, if no entry point uses both.
		if !used[[2]int{b.Group, b.Binding}] || !slices.Contains(b.Visibility, reflect.StageCompute) {
			continue
		}
		if b.Buffer == nil {
			return r, "a binding that is not a buffer", nil
		}
		size := b.Buffer.MinBindingSize
		if b.Buffer.Type != "uniform" {
			size += 256 // room for elements of a runtime-sized array
		}
		size = (size + 15) &^ 15
		buf := make([]byte, size)
		for i := 0; i+4 <= len(buf); i += 4 {
			// Small floats, as bits: as integers they are large, positive and negative.
			rng = rng*6364136223846793005 + 1442695040888963407
			v := math.Float32bits(float32(int(rng>>59)-16) * 0.5)
			buf[i], buf[i+1], buf[i+2], buf[i+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
		}
		r.Bindings = append(r.Bindings, ExecBinding{Group: uint32(b.Group), Binding: uint32(b.Binding), Kind: b.Buffer.Type, Data: buf})
	}
	return r, "", nil
}

// compareWithNaga runs the accepted mutant whose SPIR-V and reflection wgslc wrote to spv and
// reflection, and naga's SPIR-V for it, and compares their buffers. It returns the outcome
// of a difference (class NagaDiffers), or how the mutant was counted.
func (t *Tools) compareWithNaga(ctx context.Context, x *NagaRunner, dir, src, spv, reflection string, seed uint64) (diff *Outcome, skip string) {
	job, why, err := execJob(reflection, seed)
	switch {
	case err != nil:
		return &Outcome{Class: Crash, Accepted: true, Detail: "fuzzer: reading the reflection: " + err.Error()}, ""
	case why != "":
		return nil, why
	}
	nagaSPV := filepath.Join(dir, "naga.spv")
	os.Remove(nagaSPV)
	if res := t.run(ctx, dir, t.Naga, "--index-bounds-check-policy", "Restrict", src, nagaSPV); res.err != nil || res.code != 0 {
		return nil, skipNaga
	}
	results := make([]ExecResponse, 2)
	errs := make([]error, 2)
	for i, path := range []string{spv, nagaSPV} {
		r := job
		r.SPIRV = path
		results[i], errs[i] = x.Run(ctx, r)
		if errs[i] == nil && results[i].Error != "" {
			errs[i] = errors.New(results[i].Error)
		}
	}
	switch {
	case errs[0] != nil && errs[1] == nil && deviceFailure(errs[0]):
		return &Outcome{Class: NagaDiffers, Accepted: true, Detail: "wgslc's SPIR-V fails on the device, naga's runs: " + firstLine(errs[0].Error())}, ""
	case errs[0] != nil:
		return nil, skipFailed + ": " + failureKind(errs[0])
	case errs[1] != nil:
		return nil, skipNagaFailed
	}
	if d := compareExec(job, results[0], results[1]); d != "" {
		return &Outcome{Class: NagaDiffers, Accepted: true, Detail: d}, ""
	}
	return nil, ""
}

const (
	execCompared   = "compared"
	skipNaga       = "naga rejects it"
	skipFailed     = "a run failed"
	skipNagaFailed = "naga's SPIR-V fails on the device"
)

// deviceFailure reports whether a failed run is the device's refusal (the validation layer's
// errors) or a crash of the runner, rather than a limit of the harness (bindings it cannot
// make, a time-out of a loop).
func deviceFailure(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "validation layer") || strings.Contains(msg, "spvrun ended")
}

// failureKind names the cause of a failed run, for the counts.
func failureKind(err error) string {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "timed out"):
		return "time-out"
	case strings.Contains(msg, "does not answer"), strings.Contains(msg, "spvrun ended"):
		return "the runner died"
	}
	return firstLine(msg)
}

// compareExec describes the first difference between what two runs of job left in the
// writable buffers, or returns "".
func compareExec(job ExecRequest, ours, other ExecResponse) string {
	for i, b := range job.Bindings {
		if b.Kind != "storage" || i >= len(ours.Buffers) || i >= len(other.Buffers) {
			continue
		}
		a, o := ours.Buffers[i], other.Buffers[i]
		if bytes.Equal(a, o) {
			continue
		}
		for k := 0; k+4 <= len(a) && k+4 <= len(o); k += 4 {
			if !bytes.Equal(a[k:k+4], o[k:k+4]) {
				return fmt.Sprintf("@group(%d) @binding(%d) differs at byte %d: wgslc's SPIR-V leaves %x, naga's %x",
					b.Group, b.Binding, k, a[k:k+4], o[k:k+4])
			}
		}
		return fmt.Sprintf("@group(%d) @binding(%d) differs", b.Group, b.Binding)
	}
	return ""
}
