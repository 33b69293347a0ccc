package app_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	"github.com/vidhost/vidhost/services/identity/internal/mfa"
)

// sessionClient calls the session service as the gateway does.
func (tb *testBundle) sessionClient(t *testing.T) identityv1.SessionServiceClient {
	t.Helper()
	conn, err := grpcx.Dial(tb.addr, grpcx.CallerCredentials(root, grpcx.Gateway))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	return identityv1.NewSessionServiceClient(conn)
}

// owner is the bootstrap owner acting as a signed-in person.
func (tb *testBundle) owner() principal.Principal {
	return principal.Principal{AccountID: tb.bootstrap.AccountID, ActorID: tb.bootstrap.UserID,
		ActorType: principal.ActorUser, Role: roles.Owner, ClientIP: "192.0.2.1"}
}

func (tb *testBundle) signIn(t *testing.T, sc identityv1.SessionServiceClient, password, code string) (*identityv1.SignInResponse, error) {
	t.Helper()
	return sc.SignIn(t.Context(), &identityv1.SignInRequest{Email: tb.bootstrap.Email, Password: password, Code: code,
		ClientIp: "192.0.2.1", UserAgent: "test"})
}

func TestSessionMethodsCheckTheirCaller(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	grpcxtest.CheckAccess(t, tb.addr, root, &identityv1.SessionService_ServiceDesc)
}

func TestSignInStartsASessionThatSignOutEnds(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	sc := tb.sessionClient(t)
	in, err := tb.signIn(t, sc, tb.bootstrap.Password, "")
	require.NoError(t, err)
	assert.Len(t, in.GetToken(), 43)
	assert.Equal(t, tb.bootstrap.UserID, in.GetSession().GetUserId())
	assert.NotEmpty(t, in.GetSession().GetCsrfToken())

	got, err := sc.ResolveSession(t.Context(), &identityv1.ResolveSessionRequest{Token: in.GetToken()})
	require.NoError(t, err)
	assert.Equal(t, roles.Owner, got.GetRole())
	assert.Equal(t, in.GetSession().GetCsrfToken(), got.GetSession().GetCsrfToken())

	_, err = sc.SignOut(t.Context(), &identityv1.SignOutRequest{Token: in.GetToken()})
	require.NoError(t, err)
	_, err = sc.ResolveSession(t.Context(), &identityv1.ResolveSessionRequest{Token: in.GetToken()})
	grpcxtest.RequireStatus(t, err, codes.Unauthenticated, "this session is invalid or has expired: sign in again")
}

func TestBadSignInsGetOneAnswerAndAreAudited(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	sc := tb.sessionClient(t)
	const failed = "email or password is incorrect"
	_, err := tb.signIn(t, sc, "wrong password!", "")
	grpcxtest.RequireStatus(t, err, codes.Unauthenticated, failed)
	_, err = sc.SignIn(t.Context(), &identityv1.SignInRequest{Email: "nobody@example.com", Password: tb.bootstrap.Password})
	grpcxtest.RequireStatus(t, err, codes.Unauthenticated, failed)
	_, err = sc.ResolveSession(t.Context(), &identityv1.ResolveSessionRequest{Token: strings.Repeat("A", 43)})
	grpcxtest.RequireStatus(t, err, codes.Unauthenticated, "this session is invalid or has expired: sign in again")

	var count int
	require.NoError(t, tb.pool.QueryRow(t.Context(), "SELECT count(*) FROM sessions").Scan(&count))
	assert.Zero(t, count, "no session started")
	entry := waitForSignIn(t, tb, "failure")
	assert.Equal(t, "system", entry.GetActorType())
	assert.Equal(t, "192.0.2.1", entry.GetActionIp())
	assert.Contains(t, entry.GetActionData(), `"email":"owner@example.com"`)
	assert.NotContains(t, entry.GetActionData(), "wrong password")
}

func TestFailedSignInsAreRateLimitedPerEmail(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	sc := tb.sessionClient(t)
	for range 10 {
		_, err := tb.signIn(t, sc, "wrong password!", "")
		grpcxtest.RequireStatus(t, err, codes.Unauthenticated, "email or password is incorrect")
	}
	_, err := tb.signIn(t, sc, tb.bootstrap.Password, "")
	grpcxtest.RequireStatus(t, err, codes.ResourceExhausted, "too many failed sign-ins: try again in 15 minutes")
}

