package playback

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"
)

// DefaultViewerJWTMaxLifetime caps how far in the future a viewer JWT's exp
// may lie (VIDHOST_VIEWER_JWT_MAX_LIFETIME): a JWT is needed only to open a
// page or a manifest, so a long one is a leaked link that never dies.
const DefaultViewerJWTMaxLifetime = 24 * time.Hour

// strictClaims is what checkStrict read from a viewer JWT.
type strictClaims struct {
	expires time.Time
}

// checkStrict applies the rules jwx does not (docs/playback.md): no crit
// header, since we understand no extension and RFC 7515 says a token
// naming one we do not understand must be refused; exp present and a JSON
// number (jwx would also take a string); iat and nbf numbers when present;
// and exp - max(iat, now) within maxLifetime. It runs before the
// signature is checked, on the raw parts, so it cannot be fooled by how a
// library normalises claims.
func checkStrict(raw string, now time.Time, maxLifetime time.Duration) (strictClaims, error) {
	parts := strings.Split(raw, ".")
	if len(parts) != 3 {
		return strictClaims{}, fmt.Errorf("%w: not a compact JWS", errBadViewerToken)
	}
	var header map[string]json.RawMessage
	if err := decodePart(parts[0], &header); err != nil {
		return strictClaims{}, fmt.Errorf("%w: header: %w", errBadViewerToken, err)
	}
	if _, ok := header["crit"]; ok {
		return strictClaims{}, fmt.Errorf("%w: crit header present; no extension is understood", errBadViewerToken)
	}
	var claims map[string]json.RawMessage
	if err := decodePart(parts[1], &claims); err != nil {
		return strictClaims{}, fmt.Errorf("%w: claims: %w", errBadViewerToken, err)
	}
	exp, ok, err := numericDate(claims, "exp")
	if err != nil || !ok {
		return strictClaims{}, fmt.Errorf("%w: exp must be present and a number of seconds: %w", errBadViewerToken, err)
	}
	iat, hasIAT, err := numericDate(claims, "iat")
	if err != nil {
		return strictClaims{}, fmt.Errorf("%w: %w", errBadViewerToken, err)
	}
	if _, _, err := numericDate(claims, "nbf"); err != nil {
		return strictClaims{}, fmt.Errorf("%w: %w", errBadViewerToken, err)
	}
	from := now
	if hasIAT && iat.After(now) {
		from = iat
	}
	if exp.Sub(from) > maxLifetime {
		return strictClaims{}, fmt.Errorf("%w: lifetime %s is over the cap of %s", errBadViewerToken, exp.Sub(from).Round(time.Second), maxLifetime)
	}
	return strictClaims{expires: exp}, nil
}

func decodePart(part string, into any) error {
	raw, err := base64.RawURLEncoding.DecodeString(part)
	if err != nil {
		return err
	}
	decoder := json.NewDecoder(bytes.NewReader(raw))
	decoder.UseNumber()
	return decoder.Decode(into)
}

// numericDate reads claim name as RFC 7519's NumericDate: a JSON number of
// seconds, nothing else. ok is false when the claim is absent.
func numericDate(claims map[string]json.RawMessage, name string) (at time.Time, ok bool, err error) {
	value, present := claims[name]
	value = bytes.TrimSpace(value)
	if !present {
		return time.Time{}, false, nil
	}
	var number json.Number
	decoder := json.NewDecoder(bytes.NewReader(value))
	decoder.UseNumber()
	if err := decoder.Decode(&number); err != nil || len(value) == 0 || value[0] == '"' {
		return time.Time{}, false, fmt.Errorf("%s must be a number, not %s", name, value)
	}
	seconds, err := number.Float64()
	if err != nil || math.IsNaN(seconds) || math.Abs(seconds) > 1e12 {
		return time.Time{}, false, fmt.Errorf("%s %s is out of range", name, value)
	}
	return time.Unix(int64(math.Floor(seconds)), 0), true, nil
}
