package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Header names of the specification.
const (
	HeaderID        = "webhook-id"
	HeaderTimestamp = "webhook-timestamp"
	HeaderSignature = "webhook-signature"
)

const secretPrefix = "whsec_"

// ErrBadSecret means a stored secret is not whsec_ and base64.
var ErrBadSecret = errors.New("webhook: signing secret is not whsec_ followed by base64")

// Signature is the webhook-signature header value for a message: one
// "v1,<signature>" per secret, separated by spaces, so a receiver that
// knows either secret of a rotation verifies it.
func Signature(secrets []string, id string, at time.Time, body []byte) (string, error) {
	signed := make([]string, 0, len(secrets))
	for _, secret := range secrets {
		key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, secretPrefix))
		if err != nil || !strings.HasPrefix(secret, secretPrefix) || len(key) == 0 {
			return "", ErrBadSecret
		}
		mac := hmac.New(sha256.New, key)
		mac.Write([]byte(id + "." + strconv.FormatInt(at.Unix(), 10) + "."))
		mac.Write(body)
		signed = append(signed, "v1,"+base64.StdEncoding.EncodeToString(mac.Sum(nil)))
	}
	return strings.Join(signed, " "), nil
}
