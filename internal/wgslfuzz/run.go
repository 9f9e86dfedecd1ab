package wgslfuzz

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Class is the verdict on one input.
type Class string

// The classes. The first seven are problems of wgslc, which the fuzzer exists to find; the
// two disagreements are differences with Tint, each either a known and cited difference (see
// known.go) or a new finding.
const (
	Crash         Class = "crash"          // panic, fatal error, killed by a signal, odd exit status
	TimeOut       Class = "time-out"       // ran past Tools.Timeout
	MemoryLimit   Class = "memory-limit"   // ran out of the address space Tools.MemLimit allows
	InternalError Class = "internal-error" // a diagnostic that says "internal error"
	NoPosition    Class = "no-position"    // a diagnostic without file:line:col, or exit 1 without one
	UsageExit     Class = "exit-2"         // exit status 2 (usage or I/O error) for a readable input file
	InvalidSPIRV  Class = "invalid-spirv"  // exit 0 with SPIR-V that spirv-val rejects

	AcceptsTintRejects Class = "wgslc-accepts-tint-rejects"
	RejectsTintAccepts Class = "wgslc-rejects-tint-accepts"
	// NagaDiffers: wgslc's SPIR-V and naga's for an accepted compute shader leave different
	// buffers on the device, or wgslc's fails there where naga's runs (see naga.go).
	NagaDiffers Class = "naga-differs-on-vulkan"

	Agree       Class = "agree"        // no problem; the same verdict as Tint, or no comparison
	TintFailure Class = "tint-failure" // Tint itself crashed or timed out: no comparison
)

// Problems are the classes that are bugs of wgslc whatever Tint says, those of the
// interpreter (see Executor), and a difference with what naga's SPIR-V computes.
var Problems = []Class{Crash, TimeOut, MemoryLimit, InternalError, NoPosition, UsageExit, InvalidSPIRV, InterpFailure, ExecDiffers, NagaDiffers}

// IsProblem reports whether c is one of Problems.
func (c Class) IsProblem() bool {
	for _, p := range Problems {
		if c == p {
			return true
		}
	}
	return false
}

// Tools are the programs an input is run through.
type Tools struct {
	Wgslc    string // a wgslc binary (required)
	SpirvVal string // spirv-val (required)
	Tint     string // Tint's command line; "" compares with nothing
	// Naga and Runner (cmd/spvrun) run accepted compute shaders compiled by wgslc and by
	// naga on the Vulkan device and compare their buffers; "" runs nothing.
	Naga, Runner string
	// Timeout bounds each run of each program (default 20 s: a shader compiles in
	// milliseconds; the margin is for a loaded machine).
	Timeout time.Duration
	// MemLimit is the address space wgslc may use, in bytes (default 2 GiB; the Go runtime
	// needs a few hundred MB of it for itself).
	MemLimit int64
	// Exec, when set, runs the compute shaders wgslc accepts (see Executor).
	Exec *Executor
}

// Outcome is the verdict on one input with what decided it.
type Outcome struct {
	Class Class
	// Detail is the message that decided the class (wgslc's or Tint's diagnostic, spirv-val's
	// complaint, the crash's first lines).
	Detail string
	// Kind groups outcomes of the same cause: Detail with numbers and quoted names replaced.
	Kind string
	// Known is the reason for a disagreement with Tint that is listed in known.go ("" when it
	// is not listed or the class is no disagreement).
	Known string
	// Accepted is wgslc's verdict: exit 0 (or a module with nothing to run).
	Accepted bool
	// Naga says what the comparison with naga's SPIR-V did with an accepted mutant:
	// "compared", or why it was not run; "" when it was not tried.
	Naga string
}

// nothingToRun is the message of wgslc -o for a module without entry points: it is valid
// WGSL, Tint accepts it, and there is no SPIR-V to validate.
const nothingToRun = "has no entry point"

// Input is one shader to check.
type Input struct {
	Text   string
	Legacy bool   // the 2021 draft dialect: auto-detected, not compared with Tint
	Target string // vulkan1.0 ... vulkan1.3
	// Modules, for a WESL program, are its modules other than the root (Text, main.wesl)
	// by path; Features are wgslc's --feature values.
	Modules  map[string]string
	Features []string
}

// Check runs in through wgslc (and spirv-val on its SPIR-V, and Tint when configured) in the
// directory dir, which it uses for its files, and classifies the result.
func (t *Tools) Check(ctx context.Context, dir string, in Input) Outcome {
	return t.CheckExec(ctx, dir, nil, in, 0)
}

