package images

import (
	"bufio"
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/gobuild"
)

// nonroot is the uid and gid of the distroless "nonroot" user, which the
// transcode and live images create too and the manifests run every pod as.
const nonroot = 65532

// staticImages are the targets built on the distroless static base, by
// binary name, with the package they are built from and the variable of
// their listen address (empty for the command line tool).
var staticImages = []struct{ name, pkg, listenVar string }{
	{"gateway", "./gateway/cmd/gateway", "VIDHOST_HTTP_ADDR"},
	{"identity", "./services/identity/cmd/identity", "VIDHOST_IDENTITY_GRPC_ADDR"},
	{"catalog", "./services/catalog/cmd/catalog", "VIDHOST_CATALOG_GRPC_ADDR"},
	{"upload", "./services/upload/cmd/upload", "VIDHOST_UPLOAD_GRPC_ADDR"},
	{"hooks", "./services/hooks/cmd/hooks", "VIDHOST_HOOKS_GRPC_ADDR"},
	{"analytics", "./services/analytics/cmd/analytics", "VIDHOST_ANALYTICS_GRPC_ADDR"},
	// transcode is built the same way; its image adds ffmpeg on Debian.
	{"transcode", "./services/transcode/cmd/transcode", "VIDHOST_TRANSCODE_GRPC_ADDR"},
	// live too (ffmpeg on Debian); it listens for RTMP, not gRPC. Built
	// here without cgo, the build without SRT that must keep compiling; the
	// image builds it with cgo and libsrt (TestLiveImageHasTheLibrariesItLinks).
	{"live", "./services/live/cmd/live", "VIDHOST_LIVE_RTMP_ADDR"},
	{"vidhost", "./cmd/vidhost", ""},
}

func TestEveryStaticBinaryAnswersVersionInAnEmptyRoot(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every binary without cgo (about a minute)")
	}
	root := emptyRoot(t)
	build(t, filepath.Join(root, "bin"))
	for _, image := range staticImages {
		t.Run(image.name, func(t *testing.T) {
			binary := filepath.Join(root, "bin", image.name)
			assertStatic(t, binary)
			out := runInRoot(t, root, "/bin/"+image.name, "--version")
			assert.True(t, strings.HasPrefix(out, image.name+" ") || strings.HasPrefix(out, "vidhost version "), "version line: %q", out)
			if image.listenVar == "" {
				return
			}
			help := runInRoot(t, root, "/bin/"+image.name, "--help")
			// A pod sets these: listening on all interfaces, and R3 streams.
			assert.Contains(t, help, image.listenVar)
			assert.Contains(t, help, "VIDHOST_NATS_REPLICAS")
		})
	}
}

// TestDockerfileHasATargetPerBinary keeps the Dockerfile in step with the
// module: a new cmd/ package without an image, or a target without a build
// line, fails here rather than in a registry push.
func TestDockerfileHasATargetPerBinary(t *testing.T) {
	repo := repoRoot(t)
	dockerfile, err := os.ReadFile(filepath.Join(repo, "deploy/images/Dockerfile"))
	require.NoError(t, err)
	targets := regexp.MustCompile(`(?m)^FROM \S+ AS (\S+)$`).FindAllStringSubmatch(string(dockerfile), -1)
	var names []string
	for _, m := range targets {
		names = append(names, m[1])
	}
	commands, err := filepath.Glob(filepath.Join(repo, "*/cmd/*"))
	require.NoError(t, err)
	services, err := filepath.Glob(filepath.Join(repo, "services/*/cmd/*"))
	require.NoError(t, err)
	for _, dir := range append(append(commands, services...), filepath.Join(repo, "cmd/vidhost")) {
		rel, err := filepath.Rel(repo, dir)
		require.NoError(t, err)
		if strings.HasPrefix(rel, "deploy/") {
			continue // the devstack and its helpers are not shipped
		}
		name := filepath.Base(dir)
		assert.Contains(t, names, name, "a Dockerfile target for %s", rel)
		built := regexp.MustCompile(`\./` + regexp.QuoteMeta(rel) + `\s`).Match(dockerfile)
		assert.True(t, built, "the build stage compiles %s", rel)
	}
	for _, image := range staticImages {
		assert.Contains(t, names, image.name)
	}
}

