package app_test

import (
	"time"

	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/timefmt"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// adminClient calls identity as the operator does.
func (tb *testBundle) adminClient(t *testing.T) identityv1.IdentityAdminServiceClient {
	t.Helper()
	conn, err := grpcx.Dial(tb.addr, grpcx.CallerCredentials(root, grpcx.Operator))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	return identityv1.NewIdentityAdminServiceClient(conn)
}

func (tb *testBundle) createAccount(t *testing.T, admin identityv1.IdentityAdminServiceClient, name, email, plan string) *identityv1.CreateAccountResponse {
	t.Helper()
	created, err := admin.CreateAccount(t.Context(), &identityv1.CreateAccountRequest{Name: name, OwnerEmail: email, Plan: plan})
	require.NoError(t, err)
	return created
}

func TestCreateAccount(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	admin := tb.adminClient(t)
	created := tb.createAccount(t, admin, "Acme", "Boss@Acme.example", "")
	acc := created.GetAccount()
	assert.Len(t, acc.GetId(), 21)
	assert.Equal(t, "Acme", acc.GetName())
	assert.Equal(t, "free", acc.GetPlan(), "the default plan")
	assert.True(t, acc.GetEnabled())
	assert.Regexp(t, `^vh_[0-9A-Za-z]{43}$`, created.GetApiKey())

	// The owner exists, lower-cased, without a password until invited.
	var role, hash, email string
	require.NoError(t, tb.pool.QueryRow(t.Context(), "SELECT role, password_hash, email FROM users WHERE id = $1 AND account_id = $2",
		created.GetOwnerUserId(), acc.GetId()).Scan(&role, &hash, &email))
	assert.Equal(t, "owner", role)
	assert.Empty(t, hash)
	assert.Equal(t, "boss@acme.example", email)

	// The key reads and writes in the new account, and is announced.
	auth, err := tb.client.Authenticate(t.Context(), &identityv1.AuthenticateRequest{Key: created.GetApiKey()})
	require.NoError(t, err)
	assert.Equal(t, acc.GetId(), auth.GetPrincipal().GetAccountId())
	assert.Equal(t, created.GetApiKeyId(), auth.GetPrincipal().GetKeyId())
	assert.Empty(t, auth.GetPrincipal().GetPermissions(), "read-write")
	assert.False(t, auth.GetPrincipal().GetLiveEnabled(), "free has no live streaming")
	tb.nextEvent(t, natsx.SubjectKeyCreated, created.GetApiKeyId())
}

func TestCreateAccountValidation(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	admin := tb.adminClient(t)
	tb.createAccount(t, admin, "Taken", "taken@example.com", "pro")
	cases := []struct {
		name  string
		in    *identityv1.CreateAccountRequest
		code  codes.Code
		error string
	}{
		{"empty name", &identityv1.CreateAccountRequest{OwnerEmail: "a@example.com"}, codes.InvalidArgument, "name must be 1-100 characters"},
		{"101-character name", &identityv1.CreateAccountRequest{Name: strings.Repeat("n", 101), OwnerEmail: "a@example.com"}, codes.InvalidArgument, "name must be 1-100 characters"},
		{"bad email", &identityv1.CreateAccountRequest{Name: "A", OwnerEmail: "not an email"}, codes.InvalidArgument, "owner_email must be an email address"},
		{"display-name email", &identityv1.CreateAccountRequest{Name: "A", OwnerEmail: "A <a@example.com>"}, codes.InvalidArgument, "owner_email must be an email address"},
		{"unknown plan", &identityv1.CreateAccountRequest{Name: "A", OwnerEmail: "a@example.com", Plan: "gold"}, codes.InvalidArgument, "plan must be one of free, pro, enterprise"},
		{"email already a user", &identityv1.CreateAccountRequest{Name: "A", OwnerEmail: "TAKEN@example.com"}, codes.AlreadyExists, "owner_email is already a user's email"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := admin.CreateAccount(t.Context(), tc.in)
			grpcxtest.RequireStatus(t, err, tc.code, tc.error)
		})
	}
	list, err := admin.ListAccounts(t.Context(), &identityv1.ListAccountsRequest{})
	require.NoError(t, err)
	assert.Len(t, list.GetItems(), 3, "bootstrap, B and Taken: nothing else was made")
}

