package stack

import (
	"context"
	"fmt"

	"github.com/vidhost/vidhost/pkg/mailpit"
)

// startMailpit runs the local SMTP catcher every mail of the suite goes to;
// `make run` installs it (make mailpit).
func (s *Stack) startMailpit() error {
	// Its own context: the lifecycle stops it after the services that send mail.
	ctx, cancel := context.WithCancel(context.Background())
	server, err := mailpit.Start(ctx)
	if err != nil {
		cancel()
		return fmt.Errorf("mailpit: %w", err)
	}
	s.mailpit = server
	s.stack.Push("mailpit", func(context.Context) error {
		server.Stop()
		cancel()
		return nil
	})
	return nil
}
