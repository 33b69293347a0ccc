package keys

import (
	"context"
	"errors"
	"fmt"
	"net/netip"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/principal"
)

// A key's rights are two things: whether it may write, and from which
// addresses it may be used. A key may only create, change or delete keys
// whose rights are within its own, so a stolen key restricted to one address
// (or to reading) cannot mint itself an unrestricted twin, or delete the
// keys that could revoke it.

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

// deniedWider is the 403 for acting on a key with more rights than the
// caller's; action is "create a key with", "delete a key with", "give a key".
func deniedWider(action, why string) error {
	return &apperr.Denied{Reason: fmt.Sprintf("this API key cannot %s wider rights than its own: %s", action, why)}
}

// callerKey loads the key p authenticated with. A principal without a key is
// an internal caller (an operator tool, the bootstrap), which has every
// right; ok is false then. A key that no longer exists has none: it was
// deleted while the request was on its way.
func (s *Service) callerKey(ctx context.Context, p principal.Principal) (k Key, ok bool, err error) {
	if p.KeyID == "" {
		return Key{}, false, nil
	}
	k, err = s.store.GetKey(ctx, p.AccountID, p.KeyID)
	if errors.Is(err, apperr.ErrNotFound) {
		return Key{}, false, &apperr.Denied{Reason: "the API key of this request no longer exists"}
	}
	if err != nil {
		return Key{}, false, err
	}
	if p.ReadOnly {
		// The gateway's view wins when it is narrower (a change in flight).
		k.Permissions = []string{PermissionFetch}
	}
	return k, true, nil
}

// checkWithin refuses when target has rights the caller's key lacks.
func (s *Service) checkWithin(ctx context.Context, p principal.Principal, action string, target Key) error {
	caller, ok, err := s.callerKey(ctx, p)
	if err != nil || !ok {
		return err
	}
	if why := within(target, caller); why != "" {
		return deniedWider(action, why)
	}
	return nil
}
