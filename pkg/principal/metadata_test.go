package principal

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/metadata"
)

const method = "/vidhost.catalog.v1.CatalogService/GetVideo"

var (
	gatewayKey = []byte("gateway-key-gateway-key-gateway!")
	catalogKey = []byte("catalog-key-catalog-key-catalog!")
)

// keys knows two callers, as a server does.
func keys(caller string) []byte {
	return map[string][]byte{"gateway": gatewayKey, "catalog": catalogKey}[caller]
}

// incoming turns the outgoing metadata of ctx into incoming metadata, as the
// gRPC transport does between two services.
func incoming(ctx context.Context) context.Context {
	md, _ := metadata.FromOutgoingContext(ctx)
	return metadata.NewIncomingContext(context.Background(), md)
}

func TestSignedCallRoundTrip(t *testing.T) {
	want := NewCall("gateway", method,
		Principal{AccountID: "acc", KeyID: "key", ActorID: "user", ActorType: ActorUser, Role: "uploader",
			ClientIP: "203.0.113.7", Plan: "pro", ReadOnly: true, LiveEnabled: true})
	got, ok, err := FromIncoming(incoming(AppendToOutgoing(context.Background(), want, gatewayKey)), method, keys)
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, want.Principal, got.Principal)
	assert.Equal(t, "gateway", got.Caller)
	assert.Equal(t, want.Expires.Unix(), got.Expires.Unix())
}

func TestUploadTokenScopeRoundTrips(t *testing.T) {
	want := NewCall("gateway", method, Principal{AccountID: "acc", KeyID: "key", ActorID: "key",
		ActorType: ActorAPIKey, UploadToken: "Zm9vYmFyLWJhei1xdXV4", MaxUploadBytes: 5 << 20})
	got, _, err := FromIncoming(incoming(AppendToOutgoing(context.Background(), want, gatewayKey)), method, keys)
	require.NoError(t, err)
	assert.Equal(t, want.Principal, got.Principal)
}

func TestServiceLevelCallHasNoPrincipal(t *testing.T) {
	ctx := incoming(AppendToOutgoing(context.Background(), NewCall("gateway", method, Principal{}), gatewayKey))
	got, ok, err := FromIncoming(ctx, method, keys)
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, Principal{}, got.Principal)
}

func TestBadCallsAreRefused(t *testing.T) {
	valid := NewCall("gateway", method, Principal{AccountID: "acc", ReadOnly: true,
		ActorID: "user", ActorType: ActorUser, Role: "viewer", ClientIP: "203.0.113.7", Plan: "free"})
	tests := []struct {
		name string
		md   func() metadata.MD
	}{
		{"signed for another method", func() metadata.MD {
			return NewCall("gateway", "/vidhost.catalog.v1.CatalogService/DeleteVideo", valid.Principal).Metadata(gatewayKey)
		}},
		{"expired", func() metadata.MD {
			c := valid
			c.Expires = time.Now().Add(-time.Second)
			return c.Metadata(gatewayKey)
		}},
		{"expiry too far ahead", func() metadata.MD {
			c := valid
			c.Expires = time.Now().Add(time.Hour)
			return c.Metadata(gatewayKey)
		}},
		{"signed with another caller's key", func() metadata.MD { return valid.Metadata(catalogKey) }},
		{"unknown caller", func() metadata.MD {
			c := valid
			c.Caller = "stranger"
			return c.Metadata(gatewayKey)
		}},
		{"caller renamed", func() metadata.MD {
			md := valid.Metadata(gatewayKey)
			md.Set(mdCaller, "catalog")
			return md
		}},
		{"tampered account", func() metadata.MD {
			md := valid.Metadata(gatewayKey)
			md.Set(mdAccount, "victim")
			return md
		}},
		{"role raised", func() metadata.MD {
			md := valid.Metadata(gatewayKey)
			md.Set(mdRole, "owner")
			return md
		}},
		{"actor type changed", func() metadata.MD {
			md := valid.Metadata(gatewayKey)
			md.Set(mdActorType, ActorSystem)
			return md
		}},
		{"plan raised", func() metadata.MD {
			md := valid.Metadata(gatewayKey)
			md.Set(mdPlan, "enterprise")
			return md
		}},
		{"client address changed", func() metadata.MD {
			md := valid.Metadata(gatewayKey)
			md.Set(mdClientIP, "198.51.100.1")
			return md
		}},
		{"dropped read-only flag", func() metadata.MD {
			md := valid.Metadata(gatewayKey)
			md.Set(mdFlags, "")
			return md
		}},
		{"repeated account", func() metadata.MD {
			md := valid.Metadata(gatewayKey)
			md.Append(mdAccount, "victim")
			return md
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ok, err := FromIncoming(metadata.NewIncomingContext(context.Background(), tt.md()), method, keys)
			assert.True(t, ok)
			assert.ErrorIs(t, err, ErrBadSignature)
		})
	}
}

func TestAppendToOutgoingReplacesEarlierCredentials(t *testing.T) {
	ctx := AppendToOutgoing(context.Background(), NewCall("gateway", method, Principal{AccountID: "a"}), gatewayKey)
	ctx = AppendToOutgoing(ctx, NewCall("gateway", method, Principal{AccountID: "b"}), gatewayKey)
	got, _, err := FromIncoming(incoming(ctx), method, keys)
	require.NoError(t, err)
	assert.Equal(t, "b", got.Principal.AccountID)
}

func TestNoCredentials(t *testing.T) {
	_, ok, err := FromIncoming(context.Background(), method, keys)
	assert.False(t, ok)
	assert.NoError(t, err)
}
