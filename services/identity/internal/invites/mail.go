package invites

import (
	"context"
	"fmt"
	"strings"

	"github.com/vidhost/vidhost/pkg/mail"
	"github.com/vidhost/vidhost/pkg/timefmt"
)

// Mailer sends one email; *mail.Mailer is one.
type Mailer interface {
	Send(ctx context.Context, msg mail.Message) error
}

// AcceptPath is the gateway's page that takes an invite's token. The token
// rides in the fragment (#token=…), which browsers never send, so it stays
// out of access logs and Referer headers; the page's script reads it.
const AcceptPath = "/invites/accept"

// Letter is an invite ready to be mailed: its token exists only here, in
// memory, between the commit and the send.
type Letter struct {
	Invite      Invite
	Token       string
	AccountName string
	// Inviter is who invited; zero for the operator.
	Inviter Inviter
}

// link is the page the invitee opens.
func link(publicURL, token string) string {
	return strings.TrimSuffix(publicURL, "/") + AcceptPath + "#token=" + token
}

// message is the invitation email, plain text.
func (l Letter) message(publicURL string) mail.Message {
	who := "The operator of this Vidhost installation"
	switch {
	case l.Inviter.UserName != "":
		who = l.Inviter.UserName
	case l.Inviter.KeyName != "":
		who = fmt.Sprintf("Someone using the API key %q", l.Inviter.KeyName)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Hello,\n\n%s invited you to join the account %q on Vidhost as %s.\n\n", who, l.AccountName, article(l.Invite.Role))
	fmt.Fprintf(&b, "To accept, choose your name and a password here:\n\n%s\n\n", link(publicURL, l.Token))
	fmt.Fprintf(&b, "The link works once and until %s. If you did not expect this email, ignore it.\n",
		timefmt.Format(l.Invite.ExpiresTime))
	return mail.Message{
		To:      l.Invite.Email,
		Subject: fmt.Sprintf("You are invited to %s on Vidhost", l.AccountName),
		Body:    b.String(),
	}
}

// notice tells a user who asked for user.invited that someone was invited.
func (l Letter) notice(to string) mail.Message {
	return mail.Message{
		To:      to,
		Subject: fmt.Sprintf("%s was invited to %s", l.Invite.Email, l.AccountName),
		Body: fmt.Sprintf("Hello,\n\n%s was invited to the account %q as %s.\n\n"+
			"You receive this because your notifications include user.invited.\n",
			l.Invite.Email, l.AccountName, article(l.Invite.Role)),
	}
}

func article(role string) string {
	if role == "owner" || role == "admin" || role == "uploader" {
		return "an " + role
	}
	return "a " + role
}
