package app

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"github.com/vidhost/vidhost/gateway/internal/tokens"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/pkg/timefmt"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// tokensPath mints upload and viewer tokens (docs/tokens.md). The gateway serves it
// itself: a token is verified here and nowhere else, so it is minted here.
const tokensPath = "/v2/tokens"

// tokenResult is the token as POST /v2/tokens returns it, once.
type tokenResult struct {
	ID           string `json:"id"`
	Type         string `json:"type"`
	Token        string `json:"token"`
	MaxSizeBytes int64  `json:"max_size_bytes,omitempty"`
	VideoID      string `json:"video_id,omitempty"`
	ExpiresTime  string `json:"expires_time"`
	CreatedBy    string `json:"created_by"`
	CreatedTime  string `json:"created_time"`
}

// mintTokens answers POST /v2/tokens, behind the /v2 authentication, body
// limit and JSON checks. Identity writes the audit entry of every token
// before it is handed out; what an upload token then does is audited by
// the services as the minter's.
type mintTokens struct {
	signer   tokens.Signer
	identity identityv1.IdentityServiceClient
	timeout  time.Duration
	now      func() time.Time
	logger   *slog.Logger
}

func (m mintTokens) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		envelope.WriteError(w, apperr.CodeMethodNotAllowed, "")
		return
	}
	var req tokens.Request
	decoder := json.NewDecoder(r.Body)
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(&req); err != nil {
		envelope.WriteError(w, apperr.CodeInvalidArgument, "malformed JSON")
		return
	}
	p, _ := principal.FromContext(r.Context()) // auth.RequireKeyOrSession put it there
	token, claims, err := m.mint(r.Context(), p, req)
	if err != nil {
		m.writeError(w, r, err)
		return
	}
	result, _ := json.Marshal(tokenResult{ID: claims.ID, Type: claims.Type, Token: token, MaxSizeBytes: claims.MaxSizeBytes,
		VideoID: claims.VideoID, ExpiresTime: timefmt.Format(claims.ExpiresTime()), CreatedBy: p.ActorID, CreatedTime: timefmt.Format(m.now())})
	w.Header().Set("Cache-Control", "no-store") // a credential
	envelope.Write(w, http.StatusOK, envelope.Success(result, nil))
}

// mint checks req, signs the token for p and has it audited; a token
// identity did not record is never returned (RecordToken's rule also holds
// a person to the role uploader).
func (m mintTokens) mint(ctx context.Context, p principal.Principal, req tokens.Request) (string, tokens.Claims, error) {
	asked, ttl, err := req.Validate()
	if err != nil {
		return "", tokens.Claims{}, err
	}
	// Deleting the key that minted an upload token revokes it; a session
	// has no such key, so it mints only viewer tokens (the dashboard's
	// share links), which no deletion revokes anyway.
	if p.KeyID == "" && asked.Type != tokens.TypeViewer {
		return "", tokens.Claims{}, apperr.InvalidField("type", "must be viewer when signed in: upload tokens are minted with an API key, whose deletion revokes them")
	}
	asked.AccountID, asked.KeyID, asked.ActorID, asked.ActorType, asked.Role, asked.Plan =
		p.AccountID, p.KeyID, p.ActorID, p.ActorType, p.Role, p.Plan
	token, claims := m.signer.Mint(asked, ttl)
	if err := m.record(ctx, claims); err != nil {
		return "", tokens.Claims{}, err
	}
	m.logger.InfoContext(ctx, "token minted", "type", claims.Type, "account", p.AccountID, "actor", p.ActorID,
		"token_id", claims.ID, "max_size_bytes", claims.MaxSizeBytes, "video_id", claims.VideoID, "expires", claims.ExpiresTime())
	return token, claims, nil
}

// record asks identity to audit the minted token, acting as the principal
// of ctx (role uploader and a writing key, as the access table says).
func (m mintTokens) record(ctx context.Context, c tokens.Claims) error {
	ctx, cancel := context.WithTimeout(ctx, m.timeout)
	defer cancel()
	_, err := m.identity.RecordToken(ctx, &identityv1.RecordTokenRequest{Id: c.ID, Type: c.Type,
		MaxSizeBytes: c.MaxSizeBytes, VideoId: c.VideoID, ExpiresTime: timefmt.Format(c.ExpiresTime())})
	return err
}

// writeError answers err as a service's would be, logging what the client
// is not shown.
func (m mintTokens) writeError(w http.ResponseWriter, r *http.Request, err error) {
	mapped := envelope.FromError(err)
	if mapped.Hidden {
		m.logger.ErrorContext(r.Context(), "mint token failed", "error", err.Error())
	}
	envelope.Write(w, mapped.HTTPStatus, envelope.Failure(mapped.Error))
}

// addTokens makes the gateway mint upload tokens and accept them, signed
// with a key derived from the root secret: every replica agrees on it.
func (rt *routes) addTokens() {
	signer := tokens.NewSigner(secrets.MustRoot(rt.cfg.InternalSecret).Derive(secrets.UploadToken), time.Now)
	rt.auth.AcceptUploadTokens(signer)
	rt.tokens = signer
	rt.mint = mintTokens{signer: signer, now: time.Now, logger: rt.logger, timeout: rt.cfg.RequestTimeout,
		identity: identityv1.NewIdentityServiceClient(connNamed(rt.conns, identityBackend))}
}
