package browsertest

import (
	"context"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// ColorSchemes are the system settings a page's theme follows
// (prefers-color-scheme), in the order tests check them.
var ColorSchemes = []string{"light", "dark"}

// EmulateColorScheme makes the tab's prefers-color-scheme scheme ("light"
// or "dark"), as a system set to it would; "" lifts the override. The page
// restyles at once, without a reload.
func EmulateColorScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		params := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}
		_, err := cdp.Call(ctx, target, emulation.SetEmulatedMedia, params)
		return err
	})
}
