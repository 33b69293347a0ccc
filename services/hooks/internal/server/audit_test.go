package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	hooksv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/natsx"
)

// Every change is an audit entry, and no entry holds a credential: a
// changed one is named, its value redacted.
func TestChangesAreAuditedWithoutCredentials(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	webhook := createWebhook(t, b, b.alice)
	rotated, err := b.client.RotateServiceSecret(ctx, &hooksv1.RotateServiceSecretRequest{Id: webhook.GetId()})
	require.NoError(t, err)
	mirror := createVidhost(t, b)
	newKey := "the-new-key-of-the-other-side"
	_, err = b.client.UpdateService(ctx, &hooksv1.UpdateServiceRequest{Id: mirror.GetId(),
		Service: &hooksv1.Service{ApiKey: &newKey}, UpdateMask: fieldMask("api_key")})
	require.NoError(t, err)

	consumer, err := b.js.OrderedConsumer(t.Context(), natsx.StreamNameAudit, jetstream.OrderedConsumerConfig{})
	require.NoError(t, err)
	var subjects []string
	var dump strings.Builder
	updates := map[string]string{}
	for range 4 {
		msg, err := consumer.Next(jetstream.FetchMaxWait(15 * time.Second))
		require.NoError(t, err)
		entry, err := audit.Decode(msg.Data())
		require.NoError(t, err)
		subjects = append(subjects, msg.Subject())
		dump.WriteString(entry.GetActionData())
		if entry.GetActionType() == audit.ActionUpdate {
			updates[entry.GetEntityId()] = entry.GetActionData()
		}
		assert.Equal(t, b.alice.AccountID, entry.GetAccountId())
	}
	assert.Equal(t, []string{"audit.services.create", "audit.services.update", "audit.services.create", "audit.services.update"}, subjects)
	for _, secret := range []string{webhook.GetSecret(), rotated.GetSecret(), "other-instance-key", newKey} {
		assert.NotContains(t, dump.String(), secret)
	}
	assert.Contains(t, updates[webhook.GetId()], `"secret":"[redacted]"`, "a rotation is recorded")
	assert.Contains(t, updates[mirror.GetId()], `"api_key":"[redacted]"`)
}
