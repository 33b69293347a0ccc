package outbox_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/pgtest"
)

func TestCheckTable(t *testing.T) {
	tests := []struct {
		name    string
		ddl     string
		wantErr string
	}{
		{"the migration", outbox.Migration, ""},
		{"the migration twice", outbox.Migration + ";" + outbox.Migration, ""},
		{"no table", "SELECT 1", "column created_time"},
		{"json payload", "CREATE TABLE outbox (seq bigserial, id text, subject text, payload jsonb, created_time timestamptz)", "column payload"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pool := pgtest.Schema(t).Pool(t)
			_, err := pool.Exec(t.Context(), tt.ddl)
			require.NoError(t, err)
			err = outbox.CheckTable(t.Context(), pool)
			if tt.wantErr == "" {
				assert.NoError(t, err)
			} else {
				assert.ErrorContains(t, err, tt.wantErr)
			}
		})
	}
}
