package invites

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
	"github.com/vidhost/vidhost/services/identity/internal/opaque"
)

func TestInputValidate(t *testing.T) {
	tests := []struct {
		name string
		in   Input
		want string // the error, or "" for none
	}{
		{"valid, lower-cased", Input{Email: "Ada@Example.COM", Role: "viewer"}, ""},
		{"no address", Input{Email: "ada", Role: "viewer"}, "email must be an email address"},
		{"display name form", Input{Email: "Ada <ada@example.com>", Role: "viewer"}, "email must be an email address"},
		{"unknown role", Input{Email: "ada@example.com", Role: "root"}, "role must be one of viewer, uploader, admin, owner"},
		{"empty name sent", Input{Email: "ada@example.com", Role: "viewer", NameSet: true}, "name must be 1-100 characters"},
		{"long name", Input{Email: "ada@example.com", Role: "viewer", Name: strings.Repeat("é", 101), NameSet: true}, "name must be 1-100 characters"},
		{"100 characters", Input{Email: "ada@example.com", Role: "viewer", Name: strings.Repeat("é", 100), NameSet: true}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.in.Validate()
			if tt.want != "" {
				require.EqualError(t, err, tt.want)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, strings.ToLower(tt.in.Email), got.Email)
		})
	}
}

func TestStatus(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	inv := Invite{ExpiresTime: now.Add(time.Minute)}
	assert.Equal(t, StatusPending, inv.Status(now))
	assert.Equal(t, StatusExpired, inv.Status(now.Add(time.Minute)), "expired at the instant")
	inv.AcceptedTime = now
	assert.Equal(t, StatusAccepted, inv.Status(now.Add(time.Hour)), "accepted stays accepted")
}

func TestCheckSeats(t *testing.T) {
	require.NoError(t, checkSeats("free", 0))
	err := checkSeats("free", 1)
	var denied *apperr.Denied
	require.ErrorAs(t, err, &denied)
	assert.Equal(t, apperr.CodePlanRequired, denied.Code)
	assert.Equal(t, "more than 1 user requires the pro plan or higher", denied.Reason)
	assert.EqualError(t, checkSeats("pro", 10), "more than 10 users requires the enterprise plan or higher")
	assert.EqualError(t, checkSeats("enterprise", 1000), "more than 1000 users is not included in any plan")
}

func TestOnlyAnOwnerInvitesAnOwner(t *testing.T) {
	svc := NewService(nil, nil, "https://v.example", nil) // refused before the store is used
	svc.roleOf = func(principal.Principal) string { return roles.Admin }
	_, err := svc.Create(context.Background(), principal.Principal{AccountID: "acc"}, Input{Email: "a@example.com", Role: roles.Owner})
	var denied *apperr.Denied
	require.ErrorAs(t, err, &denied)
	assert.Equal(t, "only an owner can invite an owner", denied.Reason)
}

func TestTokenAndMessage(t *testing.T) {
	token, hash := opaque.New()
	assert.Len(t, token, 43, "32 bytes, unpadded URL-safe base64")
	assert.True(t, opaque.WellFormed(token))
	assert.False(t, opaque.WellFormed(token[1:]))
	assert.Equal(t, opaque.Hash(token), hash)
	other, _ := opaque.New()
	assert.NotEqual(t, token, other)

	l := Letter{Invite: Invite{Email: "ada@example.com", Role: "viewer", ExpiresTime: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)},
		Token: token, AccountName: "Acme", Inviter: Inviter{UserName: "Grace"}}
	msg := l.message("https://videos.example.com/")
	assert.Equal(t, "ada@example.com", msg.To)
	assert.Equal(t, "You are invited to Acme on Vidhost", msg.Subject)
	assert.Contains(t, msg.Body, `Grace invited you to join the account "Acme" on Vidhost as a viewer.`)
	assert.Contains(t, msg.Body, "https://videos.example.com/invites/accept#token="+token+"\n")
	assert.Contains(t, msg.Body, "until 2026-12-01T00:00:00.000Z")
}
