package audit

import (
	"net/url"
	"strings"
)

// Redacted replaces every secret an entry would otherwise record.
const Redacted = "[redacted]"

// secretNames are the parts of field and query-parameter names that mark a
// secret: key values, passwords, tokens, signatures, credentials. The match
// ignores case, and "-" and "_" (X-Amz-Signature, access_token, apiKey).
var secretNames = []string{
	"secret", "password", "passwd", "passphrase", "token", "signature", "credential",
	"authorization", "cookie", "privatekey", "apikey", "sessionid", "mfacode",
}

// exactSecretNames are secret only as a whole name (as part of one they
// are too common: "keyframes", "design"): a URL's ?key= or ?sig=, a
// one-time password.
var exactSecretNames = []string{"key", "sig", "auth", "otp"}

// IsSecretName reports whether a field or query parameter called name holds
// a secret.
func IsSecretName(name string) bool {
	n := strings.NewReplacer("-", "", "_", "", ".", "").Replace(strings.ToLower(name))
	for _, s := range exactSecretNames {
		if n == s {
			return true
		}
	}
	for _, s := range secretNames {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

// Redact returns value (decoded JSON: maps, slices, strings, numbers) with
// the value of every secret-named field replaced by Redacted, and every
// URL's user information and secret-named query parameters too. It changes
// value in place.
func Redact(value any) any {
	switch v := value.(type) {
	case map[string]any:
		for name, field := range v {
			if IsSecretName(name) {
				v[name] = Redacted
				continue
			}
			v[name] = Redact(field)
		}
		return v
	case []any:
		for i := range v {
			v[i] = Redact(v[i])
		}
		return v
	case string:
		return RedactURL(v)
	}
	return value
}

// RedactURL returns s with a URL's password and secret query parameters
// replaced by Redacted; anything that is not an absolute URL is returned
// as it is.
func RedactURL(s string) string {
	if !strings.Contains(s, "://") {
		return s
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme == "" {
		// Unparseable but URL-shaped: it may carry anything.
		return Redacted
	}
	changed := false
	if u.User != nil {
		u.User = url.User(Redacted)
		changed = true
	}
	query := u.Query()
	for name := range query {
		if IsSecretName(name) {
			query[name] = []string{Redacted}
			changed = true
		}
	}
	if !changed {
		return s
	}
	u.RawQuery = query.Encode()
	return u.String()
}
