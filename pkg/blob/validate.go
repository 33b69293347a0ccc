package blob

import (
	"fmt"
	"mime"
	"time"
)

// validatePut checks a Put's arguments the same way for both drivers.
func validatePut(key string, size int64, contentType string) error {
	if err := ValidateKey(key); err != nil {
		return err
	}
	if size < 0 {
		return fmt.Errorf("blob: size must not be negative")
	}
	if contentType == "" {
		return nil
	}
	if _, _, err := mime.ParseMediaType(contentType); err != nil || len(contentType) > 255 {
		return fmt.Errorf("%w: %q is not a media type", ErrInvalidContentType, contentType)
	}
	return nil
}

// checkTTL applies S3's presign limits to both drivers.
func checkTTL(ttl time.Duration) error {
	if ttl < time.Second || ttl > MaxPresignTTL {
		return ErrInvalidTTL
	}
	return nil
}

// validateDeletePrefix refuses "", which would empty the whole store.
func validateDeletePrefix(prefix string) error {
	if prefix == "" {
		return fmt.Errorf("%w: DeletePrefix needs a non-empty prefix", ErrInvalidKey)
	}
	return ValidatePrefix(prefix)
}
