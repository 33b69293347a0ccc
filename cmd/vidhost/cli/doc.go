// Package cli is `vidhost`: the developer's commands over the /v2 API (built
// on the Go SDK, sdk/go), the operator's `admin` commands over identity's
// gRPC, how each finds its credentials, and how results are printed (one
// JSON object with --json, lines for people otherwise).
//
// It parses arguments with cobra. The first version, five operator commands,
// used the standard flag package and said cobra was the one to reach for once
// the developer tools came; they have: some twenty commands in three levels,
// flags before or after arguments, shell completion (`vidhost completion
// bash|zsh|fish|powershell`, with video ids completed from the account),
// generated help and `--version` are what cobra does and flag does not, and
// it is the library kubectl, gh and hugo use, so people know its conventions.
// Everything goes through cobra (and its pflag); no command uses flag. Run
// stays a plain function that tests call with arguments, an environment and
// two writers.
package cli
