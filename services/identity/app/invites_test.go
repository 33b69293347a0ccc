package app_test

import (
	"crypto/sha256"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/mailpit"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	"github.com/vidhost/vidhost/services/identity/app"
)

// The invite tests run identity against a real Mailpit (about a second to
// start) and read the links back from its API.

// inviteBundle is identity with its mail going to a Mailpit.
type inviteBundle struct {
	*testBundle
	mail *mailpit.Server
}

func setupInvites(t *testing.T) inviteBundle {
	t.Helper()
	// The process lives as long as the context given to Start: the test's.
	server, err := mailpit.Start(t.Context())
	require.NoError(t, err)
	t.Cleanup(server.Stop)
	tb := setupWith(t, func(cfg *app.Config) {
		cfg.SMTP.Host, cfg.SMTP.Port, cfg.SMTP.From, cfg.SMTP.Timeout = server.SMTPHost, server.SMTPPort, "Vidhost <no-reply@vidhost.test>", 5*time.Second
	})
	return inviteBundle{testBundle: tb, mail: server}
}

var tokenInLink = regexp.MustCompile(`https://videos\.example\.com/invites/accept#token=([A-Za-z0-9_-]{43})\b`)

// mailTo returns the texts of the mails caught for to, newest first.
func (ib inviteBundle) mailTo(t *testing.T, to string) []mailpit.Message {
	t.Helper()
	summaries, err := ib.mail.Messages(t.Context())
	require.NoError(t, err)
	var out []mailpit.Message
	for _, s := range summaries {
		if len(s.To) == 1 && s.To[0].Address == to {
			msg, err := ib.mail.Message(t.Context(), s.ID)
			require.NoError(t, err)
			out = append(out, msg)
		}
	}
	return out
}

// latestToken is the token of the newest invite mailed to to.
func (ib inviteBundle) latestToken(t *testing.T, to string) string {
	t.Helper()
	mails := ib.mailTo(t, to)
	require.NotEmpty(t, mails, "no mail to %s", to)
	m := tokenInLink.FindStringSubmatch(mails[0].Text)
	require.NotNil(t, m, "no link in %q", mails[0].Text)
	return m[1]
}

func (ib inviteBundle) invite(t *testing.T, p principal.Principal, email, role string) *identityv1.Invite {
	t.Helper()
	inv, err := ib.client.CreateInvite(as(t, p), &identityv1.CreateInviteRequest{Email: email, Role: role})
	require.NoError(t, err)
	return inv
}

func (ib inviteBundle) accept(t *testing.T, token, name, password string) (*identityv1.AcceptInviteResponse, error) {
	t.Helper()
	return ib.client.AcceptInvite(t.Context(), &identityv1.AcceptInviteRequest{Token: token, Name: name, Password: password})
}

// requireInviteInvalid asserts the one answer to a token that cannot be used.
func requireInviteInvalid(t *testing.T, err error) {
	t.Helper()
	grpcxtest.RequireStatus(t, err, codes.FailedPrecondition, "this invite link is invalid or has expired")
	assert.Equal(t, apperr.CodeInviteInvalid, apperr.CodeOf(status.Convert(err)))
}

