package web

import _ "embed"

// The shared stylesheet of the credential pages: the design tokens (the
// dashboard bundles the same file) and the card those pages share, served
// ahead of each page's own CSS by PageAssets, so light and dark follow the
// system setting on every page from one file.
var (
	//go:embed theme/tokens.css
	tokensCSS []byte
	//go:embed theme/credential.css
	credentialCSS []byte
)

// themed is a credential page's stylesheet: the tokens, the shared card,
// then the page's own rules.
func themed(own []byte) []byte {
	out := make([]byte, 0, len(tokensCSS)+len(credentialCSS)+len(own)+2)
	out = append(out, tokensCSS...)
	out = append(out, '\n')
	out = append(out, credentialCSS...)
	out = append(out, '\n')
	return append(out, own...)
}
