// Package secret makes the random strings identity hands out once: API key
// values and generated passwords. Everything comes from crypto/rand; nothing
// in a secret is derived from ids, times or counters, so nothing is guessable.
package secret