func TestInviteMailedAndAccepted(t *testing.T) {
	t.Parallel()
	ib := setupInvites(t)
	before := time.Now().UTC().Add(-time.Second)
	viaKey := ib.ownerA
	viaKey.ActorID = viaKey.KeyID // as the gateway records a key's requests
	inv, err := ib.client.CreateInvite(as(t, viaKey), &identityv1.CreateInviteRequest{
		Email: "New.Person@Example.com", Role: "uploader", Name: proto.String("  Newcomer "),
	})
	require.NoError(t, err)
	assert.Equal(t, "new.person@example.com", inv.GetEmail(), "stored lower-cased")
	assert.Equal(t, "uploader", inv.GetRole())
	assert.Equal(t, "Newcomer", inv.GetName())
	assert.Equal(t, "pending", inv.GetStatus())
	assert.Equal(t, viaKey.KeyID, inv.GetCreatedBy())
	created, err := time.Parse(time.RFC3339, inv.GetCreatedTime())
	require.NoError(t, err)
	expires, err := time.Parse(time.RFC3339, inv.GetExpiresTime())
	require.NoError(t, err)
	assert.WithinDuration(t, before, created, 5*time.Second)
	assert.Equal(t, 7*24*time.Hour, expires.Sub(created), "a week to accept")

	mails := ib.mailTo(t, "new.person@example.com")
	require.Len(t, mails, 1)
	assert.Equal(t, "You are invited to Default on Vidhost", mails[0].Subject)
	assert.Contains(t, mails[0].Text, `Someone using the API key "bootstrap" invited you to join the account "Default" on Vidhost as an uploader.`)
	token := ib.latestToken(t, "new.person@example.com")

	// Only the token's SHA-256 is at rest.
	assertNowhereInDatabase(t, ib.testBundle, token)
	sum := sha256.Sum256([]byte(token))
	var stored []byte
	require.NoError(t, ib.pool.QueryRow(t.Context(), "SELECT token_hash FROM invites WHERE id = $1", inv.GetId()).Scan(&stored))
	assert.Equal(t, sum[:], stored)

	_, err = ib.accept(t, token, "Newcomer", "short")
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "password must be 10-128 characters")
	_, err = ib.accept(t, token, " ", "long enough password")
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "name must be 1-100 characters")

	joined, err := ib.accept(t, token, "Ada Newcomer", "correct horse battery")
	require.NoError(t, err)
	assert.Equal(t, ib.ownerA.AccountID, joined.GetAccountId())
	u, err := ib.client.GetUser(as(t, ib.ownerA), &identityv1.GetUserRequest{Id: joined.GetUserId()})
	require.NoError(t, err)
	assert.Equal(t, "new.person@example.com", u.GetEmail())
	assert.Equal(t, "Ada Newcomer", u.GetName())
	assert.Equal(t, "uploader", u.GetRole())
	assert.True(t, u.GetVerifiedEmail())
	assert.True(t, u.GetEnabled())
	var hash string
	require.NoError(t, ib.pool.QueryRow(t.Context(), "SELECT password_hash FROM users WHERE id = $1", u.GetId()).Scan(&hash))
	assert.True(t, strings.HasPrefix(hash, "$argon2id$"))

	_, err = ib.accept(t, token, "Again", "correct horse battery")
	requireInviteInvalid(t, err)
	got, err := ib.client.GetInvite(as(t, ib.ownerA), &identityv1.GetInviteRequest{Id: inv.GetId()})
	require.NoError(t, err)
	assert.Equal(t, "accepted", got.GetStatus())
	assert.NotEmpty(t, got.GetAcceptedTime())
	_, err = ib.client.ResendInvite(as(t, ib.ownerA), &identityv1.ResendInviteRequest{Id: inv.GetId()})
	grpcxtest.RequireStatus(t, err, codes.AlreadyExists, "this invite was already accepted")
}

func TestInviteRefusals(t *testing.T) {
	t.Parallel()
	ib := setupInvites(t)
	ctx := as(t, ib.ownerA)
	ib.invite(t, ib.ownerA, "pending@example.com", "viewer")
	long := strings.Repeat("n", 101)
	for _, tc := range []struct {
		name    string
		req     *identityv1.CreateInviteRequest
		code    codes.Code
		message string
	}{
		{"already a user here", &identityv1.CreateInviteRequest{Email: "Owner@example.com", Role: "viewer"}, codes.AlreadyExists, "email is already a user's email"},
		{"already invited", &identityv1.CreateInviteRequest{Email: "PENDING@example.com", Role: "admin"}, codes.AlreadyExists, "email already has a pending invite to this account: resend it instead"},
		{"bad email", &identityv1.CreateInviteRequest{Email: "not an email", Role: "viewer"}, codes.InvalidArgument, "email must be an email address"},
		{"unknown role", &identityv1.CreateInviteRequest{Email: "x@example.com", Role: "king"}, codes.InvalidArgument, "role must be one of viewer, uploader, admin, owner"},
		{"empty name", &identityv1.CreateInviteRequest{Email: "x@example.com", Role: "viewer", Name: proto.String("")}, codes.InvalidArgument, "name must be 1-100 characters"},
		{"long name", &identityv1.CreateInviteRequest{Email: "x@example.com", Role: "viewer", Name: proto.String(long)}, codes.InvalidArgument, "name must be 1-100 characters"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ib.client.CreateInvite(ctx, tc.req)
			grpcxtest.RequireStatus(t, err, tc.code, tc.message)
		})
	}
	_, err := ib.client.CreateInvite(as(t, readOnly(ib.ownerA)), &identityv1.CreateInviteRequest{Email: "x@example.com", Role: "viewer"})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "this API key is read-only")
	list, err := ib.client.ListInvites(ctx, &identityv1.ListInvitesRequest{})
	require.NoError(t, err)
	assert.Len(t, list.GetItems(), 1, "nothing refused was stored")
}

