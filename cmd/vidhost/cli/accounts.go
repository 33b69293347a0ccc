package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// account is an account as printed.
type account struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Plan        string `json:"plan"`
	Enabled     bool   `json:"enabled"`
	CreatedTime string `json:"created_time"`
	UpdatedTime string `json:"updated_time"`
}

func accountOf(a *identityv1.Account) account {
	return account{ID: a.GetId(), Name: a.GetName(), Plan: a.GetPlan(), Enabled: a.GetEnabled(),
		CreatedTime: a.GetCreatedTime(), UpdatedTime: a.GetUpdatedTime()}
}

func (a account) human(w io.Writer) {
	state := "enabled"
	if !a.Enabled {
		state = "disabled"
	}
	fmt.Fprintf(w, "account %s %q: plan %s, %s\n", a.ID, a.Name, a.Plan, state)
}

// createdAccount is the result of accounts create.
type createdAccount struct {
	account
	OwnerUserID string `json:"owner_user_id"`
	APIKeyID    string `json:"api_key_id"`
	APIKey      string `json:"api_key"`
	// OwnerInviteSent tells whether the owner's invite reached the mail
	// server; when false, identity's log says why (resend it with the key).
	OwnerInviteSent bool `json:"owner_invite_sent"`
}

func (c createdAccount) human(w io.Writer) {
	c.account.human(w)
	if c.OwnerInviteSent {
		fmt.Fprintf(w, "owner user %s: invite emailed (they choose a password from its link)\n", c.OwnerUserID)
	} else {
		fmt.Fprintf(w, "owner user %s: invite NOT emailed (see identity's log; POST /v2/invites/{id}/resend)\n", c.OwnerUserID)
	}
	fmt.Fprintf(w, "API key %s (read-write; shown only now, keep it safe):\n%s\n", c.APIKeyID, c.APIKey)
}

// accountList is the result of accounts list.
type accountList struct {
	Items []account `json:"items"`
}

func (l accountList) human(w io.Writer) {
	for _, a := range l.Items {
		a.human(w)
	}
	fmt.Fprintf(w, "%d account(s)\n", len(l.Items))
}

// recoveredKey is the result of keys recover.
type recoveredKey struct {
	AccountID string `json:"account_id"`
	APIKeyID  string `json:"api_key_id"`
	APIKey    string `json:"api_key"`
}

func (k recoveredKey) human(w io.Writer) {
	fmt.Fprintf(w, "API key %s for account %s (read-write; shown only now, keep it safe):\n%s\n", k.APIKeyID, k.AccountID, k.APIKey)
}

func commands() map[string]command {
	return map[string]command{
		"accounts create":   createCommand(),
		"accounts list":     {short: "List every account", run: listAccounts},
		"accounts set-plan": {short: "Move an account to a plan", positional: []string{"ACCOUNT_ID", "PLAN"}, run: setPlan},
		"accounts disable":  {short: "Disable an account (its keys stop working)", positional: []string{"ACCOUNT_ID"}, run: disable},
		"accounts enable":   {short: "Enable an account again", positional: []string{"ACCOUNT_ID"}, run: enable},
		"keys recover":      {short: "Make a new read-write API key for an account", positional: []string{"ACCOUNT_ID"}, run: recoverKey},
		"domains verify": {short: "Verify an identity provider's domain without its DNS record (you vouch the account controls it)",
			positional: []string{"ACCOUNT_ID", "IDENTITY_PROVIDER_ID", "DOMAIN"}, run: verifyDomain},
	}
}

func createCommand() command {
	var in identityv1.CreateAccountRequest
	return command{
		short: "Create an account, its owner (invited by mail) and a first API key",
		flags: func(fs *pflag.FlagSet) func() error {
			fs.StringVar(&in.Name, "name", "", "the account's name (1-100 characters)")
			fs.StringVar(&in.OwnerEmail, "owner-email", "", "the owner's email address")
			fs.StringVar(&in.Plan, "plan", "free", "free, pro or enterprise (docs/plans.md)")
			return func() error {
				if in.Name == "" || in.OwnerEmail == "" {
					return errors.New("--name and --owner-email are required")
				}
				return nil
			}
		},
		run: func(ctx context.Context, c identityv1.IdentityAdminServiceClient, _ []string) (result, error) {
			out, err := c.CreateAccount(ctx, &in)
			if err != nil {
				return nil, err
			}
			return createdAccount{account: accountOf(out.GetAccount()), OwnerUserID: out.GetOwnerUserId(),
				APIKeyID: out.GetApiKeyId(), APIKey: out.GetApiKey(), OwnerInviteSent: out.GetOwnerInviteSent()}, nil
		},
	}
}

// listAccounts reads every page.
func listAccounts(ctx context.Context, c identityv1.IdentityAdminServiceClient, _ []string) (result, error) {
	list := accountList{Items: []account{}}
	cursor := ""
	for {
		page, err := c.ListAccounts(ctx, &identityv1.ListAccountsRequest{Cursor: cursor})
		if err != nil {
			return nil, err
		}
		for _, a := range page.GetItems() {
			list.Items = append(list.Items, accountOf(a))
		}
		if cursor = page.GetNextCursor(); cursor == "" {
			return list, nil
		}
	}
}

func setPlan(ctx context.Context, c identityv1.IdentityAdminServiceClient, args []string) (result, error) {
	a, err := c.SetAccountPlan(ctx, &identityv1.SetAccountPlanRequest{AccountId: args[0], Plan: args[1]})
	if err != nil {
		return nil, err
	}
	return accountOf(a), nil
}

func disable(ctx context.Context, c identityv1.IdentityAdminServiceClient, args []string) (result, error) {
	a, err := c.DisableAccount(ctx, &identityv1.DisableAccountRequest{AccountId: args[0]})
	if err != nil {
		return nil, err
	}
	return accountOf(a), nil
}

func enable(ctx context.Context, c identityv1.IdentityAdminServiceClient, args []string) (result, error) {
	a, err := c.EnableAccount(ctx, &identityv1.EnableAccountRequest{AccountId: args[0]})
	if err != nil {
		return nil, err
	}
	return accountOf(a), nil
}

func recoverKey(ctx context.Context, c identityv1.IdentityAdminServiceClient, args []string) (result, error) {
	k, err := c.RecoverKey(ctx, &identityv1.RecoverKeyRequest{AccountId: args[0]})
	if err != nil {
		return nil, err
	}
	return recoveredKey{AccountID: args[0], APIKeyID: k.GetApiKeyId(), APIKey: k.GetApiKey()}, nil
}
