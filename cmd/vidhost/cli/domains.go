package cli

import (
	"context"
	"fmt"
	"io"

	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// verifiedDomain is the result of domains verify.
type verifiedDomain struct {
	AccountID          string `json:"account_id"`
	IdentityProviderID string `json:"identity_provider_id"`
	Domain             string `json:"domain"`
	VerifiedTime       string `json:"verified_time"`
}

func (d verifiedDomain) human(w io.Writer) {
	fmt.Fprintf(w, "domain %s of identity provider %s (account %s) verified at %s\n",
		d.Domain, d.IdentityProviderID, d.AccountID, d.VerifiedTime)
}

// verifyDomain marks a domain verified on the operator's word, for an
// organisation that cannot publish the TXT record (docs/identity-providers.md).
func verifyDomain(ctx context.Context, c identityv1.IdentityAdminServiceClient, args []string) (result, error) {
	out, err := c.VerifyDomain(ctx, &identityv1.VerifyDomainRequest{AccountId: args[0], IdentityProviderId: args[1], Domain: args[2]})
	if err != nil {
		return nil, err
	}
	return verifiedDomain{AccountID: out.GetAccountId(), IdentityProviderID: out.GetIdentityProviderId(),
		Domain: out.GetDomain(), VerifiedTime: out.GetVerifiedTime()}, nil
}
