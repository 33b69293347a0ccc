package principal

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/metadata"
)

// incoming turns the outgoing metadata of ctx into incoming metadata, as the
// gRPC transport does between the gateway and a service.
func incoming(ctx context.Context) context.Context {
	md, _ := metadata.FromOutgoingContext(ctx)
	return metadata.NewIncomingContext(context.Background(), md)
}

func TestSignedPrincipalRoundTrip(t *testing.T) {
	secret := []byte("internal-secret")
	want := Principal{AccountID: "acc", KeyID: "key", ActorID: "key", ReadOnly: true, LiveEnabled: true}
	got, ok, err := FromIncoming(incoming(AppendToOutgoing(context.Background(), want, secret)), secret)
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, want, got)
}

func TestForgedPrincipalIsRefused(t *testing.T) {
	ctx := incoming(AppendToOutgoing(context.Background(), Principal{AccountID: "acc"}, []byte("other")))
	_, ok, err := FromIncoming(ctx, []byte("internal-secret"))
	assert.True(t, ok)
	assert.ErrorIs(t, err, ErrBadSignature)
}

func TestTamperedAccountIsRefused(t *testing.T) {
	secret := []byte("s")
	out := AppendToOutgoing(context.Background(), Principal{AccountID: "acc"}, secret)
	md, _ := metadata.FromOutgoingContext(out)
	md.Set(mdAccount, "victim")
	_, _, err := FromIncoming(metadata.NewIncomingContext(context.Background(), md), secret)
	assert.ErrorIs(t, err, ErrBadSignature)
}

func TestNoPrincipal(t *testing.T) {
	_, ok, err := FromIncoming(context.Background(), []byte("s"))
	assert.False(t, ok)
	assert.NoError(t, err)
}
