package tokens

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVerify(t *testing.T) {
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	signer := NewSigner([]byte("0123456789abcdef0123456789abcdef"), clock)
	token, minted := signer.Mint(Claims{Type: TypeUpload, AccountID: "acc", KeyID: "key", ActorID: "key", ActorType: "api_key", MaxSizeBytes: 10}, DefaultTTL)
	require.True(t, strings.HasPrefix(token, Prefix))

	got, err := signer.Verify(token)
	require.NoError(t, err)
	assert.Equal(t, minted, got)
	assert.Equal(t, now.Add(DefaultTTL), got.ExpiresTime())

	body, sig, _ := strings.Cut(strings.TrimPrefix(token, Prefix), ".")
	other := NewSigner([]byte("another key another key another k"), clock)
	otherToken, _ := other.Mint(Claims{Type: TypeUpload, AccountID: "acc", KeyID: "key", ActorID: "key", ActorType: "api_key", MaxSizeBytes: 1 << 40}, DefaultTTL)
	otherBody, _, _ := strings.Cut(strings.TrimPrefix(otherToken, Prefix), ".")
	cases := []struct {
		name  string
		token string
		at    time.Time
		want  error
	}{
		{"expired", token, now.Add(DefaultTTL), ErrExpired},
		{"another installation's", otherToken, now, ErrInvalid},
		{"claims swapped under the signature", Prefix + otherBody + "." + sig, now, ErrInvalid},
		{"signature cut", Prefix + body + "." + sig[:10], now, ErrInvalid},
		{"no signature", Prefix + body, now, ErrInvalid},
		{"an API key", "vh_" + body, now, ErrInvalid},
		{"an upload token without a cap", unsigned(signer, Claims{Type: TypeUpload, ID: "x", AccountID: "acc"}), now, ErrInvalid},
		{"a viewer token without a video", unsigned(signer, Claims{Type: TypeViewer, ID: "x", AccountID: "acc", Expires: now.Add(time.Hour).Unix()}), now, ErrInvalid},
		{"too long", token + strings.Repeat("a", maxLength), now, ErrInvalid},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			at := tc.at
			_, err := NewSigner(signer.key, func() time.Time { return at }).Verify(tc.token)
			assert.ErrorIs(t, err, tc.want)
		})
	}
}

func TestAllows(t *testing.T) {
	assert.True(t, Allows("POST", "/v2/uploads"))
	assert.True(t, Allows("POST", "/v2/videos"))
	assert.True(t, Allows("POST", "/v2/uploads/tus/"))
	assert.True(t, Allows("PATCH", "/v2/uploads/tus/abc+def"))
	assert.True(t, Allows("HEAD", "/v2/uploads/tus/abc"))
	for _, r := range [][2]string{{"GET", "/v2/uploads"}, {"GET", "/v2/videos"}, {"POST", "/v2/tokens"},
		{"POST", "/v2/keys"}, {"DELETE", "/v2/uploads/x"}, {"DELETE", "/v2/uploads/tus/abc"},
		{"PATCH", "/v2/uploads/tus/"}, {"POST", "/v2/uploads/tus/abc"}} {
		assert.False(t, Allows(r[0], r[1]), r)
	}
}

// unsigned signs claims as they are (Mint would fill in id and expiry), to
// check that Verify wants what each type needs even when signed.
func unsigned(s Signer, c Claims) string {
	payload, _ := json.Marshal(c)
	body := base64.RawURLEncoding.EncodeToString(payload)
	return Prefix + body + "." + s.sign(body)
}
