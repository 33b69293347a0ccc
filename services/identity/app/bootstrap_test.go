package app_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/services/identity/app"
	"github.com/vidhost/vidhost/services/identity/internal/password"
)

func TestBootstrapFirstStart(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	b := tb.bootstrap
	assert.True(t, b.Created)
	assert.Len(t, b.AccountID, 21)
	assert.Len(t, b.UserID, 21)
	assert.Equal(t, "owner@example.com", b.Email, "stored lower-cased")
	assert.Regexp(t, `^[0-9A-Za-z]{20}$`, b.Password, "a generated 20-character password")
	assert.Regexp(t, `^vh_[0-9A-Za-z]{43}$`, b.APIKey)

	var name, plan, role, hash string
	require.NoError(t, tb.pool.QueryRow(t.Context(),
		"SELECT a.name, a.plan, u.role, u.password_hash FROM accounts a JOIN users u ON u.account_id = a.id WHERE u.id = $1",
		b.UserID).Scan(&name, &plan, &role, &hash))
	assert.Equal(t, "Default", name)
	assert.Equal(t, "enterprise", plan, "every feature can be tried on the bootstrap account")
	assert.Equal(t, "owner", role)
	ok, err := password.Verify(t.Context(), b.Password, hash)
	require.NoError(t, err)
	assert.True(t, ok, "the owner signs in with the reported password")

	keys := tb.listIDs(t, tb.ownerA, 25)
	require.Len(t, keys, 1)
	assertCounts(t, tb, 2, 1) // account B was added by setup
}

func TestBootstrapIsIdempotent(t *testing.T) {
	t.Parallel()
	db, natsURL := pgtest.Schema(t), natstest.Start(t)
	cfg := testConfig(t, db, natsURL)
	first := runServiceOnce(t, cfg)
	require.True(t, first.Created)

	second := runServiceOnce(t, cfg)
	assert.False(t, second.Created)
	assert.Equal(t, app.Bootstrap{AccountID: first.AccountID, UserID: first.UserID, Email: first.Email}, second,
		"later starts name the owner and carry no secrets")
	assertCounts(t, &testBundle{pool: db.Pool(t)}, 1, 1)
}

// Two replicas starting on an empty database create one owner between them.
func TestConcurrentBootstrapCreatesOneOwner(t *testing.T) {
	t.Parallel()
	db, natsURL := pgtest.Schema(t), natstest.Start(t)
	cfg := testConfig(t, db, natsURL)
	replicas := []*launched{launch(t, cfg, runOptions{}), launch(t, cfg, runOptions{})}
	results := make([]app.Bootstrap, len(replicas))
	for i, svc := range replicas {
		svc.Wait(t)
		results[i] = *svc.boot
	}
	assert.NotEqual(t, results[0].Created, results[1].Created, "exactly one replica created the owner")
	assert.Equal(t, results[0].AccountID, results[1].AccountID)
	assert.Equal(t, results[0].UserID, results[1].UserID)
	assertCounts(t, &testBundle{pool: db.Pool(t)}, 1, 1)
}

func TestBootstrapWritesSecretsToAPrivateFileNotTheLog(t *testing.T) {
	t.Parallel()
	db, natsURL := pgtest.Schema(t), natstest.Start(t)
	logs := &syncBuffer{}
	cfg := testConfig(t, db, natsURL)
	cfg.BootstrapFile = filepath.Join(t.TempDir(), "bootstrap.env")
	runService(t, cfg, runOptions{logs: logs, noCallback: true})

	info, err := os.Stat(cfg.BootstrapFile)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())
	saved, err := os.ReadFile(cfg.BootstrapFile)
	require.NoError(t, err)
	assert.Regexp(t, `VIDHOST_API_KEY=vh_[0-9A-Za-z]{43}`, string(saved))
	assert.Regexp(t, `VIDHOST_OWNER_PASSWORD=[0-9A-Za-z]{20}`, string(saved))

	out := logs.String()
	assert.Contains(t, out, cfg.BootstrapFile, "the log says where the secrets are")
	assert.NotContains(t, out, "vh_", "no API key in the log")
	assert.NotRegexp(t, `password=[0-9A-Za-z]{20}`, out, "no password in the log")
}

func TestBootstrapUsesConfiguredPassword(t *testing.T) {
	t.Parallel()
	db, natsURL := pgtest.Schema(t), natstest.Start(t)
	cfg := testConfig(t, db, natsURL)
	cfg.OwnerPassword = "correct horse battery"
	b, _, _ := runService(t, cfg, runOptions{})
	assert.Equal(t, "correct horse battery", b.Password)
	var hash string
	require.NoError(t, db.Pool(t).QueryRow(t.Context(), "SELECT password_hash FROM users").Scan(&hash))
	ok, err := password.Verify(t.Context(), "correct horse battery", hash)
	require.NoError(t, err)
	assert.True(t, ok)
}

// runServiceOnce runs the service until it has bootstrapped and serves, then
// stops it, as a process start and stop would.
func runServiceOnce(t *testing.T, cfg app.Config) app.Bootstrap {
	t.Helper()
	var b app.Bootstrap
	t.Run("start", func(t *testing.T) { b, _, _ = runService(t, cfg, runOptions{}) })
	return b
}

func assertCounts(t *testing.T, tb *testBundle, accounts, users int) {
	t.Helper()
	var gotAccounts, gotUsers int
	require.NoError(t, tb.pool.QueryRow(t.Context(),
		"SELECT (SELECT count(*) FROM accounts), (SELECT count(*) FROM users)").Scan(&gotAccounts, &gotUsers))
	assert.Equal(t, accounts, gotAccounts, "accounts")
	assert.Equal(t, users, gotUsers, "users")
}