func TestListAccounts(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	admin := tb.adminClient(t)
	created := tb.createAccount(t, admin, "Listed", "listed@example.com", "pro")
	limit := int32(2)
	first, err := admin.ListAccounts(t.Context(), &identityv1.ListAccountsRequest{Limit: &limit})
	require.NoError(t, err)
	require.Len(t, first.GetItems(), 2)
	assert.Equal(t, tb.bootstrap.AccountID, first.GetItems()[0].GetId(), "oldest first")
	assert.Equal(t, "enterprise", first.GetItems()[0].GetPlan())
	require.NotEmpty(t, first.GetNextCursor())
	second, err := admin.ListAccounts(t.Context(), &identityv1.ListAccountsRequest{Limit: &limit, Cursor: first.GetNextCursor()})
	require.NoError(t, err)
	require.Len(t, second.GetItems(), 1)
	assert.Equal(t, created.GetAccount().GetId(), second.GetItems()[0].GetId())
	assert.Equal(t, "pro", second.GetItems()[0].GetPlan())
	assert.Empty(t, second.GetNextCursor())
}

func TestSetAccountPlan(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	admin := tb.adminClient(t)
	created := tb.createAccount(t, admin, "Growing", "grow@example.com", "free")
	acc, err := admin.SetAccountPlan(t.Context(), &identityv1.SetAccountPlanRequest{AccountId: created.GetAccount().GetId(), Plan: "pro"})
	require.NoError(t, err)
	assert.Equal(t, "pro", acc.GetPlan())
	auth, err := tb.client.Authenticate(t.Context(), &identityv1.AuthenticateRequest{Key: created.GetApiKey()})
	require.NoError(t, err)
	assert.True(t, auth.GetPrincipal().GetLiveEnabled(), "pro streams live")
	tb.nextEvent(t, natsx.SubjectKeyUpdated, created.GetApiKeyId())
	// The catalog's live admission hears of the plan (docs/live.md).
	announced := tb.accountEvent(t, created.GetAccount().GetId())
	assert.Equal(t, "pro", announced.GetPlan())
	assert.True(t, announced.GetEnabled())
	updated, err := time.Parse(timefmt.MicroLayout, announced.GetUpdatedTime())
	require.NoError(t, err)
	assert.WithinDuration(t, time.Now(), updated, time.Minute)

	_, err = admin.SetAccountPlan(t.Context(), &identityv1.SetAccountPlanRequest{AccountId: created.GetAccount().GetId(), Plan: "gold"})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "plan must be one of free, pro, enterprise")
	_, err = admin.SetAccountPlan(t.Context(), &identityv1.SetAccountPlanRequest{AccountId: missingAccount, Plan: "pro"})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}

// missingAccount is a well-formed id no account has.
const missingAccount = "AAAAAAAAAAAAAAAAAAAAA"

func TestDisableAccount(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	admin := tb.adminClient(t)
	created := tb.createAccount(t, admin, "Leaving", "leaving@example.com", "")
	acc, err := admin.DisableAccount(t.Context(), &identityv1.DisableAccountRequest{AccountId: created.GetAccount().GetId()})
	require.NoError(t, err)
	assert.False(t, acc.GetEnabled())

	// Refused by the time the call returned, and announced for gateways.
	_, err = tb.client.Authenticate(t.Context(), &identityv1.AuthenticateRequest{Key: created.GetApiKey()})
	grpcxtest.RequireStatus(t, err, codes.Unauthenticated, "a valid API key is required")
	tb.nextEvent(t, natsx.SubjectKeyUpdated, created.GetApiKeyId())
	assert.False(t, tb.accountEvent(t, created.GetAccount().GetId()).GetEnabled(), "announced disabled")

	// Other accounts are untouched.
	_, err = tb.client.Authenticate(t.Context(), &identityv1.AuthenticateRequest{Key: tb.bootstrap.APIKey})
	require.NoError(t, err)
	_, err = admin.RecoverKey(t.Context(), &identityv1.RecoverKeyRequest{AccountId: created.GetAccount().GetId()})
	grpcxtest.RequireStatus(t, err, codes.FailedPrecondition, "the account is disabled: its keys do not authenticate")
	_, err = admin.DisableAccount(t.Context(), &identityv1.DisableAccountRequest{AccountId: "short"})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}

