package viewticket

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// TTL is how long a view ticket counts. A player sends its play when
// playback starts and its view 5 s later, but a page may sit in a tab and
// be played long after it loaded, and a long film's page is open for
// hours; 4 hours is also the media tokens' default life, after which a
// private video's page stops playing anyway. A shorter life would lose
// real views; a longer one gains a forger nothing a fresh page load does
// not give.
const TTL = 4 * time.Hour

// prefix starts every view ticket, and signatureVersion is signed first,
// so a later format cannot be confused with this one.
const (
	prefix           = "vwt1."
	signatureVersion = "vidhost-view-ticket-v1\n"
)

// maxLength bounds what is decoded at all; real tickets are ~250 bytes.
const maxLength = 600

// Errors of Signer.Verify, which /collect tells the client (docs/analytics.md).
var (
	ErrMissing = errors.New("ticket is required")
	ErrInvalid = errors.New("ticket is not valid")
	ErrExpired = errors.New("ticket has expired")
)

// Ticket is what a view ticket asserts, signed: one page load of one video
// of one account, with the Player it showed and the origin of the page that
// embedded it.
type Ticket struct {
	// ID is 128 random bits: the analytics service counts one play per
	// ticket per replay window, so a replayed ticket adds nothing.
	ID        string `json:"id"`
	AccountID string `json:"acc"`
	VideoID   string `json:"vid"`
	// PlayerID is the Player the page applied; empty for the defaults.
	PlayerID string `json:"ply,omitempty"`
	// Origin is the scheme and host of the page request's Referer (the
	// embedding page); empty when it sent none. The view's domain comes
	// from it, never from the beacon.
	Origin  string `json:"org,omitempty"`
	Issued  int64  `json:"iat"`
	Expires int64  `json:"exp"`
}

// Signer issues and verifies view tickets with one HMAC-SHA256 key,
// derived from the root secret (pkg/secrets, purpose view-ticket).
// Verifying is a hash and a JSON decode: no lookup of any kind.
type Signer struct {
	key []byte
	now func() time.Time
}

// NewSigner returns a Signer signing with key and reading the clock now.
func NewSigner(key []byte, now func() time.Time) Signer { return Signer{key: key, now: now} }

// Issue returns a ticket for t (its ID, Issued and Expires filled in), which
// expires after TTL or at notAfter if that is earlier (the media
// token of a private video: a ticket never outlives the page's access).
func (s Signer) Issue(t Ticket, notAfter time.Time) string {
	now := s.now()
	expires := now.Add(TTL)
	if !notAfter.IsZero() && notAfter.Before(expires) {
		expires = notAfter
	}
	t.ID, t.Issued, t.Expires = newID(), now.Unix(), expires.Unix()
	payload, err := json.Marshal(t)
	if err != nil {
		panic(err) // strings and integers always marshal
	}
	body := base64.RawURLEncoding.EncodeToString(payload)
	return prefix + body + "." + s.sign(body)
}

// Verify checks raw's signature and expiry and returns what it asserts.
func (s Signer) Verify(raw string) (Ticket, error) {
	if raw == "" {
		return Ticket{}, ErrMissing
	}
	rest, ok := strings.CutPrefix(raw, prefix)
	if !ok || len(raw) > maxLength {
		return Ticket{}, ErrInvalid
	}
	body, sig, ok := strings.Cut(rest, ".")
	if !ok || !hmac.Equal([]byte(sig), []byte(s.sign(body))) {
		return Ticket{}, ErrInvalid
	}
	payload, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return Ticket{}, ErrInvalid
	}
	var t Ticket
	if err := json.Unmarshal(payload, &t); err != nil || t.ID == "" || t.AccountID == "" || !ids.Valid(t.VideoID) {
		return Ticket{}, ErrInvalid
	}
	if !s.now().Before(time.Unix(t.Expires, 0)) {
		return Ticket{}, ErrExpired
	}
	return t, nil
}

func (s Signer) sign(body string) string {
	mac := hmac.New(sha256.New, s.key)
	mac.Write([]byte(signatureVersion + body))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// newID returns 128 random bits, base64url.
func newID() string {
	return secrets.Token(16)
}
