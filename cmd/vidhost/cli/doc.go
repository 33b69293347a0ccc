// Package cli is `vidhost`: its commands, how it finds the identity service
// and the root secret, and how it prints results (one JSON object with
// --json, lines for people otherwise).
//
// It parses arguments with the standard flag package rather than a CLI
// library such as cobra: five commands with two or three flags each do not
// pay for a dependency, and Run stays a plain function that tests call with
// arguments, an environment and two writers. When the developer tools add
// many more commands, cobra is the one to reach for.
package cli
