package users

import (
	"slices"
	"time"
)

// Roles, from least to most rights (docs/users.md).
const (
	RoleViewer   = "viewer"
	RoleUploader = "uploader"
	RoleAdmin    = "admin"
	RoleOwner    = "owner"
)

// Roles lists every role.
var Roles = []string{RoleViewer, RoleUploader, RoleAdmin, RoleOwner}

// Notifications lists the event names a user may be emailed about.
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
func (u User) activeOwner() bool { return u.Role == RoleOwner && u.Enabled }

func validRole(role string) bool { return slices.Contains(Roles, role) }
