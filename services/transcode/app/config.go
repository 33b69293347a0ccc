package app

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/transcode/internal/fetch"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/worker"
)

// Config is the transcode service's configuration, loaded from VIDHOST_*
// environment variables over the defaults below (pkg/config).
type Config struct {
	// Common is the bus jobs come from and reports go to, the log and the root
	// secret (at least 32 bytes): the worker's NATS key derives from it, so it
	// is required unless NATS names a seed or creds file. The gRPC server
	// answers only health checks.
	config.Common
	// GRPCAddr serves gRPC health checks (Options.Listener overrides it).
	GRPCAddr string `env:"VIDHOST_TRANSCODE_GRPC_ADDR" envDefault:"127.0.0.1:9104"`
	// Blob is the store uploads are read from and outputs written to.
	Blob blob.Settings
	// WorkDir holds each running job's source and outputs before upload;
	// empty means <os temp dir>/vidhost-transcode.
	WorkDir string `env:"VIDHOST_TRANSCODE_WORK_DIR"`
	// Concurrency is the number of jobs this worker runs at once.
	Concurrency int `env:"VIDHOST_TRANSCODE_CONCURRENCY" envDefault:"1"`
	// AckWait is how long a job stays with a worker that stopped sending
	// heartbeats (crashed) before another worker gets it.
	AckWait time.Duration `env:"VIDHOST_TRANSCODE_ACK_WAIT" envDefault:"60s"`
	// Heartbeat is how often a running job is reported alive to JetStream.
	Heartbeat time.Duration `env:"VIDHOST_TRANSCODE_HEARTBEAT" envDefault:"10s"`
	// MaxDeliver is how many attempts a job gets before it ends in error.
	MaxDeliver int `env:"VIDHOST_TRANSCODE_MAX_DELIVER" envDefault:"3"`
	// RetryDelay is the wait before retrying a job that failed for a
	// passing reason; it doubles with each attempt.
	RetryDelay time.Duration `env:"VIDHOST_TRANSCODE_RETRY_DELAY" envDefault:"10s"`
	// DrainTimeout is how long running jobs may finish at shutdown before
	// they are stopped and handed to another worker.
	DrainTimeout time.Duration `env:"VIDHOST_TRANSCODE_DRAIN_TIMEOUT" envDefault:"20s"`
	// JobTimeout bounds one attempt, download to last upload; a job that
	// runs out of it fails for good (see job.TimeoutError). Size it to the
	// longest source the limits below allow on the slowest worker. Once the
	// source is known the bound shrinks to JobTimeoutPerSecond per second
	// of output, but not below JobTimeoutMin (job.Timeouts).
	JobTimeout          time.Duration `env:"VIDHOST_TRANSCODE_JOB_TIMEOUT" envDefault:"6h"`
	JobTimeoutPerSecond time.Duration `env:"VIDHOST_TRANSCODE_JOB_TIMEOUT_PER_SECOND" envDefault:"10s"`
	JobTimeoutMin       time.Duration `env:"VIDHOST_TRANSCODE_JOB_TIMEOUT_MIN" envDefault:"15m"`
	// Source limits (media.Limits): larger or longer sources are refused
	// before any encoding.
	MaxDuration  time.Duration `env:"VIDHOST_TRANSCODE_MAX_DURATION" envDefault:"4h"`
	MaxSide      int           `env:"VIDHOST_TRANSCODE_MAX_SIDE" envDefault:"4096"`
	MaxPixels    int           `env:"VIDHOST_TRANSCODE_MAX_PIXELS" envDefault:"9437184"` // 4096x2304
	MaxFrameRate float64       `env:"VIDHOST_TRANSCODE_MAX_FRAME_RATE" envDefault:"60"`
	MaxStreams   int           `env:"VIDHOST_TRANSCODE_MAX_STREAMS" envDefault:"16"`
	MaxBitRate   int64         `env:"VIDHOST_TRANSCODE_MAX_BIT_RATE" envDefault:"400000000"` // bits/s
	// Chunked is how an output longer than the media core's chunk
	// threshold is encoded (docs/transcoding.md, "Chunked transcoding"):
	// ChunkedOff, one ffmpeg run as always; ChunkedLocal, in chunks
	// stitched together within this worker; ChunkedDistributed, in units
	// any worker takes ("Distribution"). Every worker runs the units it
	// takes whatever this says: it decides only what the worker does with
	// the jobs it takes.
	Chunked string `env:"VIDHOST_TRANSCODE_CHUNKED" envDefault:"off"`
	// ChunkWindow is how many units of one distributed plan may be queued
	// or running at once: how many workers one video can use, and, with
	// the per-account limit, what bounds an account's share of them.
	ChunkWindow int `env:"VIDHOST_TRANSCODE_CHUNK_WINDOW" envDefault:"12"`
	// ChunkThreshold and ChunkLength shape the plan (media.ChunkConfig):
	// outputs longer than the threshold are split into chunks of about
	// the length. The defaults suit production; tests and the drill set
	// them small so that a short source is chunked.
	ChunkThreshold time.Duration `env:"VIDHOST_TRANSCODE_CHUNK_THRESHOLD" envDefault:"2m"`
	ChunkLength    time.Duration `env:"VIDHOST_TRANSCODE_CHUNK_LENGTH" envDefault:"30s"`
	// FFmpeg and FFprobe are the tools' names or paths.
	FFmpeg  string `env:"VIDHOST_FFMPEG" envDefault:"ffmpeg"`
	FFprobe string `env:"VIDHOST_FFPROBE" envDefault:"ffprobe"`
	// Transcribe configures the second handler, for transcribe jobs.
	Transcribe TranscribeConfig
	// Source URL downloads (see package fetch).
	FetchAllowPrivate  bool          `env:"VIDHOST_FETCH_ALLOW_PRIVATE"`
	FetchAllowLoopback bool          `env:"VIDHOST_FETCH_ALLOW_LOOPBACK"`                     // this machine only (the devstack)
	FetchTrustedAddrs  []string      `env:"VIDHOST_FETCH_TRUSTED_ADDRS"`                      // ip:port pairs fetched although private
	FetchMaxBytes      int64         `env:"VIDHOST_FETCH_MAX_BYTES" envDefault:"21474836480"` // 20 GiB
	FetchTimeout       time.Duration `env:"VIDHOST_FETCH_TIMEOUT" envDefault:"2h"`
	FetchHeaderTimeout time.Duration `env:"VIDHOST_FETCH_HEADER_TIMEOUT" envDefault:"30s"`
	FetchIdleTimeout   time.Duration `env:"VIDHOST_FETCH_IDLE_TIMEOUT" envDefault:"60s"`
}