// Issue 26 #9: inviting another account's user must answer as inviting a
// new address does, or invites would enumerate other tenants' users. The
// clash is found at acceptance and told only to the address's owner; the
// inviting account sees its invite stay pending, and no user is made.
func TestInvitingAnotherAccountsUserRevealsNothing(t *testing.T) {
	t.Parallel()
	ib := setupInvites(t)
	addUser(t, ib.testBundle, ib.ownerB.AccountID, "elsewhere@example.com", "owner")

	theirs := ib.invite(t, ib.ownerA, "elsewhere@example.com", "viewer")
	fresh := ib.invite(t, ib.ownerA, "nobody.yet@example.com", "viewer")
	assert.Equal(t, fresh.GetStatus(), theirs.GetStatus())
	assert.Equal(t, "pending", theirs.GetStatus())
	assert.Len(t, ib.mailTo(t, "elsewhere@example.com"), 1, "mailed as any invite")

	_, err := ib.accept(t, ib.latestToken(t, "elsewhere@example.com"), "Someone", "correct horse battery")
	grpcxtest.RequireStatus(t, err, codes.AlreadyExists, "this email address already belongs to a user of another account, and an "+
		"address can belong to one account only: sign in with it, or ask to be invited at another address")
	got, err := ib.client.GetInvite(as(t, ib.ownerA), &identityv1.GetInviteRequest{Id: theirs.GetId()})
	require.NoError(t, err)
	assert.Equal(t, "pending", got.GetStatus(), "the inviting account learns nothing")
	var users int
	require.NoError(t, ib.pool.QueryRow(t.Context(), "SELECT count(*) FROM users WHERE email = $1", "elsewhere@example.com").Scan(&users))
	assert.Equal(t, 1, users, "still only account B's user")
}

