package mfa

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/secrets"
)

func TestEnrolmentMakesAURIAndAQRCode(t *testing.T) {
	e, err := NewEnrolment("ada@example.com")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(e.URI, "otpauth://totp/Vidhost:ada@example.com?"), e.URI)
	assert.Contains(t, e.URI, "secret="+e.Secret)
	assert.Equal(t, "\x89PNG", string(e.QRCodePNG[:4]))
}

func TestMatchStepAcceptsACodeOnce(t *testing.T) {
	e, err := NewEnrolment("ada@example.com")
	require.NoError(t, err)
	now := time.Unix(1_800_000_000, 0)
	code, err := CodeAt(e.Secret, now)
	require.NoError(t, err)

	step, ok := MatchStep(e.Secret, code, now, 0)
	require.True(t, ok)
	assert.Equal(t, now.Unix()/30, step)
	_, ok = MatchStep(e.Secret, code, now, step)
	assert.False(t, ok, "the same code again")
	_, ok = MatchStep(e.Secret, code, now.Add(10*time.Minute), 0)
	assert.False(t, ok, "an old code")
	_, ok = MatchStep(e.Secret, "000000x", now, 0)
	assert.False(t, ok)
	_, ok = MatchStep(e.Secret, code, now.Add(30*time.Second), 0)
	assert.True(t, ok, "one step of drift")
}

func TestRecoveryCodesAreSpentOnce(t *testing.T) {
	codes, hashes := NewRecoveryCodes()
	require.Len(t, codes, 10)
	assert.True(t, IsRecoveryCode(codes[3]))
	assert.False(t, IsRecoveryCode("123456"))
	rest, ok := SpendRecoveryCode(hashes, strings.ToUpper(codes[3]))
	require.True(t, ok)
	assert.Len(t, rest, 9)
	_, ok = SpendRecoveryCode(rest, codes[3])
	assert.False(t, ok, "replayed")
}

func TestSealerRoundTripIsBoundToTheUser(t *testing.T) {
	s, err := NewSealer(secrets.MustRoot(strings.Repeat("k", 32)))
	require.NoError(t, err)
	sealed := s.Seal("user-a", "JBSWY3DPEHPK3PXP")
	got, err := s.Open("user-a", sealed)
	require.NoError(t, err)
	assert.Equal(t, "JBSWY3DPEHPK3PXP", got)
	_, err = s.Open("user-b", sealed)
	assert.Error(t, err)
}
