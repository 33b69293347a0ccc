package invites

import (
	"net/mail"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/roles"
	"github.com/vidhost/vidhost/pkg/validate"
	"github.com/vidhost/vidhost/services/identity/internal/opaque"
)

// TTL is how long an invite's link works, from its creation or its last
// resend (docs/invites.md).
const TTL = 7 * 24 * time.Hour

// Statuses of an invite. Only accepted is stored (accepted_time); expired
// is derived from ExpiresTime, so it needs no job to move it.
const (
	StatusPending  = "pending"
	StatusAccepted = "accepted"
	StatusExpired  = "expired"
)

// Invite is an offer to join an account.
type Invite struct {
	ID        string
	AccountID string
	Email     string
	Name      string
	Role      string
	// UserID is set when accepting completes an existing user (the owner of
	// an account made by the operator) rather than creating one.
	UserID       string
	ExpiresTime  time.Time
	AcceptedTime time.Time // zero until accepted
	CreatedBy    string
	CreatedTime  time.Time
	UpdatedBy    string
	UpdatedTime  time.Time
}

// Status is the invite's status at now.
func (i Invite) Status(now time.Time) string {
	switch {
	case !i.AcceptedTime.IsZero():
		return StatusAccepted
	case !now.Before(i.ExpiresTime):
		return StatusExpired
	default:
		return StatusPending
	}
}

// Input is the body of POST /v2/invites.
type Input struct {
	Email, Role, Name string
	// NameSet tells an empty name sent (refused) from none sent.
	NameSet bool
}

// Validate checks in and returns it normalised: email lower-cased, name
// trimmed. The name is optional; when sent it follows users' rule (1-100
// characters), and the person may change it when accepting.
func (in Input) Validate() (Input, error) {
	email := strings.TrimSpace(in.Email)
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email {
		return in, apperr.InvalidField("email", "must be an email address")
	}
	in.Email = strings.ToLower(email)
	if err := roles.Validate("role", in.Role); err != nil {
		return in, err
	}
	if in.NameSet {
		if in.Name, err = validate.TrimmedLength("name", in.Name, apirules.PersonNameMax); err != nil {
			return in, err
		}
	}
	return in, nil
}

// ForOwner is the invite of the owner the operator names when making an
// account (accounts.Service.Create): it completes that existing user. The
// token is returned for the email and hash is what is stored.
func ForOwner(accountID, userID, email, actor string, now time.Time) (inv Invite, token string, hash []byte) {
	token, hash = opaque.New()
	inv = Invite{
		ID: ids.New(), AccountID: accountID, Email: email, Role: roles.Owner, UserID: userID,
		ExpiresTime: now.Add(TTL), CreatedBy: actor, CreatedTime: now, UpdatedBy: actor, UpdatedTime: now,
	}
	return inv, token, hash
}