// CheckExec is Check that also runs an accepted compute shader through x (when it is not nil
// and the Tools have naga), on buffers made from seed, and compares with naga's SPIR-V. A
// WESL program (in.Modules) is linked and checked without naga.
func (t *Tools) CheckExec(ctx context.Context, dir string, x *NagaRunner, in Input, seed uint64) Outcome {
	if in.Modules != nil {
		return t.checkWESL(ctx, dir, in)
	}
	const name = "mutant.wgsl"
	src := filepath.Join(dir, name)
	spv := filepath.Join(dir, "mutant.spv")
	reflection := filepath.Join(dir, "mutant.json")
	os.Remove(spv)
	os.Remove(reflection)
	withNaga := x != nil && t.Naga != "" && !in.Legacy && !hasWESL(in.Text)
	if err := os.WriteFile(src, []byte(in.Text), 0o644); err != nil {
		return Outcome{Class: Crash, Detail: "fuzzer: " + err.Error()}
	}
	target := in.Target
	if target == "" {
		target = "vulkan1.1"
	}
	dialect := "modern"
	if in.Legacy {
		dialect = "auto"
	}
	args := []string{"--dialect", dialect, "--target", target, "-o", spv}
	if withNaga {
		args = append(args, "--reflect", reflection)
	}
	res := t.runLimited(ctx, dir, t.Wgslc, append(args, name)...)
	out := wgslcOutcome(res, regexp.QuoteMeta(name))
	if out.Class != Agree {
		return finish(out)
	}
	if out = t.validate(ctx, dir, in, target, spv, res.code, out); out.Class != Agree {
		return out
	}
	if withNaga && out.Accepted && fileExists(spv) {
		diff, skip := t.compareWithNaga(ctx, x, dir, src, spv, reflection, seed)
		if diff != nil {
			return finish(*diff)
		}
		out.Naga = skip
		if skip == "" {
			out.Naga = execCompared
		}
	}
	if t.Tint == "" || in.Legacy {
		return out
	}
	if hasWESL(in.Text) {
		// wgslc reads every file as WESL (a WGSL program is a WESL program): Tint, which
		// reads WGSL, gets the program wgslc linked.
		return t.compareLinked(ctx, dir, name, nil, regexp.QuoteMeta(name), out)
	}
	out = t.compareTint(ctx, dir, name, out)
	if k := known(out.Class, out.Detail); k != nil && len(k.flags) > 0 {
		// The feature's rule must be the whole difference: assuming the feature as Tint
		// does, wgslc accepts.
		args := append(append([]string{"--dialect", dialect, "--target", target}, k.flags...), "-o", spv, name)
		if res := t.runLimited(ctx, dir, t.Wgslc, args...); !wgslcOutcome(res, regexp.QuoteMeta(name)).Accepted {
			out.Known = ""
			out.Detail += " (and with " + strings.Join(k.flags, " ") + ")"
		}
	}
	return out
}

// validate checks with spirv-val the SPIR-V of an input wgslc accepted (exit status code).
func (t *Tools) validate(ctx context.Context, dir string, in Input, target, spv string, code int, out Outcome) Outcome {
	if code == 0 && !fileExists(spv) {
		return finish(Outcome{Class: InvalidSPIRV, Accepted: true, Detail: "exit status 0 without SPIR-V"})
	}
	if out.Accepted && fileExists(spv) {
		args := []string{"--target-env", target}
		if strings.Contains(in.Text, "uniform_buffer_standard_layout") {
			args = append(args, "--uniform-buffer-standard-layout")
		}
		val := t.run(ctx, dir, t.SpirvVal, append(args, spv)...)
		if val.err != nil || val.code != 0 {
			return finish(Outcome{Class: InvalidSPIRV, Accepted: true, Detail: firstLine(val.stderr + val.stdout)})
		}
		if t.Exec != nil {
			words, err := readWords(spv)
			if err != nil {
				return finish(Outcome{Class: Crash, Detail: "fuzzer: " + err.Error()})
			}
			if o := t.Exec.execute(in, words); o.Class != Agree {
				return finish(o)
			}
		}
	}
	return out
}

// compareTint runs Tint on the WGSL file name and compares its verdict with wgslc's.
func (t *Tools) compareTint(ctx context.Context, dir, name string, out Outcome) Outcome {
	tint := t.run(ctx, dir, t.Tint, "-o", filepath.Join(dir, "tint.wgsl"), name)
	switch {
	case tint.err != nil || (tint.code != 0 && tint.code != 1):
		return Outcome{Class: TintFailure, Accepted: out.Accepted, Naga: out.Naga, Detail: firstLine(tint.stderr + tint.stdout)}
	case tint.code == 0 && !out.Accepted:
		out.Class = RejectsTintAccepts
	case tint.code == 1 && out.Accepted:
		out.Class = AcceptsTintRejects
		out.Detail = tintError(tint.stdout + tint.stderr)
	}
	return finish(out)
}

// finish fills in the kind of an outcome, and the reason of a known disagreement.
func finish(o Outcome) Outcome {
	o.Kind = kindOf(o.Detail)
	if o.Class == AcceptsTintRejects || o.Class == RejectsTintAccepts {
		if k := known(o.Class, o.Detail); k != nil {
			o.Known = k.reason
		}
	}
	return o
}

