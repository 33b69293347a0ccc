package mfa

import (
	"bytes"
	"crypto/subtle"
	"image/png"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// Issuer names Vidhost in authenticator apps.
const Issuer = "Vidhost"

// period is the TOTP time step, the apps' default.
const period = 30

// opts are the parameters every code is checked with: the apps' defaults
// (six digits, SHA-1, 30 s), which every authenticator app supports.
var opts = totp.ValidateOpts{Period: period, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// Enrolment is a new secret, shown once: the base32 secret to type in, the
// otpauth:// URI and the QR code of that URI as a PNG.
type Enrolment struct {
	Secret, URI string
	QRCodePNG   []byte
}

// NewEnrolment makes a secret for the user with email.
func NewEnrolment(email string) (Enrolment, error) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: Issuer, AccountName: email, Period: period,
		Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return Enrolment{}, err
	}
	img, err := key.Image(256, 256)
	if err != nil {
		return Enrolment{}, err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return Enrolment{}, err
	}
	return Enrolment{Secret: key.Secret(), URI: key.URL(), QRCodePNG: buf.Bytes()}, nil
}

// MatchStep checks code against secret at now, allowing one step of clock
// drift either way, and returns the time step it belongs to. A step at or
// before lastStep was already used (or is older than one that was): a code
// works once.
func MatchStep(secret, code string, now time.Time, lastStep int64) (int64, bool) {
	if len(code) != 6 {
		return 0, false
	}
	current := now.Unix() / period
	for step := current - 1; step <= current+1; step++ {
		if step <= lastStep {
			continue
		}
		want, err := totp.GenerateCodeCustom(secret, time.Unix(step*period, 0), opts)
		if err != nil {
			return 0, false
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return step, true
		}
	}
	return 0, false
}

// CodeAt is the code of secret at t: what an authenticator app shows.
// Tests use it to play the user.
func CodeAt(secret string, t time.Time) (string, error) {
	return totp.GenerateCodeCustom(secret, t, opts)
}
