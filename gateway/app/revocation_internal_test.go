package app

import (
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/gateway/internal/playback"
)

// Which requests make the gateway evict (the e2e loops show the evictions
// work; this pins which calls trigger them).
func TestRevocationsEvictOnWritesToRevocableResources(t *testing.T) {
	rv := revocations{playback: &playback.Handler{}}
	tests := []struct {
		method, path string
		evicts       bool
	}{
		{"DELETE", "/v2/keys/k1", true},
		{"PATCH", "/v2/keys/k1", true},
		{"DELETE", "/v2/jwt_keys/j1", true},
		{"PATCH", "/v2/videos/v1", true},
		{"DELETE", "/v2/videos/v1", true},
		{"POST", "/v2/videos/v1/cards", true},
		{"GET", "/v2/keys/k1", false},
		{"HEAD", "/v2/videos/v1", false},
		{"POST", "/v2/keys", false},
		{"POST", "/v2/videos", false},
		{"POST", "/v2/videos/", false},
		{"DELETE", "/v2/players/p1", false},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			evict := rv.evictorFor(httptest.NewRequest(tt.method, tt.path, nil))
			assert.Equal(t, tt.evicts, evict != nil)
		})
	}
}
