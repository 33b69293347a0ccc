package backup

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/vidhost/vidhost/pkg/config"
)

// DefaultConfigFile is where vidhost-server keeps its configuration.
const DefaultConfigFile = "/etc/vidhost/vidhost.env"

// Installation says where an installation keeps what a backup holds.
type Installation struct {
	// DatabaseURL is a role that reads (and on restore creates) every
	// service's schema.
	DatabaseURL string
	// DataDir holds the root secret; a restore wants it empty.
	DataDir string
	// SecretFile is the root secret, mode 0600.
	SecretFile string
	// ConfigFile is the configuration file; empty for the devstack.
	ConfigFile string
	// MediaDir is the local blob storage; empty when media lives in S3.
	MediaDir string
	// S3 is the bucket media lives in when it is not local.
	S3 *S3Location
}

// S3Location is the bucket a backup expects media in.
type S3Location struct {
	Endpoint string `json:"endpoint"`
	Bucket   string `json:"bucket"`
}

// FromConfigFile reads a single-node configuration file (KEY=value lines).
func FromConfigFile(path string) (Installation, error) {
	env, err := config.ReadEnvFile(path)
	if err != nil {
		return Installation{}, fmt.Errorf("the configuration file %s is unreadable: %w", path, err)
	}
	if env["DATABASE_URL"] == "" {
		return Installation{}, fmt.Errorf("the configuration file %s has no DATABASE_URL", path)
	}
	dataDir := first(env["VIDHOST_DATA_DIR"], "/var/lib/vidhost")
	inst := Installation{
		DatabaseURL: env["DATABASE_URL"],
		DataDir:     dataDir,
		SecretFile:  filepath.Join(dataDir, "internal.secret"),
		ConfigFile:  path,
	}
	return withMedia(inst, env, filepath.Join(dataDir, "media"))
}

// FromDevstack reads var/devstack.env of the devstack in dir (the working
// directory of `make run`).
func FromDevstack(dir string) (Installation, error) {
	varDir := filepath.Join(dir, "var")
	env, err := config.ReadEnvFile(filepath.Join(varDir, "devstack.env"))
	if err != nil {
		return Installation{}, fmt.Errorf("no devstack here (var/devstack.env: %w); give --config FILE", err)
	}
	url := env["VIDHOST_DEVSTACK_DATABASE_URL"]
	if url == "" {
		return Installation{}, errors.New("var/devstack.env names no database (VIDHOST_DEVSTACK_DATABASE_URL); restart the devstack to rewrite it")
	}
	// No DataDir: var/ holds the devstack's own cluster and NATS, so a
	// restore checks the secret and the media instead.
	inst := Installation{
		DatabaseURL: url,
		SecretFile:  first(env["VIDHOST_INTERNAL_SECRET_FILE"], filepath.Join(varDir, "internal.secret")),
	}
	return withMedia(inst, env, filepath.Join(varDir, "blob"))
}

// withMedia fills in where media lives from VIDHOST_BLOB_* / VIDHOST_S3_*.
func withMedia(inst Installation, env map[string]string, defaultDir string) (Installation, error) {
	switch driver := first(env["VIDHOST_BLOB_DRIVER"], "local"); driver {
	case "local":
		inst.MediaDir = first(env["VIDHOST_BLOB_DIR"], defaultDir)
	case "s3":
		inst.S3 = &S3Location{Endpoint: env["VIDHOST_S3_ENDPOINT"], Bucket: env["VIDHOST_S3_BUCKET"]}
	default:
		return Installation{}, fmt.Errorf("VIDHOST_BLOB_DRIVER %q is neither local nor s3", driver)
	}
	return inst, nil
}

func first(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}
