// Command uploads starts the devstack as its own process, sends many large
// presigned PUTs through the gateway at once, and reports the process's peak
// resident memory (VmHWM) before and after: the edge must stream uploads,
// never hold them, so the peak stays flat whatever the upload sizes.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

func main() {
	devstack := flag.String("devstack", "./bin/devstack", "the devstack binary")
	clients := flag.Int("clients", 20, "concurrent uploads")
	sizeMiB := flag.Int64("size-mib", 256, "size of each upload in MiB")
	flag.Parse()
	if err := run(*devstack, *clients, *sizeMiB<<20); err != nil {
		fmt.Fprintln(os.Stderr, "bench/uploads:", err)
		os.Exit(1)
	}
}

func run(devstack string, clients int, size int64) error {
	varDir, err := os.MkdirTemp("", "vidhost-bench-uploads-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(varDir)
	_ = os.Chmod(varDir, 0o755)
	cmd, env, err := startDevstack(devstack, varDir)
	if err != nil {
		return err
	}
	defer stop(cmd)
	idle, err := peakRSS(cmd.Process.Pid)
	if err != nil {
		return err
	}
	start := time.Now()
	if err := uploadAll(env, clients, size); err != nil {
		return err
	}
	elapsed := time.Since(start)
	peak, err := peakRSS(cmd.Process.Pid)
	if err != nil {
		return err
	}
	total := float64(int64(clients)*size) / (1 << 20)
	fmt.Printf("%d concurrent PUTs of %d MiB through the gateway (%.0f MiB in %.1f s, %.0f MiB/s)\n",
		clients, size>>20, total, elapsed.Seconds(), total/elapsed.Seconds())
	fmt.Printf("  devstack peak RSS: %.1f MiB after start-up, %.1f MiB after the uploads (target < 100 MiB, flat)\n",
		float64(idle)/1024, float64(peak)/1024)
	return nil
}

// startDevstack runs the binary on a free port and waits for devstack.env.
func startDevstack(bin, varDir string) (*exec.Cmd, map[string]string, error) {
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "VIDHOST_VAR_DIR="+varDir, "VIDHOST_HTTP_ADDR=127.0.0.1:0", "VIDHOST_LOG_LEVEL=warn",
		"VIDHOST_UPLOAD_MAX_CONCURRENT=64") // the default 10 would refuse half the clients
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, nil, err
	}
	envPath := filepath.Join(varDir, "devstack.env")
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if raw, err := os.ReadFile(envPath); err == nil && strings.Contains(string(raw), "VIDHOST_API_KEY=vh_") {
			return cmd, parseEnv(string(raw)), nil
		}
	}
	stop(cmd)
	return nil, nil, fmt.Errorf("devstack did not start within 60 s")
}

func parseEnv(raw string) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(raw, "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			out[k] = v
		}
	}
	return out
}

func stop(cmd *exec.Cmd) {
	_ = cmd.Process.Signal(syscall.SIGTERM)
	_ = cmd.Wait()
}

// peakRSS reads VmHWM (KiB), the high-water mark of resident memory.
func peakRSS(pid int) (int64, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			var kib int64
			_, err := fmt.Sscanf(strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:")), "%d kB", &kib)
			return kib, err
		}
	}
	return 0, fmt.Errorf("no VmHWM in /proc/%d/status", pid)
}

// uploadAll creates one upload per client and sends them all at once.
func uploadAll(env map[string]string, clients int, size int64) error {
	var wg sync.WaitGroup
	errs := make(chan error, clients)
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- uploadOne(env["VIDHOST_URL"], env["VIDHOST_API_KEY"], fmt.Sprintf("bench-%d.mp4", i), size)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
