package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/smtp"
	"strconv"
	"time"
)

// Message is one plain-text email to one recipient.
type Message struct {
	To      string
	Subject string
	Body    string
}

// Mailer sends Messages through one SMTP server.
type Mailer struct {
	cfg  Config
	from *mail.Address
}

// New checks cfg and returns a Mailer.
func New(cfg Config) (*Mailer, error) {
	if cfg.Host == "" || cfg.Port <= 0 {
		return nil, errors.New("mail: VIDHOST_SMTP_HOST and VIDHOST_SMTP_PORT are required")
	}
	from, err := mail.ParseAddress(cfg.From)
	if err != nil {
		return nil, fmt.Errorf("mail: VIDHOST_SMTP_FROM: %w", err)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	return &Mailer{cfg: cfg, from: from}, nil
}

// Send delivers msg, giving up when ctx ends or the configured timeout passes.
func (m *Mailer) Send(ctx context.Context, msg Message) error {
	to, err := mail.ParseAddress(msg.To)
	if err != nil {
		return fmt.Errorf("mail: recipient: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, m.cfg.Timeout)
	defer cancel()
	addr := net.JoinHostPort(m.cfg.Host, strconv.Itoa(m.cfg.Port))
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("mail: dial %s: %w", addr, err)
	}
	defer conn.Close()
	// net/smtp has no context: a deadline on the connection bounds the whole exchange.
	deadline, _ := ctx.Deadline()
	if err := conn.SetDeadline(deadline); err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	if err := m.exchange(conn, to, msg); err != nil {
		return fmt.Errorf("mail: send to %s: %w", addr, err)
	}
	return nil
}

func (m *Mailer) exchange(conn net.Conn, to *mail.Address, msg Message) error {
	client, err := smtp.NewClient(conn, m.cfg.Host)
	if err != nil {
		return err
	}
	defer client.Close()
	if ok, _ := client.Extension("STARTTLS"); ok {
		if err := client.StartTLS(&tls.Config{ServerName: m.cfg.Host, MinVersion: tls.VersionTLS12}); err != nil {
			return err
		}
	}
	if m.cfg.User != "" {
		// PlainAuth refuses to send the password over an unencrypted link except to localhost.
		if err := client.Auth(smtp.PlainAuth("", m.cfg.User, m.cfg.Password, m.cfg.Host)); err != nil {
			return err
		}
	}
	if err := client.Mail(m.from.Address); err != nil {
		return err
	}
	if err := client.Rcpt(to.Address); err != nil {
		return err
	}
	w, err := client.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(compose(m.from, to, msg)); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return client.Quit()
}
