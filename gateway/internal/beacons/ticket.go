package beacons

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/ids"
)

// TicketTTL is how long a view ticket counts. A player sends its play when
// playback starts and its view 5 s later, but a page may sit in a tab and
// be played long after it loaded, and a long film's page is open for
// hours; 4 hours is also the media tokens' default life, after which a
// private video's page stops playing anyway. A shorter life would lose
// real views; a longer one gains a forger nothing a fresh page load does
// not give.
const TicketTTL = 4 * time.Hour

// ticketPrefix starts every view ticket; signed too, with the version, so
// a later format cannot be confused with this one.
const (
	ticketPrefix    = "vwt1."
	ticketSignature = "vidhost-view-ticket-v1\n"
)

// maxTicketLength bounds what is decoded at all; real tickets are ~250 bytes.
const maxTicketLength = 600

// Errors of Tickets.Verify, which /collect tells the client (docs/analytics.md).
var (
	ErrTicketMissing = errors.New("ticket is required")
	ErrTicketInvalid = errors.New("ticket is not valid")
	ErrTicketExpired = errors.New("ticket has expired")
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

// Tickets issues and verifies view tickets with one HMAC-SHA256 key,
// derived from the root secret (pkg/secrets, purpose view-ticket).
// Verifying is a hash and a JSON decode: no lookup of any kind.
type Tickets struct {
	key []byte
	now func() time.Time
}

// NewTickets returns Tickets signing with key and reading the clock now.
func NewTickets(key []byte, now func() time.Time) Tickets { return Tickets{key: key, now: now} }

// Issue returns a ticket for t (its ID, Issued and Expires filled in), which
// expires after TicketTTL or at notAfter if that is earlier (the media
// token of a private video: a ticket never outlives the page's access).
func (s Tickets) Issue(t Ticket, notAfter time.Time) string {
	now := s.now()
	expires := now.Add(TicketTTL)
	if !notAfter.IsZero() && notAfter.Before(expires) {
		expires = notAfter
	}
	t.ID, t.Issued, t.Expires = newTicketID(), now.Unix(), expires.Unix()
	payload, err := json.Marshal(t)
	if err != nil {
		panic(err) // strings and integers always marshal
	}
	body := base64.RawURLEncoding.EncodeToString(payload)
	return ticketPrefix + body + "." + s.sign(body)
}

// Verify checks raw's signature and expiry and returns what it asserts.
func (s Tickets) Verify(raw string) (Ticket, error) {
	if raw == "" {
		return Ticket{}, ErrTicketMissing
	}
	rest, ok := strings.CutPrefix(raw, ticketPrefix)
	if !ok || len(raw) > maxTicketLength {
		return Ticket{}, ErrTicketInvalid
	}
	body, sig, ok := strings.Cut(rest, ".")
	if !ok || !hmac.Equal([]byte(sig), []byte(s.sign(body))) {
		return Ticket{}, ErrTicketInvalid
	}
	payload, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return Ticket{}, ErrTicketInvalid
	}
	var t Ticket
	if err := json.Unmarshal(payload, &t); err != nil || t.ID == "" || t.AccountID == "" || !ids.Valid(t.VideoID) {
		return Ticket{}, ErrTicketInvalid
	}
	if !s.now().Before(time.Unix(t.Expires, 0)) {
		return Ticket{}, ErrTicketExpired
	}
	return t, nil
}

func (s Tickets) sign(body string) string {
	mac := hmac.New(sha256.New, s.key)
	mac.Write([]byte(ticketSignature + body))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// newTicketID returns 128 random bits, base64url.
func newTicketID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Origin is the scheme and host of pageURL (a Referer header), lower-cased,
// or "" when it is not an absolute http(s) URL.
func Origin(pageURL string) string {
	u, err := url.Parse(strings.TrimSpace(pageURL))
	if err != nil || Domain(pageURL) == Unknown {
		return ""
	}
	return strings.ToLower(u.Scheme + "://" + u.Host) // Host has no credentials: they are u.User
}
