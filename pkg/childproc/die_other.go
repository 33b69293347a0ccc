//go:build !linux

package childproc

import "os/exec"

// DieWithParent has no portable equivalent outside Linux; there a killed
// service's tools run on until they finish.
func DieWithParent(*exec.Cmd) {}
