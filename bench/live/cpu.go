package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"
)

// clockTicks is USER_HZ, the unit of /proc/<pid>/stat's CPU times (100 on
// Linux everywhere that matters).
const clockTicks = 100

// cpuSampler sums the CPU time of the live service's ffmpeg processes
// (their command line maps variant streams) while they run, sampling
// /proc every 200 ms and keeping each process's last reading.
type cpuSampler struct {
	mu    sync.Mutex
	ticks map[string]uint64
	quit  chan struct{}
	done  chan struct{}
	start time.Time
}

func startCPUSampler() *cpuSampler {
	c := &cpuSampler{ticks: map[string]uint64{}, quit: make(chan struct{}), done: make(chan struct{}), start: time.Now()}
	go func() {
		defer close(c.done)
		ticker := time.NewTicker(200 * time.Millisecond)
		defer ticker.Stop()
		for {
			c.sample()
			select {
			case <-c.quit:
				return
			case <-ticker.C:
			}
		}
	}()
	return c
}

func (c *cpuSampler) sample() {
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		cmdline, err := os.ReadFile(p) //nolint:gosec // /proc
		if err != nil || !bytes.Contains(cmdline, []byte("var_stream_map")) {
			continue
		}
		stat, err := os.ReadFile(filepath.Join(filepath.Dir(p), "stat")) //nolint:gosec // /proc
		if err != nil {
			continue
		}
		i := bytes.LastIndex(stat, []byte(") "))
		fields := bytes.Fields(stat[i+2:])
		if len(fields) < 13 {
			continue
		}
		utime, _ := strconv.ParseUint(string(fields[11]), 10, 64)
		stime, _ := strconv.ParseUint(string(fields[12]), 10, 64)
		c.mu.Lock()
		c.ticks[p] = utime + stime
		c.mu.Unlock()
	}
}

// stop returns the cores used on average: CPU seconds / wall seconds.
func (c *cpuSampler) stop() float64 {
	close(c.quit)
	<-c.done
	c.mu.Lock()
	defer c.mu.Unlock()
	var total uint64
	for _, t := range c.ticks {
		total += t
	}
	return float64(total) / clockTicks / time.Since(c.start).Seconds()
}
