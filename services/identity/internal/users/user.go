package users

import (
	"time"

	"github.com/vidhost/vidhost/pkg/roles"
)

// Notifications lists the event names a user may be emailed about
// (docs/users.md); the notifier emails them when the event happens.
var Notifications = []string{"video.ready", "video.error", "upload.quota_reached", "user.invited"}

// User is a person of an account.
type User struct {
	ID             string
	AccountID      string
	Email          string
	Name           string
	Role           string
	Authentication string
	Notifications  []string
	Enabled        bool
	MFARequired    bool
	VerifiedEmail  bool
	CreatedBy      string
	CreatedTime    time.Time
	UpdatedBy      string
	UpdatedTime    time.Time
}

// activeOwner reports whether u counts for the last-owner rule.
func (u User) activeOwner() bool { return u.Role == roles.Owner && u.Enabled }
