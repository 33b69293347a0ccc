// Package mailpit runs Mailpit, a local SMTP catcher with a web inbox, as a
// child process on free loopback ports, and reads caught messages back through
// its HTTP API. The devstack and the mail tests use it; production never does.
package mailpit
