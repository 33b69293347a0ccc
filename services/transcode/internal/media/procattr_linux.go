package media

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"syscall"
)

// runInBackground lowers a started tool's CPU priority to niceness
// backgroundNice. Linux keeps a niceness per thread and a new thread takes
// its creator's, so the main thread goes first (ffmpeg creates its decoder
// and encoder threads from it, after it has loaded its libraries: later
// than this runs) and then every thread it may already have made. A tool
// that has exited meanwhile is no error.
func runInBackground(pid int) error {
	nice, err := ownNice()
	if err != nil || nice >= backgroundNice {
		return err // a worker run in the background already: its tools stay there
	}
	if err := setNice(pid); err != nil {
		return err
	}
	tasks, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil {
		return nil //nolint:nilerr // the tool has exited: nothing left to lower
	}
	for _, task := range tasks {
		if tid, err := strconv.Atoi(task.Name()); err == nil && tid != pid {
			if err := setNice(tid); err != nil {
				return err
			}
		}
	}
	return nil
}

// ownNice is the worker's niceness. The system call gives 20 - niceness
// (Go's syscall package does not translate it as glibc does).
func ownNice() (int, error) {
	prio, err := syscall.Getpriority(syscall.PRIO_PROCESS, 0)
	return 20 - prio, err
}

func setNice(tid int) error {
	err := syscall.Setpriority(syscall.PRIO_PROCESS, tid, backgroundNice)
	if errors.Is(err, syscall.ESRCH) {
		return nil // gone
	}
	return err
}
