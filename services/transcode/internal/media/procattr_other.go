//go:build !linux

package media

import "os/exec"

// dieWithParent has no portable equivalent outside Linux; there a killed
// worker's tools run on until they finish.
func dieWithParent(*exec.Cmd) {}

// runInBackground leaves the priority as it is outside Linux.
func runInBackground(int) error { return nil }