func TestInviteResendRevokeAndExpiry(t *testing.T) {
	t.Parallel()
	ib := setupInvites(t)
	ctx := as(t, ib.ownerA)
	inv := ib.invite(t, ib.ownerA, "later@example.com", "viewer")
	first := ib.latestToken(t, "later@example.com")

	// Resend: a new link, the old one dead, the week starting again.
	_, err := ib.pool.Exec(t.Context(), "UPDATE invites SET expires_time = now() - interval '1 minute' WHERE id = $1", inv.GetId())
	require.NoError(t, err)
	got, err := ib.client.GetInvite(ctx, &identityv1.GetInviteRequest{Id: inv.GetId()})
	require.NoError(t, err)
	assert.Equal(t, "expired", got.GetStatus())
	_, err = ib.accept(t, first, "Later", "long enough password")
	requireInviteInvalid(t, err)

	resent, err := ib.client.ResendInvite(ctx, &identityv1.ResendInviteRequest{Id: inv.GetId()})
	require.NoError(t, err)
	assert.Equal(t, "pending", resent.GetStatus())
	expires, err := time.Parse(time.RFC3339, resent.GetExpiresTime())
	require.NoError(t, err)
	assert.WithinDuration(t, time.Now().Add(7*24*time.Hour), expires, time.Minute)
	second := ib.latestToken(t, "later@example.com")
	require.NotEqual(t, first, second)
	assert.Len(t, ib.mailTo(t, "later@example.com"), 2)
	_, err = ib.accept(t, first, "Later", "long enough password")
	requireInviteInvalid(t, err)

	// Revoke: the current link dies at once, and the invite is gone.
	_, err = ib.client.DeleteInvite(ctx, &identityv1.DeleteInviteRequest{Id: inv.GetId()})
	require.NoError(t, err)
	_, err = ib.accept(t, second, "Later", "long enough password")
	requireInviteInvalid(t, err)
	_, err = ib.client.GetInvite(ctx, &identityv1.GetInviteRequest{Id: inv.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = ib.accept(t, "garbage", "Later", "long enough password")
	requireInviteInvalid(t, err)

	// An expired invite makes way for a new one to the same address.
	again := ib.invite(t, ib.ownerA, "later@example.com", "viewer")
	_, err = ib.pool.Exec(t.Context(), "UPDATE invites SET expires_time = now() - interval '1 minute' WHERE id = $1", again.GetId())
	require.NoError(t, err)
	third := ib.invite(t, ib.ownerA, "later@example.com", "admin")
	assert.Equal(t, "admin", third.GetRole())
}

// Account B (free: one user) may have one user or pending invite; the next
// one needs a bigger plan. Nor does B see anything of A's invites.
func TestInviteUserLimitAndIsolation(t *testing.T) {
	t.Parallel()
	ib := setupInvites(t)
	ctxB := as(t, ib.ownerB)
	ib.invite(t, ib.ownerB, "first@example.com", "owner")
	_, err := ib.client.CreateInvite(ctxB, &identityv1.CreateInviteRequest{Email: "second@example.com", Role: "viewer"})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "more than 1 user requires the pro plan or higher")
	assert.Equal(t, apperr.CodePlanRequired, apperr.CodeOf(status.Convert(err)))

	ofA := ib.invite(t, ib.ownerA, "of-a@example.com", "viewer")
	_, err = ib.client.GetInvite(ctxB, &identityv1.GetInviteRequest{Id: ofA.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = ib.client.ResendInvite(ctxB, &identityv1.ResendInviteRequest{Id: ofA.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = ib.client.DeleteInvite(ctxB, &identityv1.DeleteInviteRequest{Id: ofA.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	list, err := ib.client.ListInvites(ctxB, &identityv1.ListInvitesRequest{Limit: proto.Int32(10)})
	require.NoError(t, err)
	require.Len(t, list.GetItems(), 1)
	assert.Equal(t, "first@example.com", list.GetItems()[0].GetEmail())
	assert.Len(t, ib.mailTo(t, "of-a@example.com"), 1, "A's invite was not resent by B")
}

// The owner named by the operator gets an invite that completes their user.
func TestAccountOwnerInvite(t *testing.T) {
	t.Parallel()
	ib := setupInvites(t)
	created := ib.createAccount(t, ib.adminClient(t), "Acme", "Boss@Acme.example", "")
	assert.True(t, created.GetOwnerInviteSent())
	mails := ib.mailTo(t, "boss@acme.example")
	require.Len(t, mails, 1)
	assert.Contains(t, mails[0].Text, `The operator of this Vidhost installation invited you to join the account "Acme" on Vidhost as an owner.`)

	joined, err := ib.accept(t, ib.latestToken(t, "boss@acme.example"), "The Boss", "long enough password")
	require.NoError(t, err)
	assert.Equal(t, created.GetOwnerUserId(), joined.GetUserId(), "the existing owner, completed")
	owner := principal.Principal{AccountID: created.GetAccount().GetId(), ActorID: "x"}
	u, err := ib.client.GetUser(as(t, owner), &identityv1.GetUserRequest{Id: joined.GetUserId()})
	require.NoError(t, err)
	assert.Equal(t, "The Boss", u.GetName())
	assert.Equal(t, "owner", u.GetRole())
	assert.True(t, u.GetVerifiedEmail())
	var count int
	require.NoError(t, ib.pool.QueryRow(t.Context(), "SELECT count(*) FROM users WHERE email = 'boss@acme.example'").Scan(&count))
	assert.Equal(t, 1, count)
}

// A user who asked for user.invited hears of each invite.
func TestInviteNotifiesWatchers(t *testing.T) {
	t.Parallel()
	ib := setupInvites(t)
	owner := firstOwner(t, ib.testBundle)
	_, err := ib.client.UpdateUser(as(t, ib.ownerA), patchUser(owner.GetId(), &identityv1.User{Notifications: []string{"user.invited"}}, "notifications"))
	require.NoError(t, err)
	ib.invite(t, ib.ownerA, "watched@example.com", "viewer")
	notices := ib.mailTo(t, "owner@example.com")
	require.Len(t, notices, 1)
	assert.Equal(t, "watched@example.com was invited to Default", notices[0].Subject)
}

// Invites racing for an account's last seat: the account's row lock lets
// exactly one through.
func TestInvitesRaceForTheLastSeat(t *testing.T) {
	t.Parallel()
	ib := setupInvites(t)
	ctxB := as(t, ib.ownerB) // free, no user yet: one seat
	const racers = 8
	errs := make(chan error, racers)
	for i := range racers {
		go func() {
			_, err := ib.client.CreateInvite(ctxB, &identityv1.CreateInviteRequest{
				Email: "racer" + string(rune('a'+i)) + "@example.com", Role: "viewer",
			})
			errs <- err
		}()
	}
	var won int
	for range racers {
		if err := <-errs; err == nil {
			won++
		} else {
			grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "more than 1 user requires the pro plan or higher")
		}
	}
	assert.Equal(t, 1, won)
}

// TestInviteLifecycleIsAudited: made, resent, accepted (by the new user,
// from the address the gateway saw) and revoked invites are in the log, and
// no link's token is.
func TestInviteLifecycleIsAudited(t *testing.T) {
	t.Parallel()
	ib := setupInvites(t)
	p := ib.ownerA
	p.ActorType, p.ActorID, p.ClientIP = principal.ActorAPIKey, p.KeyID, "198.51.100.9"
	p.Role = roles.Owner                                  // an operator key (docs/roles.md)
	base := len(waitForAuditLogs(t, ib.testBundle, p, 1)) // the bootstrap's first key

	joining := ib.invite(t, p, "joiner@example.com", "viewer")
	firstToken := ib.latestToken(t, "joiner@example.com")
	_, err := ib.client.ResendInvite(as(t, p), &identityv1.ResendInviteRequest{Id: joining.GetId()})
	require.NoError(t, err)
	token := ib.latestToken(t, "joiner@example.com")
	joined, err := ib.client.AcceptInvite(t.Context(), &identityv1.AcceptInviteRequest{
		Token: token, Name: "Joiner", Password: "correct horse battery", ClientIp: "203.0.113.50"})
	require.NoError(t, err)
	revoked := ib.invite(t, p, "revoked@example.com", "admin")
	revokedToken := ib.latestToken(t, "revoked@example.com")
	_, err = ib.client.DeleteInvite(as(t, p), &identityv1.DeleteInviteRequest{Id: revoked.GetId()})
	require.NoError(t, err)

	items := waitForAuditLogs(t, ib.testBundle, p, base+6)
	require.Len(t, items, base+6)
	type seen struct{ entity, id, action, actorType, actor, ip string }
	var got []seen
	for _, e := range items[:6] {
		got = append(got, seen{e.GetEntityType(), e.GetEntityId(), e.GetActionType(), e.GetActorType(), e.GetActorId(), e.GetActionIp()})
		for _, secret := range []string{firstToken, token, revokedToken, "correct horse battery"} {
			assert.NotContains(t, e.GetActionData(), secret, "%s %s records a secret", e.GetEntityType(), e.GetActionType())
		}
	}
	key, user := p.KeyID, joined.GetUserId()
	assert.ElementsMatch(t, []seen{
		{"invites", joining.GetId(), "create", "api_key", key, "198.51.100.9"},
		{"invites", joining.GetId(), "resend", "api_key", key, "198.51.100.9"},
		{"users", user, "create", "user", user, "203.0.113.50"},
		{"invites", joining.GetId(), "accept", "user", user, "203.0.113.50"},
		{"invites", revoked.GetId(), "create", "api_key", key, "198.51.100.9"},
		{"invites", revoked.GetId(), "delete", "api_key", key, "198.51.100.9"},
	}, got)
}
