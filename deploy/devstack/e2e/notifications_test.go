package e2e

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/mailpit"
)

// chooseNotifications sets the suite owner's notifications.
func chooseNotifications(t *testing.T, names ...string) {
	t.Helper()
	var list []user
	mustOK(t, call(t, "GET", "/v2/users?limit=25", ownerOf(t), nil)).decode(t, &list)
	require.NotEmpty(t, list)
	mustOK(t, call(t, "PATCH", "/v2/users/"+list[0].ID, ownerOf(t), map[string]any{"notifications": names}))
}

// requireNotified waits for the one mail titled subject to the suite's
// owner and returns its text.
func requireNotified(t *testing.T, subject string) string {
	t.Helper()
	inbox := &mailpit.Server{URL: suiteOf(t).MailpitURL()}
	var found []mailpit.Summary
	require.Eventually(t, func() bool {
		summaries, err := inbox.Messages(t.Context())
		require.NoError(t, err)
		found = found[:0]
		for _, s := range summaries {
			if s.Subject == subject && len(s.To) == 1 && s.To[0].Address == suiteOf(t).Credentials.OwnerEmail {
				found = append(found, s)
			}
		}
		return len(found) > 0
	}, 15*time.Second, 50*time.Millisecond, "no mail %q to the owner", subject)
	assert.Len(t, found, 1, "one mail per event")
	msg, err := inbox.Message(t.Context(), found[0].ID)
	require.NoError(t, err)
	return msg.Text
}
