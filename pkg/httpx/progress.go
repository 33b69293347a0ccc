package httpx

import (
	"io"
	"net/http"
	"time"
)

// DefaultProgressTimeout is how long a streaming request may go without a
// byte moving either way before its connection is cut: long enough for a
// slow mobile link, short enough that a stalled client frees its slot.
const DefaultProgressTimeout = time.Minute

// OnProgress lets a request outlive the server's ReadTimeout and
// WriteTimeout for as long as it makes progress: the connection's read and
// write deadlines start at now+idle and move to now+idle again whenever
// the handler reads body bytes or writes response bytes. Servers keep
// their timeouts short for everything else (API calls, pages), and only
// the routes that stream gigabytes (resumable uploads, signed blob URLs)
// are wrapped. A stall of idle in either direction ends the request.
func OnProgress(idle time.Duration, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		extend := func() {
			deadline := time.Now().Add(idle)
			_ = rc.SetReadDeadline(deadline)  // errors only for writers without a connection (tests)
			_ = rc.SetWriteDeadline(deadline) // the answer follows a long body
		}
		extend()
		if r.Body != nil && r.Body != http.NoBody {
			r.Body = &progressBody{ReadCloser: r.Body, extend: extend}
		}
		next.ServeHTTP(&progressWriter{ResponseWriter: w, extend: extend}, r)
	})
}

// progressBody extends the deadlines after every read that moved bytes.
type progressBody struct {
	io.ReadCloser
	extend func()
}

func (b *progressBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if n > 0 {
		b.extend()
	}
	return n, err
}

// progressWriter extends the deadlines before every write. It has no
// ReadFrom on purpose: io.Copy then writes in 32 KiB chunks, each one
// progress (media, the one zero-copy path, sets its own deadline).
type progressWriter struct {
	http.ResponseWriter
	extend func()
}

func (w *progressWriter) Write(p []byte) (int, error) {
	w.extend()
	return w.ResponseWriter.Write(p)
}

// Flush keeps progress headers of tus and proxies flowing.
func (w *progressWriter) Flush() {
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

// Unwrap lets http.ResponseController reach the connection.
func (w *progressWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
