package childproc

import (
	"os/exec"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDieWithParentKeepsOtherSettings(t *testing.T) {
	cmd := exec.Command("true")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	DieWithParent(cmd)
	assert.Equal(t, syscall.SIGKILL, cmd.SysProcAttr.Pdeathsig)
	assert.True(t, cmd.SysProcAttr.Setpgid)

	bare := exec.Command("true")
	DieWithParent(bare)
	assert.Equal(t, syscall.SIGKILL, bare.SysProcAttr.Pdeathsig)
}
