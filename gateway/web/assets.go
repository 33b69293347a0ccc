package web

import (
	"encoding/json"
	"fmt"
	"sync"
)

// bundle names the current build's hashed files, as written by
// player/build.mjs into static/player/manifest.json.
type bundle struct {
	Script     string `json:"player.js"`
	Stylesheet string `json:"player.css"`
}

const bundleDir = "static/player/"

var loadBundle = sync.OnceValues(func() (bundle, error) {
	raw, err := staticFiles.ReadFile(bundleDir + "manifest.json")
	if err != nil {
		return bundle{}, fmt.Errorf("player bundle manifest: %w (run gateway/web/player/build.sh)", err)
	}
	var names bundle
	if err := json.Unmarshal(raw, &names); err != nil || names.Script == "" || names.Stylesheet == "" {
		return bundle{}, fmt.Errorf("player bundle manifest is incomplete: %s", raw)
	}
	return names, nil
})

// assetURLs are the paths a page links, below StaticPath.
type assetURLs struct{ Script, Stylesheet string }

func bundleURLs() (assetURLs, error) {
	names, err := loadBundle()
	if err != nil {
		return assetURLs{}, err
	}
	prefix := StaticPath + "player/"
	return assetURLs{Script: prefix + names.Script, Stylesheet: prefix + names.Stylesheet}, nil
}