func TestTOTPEnrolmentAndSignInWithCodes(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	sc := tb.sessionClient(t)
	ctx := as(t, tb.owner())
	enrolment, err := sc.EnrolMfa(ctx, &identityv1.EnrolMfaRequest{})
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(enrolment.GetUri(), "otpauth://totp/Vidhost:owner@example.com?"))
	assert.True(t, strings.HasPrefix(enrolment.GetQrCode(), "data:image/png;base64,"))
	var stored []byte
	require.NoError(t, tb.pool.QueryRow(t.Context(), "SELECT totp_pending FROM users WHERE id = $1", tb.bootstrap.UserID).Scan(&stored))
	assert.NotContains(t, string(stored), enrolment.GetSecret(), "sealed at rest")

	_, err = sc.ConfirmMfa(ctx, &identityv1.ConfirmMfaRequest{Code: "000000"})
	grpcxtest.RequireStatus(t, err, codes.Unauthenticated, "the code is incorrect or was already used")
	confirmed, err := sc.ConfirmMfa(ctx, &identityv1.ConfirmMfaRequest{Code: codeAt(t, enrolment.GetSecret(), time.Now())})
	require.NoError(t, err)
	require.Len(t, confirmed.GetRecoveryCodes(), 10)
	user, err := tb.client.GetUser(as(t, tb.owner()), &identityv1.GetUserRequest{Id: tb.bootstrap.UserID})
	require.NoError(t, err)
	assert.True(t, user.GetMfaRequired())

	_, err = tb.signIn(t, sc, tb.bootstrap.Password, "")
	grpcxtest.RequireStatus(t, err, codes.Unauthenticated, "enter the code from your authenticator app, or a recovery code")
	_, err = tb.signIn(t, sc, tb.bootstrap.Password, "123456")
	grpcxtest.RequireStatus(t, err, codes.Unauthenticated, "the code is incorrect or was already used")
	// The confirming code's step is spent: the next step's code signs in once.
	next := codeAt(t, enrolment.GetSecret(), time.Now().Add(30*time.Second))
	_, err = tb.signIn(t, sc, tb.bootstrap.Password, next)
	require.NoError(t, err)
	_, err = tb.signIn(t, sc, tb.bootstrap.Password, next)
	grpcxtest.RequireStatus(t, err, codes.Unauthenticated, "the code is incorrect or was already used")

	_, err = sc.DisableMfa(ctx, &identityv1.DisableMfaRequest{Code: "654321"})
	grpcxtest.RequireStatus(t, err, codes.Unauthenticated, "the code is incorrect or was already used")
	user, err = tb.client.GetUser(as(t, tb.owner()), &identityv1.GetUserRequest{Id: tb.bootstrap.UserID})
	require.NoError(t, err)
	assert.True(t, user.GetMfaRequired(), "a wrong code turns nothing off")

	recovery := confirmed.GetRecoveryCodes()[0]
	_, err = tb.signIn(t, sc, tb.bootstrap.Password, recovery)
	require.NoError(t, err)
	_, err = tb.signIn(t, sc, tb.bootstrap.Password, recovery)
	grpcxtest.RequireStatus(t, err, codes.Unauthenticated, "the code is incorrect or was already used")

	_, err = sc.DisableMfa(ctx, &identityv1.DisableMfaRequest{Code: confirmed.GetRecoveryCodes()[1]})
	require.NoError(t, err)
	_, err = tb.signIn(t, sc, tb.bootstrap.Password, "")
	require.NoError(t, err, "no code needed once turned off")
}

func TestMFAEnrolmentIsForSignedInUsers(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	_, err := tb.sessionClient(t).EnrolMfa(as(t, tb.ownerA), &identityv1.EnrolMfaRequest{})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "only a signed-in user can do this")
}

func TestDisablingAUserEndsTheirSessions(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	sc := tb.sessionClient(t)
	in, err := tb.signIn(t, sc, tb.bootstrap.Password, "")
	require.NoError(t, err)
	// A second enabled owner, so the first may be disabled.
	_, err = tb.pool.Exec(t.Context(), `INSERT INTO users (id, account_id, email, role) VALUES ($1, $2, 'second@example.com', 'owner')`,
		strings.Repeat("s", 21), tb.bootstrap.AccountID)
	require.NoError(t, err)
	_, err = tb.client.UpdateUser(as(t, tb.ownerA), patchUser(tb.bootstrap.UserID, &identityv1.User{Enabled: false}, "enabled"))
	require.NoError(t, err)
	_, err = sc.ResolveSession(t.Context(), &identityv1.ResolveSessionRequest{Token: in.GetToken()})
	grpcxtest.RequireStatus(t, err, codes.Unauthenticated, "this session is invalid or has expired: sign in again")
}

