package origin

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// The listener's timeouts. WriteTimeout covers a blocked request's wait
// (llhls.Config.BlockTimeout, 6 s) and the sending of a segment after it.
const (
	readHeaderTimeout = 5 * time.Second
	writeTimeout      = 30 * time.Second
	idleTimeout       = 2 * time.Minute
	maxHeaderBytes    = 16 << 10
	// shutdownTimeout is what requests still blocked get at shutdown; the
	// runs end first, which answers them (EXT-X-ENDLIST).
	shutdownTimeout = 5 * time.Second
)

// Serve serves h on lis until ctx ends, then shuts down.
func Serve(ctx context.Context, lis net.Listener, h http.Handler) error {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readHeaderTimeout, // GET and HEAD only: no body to wait for
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
	}
	stopped := make(chan error, 1)
	go func() {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
		defer cancel()
		stopped <- srv.Shutdown(shutdownCtx)
	}()
	if err := srv.Serve(lis); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return <-stopped
}
