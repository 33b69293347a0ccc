package server

import (
	"github.com/vidhost/vidhost/pkg/timefmt"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
)

// apiKeyProto maps a stored key; value is never set here, only by Create.
func apiKeyProto(k keys.Key) *identityv1.ApiKey {
	return &identityv1.ApiKey{
		Id:          k.ID,
		Name:        k.Name,
		Type:        keys.Type,
		Permissions: k.Permissions,
		Ips:         k.IPs,
		Role:        k.Role,
		CreatedBy:   k.CreatedBy,
		CreatedTime: timefmt.Format(k.CreatedTime),
		UpdatedBy:   k.UpdatedBy,
		UpdatedTime: timefmt.Format(k.UpdatedTime),
	}
}

func summaryProto(k keys.Key) *identityv1.ApiKeySummary {
	return &identityv1.ApiKeySummary{
		Id:          k.ID,
		Name:        k.Name,
		Type:        keys.Type,
		Permissions: k.Permissions,
		Role:        k.Role,
		CreatedBy:   k.CreatedBy,
		CreatedTime: timefmt.Format(k.CreatedTime),
		UpdatedBy:   k.UpdatedBy,
		UpdatedTime: timefmt.Format(k.UpdatedTime),
	}
}
