package vidhost_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/lestrrat-go/jwx/v2/jwa"
	"github.com/lestrrat-go/jwx/v2/jws"
	"github.com/lestrrat-go/jwx/v2/jwt"

	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// Upload a file with tus, make a video of it and wait until it plays.
// deploy/devstack/e2e/sdk_test.go runs the same steps against the real stack.
func Example() {
	ctx := context.Background()
	client := vidhost.New(os.Getenv("VIDHOST_URL"), os.Getenv("VIDHOST_API_KEY"))

	up, err := client.Uploads.SendFile(ctx, "holiday.mp4", vidhost.UploadParams{
		Progress: func(sent, total int64) { fmt.Printf("\r%d%%", 100*sent/total) },
	})
	if err != nil {
		log.Fatal(err)
	}
	video, err := client.Videos.Create(ctx, vidhost.VideoCreate{Name: "Holiday", Input: up.Reference()})
	if err != nil {
		log.Fatal(err)
	}
	video, err = client.Videos.Wait(ctx, video.ID, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("\nwatch it at", client.WatchURL(video.ID))
}

// List every video: the iterator fetches pages as the loop goes.
func ExampleCollection_List() {
	ctx := context.Background()
	client := vidhost.New(os.Getenv("VIDHOST_URL"), os.Getenv("VIDHOST_API_KEY"))
	for video, err := range client.Videos.List(ctx, nil) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(video.ID, video.Name, video.Status)
	}
}

// A failed call is an *Error with the envelope's code and message.
func ExampleError() {
	ctx := context.Background()
	client := vidhost.New(os.Getenv("VIDHOST_URL"), os.Getenv("VIDHOST_API_KEY"))
	_, err := client.Videos.Get(ctx, "no-such-video")
	var apiErr *vidhost.Error
	if errors.As(err, &apiErr) {
		fmt.Println(apiErr.Status, apiErr.Code, apiErr.Message) // 404 not_found Not found
	}
}

// A resource without its own wrapper is one generic collection away.
func ExampleNewCollection() {
	type Category struct {
		ID    string `json:"id"`
		Name  string `json:"name"`
		Value string `json:"value"`
	}
	client := vidhost.New(os.Getenv("VIDHOST_URL"), os.Getenv("VIDHOST_API_KEY"))
	categories := vidhost.NewCollection[Category](client, "categories")
	created, err := categories.Create(context.Background(), Category{Name: "Sport", Value: "sport"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(created.ID)
}

// Sign a viewer JWT for a private video with the private half of a key
// registered with POST /v2/jwt_keys (ParsePrivateKey reads it from PEM).
func ExampleSignViewerJWT() {
	private, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	token, err := vidhost.SignViewerJWT(private, vidhost.ViewerJWT{
		KeyID: "V1StGXR8_Z5jdHi6B-myT", VideoID: "dQw4w9WgXcQ", Lifetime: 2 * time.Hour,
	})
	if err != nil {
		log.Fatal(err)
	}

	// What the edge checks: the algorithm the key decides, the kid, the subject and exp.
	msg, _ := jws.Parse([]byte(token))
	header := msg.Signatures()[0].ProtectedHeaders()
	claims, err := jwt.Parse([]byte(token), jwt.WithKey(jwa.ES256, private.Public()))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(header.Algorithm(), header.KeyID(), claims.Subject(), claims.Expiration().Sub(claims.IssuedAt()))
	// Output: ES256 V1StGXR8_Z5jdHi6B-myT dQw4w9WgXcQ 2h0m0s
}
