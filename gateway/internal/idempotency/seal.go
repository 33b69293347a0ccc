package idempotency

import (
	"encoding/hex"
	"strconv"
	"strings"
)

// sealContext binds a sealed answer body to its record and to the
// record's clear columns (status, content type, backend methods): a body
// copied to another record, or a record whose methods were edited to pass
// mayCall, does not open. NUL cannot occur in any of the parts.
func sealContext(c Claim, r Response) string {
	return strings.Join([]string{"idempotency/v1", c.AccountID, c.Principal, c.Key, hex.EncodeToString(c.RequestHash),
		strconv.Itoa(r.Status), r.ContentType, strings.Join(r.Methods, ",")}, "\x00")
}
