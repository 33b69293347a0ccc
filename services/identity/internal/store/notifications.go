package store

import (
	"context"
	"fmt"

	"github.com/vidhost/vidhost/services/identity/internal/notify"
	"github.com/vidhost/vidhost/services/identity/internal/store/db"
)

// Notifications returns the notifier's view of the store.
func (s *Store) Notifications() notify.Store { return notificationStore{q: s.q} }

// notificationStore implements notify.Store.
type notificationStore struct{ q *db.Queries }

// Recipients returns the account's enabled users who chose name.
func (n notificationStore) Recipients(ctx context.Context, accountID, name string) ([]notify.Recipient, error) {
	rows, err := n.q.ListNotificationRecipients(ctx, db.ListNotificationRecipientsParams{AccountID: accountID, Name: name})
	if err != nil {
		return nil, fmt.Errorf("store: notification recipients: %w", err)
	}
	out := make([]notify.Recipient, len(rows))
	for i, r := range rows {
		out[i] = notify.Recipient{ID: r.ID, Email: r.Email, Name: r.Name}
	}
	return out, nil
}

// Sent reports whether the notice of eventID went to userID.
func (n notificationStore) Sent(ctx context.Context, accountID, eventID, userID string) (bool, error) {
	sent, err := n.q.NotificationSent(ctx, db.NotificationSentParams{AccountID: accountID, EventID: eventID, UserID: userID})
	if err != nil {
		return false, fmt.Errorf("store: notification sent: %w", err)
	}
	return sent, nil
}

// RecordSent remembers that it did.
func (n notificationStore) RecordSent(ctx context.Context, accountID, eventID, userID string) error {
	err := n.q.RecordNotificationSent(ctx, db.RecordNotificationSentParams{AccountID: accountID, EventID: eventID, UserID: userID})
	if err != nil {
		return fmt.Errorf("store: record notification: %w", err)
	}
	return nil
}
