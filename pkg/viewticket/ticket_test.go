package viewticket

import (
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/ids"
)

func TestTicketVerify(t *testing.T) {
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func(d time.Duration) func() time.Time { return func() time.Time { return now.Add(d) } }
	key := []byte("0123456789abcdef0123456789abcdef")
	tickets := NewSigner(key, at(0))
	video := ids.New()
	raw := tickets.Issue(Ticket{AccountID: "acc", VideoID: video, Origin: "https://a.example"}, time.Time{})
	got, err := tickets.Verify(raw)
	require.NoError(t, err)
	assert.Equal(t, video, got.VideoID)
	assert.Equal(t, now.Add(TTL).Unix(), got.Expires)
	assert.Len(t, got.ID, 22, "128 random bits")
	other, _ := tickets.Verify(tickets.Issue(Ticket{AccountID: "acc", VideoID: video}, time.Time{}))
	assert.NotEqual(t, got.ID, other.ID, "each page load its own ticket")

	body, sig, _ := strings.Cut(strings.TrimPrefix(raw, prefix), ".")
	payload, _ := base64.RawURLEncoding.DecodeString(body)
	swapped := base64.RawURLEncoding.EncodeToString([]byte(strings.Replace(string(payload), video, ids.New(), 1)))
	cases := []struct {
		name string
		raw  string
		at   time.Duration
		want error
	}{
		{"none", "", 0, ErrMissing},
		{"valid until its end", raw, TTL - time.Second, nil},
		{"expired", raw, TTL, ErrExpired},
		{"another installation's", NewSigner([]byte("another key, another installation!"), at(0)).Issue(Ticket{AccountID: "acc", VideoID: video}, time.Time{}), 0, ErrInvalid},
		{"video swapped under the signature", prefix + swapped + "." + sig, 0, ErrInvalid},
		{"no signature", prefix + body, 0, ErrInvalid},
		{"a media token", "1893456000..c2ln", 0, ErrInvalid},
		{"too long", raw + strings.Repeat("a", maxLength), 0, ErrInvalid},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewSigner(key, at(tc.at)).Verify(tc.raw)
			assert.ErrorIs(t, err, tc.want)
		})
	}
}

// A ticket never outlives the access that let its page load.
func TestTicketDiesWithItsMediaToken(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	tickets := NewSigner([]byte("0123456789abcdef0123456789abcdef"), func() time.Time { return now })
	got, err := tickets.Verify(tickets.Issue(Ticket{AccountID: "acc", VideoID: ids.New()}, now.Add(time.Minute)))
	require.NoError(t, err)
	assert.Equal(t, now.Add(time.Minute).Unix(), got.Expires)
}
