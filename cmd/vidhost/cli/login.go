package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// loggedIn is the result of login.
type loggedIn struct {
	URL  string `json:"url"`
	Path string `json:"config_path"`
}

func (l loggedIn) human(w io.Writer) {
	fmt.Fprintf(w, "logged in to %s (saved in %s)\n", l.URL, l.Path)
}

func (a *app) loginCommand() *cobra.Command {
	var in login
	cmd := &cobra.Command{
		Use:   "login",
		Short: "Save the URL of an installation and an API key for the other commands",
		Long: `login asks for (or takes) the installation's URL and an API key, checks that
the key works, and saves both in the user configuration directory
(vidhost/config.json, mode 0600). VIDHOST_URL and VIDHOST_API_KEY, when set,
still win over what is saved.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return a.report(a.login(c.Context(), in))
		},
	}
	cmd.Flags().StringVar(&in.URL, "url", "", "the installation's URL, e.g. https://videos.example.com (asked when missing)")
	cmd.Flags().StringVar(&in.APIKey, "key", "", "an API key (asked when missing, without echo)")
	return cmd
}

func (a *app) login(ctx context.Context, in login) (result, error) {
	lines := bufio.NewReader(a.env.Stdin)
	var err error
	if in.URL == "" {
		if in.URL, err = a.ask(lines, "Vidhost URL: ", false); err != nil {
			return nil, err
		}
	}
	if in.APIKey == "" {
		if in.APIKey, err = a.ask(lines, "API key: ", true); err != nil {
			return nil, err
		}
	}
	in.URL = strings.TrimRight(strings.TrimSpace(in.URL), "/")
	if !strings.HasPrefix(in.URL, "http://") && !strings.HasPrefix(in.URL, "https://") {
		return nil, fmt.Errorf("the URL must start with http:// or https://, not %q", in.URL)
	}
	// A read every key may make: a typo fails now rather than later.
	for _, err := range a.newClient(in).Videos.List(ctx, &vidhost.ListOptions{Limit: 1}) {
		if err != nil {
			return nil, fmt.Errorf("checking the key with %s: %w", in.URL, err)
		}
		break
	}
	path, err := a.saveLogin(in)
	if err != nil {
		return nil, err
	}
	return loggedIn{URL: in.URL, Path: path}, nil
}

// ask prompts on stderr and reads one line; a secret is read without echo
// when stdin is a terminal.
func (a *app) ask(lines *bufio.Reader, prompt string, secret bool) (string, error) {
	fmt.Fprint(a.stderr, prompt)
	if f, ok := a.env.Stdin.(*os.File); ok && secret && term.IsTerminal(int(f.Fd())) { //nolint:gosec // a file descriptor fits an int
		raw, err := term.ReadPassword(int(f.Fd())) //nolint:gosec // as above
		fmt.Fprintln(a.stderr)
		return strings.TrimSpace(string(raw)), err
	}
	line, err := lines.ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", err
	}
	if line = strings.TrimSpace(line); line == "" {
		return "", fmt.Errorf("no answer to %q", strings.TrimSpace(prompt))
	}
	return line, nil
}
