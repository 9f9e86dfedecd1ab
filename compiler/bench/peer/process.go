package peer

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// A Command is a whole-process compiler: its arguments, in which the words FILE and OUT stand
// for the input and the output paths ("wgslc -o OUT FILE", "gogpuc FILE OUT").
type Command struct {
	Name string
	Args []string
}

func (c Command) argv(file, out string) []string {
	argv := make([]string, len(c.Args))
	for i, a := range c.Args {
		switch a {
		case "FILE":
			argv[i] = file
		case "OUT":
			argv[i] = out
		default:
			argv[i] = a
		}
	}
	return argv
}

// CopyExecutables copies the programs at paths (names without a slash are looked up in
// PATH) into dir and returns the copies' paths, each written, synced and dropped from the
// page cache (on Linux), so that the first run reads it back from the disk as the first run
// of an installed program after a restart does. Whole-process CPU depends on how a binary's
// pages came into the page cache, the more so the larger it is: on the reference VM the same
// bytes cost 6-12 % more as the linker's output than as a file just written by one write,
// and a copy gains less as it ages (BENCHMARKS.md, eleventh and twelfth rounds). Measuring
// copies made alike gives the commands the same history, and the common one.
func CopyExecutables(dir string, paths ...string) ([]string, error) {
	out := make([]string, len(paths))
	for i, p := range paths {
		src, err := exec.LookPath(p)
		if err != nil {
			return nil, err
		}
		data, err := os.ReadFile(src)
		if err != nil {
			return nil, err
		}
		out[i] = filepath.Join(dir, fmt.Sprintf("%d_%s", i, filepath.Base(src)))
		if err := writeCold(out[i], data); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// writeCold writes an executable file, syncs it and drops it from the page cache.
func writeCold(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o755)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if err == nil {
		err = dropCache(f)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// A ProcessRun is what MeasureProcesses measured: CPU[c][r][i] and Wall[c][r][i] are the
// user+system CPU time (the kernel's rusage of the finished child) and the wall time of
// command c's process on input i in round r.
type ProcessRun struct {
	Files    []string
	Commands []Command
	CPU      [][][]time.Duration
	Wall     [][][]time.Duration
}

// WriteInputs writes the inputs into dir, one file each (their names made file names), and
// returns the paths.
func WriteInputs(dir string, in []Input) ([]string, error) {
	paths := make([]string, len(in))
	for i, x := range in {
		name := strings.NewReplacer("/", "_", "\\", "_", ":", "_").Replace(x.Name)
		paths[i] = filepath.Join(dir, fmt.Sprintf("%04d_%s", i, name))
		if !strings.HasSuffix(paths[i], ".wgsl") {
			paths[i] += ".wgsl"
		}
		if err := os.WriteFile(paths[i], x.Text, 0o644); err != nil {
			return nil, err
		}
	}
	return paths, nil
}

// MeasureProcesses runs each command once per file per round, after one warm-up round,
// alternating the commands file by file and which of them goes first. Each command writes
// to an output of its own in outDir, written over round after round. A command that fails
// on a file is an error: the files are to be those both compile.
func MeasureProcesses(files []string, cmds []Command, rounds int, outDir string) (*ProcessRun, error) {
	r := &ProcessRun{Files: files, Commands: cmds, CPU: make([][][]time.Duration, len(cmds)), Wall: make([][][]time.Duration, len(cmds))}
	for c := range cmds {
		for range rounds {
			r.CPU[c] = append(r.CPU[c], make([]time.Duration, len(files)))
			r.Wall[c] = append(r.Wall[c], make([]time.Duration, len(files)))
		}
	}
	for k := -1; k < rounds; k++ {
		for i, f := range files {
			for j := range cmds {
				c := (j + k + 1 + i) % len(cmds)
				out := filepath.Join(outDir, fmt.Sprintf("out%d.spv", c))
				cpu, wall, err := runProcess(cmds[c].argv(f, out))
				if err != nil {
					return nil, fmt.Errorf("%s on %s: %v", cmds[c].Name, f, err)
				}
				if k >= 0 {
					r.CPU[c][k][i], r.Wall[c][k][i] = cpu, wall
				}
			}
		}
	}
	return r, nil
}

func runProcess(argv []string) (cpu, wall time.Duration, err error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, 0, fmt.Errorf("%v: %s", err, stderr.Bytes())
	}
	wall = time.Since(start)
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), wall, nil
}

// ProcessFigures are one command's whole-process costs per file.
type ProcessFigures struct {
	// MinCPU, MedianCPU and MaxCPU are the least, the median and the most over the rounds of
	// the CPU time per file (a round's total over the number of files); the same of Wall.
	MinCPU, MedianCPU, MaxCPU    time.Duration
	MinWall, MedianWall, MaxWall time.Duration
}

// Figures summarises command c's rounds.
func (r *ProcessRun) Figures(c int) ProcessFigures {
	cpu, wall := r.perFileTotals(c)
	return ProcessFigures{
		MinCPU: slices.Min(cpu), MedianCPU: median(cpu), MaxCPU: slices.Max(cpu),
		MinWall: slices.Min(wall), MedianWall: median(wall), MaxWall: slices.Max(wall),
	}
}

// perFileTotals returns each round's CPU and wall time over all files, divided by their number.
func (r *ProcessRun) perFileTotals(c int) (cpu, wall []time.Duration) {
	for k := range r.CPU[c] {
		var tc, tw time.Duration
		for i := range r.Files {
			tc += r.CPU[c][k][i]
			tw += r.Wall[c][k][i]
		}
		n := time.Duration(len(r.Files))
		cpu, wall = append(cpu, tc/n), append(wall, tw/n)
	}
	return cpu, wall
}

// ProcessRatios are command a's whole-process figures over command b's.
type ProcessRatios struct {
	// RoundCPU is each round's total CPU ratio, sorted.
	RoundCPU []float64
	// MedianCPU is the ratio of the two medians over the rounds of the CPU per file.
	MedianCPU float64
	// MedianPerFile is the median over the files of each file's ratio of its median CPU.
	MedianPerFile float64
	// MedianWall is the ratio of the two medians of the wall time per file.
	MedianWall float64
}

// Compare computes a's ratios to b's.
func (r *ProcessRun) Compare(a, b int) ProcessRatios {
	fa, fb := r.Figures(a), r.Figures(b)
	q := ProcessRatios{
		MedianCPU:  float64(fa.MedianCPU) / float64(fb.MedianCPU),
		MedianWall: float64(fa.MedianWall) / float64(fb.MedianWall),
	}
	ca, _ := r.perFileTotals(a)
	cb, _ := r.perFileTotals(b)
	for k := range ca {
		q.RoundCPU = append(q.RoundCPU, float64(ca[k])/float64(cb[k]))
	}
	slices.Sort(q.RoundCPU)
	perFile := make([]float64, len(r.Files))
	xa, xb := make([]time.Duration, len(r.CPU[a])), make([]time.Duration, len(r.CPU[b]))
	for i := range r.Files {
		for k := range xa {
			xa[k], xb[k] = r.CPU[a][k][i], r.CPU[b][k][i]
		}
		perFile[i] = float64(median(xa)) / float64(median(xb))
	}
	q.MedianPerFile = median(perFile)
	return q
}
