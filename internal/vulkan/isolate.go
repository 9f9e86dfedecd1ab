package vulkan

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// isolatedEnv names the test a child process was started to run.
const isolatedEnv = "WGSLGO_VK_ISOLATED"

// RunIsolated runs body in a child process: the test binary re-executed with
// -test.run selecting exactly t's test and WGSLGO_VK_ISOLATED=<t.Name()>. A
// driver crash (SIGSEGV in lavapipe), a hang or a timed-out dispatch that
// would poison the shared Device then fails only this test, with the
// child's output. A skip in the child skips t.
//
// Isolation costs a process start plus device creation (about 50-100 ms on
// lavapipe), so it is not the default: use it for shaders expected to time
// out, negative tests that go past the harness's checks, and fuzzing-like
// runs of untrusted SPIR-V. Code of the test outside body runs in both
// processes; keep it free of side effects.
func RunIsolated(t *testing.T, body func(t *testing.T)) {
	t.Helper()
	if os.Getenv(isolatedEnv) == t.Name() {
		body(t)
		return
	}
	out, err := runChild(t, t.Name())
	switch {
	case errors.Is(err, errChildSkipped):
		t.Skipf("skipped in child process:\n%s", out)
	case err != nil:
		t.Fatal(err)
	case testing.Verbose():
		t.Logf("child process output:\n%s", out)
	}
}

var errChildSkipped = errors.New("child skipped")

// runPattern is the -test.run pattern that selects exactly the named test.
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

var signalLine = regexp.MustCompile(`(?m)^\[?signal (SIG[A-Z]+)|^(SIG[A-Z]+): `)

// runChild runs the named test in a child process and explains any way it
// did not pass.
func runChild(t *testing.T, name string) (string, error) {
	timeout := 5 * time.Minute
	if deadline, ok := t.Deadline(); ok {
		timeout = time.Until(deadline) - 5*time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run="+runPattern(name), "-test.v=true", "-test.count=1",
		"-test.timeout="+timeout.String())
	cmd.Env = append(os.Environ(), isolatedEnv+"="+name)
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	raw, err := cmd.CombinedOutput()
	out := strings.TrimSpace(string(raw))
	elapsed := time.Since(start).Round(time.Millisecond)
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return out, fmt.Errorf("GPU test hung in child process: killed after %v; output:\n%s", elapsed, out)
	case errors.As(err, &exit):
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return out, fmt.Errorf("GPU test crashed in child process: signal %v; output:\n%s", signalName(ws.Signal()), out)
		}
		// The Go runtime turns a signal in C code into exit status 2 after
		// printing "[signal SIGSEGV: ...]" or "SIGABRT: abort".
		if m := signalLine.FindStringSubmatch(out); m != nil {
			return out, fmt.Errorf("GPU test crashed in child process: signal %s; output:\n%s", m[1]+m[2], out)
		}
		return out, fmt.Errorf("GPU test failed in child process (%v); output:\n%s", err, out)
	case err != nil:
		return out, fmt.Errorf("GPU test could not start a child process: %v", err)
	}
	switch {
	case strings.Contains(out, "--- SKIP: "+name+" "):
		return out, errChildSkipped
	case !strings.Contains(out, "--- PASS: "+name+" "):
		return out, fmt.Errorf("child process did not run %s (pattern %q); output:\n%s", name, runPattern(name), out)
	}
	return out, nil
}

func signalName(s syscall.Signal) string {
	switch s {
	case syscall.SIGSEGV:
		return "SIGSEGV"
	case syscall.SIGABRT:
		return "SIGABRT"
	case syscall.SIGBUS:
		return "SIGBUS"
	case syscall.SIGILL:
		return "SIGILL"
	case syscall.SIGFPE:
		return "SIGFPE"
	case syscall.SIGKILL:
		return "SIGKILL"
	}
	return s.String()
}