// The values of VIDHOST_TRANSCODE_CHUNKED.
const (
	ChunkedOff         = "off"
	ChunkedLocal       = "local"
	ChunkedDistributed = "distributed"
)

// Options are the in-process hooks of Run.
type Options struct {
	// Listener, if set, is served instead of listening on Config.GRPCAddr;
	// tests and the devstack pass one on port 0. Run closes it.
	Listener net.Listener
	// Ready, if set, is called with the gRPC address once the worker takes
	// jobs and health checks are answered.
	Ready func(addr string)
}

// Validate reports missing or contradictory settings before anything starts.
func (c Config) Validate() error {
	var errs []error
	if c.NATSURL == "" {
		errs = append(errs, errors.New("VIDHOST_NATS_URL must be set"))
	}
	if err := c.workerConfig().Validate(); err != nil {
		errs = append(errs, fmt.Errorf("VIDHOST_TRANSCODE_*: %w", err))
	}
	if c.FetchMaxBytes <= 0 || c.FetchTimeout <= 0 || c.FetchHeaderTimeout <= 0 || c.FetchIdleTimeout <= 0 {
		errs = append(errs, errors.New("VIDHOST_FETCH_MAX_BYTES and the VIDHOST_FETCH_*_TIMEOUT settings must be positive"))
	}
	if c.JobTimeout < 0 || c.JobTimeoutPerSecond < 0 || c.JobTimeoutMin < 0 || c.MaxDuration < 0 || c.MaxSide < 0 || c.MaxPixels < 0 || c.MaxFrameRate < 0 || c.MaxStreams < 0 || c.MaxBitRate < 0 {
		errs = append(errs, errors.New("VIDHOST_TRANSCODE_JOB_TIMEOUT and the VIDHOST_TRANSCODE_MAX_* limits must not be negative"))
	}
	// Zero (a Config built in code) is media.DefaultChunks; a chunk
	// shorter than a segment would be rounded up to one anyway.
	if c.ChunkThreshold < 0 || c.ChunkLength < 0 {
		errs = append(errs, errors.New("VIDHOST_TRANSCODE_CHUNK_THRESHOLD and VIDHOST_TRANSCODE_CHUNK_LENGTH must not be negative"))
	}
	// Empty (a Config built in code) is off.
	switch c.Chunked {
	case "", ChunkedOff, ChunkedLocal, ChunkedDistributed:
	default:
		errs = append(errs, fmt.Errorf("VIDHOST_TRANSCODE_CHUNKED must be %s, %s or %s", ChunkedOff, ChunkedLocal, ChunkedDistributed))
	}
	if _, err := c.trustedAddrs(); err != nil {
		errs = append(errs, err)
	}
	if c.InternalSecret != "" {
		if err := secrets.Check("VIDHOST_INTERNAL_SECRET", c.InternalSecret); err != nil {
			errs = append(errs, err)
		}
	}
	errs = append(errs, c.Blob.Validate(false, ""))
	return errors.Join(errs...)
}

