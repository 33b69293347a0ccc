package blob

import (
	"fmt"
	"strings"
)

// MaxKeyLength is S3's limit on key length, in bytes.
const MaxKeyLength = 1024

// ValidateKey accepts keys made of "/"-separated segments of ASCII letters,
// digits and "._-~". Segments are non-empty and never start with "." (so no
// "..", and the local driver's ".tmp" and ".meta" directories cannot be
// named). The charset needs no escaping in URLs, on disk or in S3 signatures,
// which keeps both drivers' presigned URLs byte-for-byte predictable.
func ValidateKey(key string) error {
	if key == "" || len(key) > MaxKeyLength {
		return fmt.Errorf("%w: key must be 1-%d characters", ErrInvalidKey, MaxKeyLength)
	}
	for _, segment := range strings.Split(key, "/") {
		if err := validateSegment(segment); err != nil {
			return err
		}
	}
	return nil
}

// ValidatePrefix accepts "" and what ValidateKey accepts, plus a trailing "/"
// ("videos/acc/vid/"). The last segment may be partial ("videos/acc/v").
func ValidatePrefix(prefix string) error {
	if prefix == "" {
		return nil
	}
	return ValidateKey(strings.TrimSuffix(prefix, "/"))
}

func validateSegment(segment string) error {
	if segment == "" {
		return fmt.Errorf("%w: key must not start or end with / nor contain //", ErrInvalidKey)
	}
	if segment[0] == '.' {
		return fmt.Errorf("%w: key segments must not start with a dot", ErrInvalidKey)
	}
	for i := 0; i < len(segment); i++ {
		if !isKeyByte(segment[i]) {
			return fmt.Errorf("%w: key may contain only letters, digits, /, ., _, - and ~", ErrInvalidKey)
		}
	}
	return nil
}

func isKeyByte(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return c == '.' || c == '_' || c == '-' || c == '~'
}
