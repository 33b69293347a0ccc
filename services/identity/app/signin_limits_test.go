package app_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/metrics"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// hashes is how many argon2id computations of op identity has run or
// refused as busy so far (vidhost_password_hashes_total). Identity runs in
// this process and the package's tests run one at a time, so the difference
// across a test is that test's.
func hashes(t *testing.T, op string) float64 {
	t.Helper()
	families, err := metrics.Gatherer().Gather()
	require.NoError(t, err)
	var n float64
	for _, f := range families {
		if f.GetName() != "vidhost_password_hashes_total" {
			continue
		}
		for _, m := range f.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			if labels["op"] == op && labels["outcome"] != "canceled" {
				n += m.GetCounter().GetValue()
			}
		}
	}
	return n
}

// codesOf tallies the answers' error codes ("" for none).
func codesOf(errs []error) map[string]int {
	out := map[string]int{}
	for _, err := range errs {
		code := ""
		if err != nil {
			code = apperr.CodeOf(status.Convert(err))
		}
		out[code]++
	}
	return out
}

// The attack of issue 26 #6: twenty wrong passwords for one email sent at
// once. Counting after the check let all of them be verified; counting
// before it lets exactly the limit through, and the rest are refused before
// any argon2id work.
//
// Not parallel, like every test that counts hashes: the counter is the
// process's, and a parallel test's set-up and sign-ins hash too (one did,
// in a CI run). Top-level tests that are not parallel run before any
// parallel one resumes.
func TestConcurrentWrongPasswordsMeetTheLimitBeforeBeingVerified(t *testing.T) {
	tb := setup(t)
	sc := tb.sessionClient(t)
	before := hashes(t, "verify")
	errs := make([]error, 20)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range errs {
		wg.Go(func() {
			<-start
			_, errs[i] = sc.SignIn(t.Context(), &identityv1.SignInRequest{Email: tb.bootstrap.Email,
				Password: "wrong password!", ClientIp: "192.0.2.77"})
		})
	}
	close(start)
	wg.Wait()

	got := codesOf(errs)
	assert.Equal(t, 10, got[apperr.CodeSignInRateLimited], "all but the limit refused: %v", got)
	assert.Equal(t, 10, got[apperr.CodeSignInFailed]+got[apperr.CodeBusy], "the limit checked: %v", got)
	assert.InDelta(t, 10, hashes(t, "verify")-before, 0, "exactly the limit reached argon2id")
}

// The attack of issue 26 #7: a reset with a well-formed token that is no
// link's bought a 19 MiB hash. It is looked up first now, and hashes nothing.
// Not parallel: it counts hashes (see above).
func TestResetWithAnUnknownLinkHashesNothing(t *testing.T) {
	tb := setup(t)
	sc := tb.sessionClient(t)
	before := hashes(t, "hash")
	_, err := sc.ResetPassword(t.Context(), &identityv1.ResetPasswordRequest{Token: strings.Repeat("A", 43),
		Password: "a long new password", ClientIp: "192.0.2.78"})
	require.Error(t, err)
	assert.Equal(t, apperr.CodePasswordResetInvalid, apperr.CodeOf(status.Convert(err)))
	assert.InDelta(t, 0, hashes(t, "hash")-before, 0, "no argon2id for an unknown link")
}
