package users

import (
	"time"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/roles"
)

// Notifications lists the event names a user may be emailed about
// (docs/users.md); the notifier emails them when the event happens.
var Notifications = apirules.UserNotifications

// The ways a user signs in: the interface's authentication values.
const (
	AuthenticationPassword = "password"
	AuthenticationSSO      = "sso"
)

// CanUsePassword reports whether u may have and use a password. A user
// whose authentication is sso signs in only through their account's
// identity provider (docs/identity-providers.md): password sign-in, password
// reset and setting a password must all refuse them. Invites already do
// (CompleteInvitedUser matches password users only).
func CanUsePassword(u User) bool { return u.Authentication != AuthenticationSSO }

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
