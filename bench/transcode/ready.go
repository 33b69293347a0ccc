package main

import (
	"errors"
	"fmt"
)

// readyBench uploads the source to a running devstack, creates a video of
// it and prints the seconds until it is ready, alone on a line: run.sh
// (VIA=workers) runs it against devstacks of different worker counts and
// modes and divides.
func readyBench(o options) error {
	if o.source == "" || o.devstackEnv == "" {
		return errors.New("-ready needs -source and -gateway")
	}
	run, err := runGateway(o.devstackEnv, o.source)
	if err != nil {
		return err
	}
	fmt.Printf("%.1f\n", run.ready.Seconds())
	return nil
}
