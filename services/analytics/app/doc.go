// Package app starts and stops the analytics service: its configuration,
// and start-up as a list of steps whose cleanups run in reverse on
// shutdown (database, bus, views consumer, retention, gRPC server).
package app