var (
	quoted  = regexp.MustCompile(`'[^']*'`)
	numbers = regexp.MustCompile(`\b(0[xX][0-9a-fA-F.pP+-]+|[0-9][0-9.eE+-]*)[iuhf]?\b`)
)

// kindOf normalises a message into the kind of its cause.
func kindOf(msg string) string {
	msg = quoted.ReplaceAllString(msg, "'_'")
	return numbers.ReplaceAllString(msg, "N")
}

// wgslcOutcome classifies wgslc's exit: a problem, or Agree with the verdict and, for a
// rejection, the first error.
func wgslcOutcome(r result, names string) Outcome {
	crash := func(c Class) Outcome { return Outcome{Class: c, Detail: crashLines(r.stderr)} }
	switch {
	case r.timedOut:
		return Outcome{Class: TimeOut, Detail: "no result after " + r.elapsed.Round(time.Millisecond).String()}
	case r.err != nil:
		return Outcome{Class: Crash, Detail: r.err.Error()}
	case r.signal != 0 || (r.code != 0 && r.code != 1 && r.code != 2):
		return crash(Crash)
	case r.code == 2 && crashed(r.stderr):
		// The Go runtime exits with status 2 after a panic or a fatal error.
		if strings.Contains(r.stderr, "out of memory") || strings.Contains(r.stderr, "cannot allocate memory") {
			return crash(MemoryLimit)
		}
		return crash(Crash)
	}
	diags, other := parseDiagnostics(r.stderr, names)
	for _, d := range diags {
		if strings.Contains(d.Message, "internal error") {
			return Outcome{Class: InternalError, Detail: d.Message}
		}
	}
	for _, d := range diags {
		if !d.Positioned {
			return Outcome{Class: NoPosition, Detail: d.Severity + ": " + d.Message}
		}
	}
	if r.code == 2 {
		return Outcome{Class: UsageExit, Detail: strings.Join(other, "\n")}
	}
	if len(other) > 0 {
		return Outcome{Class: NoPosition, Detail: "unexpected output: " + other[0]}
	}
	if r.code == 0 {
		return Outcome{Class: Agree, Accepted: true}
	}
	for _, d := range diags {
		if d.Severity == "error" {
			if strings.Contains(d.Message, nothingToRun) {
				return Outcome{Class: Agree, Accepted: true}
			}
			return Outcome{Class: Agree, Detail: d.Message}
		}
	}
	return Outcome{Class: NoPosition, Detail: "exit status 1 without an error diagnostic"}
}

// tintError returns Tint's first error message.
func tintError(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if i := strings.Index(l, " error: "); i >= 0 {
			return l[i+len(" error: "):]
		}
		if msg, ok := strings.CutPrefix(l, "error: "); ok {
			return msg
		}
	}
	return firstLine(out)
}

// crashed reports whether the output of a process that exited with status 2 is the Go
// runtime's report of a panic or a fatal error (a line of it, not a quoted source line, which
// the diagnostics print after a position).
func crashed(stderr string) bool {
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") || strings.HasPrefix(l, "goroutine ") {
			return true
		}
	}
	return false
}

// crashLines keeps the lines of a crash's output that say what happened, not the stacks.
func crashLines(stderr string) string {
	var keep []string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") || strings.HasPrefix(l, "runtime: ") {
			keep = append(keep, l)
		}
	}
	if len(keep) == 0 {
		return firstLine(stderr)
	}
	return strings.Join(keep, "\n")
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

type result struct {
	stdout, stderr string
	code           int
	signal         syscall.Signal
	timedOut       bool
	elapsed        time.Duration
	err            error // the program could not be run
}

func (t *Tools) timeout() time.Duration {
	if t.Timeout > 0 {
		return t.Timeout
	}
	return 20 * time.Second
}

// runLimited runs a program with its address space limited to MemLimit, through the shell's
// ulimit (Go's os/exec cannot set a child's resource limits).
func (t *Tools) runLimited(ctx context.Context, dir, prog string, args ...string) result {
	limit := t.MemLimit
	if limit <= 0 {
		limit = 2 << 30
	}
	sh := append([]string{"-c", `ulimit -v ` + strconv.FormatInt(limit>>10, 10) + ` && exec "$0" "$@"`, prog}, args...)
	return t.run(ctx, dir, "/bin/sh", sh...)
}

func (t *Tools) run(ctx context.Context, dir, prog string, args ...string) result {
	ctx, cancel := context.WithTimeout(ctx, t.timeout())
	defer cancel()
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String(), elapsed: time.Since(start)}
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		r.timedOut = true
	case err == nil:
	case errors.As(err, &exit):
		r.code = exit.ExitCode()
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			r.signal = ws.Signal()
			r.stderr += fmt.Sprintf("\nkilled by signal %v", r.signal)
		}
	default:
		r.err = err
	}
	return r
}
