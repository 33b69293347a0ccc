package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// clockTick is /proc's unit of CPU time (USER_HZ, 100 on Linux).
const clockTick = 10 * time.Millisecond

// cpuUse is CPU time spent so far by this process (the publisher, NATS and
// the services) and by the stack's PostgreSQL (its postmaster and every
// backend, live or ended). On a busy machine wall-clock rates say more
// about the neighbours than about the code; CPU time per event does not.
type cpuUse struct{ self, postgres time.Duration }

func (c cpuUse) sub(before cpuUse) cpuUse {
	return cpuUse{self: c.self - before.self, postgres: c.postgres - before.postgres}
}

// readCPU reads cpuUse; the PostgreSQL part is 0 when its processes are
// not found (an external DATABASE_URL).
func readCPU(varDir string) cpuUse {
	var use cpuUse
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		use.self = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	postmaster := ""
	stats := map[string][]string{} // pid -> /proc/pid/stat fields after the command
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid := e.Name()
		if _, err := strconv.Atoi(pid); err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", pid, "stat"))
		if err != nil || !strings.Contains(string(stat), "(postgres)") {
			continue
		}
		stats[pid] = strings.Fields(string(stat)[strings.LastIndexByte(string(stat), ')')+1:])
		cmdline, _ := os.ReadFile(filepath.Join("/proc", pid, "cmdline"))
		if strings.Contains(string(cmdline), varDir) {
			postmaster = pid
		}
	}
	for pid, fields := range stats {
		// After the command, from 0: state, ppid, ... utime 11, stime 12, cutime 13, cstime 14 (in ticks).
		switch {
		case pid == postmaster:
			use.postgres += ticks(fields, 11, 12, 13, 14)
		case postmaster != "" && fields[1] == postmaster:
			use.postgres += ticks(fields, 11, 12)
		}
	}
	return use
}

func ticks(fields []string, at ...int) time.Duration {
	var total time.Duration
	for _, i := range at {
		n, _ := strconv.ParseInt(fields[i], 10, 64)
		total += time.Duration(n) * clockTick
	}
	return total
}
