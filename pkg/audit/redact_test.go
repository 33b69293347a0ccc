package audit

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestIsSecretName(t *testing.T) {
	tests := []struct {
		name   string
		secret bool
	}{
		{"password", true}, {"new_password", true}, {"client_secret", true}, {"access_token", true},
		{"X-Amz-Signature", true}, {"X-Amz-Credential", true}, {"apiKey", true}, {"api_key", true},
		{"private_key", true}, {"key", true}, {"sig", true}, {"Authorization", true}, {"otp", true},
		{"name", false}, {"public_key", false}, {"keyframes", false}, {"description", false},
		{"input", false}, {"value", false}, {"footprint", false}, {"url", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.secret, IsSecretName(tt.name))
		})
	}
}

func TestRedactURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://example.com/a.mp4", "https://example.com/a.mp4"},
		{"https://user:hunter2@example.com/a.mp4", "https://%5Bredacted%5D@example.com/a.mp4"},
		{"https://s3.example.com/b/a.mp4?X-Amz-Signature=abc&X-Amz-Expires=60",
			"https://s3.example.com/b/a.mp4?X-Amz-Expires=60&X-Amz-Signature=%5Bredacted%5D"},
		{"https://cdn.example.com/m.m3u8?token=t0k", "https://cdn.example.com/m.m3u8?token=%5Bredacted%5D"},
		{"svc://uploads/abc", "svc://uploads/abc"},
		{"not a url", "not a url"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			assert.Equal(t, tt.want, RedactURL(tt.in))
		})
	}
}

func TestRedactWalksNestedFields(t *testing.T) {
	var value any
	require.NoError(t, json.Unmarshal([]byte(`{
		"name": "n", "password": "hunter2", "nested": {"token": "t", "list": [{"secret": "s"}, "https://u:p@h/x"]},
		"input": "https://h/x?sig=abc"
	}`), &value))
	out, err := json.Marshal(Redact(value))
	require.NoError(t, err)
	for _, secret := range []string{"hunter2", `"t"`, `"s"`, "u:p", "abc"} {
		assert.NotContains(t, string(out), secret)
	}
	assert.Contains(t, string(out), `"name":"n"`)
}
