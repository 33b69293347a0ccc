package signin

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/identity/internal/mfa"
	"github.com/vidhost/vidhost/services/identity/internal/password"
	"github.com/vidhost/vidhost/services/identity/internal/sessions"
)

// Limits on failed sign-ins (docs/authentication.md): past them every
// attempt is refused, right or wrong, until the window has moved on. An
// attempt is counted before its password is checked and uncounted when it
// proves right, so attempts still being checked count too.
const (
	FailureWindow    = 15 * time.Minute
	MaxPerEmail      = 10
	MaxPerAddress    = 50
	maxEmailLength   = 254
	maxCodeLength    = 32
	failureAuditorID = "sign-in"
)

// The answers to a refused sign-in, in the interface's words. ErrFailed is
// the one answer to an unknown email, a wrong password, a disabled user or
// account and a user who signs in with SSO: telling them apart would help
// nobody but a guesser.
var (
	ErrFailed        = &apperr.NotAuthenticated{Code: apperr.CodeSignInFailed, Reason: "email or password is incorrect"}
	ErrCodeRequired  = &apperr.NotAuthenticated{Code: apperr.CodeMfaCodeRequired, Reason: "enter the code from your authenticator app, or a recovery code"}
	ErrCodeInvalid   = &apperr.NotAuthenticated{Code: apperr.CodeMfaCodeInvalid, Reason: "the code is incorrect or was already used"}
	ErrRateLimited   = &apperr.Exhausted{Code: apperr.CodeSignInRateLimited, Reason: "too many failed sign-ins: try again in 15 minutes"}
	errPasswordWrong = &apperr.Denied{Reason: "current_password is incorrect"}
)

// Attempt is one sign-in: what the person typed, and where from.
type Attempt struct {
	Email, Password string
	// Code is a TOTP code or a recovery code; empty on the first step.
	Code                string
	ClientIP, UserAgent string
}

// Service signs people in.
type Service struct {
	store    Store
	sessions *sessions.Service
	sealer   *mfa.Sealer
	logger   *slog.Logger
	now      func() time.Time
	// mailer and publicURL send password reset links (WithResets).
	mailer    Mailer
	publicURL string
}

// NewService returns a Service that starts sessions with sessions.
func NewService(store Store, sess *sessions.Service, sealer *mfa.Sealer, logger *slog.Logger) *Service {
	return &Service{store: store, sessions: sess, sealer: sealer, logger: logger, now: time.Now}
}

// outcome is what the transaction of an attempt decided: the user, or why
// not. Failures are committed (counted, audited) before they are answered.
type outcome struct {
	user   Candidate
	factor string
	err    error
}

// SignIn checks an attempt and starts a session for its user.
func (s *Service) SignIn(ctx context.Context, a Attempt) (sessions.Started, error) {
	a.Email = strings.ToLower(strings.TrimSpace(a.Email))
	if a.Email == "" || len(a.Email) > maxEmailLength || len(a.Password) > 4*password.MaxLength || len(a.Code) > maxCodeLength {
		return sessions.Started{}, ErrFailed
	}
	now := s.timestamp()
	reserved, err := s.reserve(ctx, a.Email, a.ClientIP, now)
	if err != nil {
		return sessions.Started{}, err
	}
	out, err := s.attempt(ctx, a, now)
	if err == nil {
		err = out.err
	}
	s.settle(ctx, reserved, err)
	if err != nil {
		return sessions.Started{}, err
	}
	started, err := s.sessions.Start(ctx, sessions.StartInput{AccountID: out.user.AccountID, UserID: out.user.ID,
		Method: sessions.MethodPassword, ClientIP: a.ClientIP, UserAgent: a.UserAgent})
	if err != nil {
		return sessions.Started{}, err
	}
	err = s.store.InSignInTx(ctx, func(tx Tx) error {
		p := principal.Principal{AccountID: out.user.AccountID, ActorID: out.user.ID, ActorType: principal.ActorUser,
			Role: out.user.Role, ClientIP: a.ClientIP}
		return tx.Audit(ctx, p, audit.EntityUsers, out.user.ID, audit.ActionSignIn, map[string]any{
			"email": out.user.Email, "result": "success", "method": sessions.MethodPassword, "factor": out.factor,
			"session_id": started.Session.ID})
	})
	return started, err
}

