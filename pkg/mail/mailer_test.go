package mail_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/mail"
	"github.com/vidhost/vidhost/pkg/mailpit"
)

// TestSendThroughMailpit sends one message to a Mailpit child process and
// reads it back through Mailpit's HTTP API (about one second).
func TestSendThroughMailpit(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	server, err := mailpit.Start(ctx)
	require.NoError(t, err)
	t.Cleanup(server.Stop)

	mailer, err := mail.New(mail.Config{
		Host: server.SMTPHost, Port: server.SMTPPort,
		User: "vidhost", Password: "not-checked-by-mailpit",
		From: "Vidhost <no-reply@vidhost.test>", Timeout: 5 * time.Second,
	})
	require.NoError(t, err)
	require.NoError(t, mailer.Send(ctx, mail.Message{
		To: "Ada <ada@example.test>", Subject: "Welcome to Vidhost ✓",
		Body: "Hello Ada,\nyour link: http://127.0.0.1/invite?token=abc\n",
	}))

	summaries, err := server.Messages(ctx)
	require.NoError(t, err)
	require.Len(t, summaries, 1)
	got, err := server.Message(ctx, summaries[0].ID)
	require.NoError(t, err)
	assert.Equal(t, "Welcome to Vidhost ✓", got.Subject)
	assert.Equal(t, "no-reply@vidhost.test", got.From.Address)
	require.Len(t, got.To, 1)
	assert.Equal(t, "ada@example.test", got.To[0].Address)
	assert.Contains(t, got.Text, "http://127.0.0.1/invite?token=abc")
}

func TestNewAndSendRefuseBadAddresses(t *testing.T) {
	_, err := mail.New(mail.Config{Host: "127.0.0.1", Port: 25, From: "not an address"})
	require.Error(t, err)
	_, err = mail.New(mail.Config{Port: 25, From: "a@example.test"})
	require.Error(t, err)

	mailer, err := mail.New(mail.Config{Host: "127.0.0.1", Port: 1, From: "a@example.test", Timeout: time.Second})
	require.NoError(t, err)
	err = mailer.Send(context.Background(), mail.Message{To: "bad\r\nBcc: x@example.test", Subject: "s", Body: "b"})
	require.Error(t, err, "a recipient with a header injection is refused before dialing")
}
