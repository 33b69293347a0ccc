package restreams

import "fmt"

// seal returns key sealed for r's row, or nil for no key.
func (s *Service) seal(r Restream, key string) []byte {
	if key == "" {
		return nil
	}
	return s.box.Seal([]byte(key), sealContext(r))
}

// open returns r's key in the clear ("" for none).
func (s *Service) open(r Restream) (string, error) {
	if !r.KeySet() {
		return "", nil
	}
	key, err := s.box.Open(r.Sealed, sealContext(r))
	if err != nil {
		return "", fmt.Errorf("restreams: open the key of %s: %w", r.ID, err)
	}
	return string(key), nil
}

// sealContext binds a seal to its account, event and output: a seal
// copied onto another row does not open there.
func sealContext(r Restream) string {
	return "restream/" + r.AccountID + "/" + r.VideoID + "/" + r.ID
}
