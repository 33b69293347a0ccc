package notify

import (
	"context"
	"fmt"

	"github.com/vidhost/vidhost/pkg/mail"
)

// Notice is one event worth an email: who it concerns and what to say.
type Notice struct {
	// EventID is the event's meta id: with a user's id, it makes the send
	// idempotent.
	EventID   string
	AccountID string
	// Name is the notification name users choose (users.Notifications).
	Name    string
	Subject string
	Body    string
}

// Recipient is a user who chose the notice's name.
type Recipient struct {
	ID, Email, Name string
}

// Sender sends one email; *mail.Mailer is one.
type Sender interface {
	Send(ctx context.Context, msg mail.Message) error
}

// Store finds recipients and remembers what was sent.
type Store interface {
	// Recipients returns the account's enabled users whose notifications
	// contain name.
	Recipients(ctx context.Context, accountID, name string) ([]Recipient, error)
	// Sent reports whether the notice of eventID was sent to userID.
	Sent(ctx context.Context, accountID, eventID, userID string) (bool, error)
	// RecordSent remembers that it was.
	RecordSent(ctx context.Context, accountID, eventID, userID string) error
}

// Notifier sends notices to the users who chose them.
type Notifier struct {
	store  Store
	sender Sender
}

// New returns a Notifier over store, sending through sender.
func New(store Store, sender Sender) *Notifier {
	return &Notifier{store: store, sender: sender}
}

// Deliver emails n to each recipient it was not sent to yet. A send is
// recorded only once it succeeded, so a failure is retried with the event
// and reaches only those still waiting. (The service dying between a send
// and its record would send that one mail again: at least once, for a mail.)
func (n *Notifier) Deliver(ctx context.Context, notice Notice) error {
	recipients, err := n.store.Recipients(ctx, notice.AccountID, notice.Name)
	if err != nil {
		return err
	}
	for _, r := range recipients {
		if err := n.deliverTo(ctx, notice, r); err != nil {
			return err
		}
	}
	return nil
}

func (n *Notifier) deliverTo(ctx context.Context, notice Notice, r Recipient) error {
	sent, err := n.store.Sent(ctx, notice.AccountID, notice.EventID, r.ID)
	if err != nil || sent {
		return err
	}
	msg := mail.Message{To: r.Email, Subject: notice.Subject, Body: notice.Body}
	if err := n.sender.Send(ctx, msg); err != nil {
		return fmt.Errorf("notify: %s to user %s: %w", notice.Name, r.ID, err)
	}
	return n.store.RecordSent(ctx, notice.AccountID, notice.EventID, r.ID)
}
