// Command quality measures what the content-adaptive ladder saves: five
// synthetic 1080p sources of different difficulty (see sources.go) go
// through the transcode service's media job once per profile, in the same
// run, and the bench prints per source and in total the bytes of the
// ladder, the SSIM of each rung against the source scaled to it, and the
// CPU seconds of the job's ffmpeg runs, as ratios against the fixed ladder,
// with the targets of issue 34:
//
//	standard total bytes <= 0.75x fixed, no source above 1.0x;
//	mean SSIM of each rung >= fixed's - 0.005;
//	standard CPU <= 1.3x fixed;
//	efficient's AV1 rungs <= 0.65x the bytes of its H.264 rungs, at equal
//	or better mean SSIM per rung.
//
// It is run by bench/quality/run.sh; -seconds 6 makes a smoke run. Sources
// may be measured by separate runs (-only, -rows) and added up by -report.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

type options struct {
	seconds int
	cache   string
	work    string
	only    string
	rows    string
	report  bool
}

func main() {
	var o options
	flag.IntVar(&o.seconds, "seconds", 30, "length of each source (30-60 for the figures, 6 for a smoke run)")
	flag.StringVar(&o.cache, "cache", filepath.Join(os.TempDir(), "vidhost-bench"), "where the sources are kept between runs")
	flag.StringVar(&o.work, "work", filepath.Join(os.TempDir(), "vidhost-bench-quality"), "scratch directory")
	flag.StringVar(&o.only, "only", "", "run only the sources of these names, comma-separated (slides,animation,camera,noise,screen)")
	flag.StringVar(&o.rows, "rows", "", "also save each source's figures as JSON in this directory")
	flag.BoolVar(&o.report, "report", false, "measure nothing: print the figures saved in -rows, with their totals")
	flag.Parse()
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "bench/quality:", err)
		os.Exit(1)
	}
}

// profiles are the ladders compared; fixed is the baseline.
var profiles = []profile{{name: "fixed"}, {name: "standard", adaptive: true}, {name: "efficient", adaptive: true, av1: true}}

func run(o options) error {
	if o.report {
		rows, err := loadRows(o.rows)
		if err != nil {
			return err
		}
		for _, r := range rows {
			printSource(r)
		}
		printTotals(rows)
		return nil
	}
	if err := os.RemoveAll(o.work); err != nil {
		return err
	}
	if err := os.MkdirAll(o.cache, 0o755); err != nil { //nolint:gosec // a scratch cache
		return err
	}
	chosen, err := selectSources(o.only)
	if err != nil {
		return err
	}
	var rows []row
	for _, s := range chosen {
		r, err := measureSource(o, s)
		if err != nil {
			return err
		}
		printSource(r)
		if err := saveRow(o.rows, r); err != nil {
			return err
		}
		rows = append(rows, r)
	}
	printTotals(rows)
	return os.RemoveAll(o.work)
}

// saveRow writes a source's figures to dir/<source>.json (nothing without -rows).
func saveRow(dir string, r row) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil { //nolint:gosec // the bench's own output
		return err
	}
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, r.Source+".json"), data, 0o644) //nolint:gosec // figures, not secrets
}

// loadRows reads what saveRow wrote, in the sources' order.
func loadRows(dir string) ([]row, error) {
	var rows []row
	for _, s := range sources() {
		data, err := os.ReadFile(filepath.Join(dir, s.name+".json")) //nolint:gosec // the bench's own output
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		var r row
		if err := json.Unmarshal(data, &r); err != nil {
			return nil, err
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// measureSource makes the source and runs it through every profile.
func measureSource(o options, s source) (row, error) {
	src := filepath.Join(o.cache, fmt.Sprintf("quality-%s-%ds.mp4", s.name, o.seconds))
	if err := s.make(src, o.seconds); err != nil {
		return row{}, err
	}
	t := newTranscoder()
	var runs []profileRun
	for _, p := range profiles {
		e, err := transcode(t, p, src, filepath.Join(o.work, s.name, p.name))
		if err != nil {
			return row{}, fmt.Errorf("%s: %w", s.name, err)
		}
		runs = append(runs, profileRun{profile: p, encoded: e})
	}
	out := row{Source: s.name, About: s.about}
	sizes := runs[0].result.Renditions // the fixed ladder's
	for i := range runs {
		scores, err := ssims(src, sizes, runs[i].encoded, h264Set)
		if err != nil {
			return row{}, fmt.Errorf("%s %s: %w", s.name, runs[i].name, err)
		}
		runs[i].ssim = scores
		if runs[i].av1Bytes > 0 { // the efficient profile leaves AV1 out where it does not pay
			if runs[i].av1SSIM, err = ssims(src, sizes, runs[i].encoded, av1Set); err != nil {
				return row{}, fmt.Errorf("%s %s AV1: %w", s.name, runs[i].name, err)
			}
		}
		if err := os.RemoveAll(runs[i].dir); err != nil {
			return row{}, err
		}
		out.Runs = append(out.Runs, figures(runs[i]))
	}
	return out, nil
}

// selectSources is every source, or those only names (comma-separated); a
// name that is not a source's is an error, not an empty run.
func selectSources(only string) ([]source, error) {
	all := sources()
	if only == "" {
		return all, nil
	}
	var chosen []source
	for _, name := range strings.Split(only, ",") {
		i := slices.IndexFunc(all, func(s source) bool { return s.name == name })
		if i < 0 {
			names := make([]string, len(all))
			for j, s := range all {
				names[j] = s.name
			}
			return nil, fmt.Errorf("-only: no source %q (the sources: %s)", name, strings.Join(names, ", "))
		}
		chosen = append(chosen, all[i])
	}
	return chosen, nil
}
