package idempotency

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// TTL is how long a key's first answer is replayed.
const TTL = 24 * time.Hour

// maxStoredBody bounds a stored answer. Answers to POST are one resource;
// a larger one is passed on but not kept (the claim is released).
const maxStoredBody = 1 << 20

// Options configure Middleware.
type Options struct {
	// Store remembers answers; nil (a gateway without a database) refuses
	// every keyed POST with idempotency_unavailable rather than running it
	// without the guarantee its client asked for.
	Store Store
	// Box seals the answers kept in Store (an answer may carry a secret:
	// a new API key, an MFA secret, a stream key); required with Store,
	// and the same in every replica: secrets.BoxFor(root,
	// secrets.IdempotencyRecord).
	Box *secrets.Box
	// LockFor is how long a claim stays with a request that has not
	// answered; past it the gateway is presumed dead. Make it longer than
	// the request timeout.
	LockFor time.Duration
	Logger  *slog.Logger
	// Now is the clock (tests); nil is time.Now.
	Now func() time.Time
}

// Middleware applies Idempotency-Key to POST requests. It must run after
// authentication (the principal scopes keys to the caller) and after the
// body limit (it reads the body). It panics when given a Store without a
// Box: answers are never stored in clear.
func Middleware(opts Options) func(http.Handler) http.Handler {
	if opts.Store != nil && opts.Box == nil {
		panic("idempotency: a Store needs a Box to seal the answers it keeps")
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key, sent := r.Header[http.CanonicalHeaderKey(Header)]
			p, ok := principal.FromContext(r.Context())
			if r.Method != http.MethodPost || !sent || !ok {
				next.ServeHTTP(w, r)
				return
			}
			if len(key) != 1 || !validKey(key[0]) {
				envelope.WriteError(w, apperr.CodeInvalidArgument, Header+" must be one value of 1-255 printable ASCII characters")
				return
			}
			scope := Scope{AccountID: p.AccountID, Principal: principalScope(p), Key: key[0]}
			if opts.Store == nil || scope.Principal == "" {
				envelope.WriteError(w, apperr.CodeIdempotencyUnavailable, "")
				return
			}
			opts.serve(w, r, next, p, scope)
		})
	}
}

func (o Options) serve(w http.ResponseWriter, r *http.Request, next http.Handler, p principal.Principal, scope Scope) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			envelope.WriteError(w, apperr.CodeBodyTooLarge, "")
			return
		}
		envelope.WriteError(w, apperr.CodeInvalidArgument, "the request body could not be read")
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	now := o.Now()
	claim := Claim{Scope: scope, RequestHash: requestHash(r, body), Now: now,
		LockedUntil: now.Add(o.LockFor), ExpiresTime: now.Add(TTL)}
	claimed, err := o.Store.Claim(r.Context(), claim)
	if err != nil {
		o.unavailable(w, r, err)
		return
	}
	if !claimed {
		o.answerRepeat(w, r, next, p, claim)
		return
	}
	o.runFirst(w, r, next, claim)
}

// answerRepeat answers a request whose key another request of the same
// principal holds.
func (o Options) answerRepeat(w http.ResponseWriter, r *http.Request, next http.Handler, p principal.Principal, claim Claim) {
	record, err := o.Store.Get(r.Context(), claim.Scope)
	switch {
	case errors.Is(err, ErrNotFound):
		// Released or swept between the claim and now: the caller may retry.
		envelope.WriteError(w, apperr.CodeIdempotencyInProgress, "")
	case err != nil:
		o.unavailable(w, r, err)
	case !bytes.Equal(record.RequestHash, claim.RequestHash):
		envelope.WriteError(w, apperr.CodeIdempotencyKeyReused, "")
	case record.Response == nil:
		w.Header().Set("Retry-After", "1")
		envelope.WriteError(w, apperr.CodeIdempotencyInProgress, "")
	case !mayCall(p, record.Response.Methods):
		// Authorization first: a caller who may no longer make the call
		// (a lowered role, a key made read-only) is refused by the backend
		// as without the header, and never sees the first answer.
		next.ServeHTTP(w, r)
	default:
		o.replaySealed(w, r, claim, *record.Response)
	}
}

// replaySealed opens the stored answer and replays it. One that does not
// open (sealed under another root secret) is forgotten: the caller is told
// to retry, and the retry runs the request anew.
func (o Options) replaySealed(w http.ResponseWriter, r *http.Request, claim Claim, answer Response) {
	body, err := o.Box.Open(answer.Body, sealContext(claim, answer))
	if err != nil {
		o.Logger.WarnContext(r.Context(), "idempotency: a stored answer does not open; forgetting it", "error", err)
		if err := o.Store.Forget(r.Context(), claim); err != nil {
			o.unavailable(w, r, err)
			return
		}
		w.Header().Set("Retry-After", "1")
		envelope.WriteError(w, apperr.CodeIdempotencyInProgress, "")
		return
	}
	answer.Body = body
	replay(w, answer)
}

func replay(w http.ResponseWriter, answer Response) {
	h := w.Header()
	h.Set(ReplayedHeader, "true")
	if answer.ContentType != "" {
		h.Set("Content-Type", answer.ContentType)
	}
	h.Set("Content-Length", strconv.Itoa(len(answer.Body)))
	w.WriteHeader(answer.Status)
	_, _ = w.Write(answer.Body)
}

// runFirst runs the request that holds the key and keeps its answer,
// unless the answer says "try again" (429, 5xx): then the key is released
// and a retry runs the request anew.
func (o Options) runFirst(w http.ResponseWriter, r *http.Request, next http.Handler, claim Claim) {
	rec := &recorder{ResponseWriter: w, status: http.StatusOK}
	ctx, backend := withCalls(r.Context())
	next.ServeHTTP(rec, r.WithContext(ctx))
	ctx = context.WithoutCancel(r.Context()) // the answer has left: keep it even if the client hung up
	if rec.status == http.StatusTooManyRequests || rec.status >= 500 || rec.overflow {
		if err := o.Store.Release(ctx, claim); err != nil {
			o.Logger.WarnContext(ctx, "idempotency: release key", "error", err)
		}
		return
	}
	answer := Response{Status: rec.status, ContentType: w.Header().Get("Content-Type"), Methods: backend.list()}
	answer.Body = o.Box.Seal(rec.body.Bytes(), sealContext(claim, answer))
	if err := o.Store.Save(ctx, claim, answer); err != nil {
		// Left locked, the key answers "in progress" until LockFor passes.
		o.Logger.WarnContext(ctx, "idempotency: save answer", "error", err)
	}
}

func (o Options) unavailable(w http.ResponseWriter, r *http.Request, err error) {
	o.Logger.WarnContext(r.Context(), "idempotency: store", "error", err)
	envelope.WriteError(w, apperr.CodeUnavailable, "")
}

// recorder passes the answer on and keeps a copy of it.
type recorder struct {
	http.ResponseWriter
	status      int
	wroteHeader bool
	body        bytes.Buffer
	overflow    bool
}

func (r *recorder) WriteHeader(status int) {
	if !r.wroteHeader {
		r.status, r.wroteHeader = status, true
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(p []byte) (int, error) {
	r.wroteHeader = true
	if !r.overflow && r.body.Len()+len(p) <= maxStoredBody {
		r.body.Write(p)
	} else {
		r.overflow = true
	}
	return r.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the connection.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
