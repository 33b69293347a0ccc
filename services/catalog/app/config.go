package app

import (
	"errors"
	"net"
	"net/url"
	"strings"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/secrets"

	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/migrations"
)

// Config is the catalog's configuration, loaded from VIDHOST_* environment
// variables over the defaults below (pkg/config). Run gives the fields left
// zero in a Config built in code (tests) those defaults too
// (config.WithDefaults).
type Config struct {
	// Common is the bus the events are published to, the log and the root
	// secret (required, at least 32 bytes): the callers' keys derive from it,
	// to verify the gateway's calls and sign the catalog's own to the upload
	// service.
	config.Common
	// GRPCAddr is where the gRPC server listens (Options.Listener overrides it).
	GRPCAddr string `env:"VIDHOST_CATALOG_GRPC_ADDR" envDefault:"127.0.0.1:9102"`
	// DatabaseURL is a PostgreSQL connection URL (required).
	DatabaseURL string `env:"VIDHOST_DATABASE_URL" secret:"true"`
	// DBSchema is the schema the catalog owns; migrations are applied to it.
	DBSchema string `env:"VIDHOST_CATALOG_DB_SCHEMA" envDefault:"catalog"`
	// UploadAddr is the upload service, which resolves svc://uploads/<id>.
	UploadAddr string `env:"VIDHOST_UPLOAD_ADDR" envDefault:"127.0.0.1:9103"`
	// MediaBaseURL is where videos' media folders are served from: outputs,
	// thumbnails and sprites are rendered as <MediaBaseURL>/<video_id>/<path>
	// when read, so changing it (to a CDN, say) needs no migration.
	MediaBaseURL string `env:"VIDHOST_MEDIA_BASE_URL" envDefault:"http://127.0.0.1:8080/media"`
	// LiveRTMPURL is the RTMP ingest base publishers are given: an event's
	// input is <LiveRTMPURL>/<stream key> (docs/live.md). It must name the
	// live service's public address.
	LiveRTMPURL string `env:"VIDHOST_LIVE_RTMP_URL" envDefault:"rtmp://127.0.0.1:1935/live"`
	// LiveSRTURL is the SRT ingest base (srt://host:port), shown as a
	// stream key's srt_url; the key goes in the streamid, as
	// publish:<key>. It must name the live service's VIDHOST_LIVE_SRT_ADDR
	// as publishers reach it. Empty (the default: only the operator knows
	// whether the SRT port is reachable, UDP, from outside) shows none; the
	// devstack sets it.
	LiveSRTURL string `env:"VIDHOST_LIVE_SRT_URL"`
	// RestreamAllowLoopback accepts restream outputs on this machine's
	// loopback (the devstack's test receivers); private and link-local
	// addresses stay refused. The live service reads the same variable.
	RestreamAllowLoopback bool `env:"VIDHOST_RESTREAM_ALLOW_LOOPBACK"`
	// Blob is the blob store (VIDHOST_BLOB_*, VIDHOST_S3_*, see pkg/blob)
	// the catalog keeps tracks and custom thumbnails in, under the videos'
	// media folders, and reads and deletes resolved uploads from. It must
	// be the store the upload service and the media edge use.
	Blob blob.Settings
	// TranscodeAccountConcurrency is how many transcode jobs of one account
	// are on the shared work queue at once; the rest wait in the catalog
	// (catalog.JobQueue). 0, in a Config built in code, means the default.
	TranscodeAccountConcurrency int `env:"VIDHOST_TRANSCODE_ACCOUNT_CONCURRENCY" envDefault:"2"`
	// TranscribeLanguageList is the BCP 47 tags transcribes may ask for,
	// comma-separated: the transcode service's engine's, from the same
	// setting (docs/transcribes.md). Empty, in a Config built in code,
	// means the default engine's, en-US.
	TranscribeLanguageList string `env:"VIDHOST_TRANSCRIBE_LANGUAGES" envDefault:"en-US"`
	// TranscribeEngine is the transcode service's speech engine setting,
	// read here too: "off" (no worker can transcribe) refuses transcribes
	// at once instead of queueing them for no one (docs/transcribes.md).
	TranscribeEngine string `env:"VIDHOST_TRANSCRIBE_ENGINE" envDefault:"pocketsphinx"`
}

// Validate reports missing required settings before anything starts.
func (c Config) Validate() error {
	var errs []error
	if c.DatabaseURL == "" {
		errs = append(errs, errors.New("VIDHOST_DATABASE_URL must be set"))
	}
	if c.DBSchema == "" {
		errs = append(errs, errors.New("VIDHOST_CATALOG_DB_SCHEMA must not be empty"))
	}
	if err := secrets.Check("VIDHOST_INTERNAL_SECRET", c.InternalSecret); err != nil {
		errs = append(errs, err)
	}
	if c.TranscodeAccountConcurrency < 0 {
		errs = append(errs, errors.New("VIDHOST_TRANSCODE_ACCOUNT_CONCURRENCY must not be negative"))
	}
	errs = append(errs, c.Blob.Validate(false, ""))
	if u, err := url.Parse(c.MediaBaseURL); c.MediaBaseURL != "" && (err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https")) {
		errs = append(errs, errors.New("VIDHOST_MEDIA_BASE_URL must be an http(s) URL"))
	}
	if u, err := url.Parse(c.LiveRTMPURL); c.LiveRTMPURL != "" && (err != nil || u.Host == "" || (u.Scheme != "rtmp" && u.Scheme != "rtmps")) {
		errs = append(errs, errors.New("VIDHOST_LIVE_RTMP_URL must be an rtmp(s) URL"))
	}
	if u, err := url.Parse(c.LiveSRTURL); c.LiveSRTURL != "" && (err != nil || u.Host == "" || u.Scheme != "srt") {
		errs = append(errs, errors.New("VIDHOST_LIVE_SRT_URL must be an srt URL"))
	}
	return errors.Join(errs...)
}

// Options are the in-process hooks of Run.
type Options struct {
	// Listener, if set, is served instead of listening on Config.GRPCAddr;
	// tests and the devstack pass one on port 0. Run closes it.
	Listener net.Listener
	// Ready, if set, is called with the listening address once the server
	// accepts calls.
	Ready func(addr string)
	// Uploads, if set, resolves upload references instead of the upload
	// service at Config.UploadAddr (tests).
	Uploads catalog.UploadResolver
}

// database is where the service's tables live, with its migrations.
func database(cfg Config) outbox.Database {
	return outbox.Database{URL: cfg.DatabaseURL, Schema: cfg.DBSchema, Migrations: migrations.FS}
}

// TranscribeLanguages is TranscribeLanguageList as a list, blanks dropped.
func (c Config) TranscribeLanguages() []string {
	var tags []string
	for _, tag := range strings.Split(c.TranscribeLanguageList, ",") {
		if tag = strings.TrimSpace(tag); tag != "" {
			tags = append(tags, tag)
		}
	}
	return tags
}
