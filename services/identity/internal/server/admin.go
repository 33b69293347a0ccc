package server

import (
	"context"

	"google.golang.org/grpc"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/timefmt"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	"github.com/vidhost/vidhost/services/identity/internal/accounts"
	"github.com/vidhost/vidhost/services/identity/internal/sso"
)

// Admin implements identityv1.IdentityAdminServiceServer. grpcx's policy
// admits the operator caller only (pkg/grpcx/policy.go); the calls carry no
// account principal, since they act on any account.
type Admin struct {
	identityv1.UnimplementedIdentityAdminServiceServer
	accounts *accounts.Service
	sso      *sso.Service
}

// WithSSO lets the operator verify identity provider domains by hand.
func (a *Admin) WithSSO(svc *sso.Service) *Admin {
	a.sso = svc
	return a
}

// VerifyDomain marks a provider's domain verified on the operator's word.
func (a *Admin) VerifyDomain(ctx context.Context, in *identityv1.VerifyDomainRequest) (*identityv1.VerifyDomainResponse, error) {
	d, err := a.sso.VerifyDomainByOperator(ctx, in.GetAccountId(), in.GetIdentityProviderId(), in.GetDomain())
	if err != nil {
		return nil, err
	}
	return &identityv1.VerifyDomainResponse{AccountId: in.GetAccountId(), IdentityProviderId: in.GetIdentityProviderId(),
		Domain: d.Name, VerifiedTime: timefmt.Format(d.VerifiedTime)}, nil
}

// NewAdmin returns an Admin over the accounts domain.
func NewAdmin(accounts *accounts.Service) *Admin {
	return &Admin{accounts: accounts}
}

// Register adds a to a gRPC server.
func (a *Admin) Register(reg grpc.ServiceRegistrar) {
	identityv1.RegisterIdentityAdminServiceServer(reg, a)
}

// CreateAccount makes an account, its owner and a first key.
func (a *Admin) CreateAccount(ctx context.Context, in *identityv1.CreateAccountRequest) (*identityv1.CreateAccountResponse, error) {
	created, err := a.accounts.Create(ctx, accounts.Input{Name: in.GetName(), OwnerEmail: in.GetOwnerEmail(), Plan: in.GetPlan()})
	if err != nil {
		return nil, err
	}
	return &identityv1.CreateAccountResponse{
		Account: accountProto(created.Account), OwnerUserId: created.OwnerID,
		ApiKeyId: created.Key.ID, ApiKey: created.Key.Value, OwnerInviteSent: created.OwnerInviteSent,
	}, nil
}

// ListAccounts lists every account, oldest first.
func (a *Admin) ListAccounts(ctx context.Context, in *identityv1.ListAccountsRequest) (*identityv1.ListAccountsResponse, error) {
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	items, next, err := a.accounts.List(ctx, req)
	if err != nil {
		return nil, err
	}
	out := &identityv1.ListAccountsResponse{Items: make([]*identityv1.Account, len(items)), NextCursor: next}
	for i, acc := range items {
		out.Items[i] = accountProto(acc)
	}
	return out, nil
}

// SetAccountPlan moves an account to another plan.
func (a *Admin) SetAccountPlan(ctx context.Context, in *identityv1.SetAccountPlanRequest) (*identityv1.Account, error) {
	acc, err := a.accounts.SetPlan(ctx, in.GetAccountId(), in.GetPlan())
	if err != nil {
		return nil, err
	}
	return accountProto(acc), nil
}

// DisableAccount stops the account's keys.
func (a *Admin) DisableAccount(ctx context.Context, in *identityv1.DisableAccountRequest) (*identityv1.Account, error) {
	acc, err := a.accounts.Disable(ctx, in.GetAccountId())
	if err != nil {
		return nil, err
	}
	return accountProto(acc), nil
}

// EnableAccount lets the account's keys authenticate again.
func (a *Admin) EnableAccount(ctx context.Context, in *identityv1.EnableAccountRequest) (*identityv1.Account, error) {
	acc, err := a.accounts.Enable(ctx, in.GetAccountId())
	if err != nil {
		return nil, err
	}
	return accountProto(acc), nil
}

// RecoverKey mints a new read-write key for the account.
func (a *Admin) RecoverKey(ctx context.Context, in *identityv1.RecoverKeyRequest) (*identityv1.RecoverKeyResponse, error) {
	created, err := a.accounts.RecoverKey(ctx, in.GetAccountId())
	if err != nil {
		return nil, err
	}
	return &identityv1.RecoverKeyResponse{ApiKeyId: created.ID, ApiKey: created.Value}, nil
}

func accountProto(a accounts.Account) *identityv1.Account {
	return &identityv1.Account{
		Id: a.ID, Name: a.Name, Plan: a.Plan, Enabled: a.Enabled,
		CreatedTime: timefmt.Format(a.CreatedTime), UpdatedTime: timefmt.Format(a.UpdatedTime),
	}
}
