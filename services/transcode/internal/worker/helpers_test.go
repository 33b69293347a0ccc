package worker_test

import (
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

// outputPairs turns outputs into {label, path} pairs that compare easily.
func outputPairs(outputs []*eventsv1.MediaOutput) [][2]string {
	var out [][2]string
	for _, o := range outputs {
		out = append(out, [2]string{o.GetLabel(), o.GetPath()})
	}
	return out
}
