package media

import (
	"os/exec"
	"syscall"
)

// dieWithParent makes the kernel kill a tool when the worker dies, however
// it dies (SIGKILL, OOM): an orphaned ffmpeg would go on burning CPU for a
// job that another worker is already redoing.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
