package mail

import "time"

// Config is where and how mail is sent, filled from VIDHOST_SMTP_* variables.
type Config struct {
	Host     string        `env:"VIDHOST_SMTP_HOST" envDefault:"127.0.0.1"`
	Port     int           `env:"VIDHOST_SMTP_PORT" envDefault:"1025"`
	User     string        `env:"VIDHOST_SMTP_USER"`
	Password string        `env:"VIDHOST_SMTP_PASSWORD" secret:"true"`
	From     string        `env:"VIDHOST_SMTP_FROM" envDefault:"Vidhost <no-reply@vidhost.local>"`
	Timeout  time.Duration `env:"VIDHOST_SMTP_TIMEOUT" envDefault:"10s"`
}
