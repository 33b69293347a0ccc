package main

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// pair is one job and the bare replay of its commands.
type pair struct {
	job  serviceRun
	bare replayRun
}

func printPair(n int, p pair) {
	fmt.Printf("pair %d: job ready %.1f s (first playable HLS %.1f s); bare ladder %.1f s (thumbnail+ladder+sprite %.1f s)",
		n, p.job.ready.Seconds(), p.job.firstPlayable.Seconds(), p.bare.ladder.wall.Seconds(), p.bare.all.wall.Seconds())
	if p.job.cpu > 0 {
		fmt.Printf("; CPU-s job %.1f, bare %.1f", p.job.cpu.Seconds(), p.bare.all.cpu.Seconds())
	}
	fmt.Println()
}

func report(pairs []pair, rungs usage) {
	fmt.Printf("one ffmpeg per rung + MP4: %.1f s wall, %.1f CPU-s\n", rungs.wall.Seconds(), rungs.cpu.Seconds())
	wall := collect(pairs, func(p pair) float64 { return ratio(p.job.ready, p.bare.ladder.wall) })
	fmt.Printf("(a) job / bare ladder command, wall      = %.2f  (target <= 1.15; pairs %s)\n", median(wall), list(wall))
	if pairs[0].job.cpu > 0 {
		cpu := collect(pairs, func(p pair) float64 { return ratio(p.job.cpu, p.bare.all.cpu) })
		fmt.Printf("    job / bare commands, CPU-seconds     = %.2f  (pairs %s; steady under other load)\n", median(cpu), list(cpu))
	}
	ladderCPU := collect(pairs, func(p pair) float64 { return p.bare.ladder.cpu.Seconds() })
	fmt.Printf("(b) ladder CPU-s / per-rung CPU-s        = %.2f  (target <= 0.8; %.1f / %.1f)\n",
		median(ladderCPU)/rungs.cpu.Seconds(), median(ladderCPU), rungs.cpu.Seconds())
	early := collect(pairs, func(p pair) float64 { return ratio(p.job.firstPlayable, p.job.ready) })
	fmt.Printf("(c) first playable / ready               = %.2f  (target <= 0.25; pairs %s)\n", median(early), list(early))
}

func collect(pairs []pair, f func(pair) float64) []float64 {
	out := make([]float64, len(pairs))
	for i, p := range pairs {
		out[i] = f(p)
	}
	return out
}

func median(values []float64) float64 {
	sorted := slices.Sorted(slices.Values(values))
	mid := len(sorted) / 2
	if len(sorted)%2 == 0 {
		return (sorted[mid-1] + sorted[mid]) / 2
	}
	return sorted[mid]
}

func list(values []float64) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = strconv.FormatFloat(v, 'f', 2, 64)
	}
	return strings.Join(parts, ", ")
}

func ratio(a, b time.Duration) float64 { return a.Seconds() / b.Seconds() }

// procCPU is the CPU time of process pid and of its children it has
// waited for (the devstack's ffmpeg runs), from /proc; 0 when unknown.
func procCPU(pid int) time.Duration {
	if pid == 0 {
		return 0
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// Fields after the command name, which may hold spaces, in ")".
	fields := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
	var ticks int64
	for _, i := range []int{11, 12, 13, 14} { // utime, stime, cutime, cstime
		n, _ := strconv.ParseInt(fields[i], 10, 64)
		ticks += n
	}
	return time.Duration(ticks) * time.Second / clockTicks
}

// clockTicks is USER_HZ, the unit of /proc times: 100 on every Linux
// architecture Go supports.
const clockTicks = 100
