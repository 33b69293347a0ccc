package childproc

import (
	"os/exec"
	"syscall"
)

// DieWithParent makes the kernel kill cmd's process when the service that
// started it dies, however it dies (SIGKILL, OOM): an orphaned ffmpeg would
// go on burning CPU, holding a port or publishing, for work another
// instance is already redoing. Call it before cmd.Start; it keeps any
// other SysProcAttr settings.
func DieWithParent(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}
