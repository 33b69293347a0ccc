package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	vidhost "github.com/vidhost/vidhost/sdk/go"

	"github.com/vidhost/vidhost/pkg/config"
)

// login is what `vidhost login` saves: where the API is and the key to it.
type login struct {
	URL    string `json:"url"`
	APIKey string `json:"api_key"`
}

// configPath is <user config dir>/vidhost/config.json.
func (a *app) configPath() (string, error) {
	dir := a.env.ConfigDir
	if dir == "" {
		var err error
		if dir, err = os.UserConfigDir(); err != nil {
			return "", fmt.Errorf("no configuration directory: %w", err)
		}
	}
	return filepath.Join(dir, "vidhost", "config.json"), nil
}

// saveLogin writes the login readable by its owner only: it holds a key.
func (a *app) saveLogin(l login) (string, error) {
	path, err := a.configPath()
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return "", err
	}
	raw, err := json.MarshalIndent(l, "", "  ") //nolint:gosec // G117: saving the key is the point; the file is 0600
	if err != nil {
		return "", err
	}
	// Write beside it and rename, so a crash never leaves half a file, and
	// chmod in case an older file was more open.
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(raw, '\n'), 0o600); err != nil {
		return "", err
	}
	if err := os.Chmod(tmp, 0o600); err != nil {
		return "", err
	}
	return path, os.Rename(tmp, path)
}

// credentials finds the URL and key, each on its own: the environment
// (VIDHOST_URL, VIDHOST_API_KEY) first, then the saved login, then
// var/devstack.env in the working directory.
func (a *app) credentials() (login, error) {
	var saved login
	if path, err := a.configPath(); err == nil {
		raw, err := os.ReadFile(path) //nolint:gosec // our own configuration file
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return login{}, err
		}
		if err == nil {
			if err := json.Unmarshal(raw, &saved); err != nil {
				return login{}, fmt.Errorf("%s: %w", path, err)
			}
		}
	}
	devstack, err := config.ReadEnvFile(filepath.Join(a.env.Dir, devstackEnv))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return login{}, err
	}
	l := login{
		URL:    first(a.env.Getenv("VIDHOST_URL"), saved.URL, devstack["VIDHOST_URL"]),
		APIKey: first(a.env.Getenv("VIDHOST_API_KEY"), saved.APIKey, devstack["VIDHOST_API_KEY"]),
	}
	if l.URL == "" || l.APIKey == "" {
		return l, errors.New("not logged in: run 'vidhost login', or set VIDHOST_URL and VIDHOST_API_KEY")
	}
	return l, nil
}

// client is the SDK's client for the credentials found.
func (a *app) client(opts ...vidhost.Option) (*vidhost.Client, error) {
	l, err := a.credentials()
	if err != nil {
		return nil, err
	}
	return a.newClient(l, opts...), nil
}

// newClient is the SDK's client of l, with the run's options.
func (a *app) newClient(l login, opts ...vidhost.Option) *vidhost.Client {
	opts = append(opts, vidhost.WithUserAgent("vidhost-cli"))
	if a.env.HTTPClient != nil {
		opts = append(opts, vidhost.WithHTTPClient(a.env.HTTPClient))
	}
	return vidhost.New(l.URL, l.APIKey, opts...)
}
