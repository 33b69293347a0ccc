package config

import (
	"reflect"

	"github.com/caarlos0/env/v11"
)

// Defaults returns a T (a struct with `env` and `envDefault` tags) holding
// only its tags' defaults: what Load gives with no environment at all. It
// parses the tags with the same library as Load, so durations, slices
// (envSeparator) and nested or embedded structs read the same way.
func Defaults[T any]() T {
	var cfg T
	// No environment: only the tags are read, and they are the program's
	// own, so an error is a mistake in a tag that every test would catch.
	if err := env.ParseWithOptions(&cfg, env.Options{Environment: map[string]string{}}); err != nil {
		panic("config: bad envDefault tag: " + err.Error())
	}
	return cfg
}

// WithDefaults returns cfg with each zero field, at every depth, set to its
// tag's default: how a Config built in code (a test, the devstack, an
// embedder) gets the settings it leaves out. Load's result already has
// them. A field whose zero value is a choice (false, 0 meaning "off") cannot
// be told from a missing one here, so a service whose Config has such a
// field with a non-zero default is built from Defaults instead.
func WithDefaults[T any](cfg T) T {
	defaults := Defaults[T]()
	fillZero(reflect.ValueOf(&cfg).Elem(), reflect.ValueOf(defaults))
	return cfg
}

// fillZero copies defaults' fields into dst's zero ones. A struct field
// without an `env` tag is a group of settings (blob.Settings, Common) and is
// filled field by field, as Load reads it; anything else is one setting.
func fillZero(dst, defaults reflect.Value) {
	t := dst.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		field := dst.Field(i)
		if field.Kind() == reflect.Struct && f.Tag.Get("env") == "" {
			fillZero(field, defaults.Field(i))
			continue
		}
		if field.IsZero() {
			field.Set(defaults.Field(i))
		}
	}
}
