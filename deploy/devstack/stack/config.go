package stack

import transcodeapp "github.com/vidhost/vidhost/services/transcode/app"

// Config is the devstack's own configuration. Each service also reads its
// usual VIDHOST_* variables; the devstack overrides only the wiring between
// them (addresses, database, NATS, the internal secret).
type Config struct {
	// VarDir holds everything the devstack keeps: pg/, nats/, devstack.env.
	VarDir string `env:"VIDHOST_VAR_DIR" envDefault:"var"`
	// HTTPAddr is where the gateway listens (":0" picks a free port).
	HTTPAddr string `env:"VIDHOST_HTTP_ADDR" envDefault:"127.0.0.1:8080"`
	// DatabaseURL replaces the private PostgreSQL cluster when set.
	DatabaseURL string `env:"DATABASE_URL" secret:"true"`
	// NATSPort of the embedded server; -1 picks a free port.
	NATSPort int `env:"VIDHOST_NATS_PORT" envDefault:"-1"`
	// TranscodeWorkers is how many transcode workers run in the devstack;
	// 0 when workers run elsewhere (they only need NATS and the blob store).
	TranscodeWorkers int `env:"VIDHOST_TRANSCODE_WORKERS" envDefault:"1"`
	// Transcode, if set, adjusts worker n's configuration after the
	// environment's: a test's own settings (distributed chunks, small
	// chunks) without the environment, which suites started in parallel
	// share.
	Transcode func(n int, cfg *transcodeapp.Config)
	// InternalSecret is the root secret every key derives from; empty
	// means the one generated on the first run into var/internal.secret.
	InternalSecret string `env:"VIDHOST_INTERNAL_SECRET" secret:"true"`
	// LiveRTMPAddr is where the live service takes RTMP publishers
	// (docs/live.md); "127.0.0.1:0" picks a free port.
	LiveRTMPAddr string `env:"VIDHOST_LIVE_RTMP_ADDR" envDefault:"127.0.0.1:1935"`
	// LiveSRTAddr is where the live service takes SRT publishers (UDP);
	// "127.0.0.1:0" picks a free port, empty turns SRT off.
	LiveSRTAddr string `env:"VIDHOST_LIVE_SRT_ADDR" envDefault:"127.0.0.1:8890"`
	// LiveHTTPAddr is the live service's internal HTTP listener, which
	// serves low-latency HLS to the gateway's edge (docs/live.md);
	// "127.0.0.1:0" picks a free port, empty turns LL-HLS off.
	LiveHTTPAddr string `env:"VIDHOST_LIVE_HTTP_ADDR" envDefault:"127.0.0.1:9105"`
	// LiveWHIPAddr is where the live service takes WHIP offers, which the
	// gateway's /v2/videos/{id}/whip forwards to (docs/live.md);
	// "127.0.0.1:0" picks a free port, empty turns WHIP off.
	LiveWHIPAddr string `env:"VIDHOST_LIVE_WHIP_ADDR" envDefault:"127.0.0.1:8889"`
	// LiveWHIPUDPAddr is the one UDP port of WHIP's media;
	// "127.0.0.1:0" picks a free port (parallel stacks do not collide).
	LiveWHIPUDPAddr string `env:"VIDHOST_LIVE_WHIP_UDP_ADDR" envDefault:"127.0.0.1:8189"`
	// LiveRTMPPublicURL is the RTMP ingest base publishers are given
	// (rtmp://video.example.com:1935/live) when it differs from what the
	// listener implies: a server gives its public host with the
	// listener's port unless this is set (a NAT or a port forward).
	LiveRTMPPublicURL string `env:"VIDHOST_LIVE_RTMP_PUBLIC_URL"`
	// LiveSRTPublicURL is the same for SRT (srt://video.example.com:8890).
	LiveSRTPublicURL string `env:"VIDHOST_LIVE_SRT_PUBLIC_URL"`
	// AdminAddr is the admin listener of the devstack's one process
	// (/metrics, /debug/pprof/, /livez, /readyz: pkg/admin), shared by
	// every service it runs; empty picks a free loopback port.
	AdminAddr string `env:"VIDHOST_ADMIN_ADDR" envDefault:"127.0.0.1:9090"`
	// LogLevel of every service: debug, info, warn, error.
	LogLevel string `env:"VIDHOST_LOG_LEVEL" envDefault:"info"`
}
