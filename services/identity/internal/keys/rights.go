package keys

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/netip"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
)

// A key's rights are three things: its role (a ceiling, docs/roles.md),
// whether it may write, and from which addresses it may be used. A person
// or a key may only create, change or delete keys whose rights are within
// their own, so an admin cannot mint an owner key, and a stolen key
// restricted to one address (or to reading) cannot mint itself an
// unrestricted twin, or delete the keys that could revoke it.

// within reports why k has rights that caller lacks ("" when it has none):
// k may write but caller only read, or k may be used from an address
// caller may not.
func within(k, caller Key) string {
	if caller.ReadOnly() && !k.ReadOnly() {
		return "it may write and this key may only read"
	}
	if len(caller.IPs) == 0 {
		return ""
	}
	if len(k.IPs) == 0 {
		return "it may be used from any address and this key only from its ips"
	}
	for _, entry := range k.IPs {
		if !coveredBy(entry, caller.IPs) {
			return fmt.Sprintf("its ips entry %s is not within this key's ips", entry)
		}
	}
	return ""
}

// coveredBy reports whether the address or prefix entry lies inside one of
// the prefixes or addresses of allowed (both normalised by NormaliseIPs).
func coveredBy(entry string, allowed []string) bool {
	inner, ok := parsePrefix(entry)
	if !ok {
		return false
	}
	for _, a := range allowed {
		outer, ok := parsePrefix(a)
		if ok && outer.Bits() <= inner.Bits() && outer.Contains(inner.Addr()) {
			return true
		}
	}
	return false
}

// parsePrefix reads a normalised entry; a bare address is its /32 or /128.
func parsePrefix(s string) (netip.Prefix, bool) {
	if addr, err := netip.ParseAddr(s); err == nil {
		return netip.PrefixFrom(addr, addr.BitLen()), true
	}
	p, err := netip.ParsePrefix(s)
	return p, err == nil
}

// actor is who makes, changes or deletes a key: the role they act with,
// the key they came with (hasKey), and the person the keys they make act
// for (their own id, or their key's person; "" for the operator).
type actor struct {
	role   string
	key    Key
	hasKey bool
	userID string
}

// subject names the actor in a refusal.
func (a actor) subject() string {
	if a.hasKey {
		return "this API key"
	}
	return "you"
}

// wider reports why k has rights the actor lacks ("" when it has none): a
// role above the actor's, or, for a key, what within says.
func (a actor) wider(k Key) string {
	if !roles.AtLeast(a.role, k.Role) {
		return fmt.Sprintf("its role (%s) is above %s (%s)", k.Role, a.possessive(), cmp.Or(a.role, "none"))
	}
	if a.hasKey {
		return within(k, a.key)
	}
	return ""
}

func (a actor) possessive() string {
	if a.hasKey {
		return "this key's role"
	}
	return "yours"
}

// deniedWider is the 403 for acting on a key with more rights than the
// actor's; action is "create a key with", "delete a key with", "give a key".
func (a actor) deniedWider(action, why string) error {
	own := "its own"
	if !a.hasKey {
		own = "your own"
	}
	return &apperr.Denied{Reason: fmt.Sprintf("%s cannot %s wider rights than %s: %s", a.subject(), action, own, why)}
}

// actorOf loads who p is. A principal with a key is that key, whose person
// the keys it makes inherit (so a key cannot outlive its maker's role by
// minting another). A key that no longer exists has no rights: it was
// deleted while the request was on its way.
func (s *Service) actorOf(ctx context.Context, p principal.Principal) (actor, error) {
	a := actor{role: p.ActingRole()}
	if p.ActorType == principal.ActorUser {
		a.userID = p.ActorID
	}
	if p.KeyID == "" {
		return a, nil
	}
	k, err := s.store.GetKey(ctx, p.AccountID, p.KeyID)
	if errors.Is(err, apperr.ErrNotFound) {
		return actor{}, &apperr.Denied{Reason: "the API key of this request no longer exists"}
	}
	if err != nil {
		return actor{}, err
	}
	if p.ReadOnly {
		// The gateway's view wins when it is narrower (a change in flight).
		k.Permissions = []string{PermissionFetch}
	}
	a.key, a.hasKey, a.userID = k, true, k.UserID
	return a, nil
}

// checkWithin refuses when target has rights the actor lacks.
func (a actor) checkWithin(action string, target Key) error {
	if why := a.wider(target); why != "" {
		return a.deniedWider(action, why)
	}
	return nil
}
