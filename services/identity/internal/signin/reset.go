package signin

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/mail"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/identity/internal/opaque"
	"github.com/vidhost/vidhost/services/identity/internal/password"
)

// Password reset links (docs/authentication.md).
const (
	// ResetPath is the gateway's page a reset link opens; the token rides
	// in the fragment (#token=…), as an invite's does, so it stays out of
	// logs and Referer headers.
	ResetPath = "/reset-password"
	// ResetTTL is how long a link works.
	ResetTTL = time.Hour
	// maxOpenResets bounds the links (and mails) one user can have open,
	// so asking again and again cannot flood their inbox.
	maxOpenResets = 3
)

// ErrResetInvalid is the one answer to a reset link that is unknown, used,
// expired, or of a user who may not reset a password.
var ErrResetInvalid = &apperr.Refused{Code: apperr.CodePasswordResetInvalid, Reason: "this password reset link is invalid or has expired"}

// Mailer sends one email; *mail.Mailer is one.
type Mailer interface {
	Send(ctx context.Context, msg mail.Message) error
}

// WithResets lets s mail password reset links to publicURL's reset page
// through mailer (nil: links are not sent, which is logged).
func (s *Service) WithResets(mailer Mailer, publicURL string) *Service {
	s.mailer, s.publicURL = mailer, strings.TrimSuffix(publicURL, "/")
	return s
}

// RequestReset mails a reset link to email when it is an enabled password
// user's. It answers the same whatever the email, so it tells a guesser
// nothing; the mail goes out after the answer.
func (s *Service) RequestReset(ctx context.Context, email, clientIP string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	if email == "" || len(email) > maxEmailLength {
		return nil
	}
	now := s.timestamp()
	var msg *mail.Message
	err := s.store.InSignInTx(ctx, func(tx Tx) error {
		user, err := tx.LockUserByEmail(ctx, email)
		if errors.Is(err, apperr.ErrNotFound) || (err == nil && !resettable(user)) {
			return nil
		}
		if err != nil {
			return err
		}
		open, err := tx.CountOpenPasswordResets(ctx, user.AccountID, user.ID, now)
		if err != nil || open >= maxOpenResets {
			return err
		}
		token, hash := opaque.New()
		if err := tx.InsertPasswordReset(ctx, user.AccountID, user.ID, hash, now.Add(ResetTTL)); err != nil {
			return err
		}
		m := s.resetMessage(user.Email, token, now.Add(ResetTTL), clientIP)
		msg = &m
		return nil
	})
	if err != nil || msg == nil {
		return err
	}
	go s.send(context.WithoutCancel(ctx), *msg)
	return nil
}

// resettable: only enabled password users of enabled accounts reset.
func resettable(u Candidate) bool {
	return u.Enabled && u.AccountEnabled && u.Authentication == "password"
}

// Reset sets a new password through a reset link, uses the link (and the
// user's other open ones) up, and ends every session of the user.
//
// The link is looked up before the password is hashed, so only a live
// link earns the argon2id work; a link that is not one counts as a failed
// attempt from the client's address (and is limited as one, ErrRateLimited).
func (s *Service) Reset(ctx context.Context, token, newPassword, clientIP string) error {
	if err := password.Check("password", newPassword); err != nil {
		return err
	}
	if !opaque.WellFormed(token) {
		return ErrResetInvalid
	}
	now := s.timestamp()
	reserved, err := s.reserve(ctx, "", clientIP, now)
	if err != nil {
		return err
	}
	err = s.findReset(ctx, token, now)
	s.settle(ctx, reserved, err)
	if err != nil {
		return err
	}
	hash, err := password.Hash(ctx, newPassword)
	if err != nil {
		return err
	}
	target, err := s.applyReset(ctx, token, hash, clientIP, now)
	if err != nil {
		return err
	}
	_, err = s.sessions.EndOthers(ctx, target.AccountID, target.UserID, "")
	return err
}

// findReset is ErrResetInvalid unless token is an open link's. Its lock
// ends with its short transaction, before the slow hash: applyReset looks
// again, with the rows locked.
func (s *Service) findReset(ctx context.Context, token string, now time.Time) error {
	return s.store.InSignInTx(ctx, func(tx Tx) error {
		_, err := tx.LockPasswordReset(ctx, opaque.Hash(token), now)
		if errors.Is(err, apperr.ErrNotFound) {
			return ErrResetInvalid
		}
		return err
	})
}

// applyReset stores hash as the password of token's user and uses up the
// user's links, if the link is still open.
func (s *Service) applyReset(ctx context.Context, token, hash, clientIP string, now time.Time) (ResetTarget, error) {
	var target ResetTarget
	err := s.store.InSignInTx(ctx, func(tx Tx) error {
		var err error
		target, err = tx.LockPasswordReset(ctx, opaque.Hash(token), now)
		if errors.Is(err, apperr.ErrNotFound) {
			return ErrResetInvalid
		}
		if err != nil {
			return err
		}
		if err := tx.SetPasswordHash(ctx, target.AccountID, target.UserID, hash, target.UserID, now); err != nil {
			return err
		}
		if err := tx.UsePasswordResets(ctx, target.AccountID, target.UserID, now); err != nil {
			return err
		}
		p := principal.Principal{AccountID: target.AccountID, ActorID: target.UserID, ActorType: principal.ActorUser,
			Role: target.Role, ClientIP: clientIP}
		return tx.Audit(ctx, p, audit.EntityUsers, target.UserID, audit.ActionUpdate, map[string]any{"password": "reset"})
	})
	return target, err
}

// resetMessage is the reset email, plain text.
func (s *Service) resetMessage(to, token string, expires time.Time, clientIP string) mail.Message {
	var b strings.Builder
	fmt.Fprintf(&b, "Hello,\n\nSomeone (from %s) asked to reset the password of %s on Vidhost.\n\n", orUnknown(clientIP), to)
	fmt.Fprintf(&b, "To choose a new password, open this link:\n\n%s%s#token=%s\n\n", s.publicURL, ResetPath, token)
	fmt.Fprintf(&b, "The link works once and until %s. Choosing a new password signs you out everywhere.\n", timefmt.Format(expires))
	b.WriteString("If you did not ask for this, ignore this email: your password stays as it is.\n")
	return mail.Message{To: to, Subject: "Reset your Vidhost password", Body: b.String()}
}

// send mails msg, logging a failure (never the link).
func (s *Service) send(ctx context.Context, msg mail.Message) {
	if s.mailer == nil {
		s.logger.WarnContext(ctx, "sign-in: no mailer: password reset link not sent")
		return
	}
	if err := s.mailer.Send(ctx, msg); err != nil {
		s.logger.ErrorContext(ctx, "sign-in: password reset link not sent", "error", err)
	}
}

func orUnknown(ip string) string {
	if ip == "" {
		return "an unknown address"
	}
	return ip
}
