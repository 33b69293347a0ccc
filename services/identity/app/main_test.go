package app_test

import (
	"testing"

	"github.com/vidhost/vidhost/pkg/pgtest"
)

// One private PostgreSQL for the package; each test gets its own schema.
func TestMain(m *testing.M) { pgtest.Main(m) }
