package pgserver

import (
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
)

// serverUser is the OS account PostgreSQL runs as: initdb and postgres
// refuse to run as root.
const serverUser = "postgres"

// account is a resolved uid/gid; a zero account means "run as ourselves"
// (when we are not root, we cannot switch and need not).
type account struct {
	uid, gid uint32
	switchTo bool
}

func serverAccount() (account, error) {
	if os.Geteuid() != 0 {
		return account{}, nil
	}
	u, err := user.Lookup(serverUser)
	if err != nil {
		return account{}, fmt.Errorf("pgserver: running as root needs the %q OS user (apt-get install -y postgresql): %w", serverUser, err)
	}
	uid, err := strconv.ParseUint(u.Uid, 10, 32)
	if err != nil {
		return account{}, fmt.Errorf("pgserver: uid of %q: %w", serverUser, err)
	}
	gid, err := strconv.ParseUint(u.Gid, 10, 32)
	if err != nil {
		return account{}, fmt.Errorf("pgserver: gid of %q: %w", serverUser, err)
	}
	return account{uid: uint32(uid), gid: uint32(gid), switchTo: true}, nil
}

// command builds a command that runs as the account, with a working
// directory it can enter and a C locale whatever the caller's environment.
func (a account) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Dir = "/"
	cmd.Env = append(os.Environ(), "LC_ALL=C", "LANG=C")
	cmd.SysProcAttr = &syscall.SysProcAttr{}
	if a.switchTo {
		cmd.SysProcAttr.Credential = &syscall.Credential{Uid: a.uid, Gid: a.gid, NoSetGroups: true}
	}
	return cmd
}

// chownTree hands a directory tree to the account.
func (a account) chownTree(root string) error {
	if !a.switchTo {
		return nil
	}
	return filepath.Walk(root, func(path string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(path, int(a.uid), int(a.gid))
	})
}
