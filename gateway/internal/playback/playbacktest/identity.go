package playbacktest

import (
	"context"
	"sync"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// Identity fakes GetJwtPublicKey.
type Identity struct {
	identityv1.UnimplementedIdentityServiceServer
	mu   sync.Mutex
	keys map[string]*identityv1.GetJwtPublicKeyResponse // by account/kid
}

// NewIdentity returns an empty fake.
func NewIdentity() *Identity {
	return &Identity{keys: map[string]*identityv1.GetJwtPublicKeyResponse{}}
}

// PutKey registers a viewer key.
func (i *Identity) PutKey(accountID string, k ViewerKey) {
	i.mu.Lock()
	defer i.mu.Unlock()
	i.keys[accountID+"/"+k.ID] = &identityv1.GetJwtPublicKeyResponse{KeyId: k.ID, AccountId: accountID, PublicKey: k.PublicPEM, Algorithm: k.Algorithm}
}

// RemoveKey deletes a viewer key.
func (i *Identity) RemoveKey(accountID, keyID string) {
	i.mu.Lock()
	defer i.mu.Unlock()
	delete(i.keys, accountID+"/"+keyID)
}

// GetJwtPublicKey needs no principal, like the real one.
func (i *Identity) GetJwtPublicKey(_ context.Context, in *identityv1.GetJwtPublicKeyRequest) (*identityv1.GetJwtPublicKeyResponse, error) {
	i.mu.Lock()
	defer i.mu.Unlock()
	if k, ok := i.keys[in.GetAccountId()+"/"+in.GetKeyId()]; ok {
		return k, nil
	}
	return nil, status.Error(codes.NotFound, "Not found")
}
