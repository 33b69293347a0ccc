package auth

import (
	"net/netip"
	"slices"

	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"

	"github.com/vidhost/vidhost/pkg/principal"
)

// readOnlyPermission marks a key that may only read.
const readOnlyPermission = "fetch"

// Credential is what a bearer key resolves to.
type Credential struct {
	Principal principal.Principal
	// restricted is true when the key lists client addresses; allowed holds
	// those that parse. A restricted key whose entries all fail to parse
	// allows nothing: the list's intent was to restrict.
	restricted bool
	allowed    []netip.Prefix
}

func credentialFromProto(p *identityv1.Principal) Credential {
	return Credential{
		Principal: principal.Principal{
			AccountID:   p.GetAccountId(),
			KeyID:       p.GetKeyId(),
			ActorID:     p.GetActorId(),
			ActorType:   principal.ActorAPIKey,
			Role:        p.GetRole(),
			ReadOnly:    slices.Contains(p.GetPermissions(), readOnlyPermission),
			LiveEnabled: p.GetLiveEnabled(),
			Plan:        p.GetPlan(),
		},
		restricted: len(p.GetIps()) > 0,
		allowed:    parsePrefixes(p.GetIps()),
	}
}

// AllowsIP reports whether the key may be used from ip: any address when it
// lists none, else an exact match or containment in a listed CIDR prefix.
func (c Credential) AllowsIP(ip netip.Addr) bool {
	if !c.restricted {
		return true
	}
	if !ip.IsValid() {
		return false
	}
	ip = ip.Unmap()
	return slices.ContainsFunc(c.allowed, func(p netip.Prefix) bool { return p.Contains(ip) })
}

// parsePrefixes reads addresses ("203.0.113.7") as one-address prefixes and
// CIDR prefixes as they are; entries that are neither are skipped.
func parsePrefixes(entries []string) []netip.Prefix {
	out := make([]netip.Prefix, 0, len(entries))
	for _, e := range entries {
		if p, ok := parsePrefix(e); ok {
			out = append(out, p)
		}
	}
	return out
}

func parsePrefix(s string) (netip.Prefix, bool) {
	if addr, err := netip.ParseAddr(s); err == nil {
		addr = addr.Unmap()
		return netip.PrefixFrom(addr, addr.BitLen()), true
	}
	p, err := netip.ParsePrefix(s)
	if err != nil {
		return netip.Prefix{}, false
	}
	if p.Addr().Is4In6() && p.Bits() >= 96 {
		p = netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96)
	}
	return p.Masked(), true
}