// attempt checks the password outside any transaction: the hash is slow
// and may wait for a slot of the gate, and must hold no connection nor row
// lock meanwhile. Then it decides with the user's row locked (afterPassword).
func (s *Service) attempt(ctx context.Context, a Attempt, now time.Time) (outcome, error) {
	checked, err := s.candidate(ctx, a.Email)
	if err != nil {
		return outcome{}, err
	}
	hash := checked.PasswordHash
	if checked.Authentication != sessions.MethodPassword {
		hash = "" // no user, or one who signs in with SSO: the dummy's cost
	}
	ok, err := password.VerifyOrDummy(ctx, a.Password, hash)
	if err != nil {
		return outcome{}, err
	}
	var out outcome
	err = s.store.InSignInTx(ctx, func(tx Tx) error {
		var err error
		out, err = s.afterPassword(ctx, tx, a, checked, ok, now)
		return err
	})
	return out, err
}

// candidate is the user of email, or no user (a zero Candidate).
func (s *Service) candidate(ctx context.Context, email string) (Candidate, error) {
	var user Candidate
	err := s.store.InSignInTx(ctx, func(tx Tx) error {
		var err error
		user, err = tx.LockUserByEmail(ctx, email)
		if errors.Is(err, apperr.ErrNotFound) {
			return nil
		}
		return err
	})
	return user, err
}

// afterPassword decides an attempt whose password was checked against
// checked, with the user's row locked, so two attempts cannot spend the
// same code; the user must still be the one checked, with the same hash,
// and enabled. A refusal is audited and returned in the outcome, so the
// transaction commits its audit entry.
func (s *Service) afterPassword(ctx context.Context, tx Tx, a Attempt, checked Candidate, passwordOK bool, now time.Time) (outcome, error) {
	if !passwordOK {
		return s.refuse(ctx, tx, a, checked, "password", ErrFailed)
	}
	user, err := tx.LockUserByEmail(ctx, a.Email)
	if errors.Is(err, apperr.ErrNotFound) {
		return s.refuse(ctx, tx, a, Candidate{}, "password", ErrFailed)
	}
	if err != nil {
		return outcome{}, err
	}
	if user.ID != checked.ID || user.PasswordHash != checked.PasswordHash || user.Authentication != sessions.MethodPassword ||
		!user.Enabled || !user.AccountEnabled {
		return s.refuse(ctx, tx, a, user, "password", ErrFailed)
	}
	if user.TOTPSecret == nil {
		return outcome{user: user, factor: "none"}, nil
	}
	if a.Code == "" {
		return outcome{err: ErrCodeRequired}, nil
	}
	factor, ok, err := s.checkCode(ctx, tx, user, a.Code, now)
	if err != nil {
		return outcome{}, err
	}
	if !ok {
		return s.refuse(ctx, tx, a, user, "mfa_code", ErrCodeInvalid)
	}
	return outcome{user: user, factor: factor}, nil
}

// checkCode spends a TOTP step or a recovery code of user.
func (s *Service) checkCode(ctx context.Context, tx Tx, user Candidate, code string, now time.Time) (string, bool, error) {
	if mfa.IsRecoveryCode(code) {
		rest, ok := mfa.SpendRecoveryCode(user.RecoveryCodes, code)
		if !ok {
			return "", false, nil
		}
		return "recovery_code", true, tx.SetRecoveryCodes(ctx, user.AccountID, user.ID, rest)
	}
	secret, err := s.sealer.Open(user.ID, user.TOTPSecret)
	if err != nil {
		return "", false, err
	}
	step, ok := mfa.MatchStep(secret, strings.TrimSpace(code), now, user.TOTPLastStep)
	if !ok {
		return "", false, nil
	}
	return "totp", true, tx.SetTOTPLastStep(ctx, user.AccountID, user.ID, step)
}

// refuse answers a failed attempt (counted already: see reserve) and, when
// the email is a user's, audits it in their account: by the system, as the
// person is not proven, with the email typed and never the password.
func (s *Service) refuse(ctx context.Context, tx Tx, a Attempt, user Candidate, reason string, answer error) (outcome, error) {
	if user.ID == "" {
		s.logger.InfoContext(ctx, "sign-in failed: unknown email", "client_ip", a.ClientIP)
		return outcome{err: answer}, nil
	}
	p := principal.Principal{AccountID: user.AccountID, ActorID: failureAuditorID, ActorType: principal.ActorSystem, ClientIP: a.ClientIP}
	err := tx.Audit(ctx, p, audit.EntityUsers, user.ID, audit.ActionSignIn,
		map[string]any{"email": a.Email, "result": "failure", "reason": reason})
	return outcome{err: answer}, err
}

// timestamp is now at PostgreSQL's precision.
func (s *Service) timestamp() time.Time {
	return s.now().UTC().Truncate(time.Microsecond)
}
