package leads

import (
	"strings"
	"testing"

	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/catalogtest"
)

func leadGate() catalog.Gate {
	return catalog.Gate{ID: "gate1", Fields: []string{"email", "first_name", "last_name", "telephone"}, CheckboxText: "Send me news"}
}

func validSubmission() Submission {
	return Submission{GateID: "gate1", Checkbox: true, Fields: map[string]string{
		"email": "ada@example.com", "first_name": "Ada", "last_name": "Lovelace", "telephone": "+44 (20) 7946-0958",
	}}
}

func TestLeadSubmissionCheckAgainstGate(t *testing.T) {
	tests := []struct {
		name    string
		gate    func(g *catalog.Gate)
		change  func(in *Submission)
		wantErr string
	}{
		{"valid", nil, nil, ""},
		{"unticked checkbox", nil, func(in *Submission) { in.Checkbox = false }, ""},
		{"only the gate's fields", func(g *catalog.Gate) { g.Fields = []string{"email"} },
			func(in *Submission) { in.Fields = map[string]string{"email": "a@b.co"} }, ""},
		{"names in any language", nil, func(in *Submission) { in.Fields["last_name"] = "Ōtsuka-Müller" }, ""},
		{"longest value", nil, func(in *Submission) { in.Fields["first_name"] = strings.Repeat("é", 200) }, ""},
		{"field the gate lacks", func(g *catalog.Gate) { g.Fields = []string{"email"} },
			func(in *Submission) { in.Fields = map[string]string{"email": "a@b.co", "telephone": "123"} },
			`fields must hold only the gate's fields ("telephone" is not one)`},
		{"unknown field", nil, func(in *Submission) { in.Fields["address"] = "x" },
			`fields must hold only the gate's fields ("address" is not one)`},
		{"missing field", nil, func(in *Submission) { delete(in.Fields, "last_name") }, "fields.last_name is required"},
		{"empty field", nil, func(in *Submission) { in.Fields["first_name"] = "" }, "fields.first_name is required"},
		{"blank field", nil, func(in *Submission) { in.Fields["first_name"] = "  \t" }, "fields.first_name is required"},
		{"too long", nil, func(in *Submission) { in.Fields["last_name"] = strings.Repeat("l", 201) },
			"fields.last_name must be at most 200 characters"},
		{"newline", nil, func(in *Submission) { in.Fields["first_name"] = "Ada\nBcc: x" },
			"fields.first_name must not contain control characters"},
		{"NUL", nil, func(in *Submission) { in.Fields["last_name"] = "L\x00" },
			"fields.last_name must not contain control characters"},
		{"email with a name", nil, func(in *Submission) { in.Fields["email"] = "Ada <ada@example.com>" },
			"fields.email must be an email address"},
		{"email without a domain", nil, func(in *Submission) { in.Fields["email"] = "ada" }, "fields.email must be an email address"},
		{"telephone in words", nil, func(in *Submission) { in.Fields["telephone"] = "call me" },
			"fields.telephone must be a telephone number"},
		{"telephone too short", nil, func(in *Submission) { in.Fields["telephone"] = "12" },
			"fields.telephone must be a telephone number"},
		{"telephone too long", nil, func(in *Submission) { in.Fields["telephone"] = strings.Repeat("1", 33) },
			"fields.telephone must be a telephone number"},
		{"plus inside a telephone", nil, func(in *Submission) { in.Fields["telephone"] = "12+34" },
			"fields.telephone must be a telephone number"},
		{"ticked checkbox the gate lacks", func(g *catalog.Gate) { g.CheckboxText = "" }, nil,
			"checkbox must be false: the gate has no checkbox"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, in := leadGate(), validSubmission()
			if tt.gate != nil {
				tt.gate(&g)
			}
			if tt.change != nil {
				tt.change(&in)
			}
			catalogtest.AssertInvalid(t, in.checkAgainst(g), tt.wantErr)
		})
	}
}
