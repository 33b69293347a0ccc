package mail

import (
	"fmt"
	"mime"
	"net/mail"
	"strings"
	"time"
)

// compose renders msg as an RFC 5322 message with CRLF line endings. The
// subject is MIME-encoded, so header injection through it is not possible.
func compose(from, to *mail.Address, msg Message) []byte {
	var b strings.Builder
	header := func(name, value string) { fmt.Fprintf(&b, "%s: %s\r\n", name, value) }
	header("From", from.String())
	header("To", to.String())
	header("Subject", mime.QEncoding.Encode("utf-8", msg.Subject))
	header("Date", time.Now().UTC().Format(time.RFC1123Z))
	header("MIME-Version", "1.0")
	header("Content-Type", "text/plain; charset=utf-8")
	header("Content-Transfer-Encoding", "8bit")
	b.WriteString("\r\n")
	body := strings.ReplaceAll(msg.Body, "\r\n", "\n")
	b.WriteString(strings.ReplaceAll(body, "\n", "\r\n"))
	return []byte(b.String())
}
