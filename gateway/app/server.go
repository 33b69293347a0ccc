package app

import (
	"log/slog"
	"net/http"
	"time"
)

// writeMargin lets a request that used all of RequestTimeout still write its
// error response.
//
// The server's read and write timeouts bound every request by default (API
// calls, pages, 404s): a route added later is bounded without anyone
// remembering to. The routes that stream extend their own deadlines with
// http.ResponseController: media by the file's size (playback), resumable
// uploads and signed blob URLs for as long as bytes move (httpx.OnProgress).
const writeMargin = 10 * time.Second

// newServer returns the HTTP server with every timeout set: no client can
// hold a connection open by sending slowly or reading slowly.
func newServer(cfg Config, handler http.Handler, logger *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: cfg.ReadHeaderTimeout,
		ReadTimeout:       cfg.RequestTimeout,
		WriteTimeout:      cfg.RequestTimeout + writeMargin,
		IdleTimeout:       cfg.IdleTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
}
