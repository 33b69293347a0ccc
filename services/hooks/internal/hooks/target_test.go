package hooks

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/netguard"
)

var strictURLs = netguard.URLPolicy{}

func webhook() Target {
	return Target{Name: "Receiver", Type: TypeWebhook, URL: "https://hooks.example.com/in"}
}

func vidhostService() Target {
	return Target{Name: "Mirror", Type: TypeVidhost, BaseURL: "https://video.example.org/v2",
		Credentials: Credentials{APIKey: "key-of-the-other-side"}}
}

func s3Service() Target {
	return Target{Name: "Archive", Type: TypeS3, Endpoint: "https://s3.eu-west-1.amazonaws.com", Region: "eu-west-1",
		Bucket: "vidhost-archive", Prefix: "videos/", Credentials: Credentials{AccessKeyID: "AKIA1", SecretAccessKey: "s3cr3t"}}
}

func TestServiceValidateNew(t *testing.T) {
	tests := []struct {
		name    string
		service func() Target
		want    string
	}{
		{"webhook", webhook, ""},
		{"vidhost", vidhostService, ""},
		{"s3", s3Service, ""},
		{"s3 without prefix", func() Target { s := s3Service(); s.Prefix = ""; return s }, ""},
		{"no name", func() Target { s := webhook(); s.Name = ""; return s }, "name must be 1-50 characters"},
		{"long name", func() Target { s := webhook(); s.Name = strings.Repeat("é", 51); return s }, "name must be 1-50 characters"},
		{"unknown type", func() Target { s := webhook(); s.Type = "ftp"; return s }, "type must be webhook, vidhost or s3"},
		{"field of another type", func() Target { s := webhook(); s.Bucket = "b"; return s }, "bucket is not a webhook service field"},
		{"api key on s3", func() Target { s := s3Service(); s.Credentials.APIKey = "k"; return s }, "api_key is not an s3 service field"},
		{"http webhook", func() Target { s := webhook(); s.URL = "http://hooks.example.com/"; return s }, "url must be an https URL"},
		{"no url", func() Target { s := webhook(); s.URL = ""; return s }, "url must be an https URL"},
		{"metadata address", func() Target { s := webhook(); s.URL = "https://169.254.169.254/"; return s },
			"url must not point at a private, loopback or link-local address"},
		{"loopback", func() Target { s := webhook(); s.URL = "https://127.0.0.1:9000/"; return s },
			"url must not point at a private, loopback or link-local address"},
		{"vidhost without key", func() Target { s := vidhostService(); s.Credentials.APIKey = ""; return s }, "api_key must be 1-200 characters"},
		{"vidhost private base", func() Target { s := vidhostService(); s.BaseURL = "https://10.1.1.1/v2"; return s },
			"base_url must not point at a private, loopback or link-local address"},
		{"s3 region", func() Target { s := s3Service(); s.Region = "EU West"; return s }, "region must be 1-64 lowercase letters, digits or hyphens"},
		{"s3 bucket", func() Target { s := s3Service(); s.Bucket = "ab"; return s },
			"bucket must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens"},
		{"s3 prefix escapes", func() Target { s := s3Service(); s.Prefix = "a/../b"; return s },
			"prefix must be at most 200 characters: letters, digits, _ . - and / between segments, none of them . or .."},
		{"s3 absolute prefix", func() Target { s := s3Service(); s.Prefix = "/a"; return s },
			"prefix must be at most 200 characters: letters, digits, _ . - and / between segments, none of them . or .."},
		{"s3 no secret", func() Target { s := s3Service(); s.Credentials.SecretAccessKey = ""; return s }, "secret_access_key must be 1-256 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.service().validateNew(strictURLs)
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tt.want)
		})
	}
}

func TestDevstackURLsAllowLoopbackAndHTTP(t *testing.T) {
	s := webhook()
	s.URL = "http://127.0.0.1:9000/in"
	assert.NoError(t, s.validateNew(netguard.URLPolicy{AllowHTTP: true, AllowLoopback: true}))
	s.URL = "http://169.254.169.254/"
	assert.Error(t, s.validateNew(netguard.URLPolicy{AllowHTTP: true, AllowLoopback: true}), "metadata stays out of reach")
}

func TestServicePatch(t *testing.T) {
	tests := []struct {
		name  string
		paths []string
		value Target
		want  string
		check func(t *testing.T, s Target)
	}{
		{"name", []string{"name"}, Target{Name: "New"}, "", func(t *testing.T, s Target) { assert.Equal(t, "New", s.Name) }},
		{"same type", []string{"type", "url"}, Target{Type: TypeWebhook, URL: "https://b.example/"}, "",
			func(t *testing.T, s Target) { assert.Equal(t, "https://b.example/", s.URL) }},
		{"empty", []string{""}, Target{}, "request must change at least one field", nil},
		{"type", []string{"type"}, Target{Type: TypeS3}, "type cannot be changed: create another service", nil},
		{"secret", []string{"secret"}, Target{}, "secret is changed with POST /v2/services/{id}/rotate_secret", nil},
		{"id", []string{"id"}, Target{}, "id cannot be changed", nil},
		{"field of another type", []string{"bucket"}, Target{}, "bucket is not a webhook service field", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			current := webhook()
			current.Credentials.Secret = "whsec_kept"
			got, err := TargetPatch{Paths: tt.paths, Values: tt.value}.apply(current)
			if tt.want != "" {
				assert.EqualError(t, err, tt.want)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, "whsec_kept", got.Credentials.Secret, "a patch never touches the secret")
			tt.check(t, got)
		})
	}
}

func TestRotateSecretKeepsThePreviousForADay(t *testing.T) {
	s := webhook()
	s.Credentials.Secret = newSecret()
	first := s.Credentials.Secret
	now := time.Date(2026, 11, 24, 18, 0, 0, 0, time.UTC)
	require.NoError(t, s.rotateSecret(now))
	assert.Equal(t, first, s.Credentials.PreviousSecret)
	assert.Equal(t, now.Add(24*time.Hour), s.Credentials.PreviousSecretExpires)
	assert.NotEqual(t, first, s.Credentials.Secret)
	assert.True(t, strings.HasPrefix(s.Credentials.Secret, "whsec_"))
	assert.Len(t, s.Credentials.Secret, len("whsec_")+44, "base64 of 32 bytes")

	v := vidhostService()
	assert.ErrorIs(t, v.rotateSecret(now), ErrNoSecret)
}
