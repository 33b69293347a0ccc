package fetch

import (
	"net/netip"
	"time"
)

// Options bound a fetch; zero fields take the defaults in New.
type Options struct {
	// AllowPrivate lets URLs reach private and loopback addresses. Only for
	// a single-machine setup such as the devstack.
	AllowPrivate bool
	// AllowLoopback lets URLs reach this machine's loopback addresses
	// (127.0.0.0/8, ::1) and nothing else private: what the devstack turns
	// on, so a file served on localhost can be a source while the cloud
	// metadata service and the private network stay out of reach.
	AllowLoopback bool
	// Trusted are host:port pairs fetched even when private addresses are
	// refused: an origin inside the network the operator vouches for. Where
	// they redirect to is still checked.
	Trusted       []netip.AddrPort
	MaxBytes      int64         // 20 GiB
	Timeout       time.Duration // the whole download: 2 h
	HeaderTimeout time.Duration // connecting, TLS, and waiting for headers: 30 s
	IdleTimeout   time.Duration // the body sending nothing: 60 s
	MaxRedirects  int           // 5
	UserAgent     string        // "Vidhost-Fetch/1"
}

func withDefaults(opts Options) Options {
	if opts.MaxBytes == 0 {
		opts.MaxBytes = 20 << 30
	}
	if opts.Timeout == 0 {
		opts.Timeout = 2 * time.Hour
	}
	if opts.HeaderTimeout == 0 {
		opts.HeaderTimeout = 30 * time.Second
	}
	if opts.IdleTimeout == 0 {
		opts.IdleTimeout = time.Minute
	}
	if opts.MaxRedirects == 0 {
		opts.MaxRedirects = 5
	}
	if opts.UserAgent == "" {
		opts.UserAgent = "Vidhost-Fetch/1"
	}
	return opts
}
