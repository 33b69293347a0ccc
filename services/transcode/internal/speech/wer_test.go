package speech

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWER(t *testing.T) {
	tests := []struct {
		name, ref, hyp string
		want           float64
	}{
		{name: "same words, case and punctuation ignored", ref: "The cat sat.", hyp: "the cat sat", want: 0},
		{name: "one substitution", ref: "the cat sat", hyp: "the bat sat", want: 1.0 / 3},
		{name: "one deletion", ref: "the cat sat down", hyp: "the cat down", want: 0.25},
		{name: "one insertion", ref: "the cat", hyp: "the big cat", want: 0.5},
		{name: "nothing heard", ref: "a b", hyp: "", want: 1},
		{name: "both empty", ref: "", hyp: "", want: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.InDelta(t, tt.want, WER(tt.ref, tt.hyp), 1e-9)
		})
	}
}
