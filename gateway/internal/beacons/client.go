package beacons

import (
	"strings"

	"github.com/mileusna/useragent"
)

// Client is what a report may say of the viewer's software: the browser
// and operating system families and the device class. No version, no
// model: a handful of values per field, which names no one and keeps the
// roll-ups small.
type Client struct {
	Device, Browser, OS string
}

// Other is the bucket of a browser or operating system outside the known
// families.
const Other = "Other"

// browserFamilies maps the names github.com/mileusna/useragent gives to the
// families a report shows. Headless Chrome is Chrome: sites prerender with
// it and the project's browser tests play with it; it is not a bot here
// (IsBot decides that, from crawler tokens).
var browserFamilies = map[string]string{
	useragent.Chrome: "Chrome", useragent.HeadlessChrome: "Chrome", "Chromium": "Chrome",
	useragent.Firefox: "Firefox", useragent.Safari: "Safari", useragent.MobileSafari: "Safari", useragent.Edge: "Edge",
	useragent.Opera: "Opera", useragent.OperaMini: "Opera", useragent.SamsungBrowser: "Samsung Internet",
	useragent.InternetExplorer: "Internet Explorer", useragent.Vivaldi: "Vivaldi",
}

// osFamilies maps the library's operating systems to the report's.
var osFamilies = map[string]string{
	useragent.Windows: "Windows", useragent.MacOS: "macOS", useragent.Linux: "Linux",
	useragent.Android: "Android", useragent.IOS: "iOS", useragent.ChromeOS: "ChromeOS",
}

// ClientOf parses userAgent with github.com/mileusna/useragent (see doc.go
// for why that library) into the report's families; anything the maps do
// not know is Other, so a made-up User-Agent cannot add report buckets.
func ClientOf(userAgent string) Client {
	ua := useragent.Parse(userAgent)
	c := Client{Device: "desktop", Browser: Other, OS: Other}
	if family, ok := browserFamilies[ua.Name]; ok {
		c.Browser = family
	}
	if family, ok := osFamilies[ua.OS]; ok {
		c.OS = family
	}
	lower := strings.ToLower(userAgent)
	switch {
	case ua.Tablet || (ua.OS == useragent.Android && !strings.Contains(lower, "mobile")):
		c.Device = "tablet" // an Android device without "Mobile" is a tablet (Google's own rule)
	case ua.Mobile:
		c.Device = "mobile"
	}
	return c
}
