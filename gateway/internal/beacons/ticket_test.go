package beacons

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
	tickets := NewTickets(key, at(0))
	video := ids.New()
	raw := tickets.Issue(Ticket{AccountID: "acc", VideoID: video, Origin: "https://a.example"}, time.Time{})
	got, err := tickets.Verify(raw)
	require.NoError(t, err)
	assert.Equal(t, video, got.VideoID)
	assert.Equal(t, now.Add(TicketTTL).Unix(), got.Expires)
	assert.Len(t, got.ID, 22, "128 random bits")
	other, _ := tickets.Verify(tickets.Issue(Ticket{AccountID: "acc", VideoID: video}, time.Time{}))
	assert.NotEqual(t, got.ID, other.ID, "each page load its own ticket")

	body, sig, _ := strings.Cut(strings.TrimPrefix(raw, ticketPrefix), ".")
	payload, _ := base64.RawURLEncoding.DecodeString(body)
	swapped := base64.RawURLEncoding.EncodeToString([]byte(strings.Replace(string(payload), video, ids.New(), 1)))
	cases := []struct {
		name string
		raw  string
		at   time.Duration
		want error
	}{
		{"none", "", 0, ErrTicketMissing},
		{"valid until its end", raw, TicketTTL - time.Second, nil},
		{"expired", raw, TicketTTL, ErrTicketExpired},
		{"another installation's", NewTickets([]byte("another key, another installation!"), at(0)).Issue(Ticket{AccountID: "acc", VideoID: video}, time.Time{}), 0, ErrTicketInvalid},
		{"video swapped under the signature", ticketPrefix + swapped + "." + sig, 0, ErrTicketInvalid},
		{"no signature", ticketPrefix + body, 0, ErrTicketInvalid},
		{"a media token", "1893456000..c2ln", 0, ErrTicketInvalid},
		{"too long", raw + strings.Repeat("a", maxTicketLength), 0, ErrTicketInvalid},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewTickets(key, at(tc.at)).Verify(tc.raw)
			assert.ErrorIs(t, err, tc.want)
		})
	}
}

// A ticket never outlives the access that let its page load.
func TestTicketDiesWithItsMediaToken(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	tickets := NewTickets([]byte("0123456789abcdef0123456789abcdef"), func() time.Time { return now })
	got, err := tickets.Verify(tickets.Issue(Ticket{AccountID: "acc", VideoID: ids.New()}, now.Add(time.Minute)))
	require.NoError(t, err)
	assert.Equal(t, now.Add(time.Minute).Unix(), got.Expires)
}

func TestOrigin(t *testing.T) {
	for in, want := range map[string]string{
		"https://WWW.Shop.example:8443/product/7?x=1": "https://www.shop.example:8443",
		"http://user:pw@blog.example/post":            "http://blog.example",
		"":                                            "",
		"android-app://com.example":                   "",
		"not a url":                                   "",
	} {
		assert.Equal(t, want, Origin(in), in)
	}
}