// TestLiveImageHasTheLibrariesItLinks builds live as its image does (cgo,
// for SRT ingest through libsrt) and checks that the Dockerfile's live
// target installs the Debian package of every library the binary needs
// beyond libc: a library missing from the image would stop the binary at
// start.
func TestLiveImageHasTheLibrariesItLinks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the live binary with cgo")
	}
	repo := repoRoot(t)
	dockerfile, err := os.ReadFile(filepath.Join(repo, "deploy/images/Dockerfile"))
	require.NoError(t, err)
	target := regexp.MustCompile(`(?s)\nFROM \S+ AS live\n(.*?)(\nFROM |$)`).FindSubmatch(dockerfile)
	require.NotNil(t, target, "a live target")
	dir, err := gobuild.Build(t.Context(), gobuild.Options{Env: []string{"CGO_ENABLED=1"}, Flags: []string{"-trimpath"}}, "./services/live/cmd/live")
	require.NoError(t, err)
	f, err := elf.Open(filepath.Join(dir, "live"))
	require.NoError(t, err)
	defer f.Close()
	libs, err := f.ImportedLibraries()
	require.NoError(t, err)
	assert.Contains(t, libs, "libsrt.so.1.5", "SRT is linked in")
	for _, lib := range libs {
		if lib == "libc.so.6" {
			continue // in every Debian image
		}
		out, err := exec.Command("dpkg", "-S", "/usr/lib/x86_64-linux-gnu/"+lib).Output()
		require.NoError(t, err, "the Debian package of %s", lib)
		pkg, _, _ := strings.Cut(string(out), ":")
		assert.Contains(t, string(target[1]), " "+pkg, "the live image installs %s (for %s)", pkg, lib)
	}
}

func repoRoot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMOD").Output()
	require.NoError(t, err)
	return filepath.Dir(strings.TrimSpace(string(out)))
}

// emptyRoot is a directory holding only the CA bundle, readable by the
// nonroot user (t.TempDir's parent is not traversable by it).
func emptyRoot(t *testing.T) string {
	t.Helper()
	root, err := os.MkdirTemp("", "vidhost-image-root-")
	require.NoError(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(root) })
	require.NoError(t, os.Chmod(root, 0o755))
	certs := filepath.Join(root, "etc/ssl/certs")
	require.NoError(t, os.MkdirAll(certs, 0o755))
	bundle, err := os.ReadFile("/etc/ssl/certs/ca-certificates.crt")
	require.NoError(t, err, "the CA bundle (Debian's ca-certificates)")
	require.NoError(t, os.WriteFile(filepath.Join(certs, "ca-certificates.crt"), bundle, 0o644))
	return root
}

// build builds every static image's binary as the Dockerfile does
// (CGO_ENABLED=0, -trimpath) and copies them into out, readable by the
// nonroot user.
func build(t *testing.T, out string) {
	t.Helper()
	var packages []string
	for _, image := range staticImages {
		packages = append(packages, image.pkg)
	}
	dir, err := gobuild.Build(t.Context(), gobuild.Options{Env: []string{"CGO_ENABLED=0"}, Flags: []string{"-trimpath"}}, packages...)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(out, 0o755))
	for _, image := range staticImages {
		copyExecutable(t, filepath.Join(dir, image.name), filepath.Join(out, image.name))
	}
}

// copyExecutable copies a binary out of gobuild's cache folder (closed to
// other users) to where the nonroot user may run it.
func copyExecutable(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(to, data, 0o755)) //nolint:gosec // G306: run by the image's nonroot user
}

// assertStatic fails on a dynamic binary: one with an interpreter
// (ld.so) or needed libraries could not start on the static base.
func assertStatic(t *testing.T, binary string) {
	t.Helper()
	f, err := elf.Open(binary)
	require.NoError(t, err)
	defer f.Close()
	for _, prog := range f.Progs {
		assert.NotEqual(t, elf.PT_INTERP, prog.Type, "an ELF interpreter")
	}
	libs, err := f.ImportedLibraries()
	require.NoError(t, err)
	assert.Empty(t, libs)
}

// runInRoot runs the binary with an empty environment, as the nonroot
// user, chrooted into root when this process may (root, as in CI): then
// nothing but the CA bundle exists for it, as in the image. Without the
// privilege it runs in root as working directory with no environment,
// which proves less (the host's files stay visible) and says so.
func runInRoot(t *testing.T, root, path string, args ...string) string {
	t.Helper()
	cmd := exec.Command(filepath.Join(root, path), args...)
	cmd.Env = []string{}
	cmd.Dir = root
	if os.Geteuid() == 0 {
		cmd.Path = path
		cmd.Dir = "/"
		cmd.SysProcAttr = &syscall.SysProcAttr{
			Chroot:     root,
			Credential: &syscall.Credential{Uid: nonroot, Gid: nonroot},
		}
	} else {
		t.Log("not root: no chroot, the binary runs with an empty environment in the image root as working directory")
	}
	out, err := cmd.Output()
	require.NoError(t, err, "%s %v", path, args)
	return firstLines(string(out))
}

// firstLines trims the output for messages without losing --help's list.
func firstLines(out string) string {
	var lines []string
	scanner := bufio.NewScanner(strings.NewReader(out))
	for scanner.Scan() {
		lines = append(lines, scanner.Text())
	}
	return strings.Join(slices.Clip(lines), "\n")
}