func TestChangingThePasswordEndsOtherSessions(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	sc := tb.sessionClient(t)
	first, err := tb.signIn(t, sc, tb.bootstrap.Password, "")
	require.NoError(t, err)
	second, err := tb.signIn(t, sc, tb.bootstrap.Password, "")
	require.NoError(t, err)
	_, err = sc.ChangePassword(t.Context(), &identityv1.ChangePasswordRequest{Token: second.GetToken(),
		CurrentPassword: tb.bootstrap.Password, NewPassword: "qwertyuiop"})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "new_password is too common: it appears in lists of leaked passwords")
	_, err = sc.ChangePassword(t.Context(), &identityv1.ChangePasswordRequest{Token: second.GetToken(),
		CurrentPassword: "not the password", NewPassword: "a brand new passphrase"})
	grpcxtest.RequireStatus(t, err, codes.PermissionDenied, "current_password is incorrect")
	assert.Contains(t, waitForSignIn(t, tb, "failure").GetActionData(), `"reason":"current_password"`)
	_, err = sc.ResolveSession(t.Context(), &identityv1.ResolveSessionRequest{Token: first.GetToken()})
	require.NoError(t, err, "a refused change ends nothing")
	_, err = sc.ChangePassword(t.Context(), &identityv1.ChangePasswordRequest{Token: second.GetToken(),
		CurrentPassword: tb.bootstrap.Password, NewPassword: "a brand new passphrase"})
	require.NoError(t, err)
	_, err = sc.ResolveSession(t.Context(), &identityv1.ResolveSessionRequest{Token: first.GetToken()})
	assert.Equal(t, codes.Unauthenticated, statusCode(err), "the other session ended")
	_, err = sc.ResolveSession(t.Context(), &identityv1.ResolveSessionRequest{Token: second.GetToken()})
	require.NoError(t, err, "the changing session goes on")
	_, err = tb.signIn(t, sc, "a brand new passphrase", "")
	require.NoError(t, err)
}

// waitForSignIn returns the first sign_in entry with result in the
// bootstrap account's audit log.
func waitForSignIn(t *testing.T, tb *testBundle, result string) *identityv1.AuditLog {
	t.Helper()
	var found *identityv1.AuditLog
	require.Eventually(t, func() bool {
		out, err := tb.client.ListAuditLogs(as(t, tb.ownerA), &identityv1.ListAuditLogsRequest{})
		require.NoError(t, err)
		for _, e := range out.GetItems() {
			if e.GetActionType() == "sign_in" && strings.Contains(e.GetActionData(), `"result":"`+result+`"`) {
				found = e
				return true
			}
		}
		return false
	}, 20*time.Second, 20*time.Millisecond, "no sign_in entry")
	return found
}

func codeAt(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	code, err := mfa.CodeAt(secret, at)
	require.NoError(t, err)
	return code
}

func TestFailedSignInsAreRateLimitedPerAddress(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	sc := tb.sessionClient(t)
	for i := range 50 {
		_, err := sc.SignIn(t.Context(), &identityv1.SignInRequest{Email: fmt.Sprintf("guess%d@example.com", i),
			Password: "wrong password!", ClientIp: "198.51.100.9"})
		grpcxtest.RequireStatus(t, err, codes.Unauthenticated, "email or password is incorrect")
	}
	_, err := sc.SignIn(t.Context(), &identityv1.SignInRequest{Email: tb.bootstrap.Email, Password: tb.bootstrap.Password,
		ClientIp: "198.51.100.9"})
	grpcxtest.RequireStatus(t, err, codes.ResourceExhausted, "too many failed sign-ins: try again in 15 minutes")
	_, err = sc.SignIn(t.Context(), &identityv1.SignInRequest{Email: tb.bootstrap.Email, Password: tb.bootstrap.Password,
		ClientIp: "198.51.100.10"})
	require.NoError(t, err, "another address is not limited")
}
