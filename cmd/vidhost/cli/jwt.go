package cli

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// signedJWT is the result of jwt sign.
type signedJWT struct {
	JWT      string `json:"jwt"`
	Expires  string `json:"expires"`
	WatchURL string `json:"watch_url,omitempty"`
}

func (s signedJWT) human(w io.Writer) {
	if s.WatchURL != "" {
		fmt.Fprintln(w, s.WatchURL)
		return
	}
	fmt.Fprintln(w, s.JWT)
}

func (a *app) jwtCommand() *cobra.Command {
	jwtCmd := group("jwt", "Viewer JWTs for private videos (docs/playback.md)")
	var keyPath, keyID string
	var lifetime time.Duration
	var watch bool
	sign := &cobra.Command{
		Use:   "sign VIDEO_ID --key private.pem --kid JWT_KEY_ID",
		Short: "Sign a viewer JWT for a video (or * for every video) with your private key",
		Long: `sign prints a viewer JWT signed with the private half of a key registered with
POST /v2/jwt_keys: RS256 for an RSA key, ES256 for an EC P-256 key. Nothing is
sent anywhere. With --watch it prints the watch page's URL with ?jwt=.`,
		Args: exactArgs("VIDEO_ID"),
		RunE: func(_ *cobra.Command, args []string) error {
			return a.report(a.signJWT(args[0], keyPath, keyID, lifetime, watch))
		},
	}
	sign.Flags().StringVar(&keyPath, "key", "", "PEM private key (PKCS#8, PKCS#1 or SEC 1)")
	sign.Flags().StringVar(&keyID, "kid", "", "the JWT key's id (POST /v2/jwt_keys), default VIDHOST_JWT_KEY_ID")
	sign.Flags().DurationVar(&lifetime, "ttl", time.Hour, "lifetime: the video's length plus a margin (at most 24h by default)")
	sign.Flags().BoolVar(&watch, "watch", false, "print the watch page's URL carrying the JWT")
	_ = sign.MarkFlagRequired("key")
	_ = sign.MarkFlagFilename("key", "pem", "key")
	jwtCmd.AddCommand(sign)
	return jwtCmd
}

func (a *app) signJWT(videoID, keyPath, keyID string, lifetime time.Duration, watch bool) (result, error) {
	if keyID == "" {
		keyID = a.env.Getenv("VIDHOST_JWT_KEY_ID")
	}
	if keyID == "" {
		return nil, fmt.Errorf("--kid (or VIDHOST_JWT_KEY_ID) is required: the id POST /v2/jwt_keys gave the public key")
	}
	pemBytes, err := os.ReadFile(keyPath) //nolint:gosec // the user names their key
	if err != nil {
		return nil, err
	}
	key, err := vidhost.ParsePrivateKey(pemBytes)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	token, err := vidhost.SignViewerJWT(key, vidhost.ViewerJWT{KeyID: keyID, VideoID: videoID, Lifetime: lifetime, Now: now})
	if err != nil {
		return nil, err
	}
	out := signedJWT{JWT: token, Expires: now.Add(lifetime).UTC().Format(time.RFC3339)}
	if watch {
		l, err := a.credentials()
		if err != nil {
			return nil, err
		}
		out.WatchURL = a.newClient(l).WatchURL(videoID) + "?jwt=" + token
	}
	return out, nil
}
