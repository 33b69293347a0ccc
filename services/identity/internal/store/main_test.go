package store_test

import (
	"testing"

	"github.com/vidhost/vidhost/pkg/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }
