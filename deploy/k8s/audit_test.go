package k8s

import (
	"flag"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/audit"
)

var update = flag.Bool("update", false, "rewrite base/audit.sql from pkg/audit")

// cnpgAppRole is the role CloudNativePG makes own the "app" database
// (base/postgres-cluster.yaml): every service, identity included, logs in
// as it through the vidhost-db-app Secret.
const cnpgAppRole = "app"

// TestAuditSQLIsCurrent keeps the superuser script CNPG runs after initdb
// equal to what pkg/audit provisions on the devstack:
// `go test ./deploy/k8s -run TestAuditSQLIsCurrent -update` rewrites it.
func TestAuditSQLIsCurrent(t *testing.T) {
	const path = "base/audit.sql"
	want := "-- Generated from pkg/audit (go test ./deploy/k8s -run TestAuditSQLIsCurrent -update): do not edit.\n" +
		"-- CloudNativePG runs it once, as the superuser, in the app database after initdb.\n\n" +
		audit.ProvisionSQL(cnpgAppRole)
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(want), 0o644))
	}
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, want, string(got), "stale: run with -update")
}