func TestEnableAccount(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	admin := tb.adminClient(t)
	created := tb.createAccount(t, admin, "Returning", "returning@example.com", "")
	id := created.GetAccount().GetId()
	_, err := admin.DisableAccount(t.Context(), &identityv1.DisableAccountRequest{AccountId: id})
	require.NoError(t, err)
	tb.nextEvent(t, natsx.SubjectKeyUpdated, created.GetApiKeyId())

	acc, err := admin.EnableAccount(t.Context(), &identityv1.EnableAccountRequest{AccountId: id})
	require.NoError(t, err)
	assert.True(t, acc.GetEnabled())

	// The key works again by the time the call returned, and gateways hear of it.
	auth, err := tb.client.Authenticate(t.Context(), &identityv1.AuthenticateRequest{Key: created.GetApiKey()})
	require.NoError(t, err)
	assert.Equal(t, id, auth.GetPrincipal().GetAccountId())
	tb.nextEvent(t, natsx.SubjectKeyUpdated, created.GetApiKeyId())
	_, err = admin.RecoverKey(t.Context(), &identityv1.RecoverKeyRequest{AccountId: id})
	require.NoError(t, err, "an enabled account may recover a key")

	again, err := admin.EnableAccount(t.Context(), &identityv1.EnableAccountRequest{AccountId: id})
	require.NoError(t, err, "enabling an enabled account changes nothing")
	assert.True(t, again.GetEnabled())
	_, err = admin.EnableAccount(t.Context(), &identityv1.EnableAccountRequest{AccountId: missingAccount})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}

func TestRecoverKey(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	admin := tb.adminClient(t)
	recovered, err := admin.RecoverKey(t.Context(), &identityv1.RecoverKeyRequest{AccountId: tb.bootstrap.AccountID})
	require.NoError(t, err)
	assert.NotEqual(t, tb.bootstrap.APIKey, recovered.GetApiKey())
	auth, err := tb.client.Authenticate(t.Context(), &identityv1.AuthenticateRequest{Key: recovered.GetApiKey()})
	require.NoError(t, err)
	assert.Equal(t, tb.bootstrap.AccountID, auth.GetPrincipal().GetAccountId())
	assert.Empty(t, auth.GetPrincipal().GetPermissions(), "read-write")
	tb.nextEvent(t, natsx.SubjectKeyCreated, recovered.GetApiKeyId())

	_, err = admin.RecoverKey(t.Context(), &identityv1.RecoverKeyRequest{AccountId: missingAccount})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}

// Only the operator may call the admin service: the gateway (and so /v2)
// cannot, nor anyone without the operator's signature.
func TestAdminServiceIsTheOperatorsOnly(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	grpcxtest.CheckAccess(t, tb.addr, root, &identityv1.IdentityAdminService_ServiceDesc)
	asGateway := identityv1.NewIdentityAdminServiceClient(tb.gatewayConn(t))
	_, err := asGateway.ListAccounts(as(t, tb.ownerA), &identityv1.ListAccountsRequest{})
	assert.Equal(t, codes.PermissionDenied, statusCode(err))
}

func (tb *testBundle) gatewayConn(t *testing.T) *grpc.ClientConn {
	t.Helper()
	conn, err := grpcx.Dial(tb.addr, grpcx.CallerCredentials(root, grpcx.Gateway))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}