// defaultWorkDir is WorkDir when it is empty: the one default no tag can
// hold, as it depends on the machine.
func defaultWorkDir() string { return filepath.Join(os.TempDir(), "vidhost-transcode") }

func (c Config) workerConfig() worker.Config {
	return worker.Config{
		Concurrency: c.Concurrency, AckWait: c.AckWait, Heartbeat: c.Heartbeat,
		MaxDeliver: c.MaxDeliver, RetryDelay: c.RetryDelay, DrainTimeout: c.DrainTimeout,
		Distributed: c.Chunked == ChunkedDistributed, ChunkWindow: c.ChunkWindow,
	}
}

// limits are the source limits; zero fields (a Config built in code) take
// media.DefaultLimits.
func (c Config) limits() media.Limits {
	return media.Limits{
		MaxWidth: c.MaxSide, MaxHeight: c.MaxSide, MaxPixels: c.MaxPixels, MaxDuration: c.MaxDuration,
		MaxFrameRate: c.MaxFrameRate, MaxStreams: c.MaxStreams, MaxBitRate: c.MaxBitRate,
	}
}

// chunks shape chunked plans; zero fields (a Config built in code) take
// media.DefaultChunks.
func (c Config) chunks() media.ChunkConfig {
	return media.ChunkConfig{Threshold: c.ChunkThreshold, Length: c.ChunkLength}
}

func (c Config) fetchOptions() fetch.Options {
	trusted, _ := c.trustedAddrs() // checked by Validate
	return fetch.Options{
		AllowPrivate: c.FetchAllowPrivate, AllowLoopback: c.FetchAllowLoopback, Trusted: trusted, MaxBytes: c.FetchMaxBytes,
		Timeout: c.FetchTimeout, HeaderTimeout: c.FetchHeaderTimeout, IdleTimeout: c.FetchIdleTimeout,
	}
}

func (c Config) trustedAddrs() ([]netip.AddrPort, error) {
	var out []netip.AddrPort
	for _, text := range c.FetchTrustedAddrs {
		addr, err := netip.ParseAddrPort(text)
		if err != nil {
			return nil, fmt.Errorf("VIDHOST_FETCH_TRUSTED_ADDRS: %q is not an ip:port pair", text)
		}
		out = append(out, addr)
	}
	return out, nil
}
