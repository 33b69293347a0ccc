package webhook

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/netguard"
)

const (
	secret   = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	previous = "whsec_c2VjcmV0LW9mLXllc3RlcmRheS1yb3RhdGVkLW91dA=="
)

var loopback = netguard.PublicOr(nil, true)

func TestAReceiverVerifiesWithTheStandardLibrary(t *testing.T) {
	var got http.Header
	var body []byte
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, body = r.Header.Clone(), must(io.ReadAll(r.Body))
	}))
	defer receiver.Close()
	payload := []byte(`{"type":"video.created","data":{"id":"v1"}}`)

	result := NewSender(loopback, time.Second).Send(t.Context(), Message{
		URL: receiver.URL, ID: "msg_1", Time: time.Now(), Body: payload, Secrets: []string{secret, previous}})

	require.NoError(t, result.Err)
	assert.Equal(t, http.StatusOK, result.Status)
	assert.Equal(t, payload, body)
	for _, s := range []string{secret, previous} {
		verifier, err := standardwebhooks.NewWebhook(s)
		require.NoError(t, err)
		assert.NoError(t, verifier.Verify(body, got), "either secret of a rotation verifies")
	}
	other, err := standardwebhooks.NewWebhook("whsec_" + strings.Repeat("QUFB", 8))
	require.NoError(t, err)
	assert.Error(t, other.Verify(body, got))
	assert.Equal(t, "msg_1", got.Get(HeaderID))
}

func TestSignatureMatchesTheSpecificationsExample(t *testing.T) {
	// The example of the Standard Webhooks specification.
	at := time.Unix(1614265330, 0)
	sig, err := Signature([]string{"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"}, "msg_p5jXN8AQM9LWM0D4loKWxJek", at, []byte(`{"test": 2432232314}`))
	require.NoError(t, err)
	assert.Equal(t, "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=", sig)
	_, err = Signature([]string{"not-a-secret"}, "id", at, nil)
	assert.ErrorIs(t, err, ErrBadSecret)
}

func TestFailedAttempts(t *testing.T) {
	tests := []struct {
		name    string
		handler http.HandlerFunc
		want    string
		status  int
	}{
		{"500", func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "boom", http.StatusInternalServerError) },
			"receiver answered 500 Internal Server Error: boom", 500},
		{"redirect is not followed", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "http://169.254.169.254/latest", http.StatusFound)
		}, "receiver answered 302 Found", 302},
		{"hangs", func(w http.ResponseWriter, r *http.Request) {
			_, _ = io.Copy(io.Discard, r.Body) // then the server notices the client leaving
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
		}, "receiver did not answer in time", 0},
		{"streams forever", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusBadGateway)
			chunk := []byte(strings.Repeat("x", 32<<10))
			for r.Context().Err() == nil {
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		}, "receiver answered 502 Bad Gateway: xxxx", 502},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			receiver := httptest.NewServer(tt.handler)
			defer receiver.Close()
			result := NewSender(loopback, 300*time.Millisecond).Send(t.Context(), Message{
				URL: receiver.URL, ID: "msg", Time: time.Now(), Body: []byte("{}"), Secrets: []string{secret}})
			require.Error(t, result.Err)
			assert.Contains(t, result.Err.Error(), tt.want)
			assert.Equal(t, tt.status, result.Status)
			assert.Less(t, len(result.Err.Error()), 300, "the answer's body is cut short")
		})
	}
}

// The network's own messages name the installation's DNS server ("lookup
// x on 10.0.0.2:53") and addresses; a delivery's error never does.
func TestNetworkFailuresNameNoAddress(t *testing.T) {
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close() // nothing listens on its port now
	for url, want := range map[string]string{
		closed.URL:                          "webhook: the server refused the connection",
		"http://nothing-here.invalid/hooks": "webhook: the host name could not be resolved",
	} {
		t.Run(url, func(t *testing.T) {
			result := NewSender(loopback, time.Second).Send(t.Context(), Message{
				URL: url, ID: "msg", Time: time.Now(), Body: []byte("{}"), Secrets: []string{secret}})
			require.Error(t, result.Err)
			assert.Equal(t, want, result.Err.Error())
			assert.NotEqual(t, result.Err, netguard.Detail(result.Err), "the cause is kept for the log")
		})
	}
}

func TestPrivateAddressesAreRefusedAtDialTime(t *testing.T) {
	receiver := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		t.Error("a refused address was reached")
	}))
	defer receiver.Close()
	result := NewSender(netguard.PublicOnly, time.Second).Send(t.Context(), Message{
		URL: receiver.URL, ID: "msg", Time: time.Now(), Body: []byte("{}"), Secrets: []string{secret}})
	assert.ErrorIs(t, result.Err, ErrBlockedAddress)
	// A name that resolves to loopback is refused the same way.
	result = NewSender(netguard.PublicOnly, time.Second).Send(t.Context(), Message{
		URL: strings.Replace(receiver.URL, "127.0.0.1", "localhost", 1), ID: "msg", Time: time.Now(), Body: []byte("{}"), Secrets: []string{secret}})
	assert.ErrorIs(t, result.Err, ErrBlockedAddress)
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
