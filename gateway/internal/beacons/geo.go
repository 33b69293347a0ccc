package beacons

import (
	"fmt"
	"net/netip"

	"github.com/oschwald/maxminddb-golang/v2"
)

// Countries resolves client addresses to ISO 3166-1 alpha-2 codes from a
// MaxMind-format database: GeoLite2/GeoIP2 Country (country.iso_code) or
// the ip-location-db files (country_code). A nil *Countries answers Unknown.
type Countries struct {
	db *maxminddb.Reader
}

// OpenCountries opens the database at path (VIDHOST_GEOIP_DB).
func OpenCountries(path string) (*Countries, error) {
	db, err := maxminddb.Open(path)
	if err != nil {
		return nil, fmt.Errorf("beacons: open country database %s: %w", path, err)
	}
	return &Countries{db: db}, nil
}

// countryRecord holds both layouts' fields; one of them is set.
type countryRecord struct {
	CountryCode string `maxminddb:"country_code"`
	Country     struct {
		ISOCode string `maxminddb:"iso_code"`
	} `maxminddb:"country"`
}

// Of returns addr's country code, or Unknown.
func (c *Countries) Of(addr netip.Addr) string {
	if c == nil || !addr.IsValid() {
		return Unknown
	}
	var record countryRecord
	if err := c.db.Lookup(addr.Unmap()).Decode(&record); err != nil {
		return Unknown
	}
	code := record.CountryCode
	if code == "" {
		code = record.Country.ISOCode
	}
	if len(code) != 2 {
		return Unknown
	}
	return code
}

// Close releases the database.
func (c *Countries) Close() error {
	if c == nil {
		return nil
	}
	return c.db.Close()
}
