// Package llhlsbrowser plays the LL-HLS packager's output with hls.js in
// low-latency mode in headless Chromium, fed by a publisher at live pace,
// and logs the latency the viewer sees. It is the slow check of package
// llhls (about 15 s), skipped by -short and when the hls.js fixture is
// not installed (make e2e-fixtures). Only its tests have code.
package llhlsbrowser
