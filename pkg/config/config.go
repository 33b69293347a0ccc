package config

import (
	"fmt"
	"log/slog"
	"reflect"

	"github.com/caarlos0/env/v11"
)

// Load fills cfg (a pointer to a struct with `env` and `envDefault` tags)
// from the environment.
func Load[T any](cfg *T) error {
	if err := env.Parse(cfg); err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	return nil
}

// Log prints every field of cfg, replacing non-empty secrets with "[redacted]".
func Log(logger *slog.Logger, msg string, cfg any) {
	logger.Info(msg, attrs(reflect.ValueOf(cfg))...)
}

func attrs(v reflect.Value) []any {
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	var out []any
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name := f.Tag.Get("env")
		if name == "" {
			name = f.Name
		}
		if v.Field(i).Kind() == reflect.Struct && f.Tag.Get("env") == "" {
			out = append(out, attrs(v.Field(i))...)
			continue
		}
		val := v.Field(i).Interface()
		if f.Tag.Get("secret") == "true" && !v.Field(i).IsZero() {
			val = "[redacted]"
		}
		out = append(out, slog.Any(name, val))
	}
	return out
}
