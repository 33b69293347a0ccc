package main

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/vidhost/vidhost/services/transcode/benchseam"
)

// profileRun is one profile's figures for one source.
type profileRun struct {
	profile
	encoded
	ssim    []float64 // per rung of the fixed ladder, highest first
	av1SSIM []float64 // the AV1 rungs' (efficient)
}

// row is one source's figures as printed, and as saved by -rows so that
// sources measured by separate runs add up in one -report.
type row struct {
	Source, About string
	Runs          []runFigures // profiles' order: fixed first
}

type runFigures struct {
	Profile  string
	Rungs    string // the caps, kbit/s
	Bytes    int64
	CPU      float64 // seconds
	SSIM     []float64
	Decision string
	AV1Bytes int64     `json:",omitempty"` // the AV1 rungs beside the H.264 ones (efficient)
	AV1SSIM  []float64 `json:",omitempty"`
}

func newTranscoder() *benchseam.Transcoder { return benchseam.NewTranscoder() }

func figures(r profileRun) runFigures {
	return runFigures{Profile: r.name, Rungs: rungs(r.result.Renditions), Bytes: r.bytes, CPU: r.cpu.Seconds(), SSIM: r.ssim,
		Decision: decision(r), AV1Bytes: r.av1Bytes, AV1SSIM: r.av1SSIM}
}

func printSource(row row) {
	fixed := row.Runs[0]
	fmt.Printf("\n%s (%s)\n", row.Source, row.About)
	fmt.Printf("  %-9s %-28s %9s %6s  %-44s %7s %6s %s\n", "profile", "rungs (caps kbit/s)", "MB", "bytes", "SSIM per fixed rung", "CPU-s", "CPU", "decision")
	for _, r := range row.Runs {
		fmt.Printf("  %-9s %-28s %9.2f %5.2fx  %-44s %7.1f %5.2fx %s\n", r.Profile, r.Rungs,
			float64(r.Bytes)/1e6, ratio(float64(r.Bytes), float64(fixed.Bytes)), scores(r.SSIM),
			r.CPU, ratio(r.CPU, fixed.CPU), r.Decision)
		if r.AV1Bytes > 0 {
			fmt.Printf("  %-9s %-28s %9.2f %5.2fx  %-44s (of its H.264 rungs' bytes)\n", "  + AV1", "",
				float64(r.AV1Bytes)/1e6, ratio(float64(r.AV1Bytes), float64(r.Bytes)), scores(r.AV1SSIM))
		}
	}
}

func rungs(renditions []benchseam.Rendition) string {
	parts := make([]string, len(renditions))
	for i, r := range renditions {
		parts[i] = fmt.Sprint(r.MaxRate)
	}
	return strings.Join(parts, "/")
}

func scores(values []float64) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = fmt.Sprintf("%.4f", v)
	}
	return strings.Join(parts, " ")
}

func decision(r profileRun) string {
	a := r.result.Analysis
	playable := fmt.Sprintf("first playable %.1f s", r.firstPlayable.Seconds())
	switch {
	case a == nil:
		return "fixed ladder (" + playable + ")"
	case a.Fallback != "":
		return fmt.Sprintf("fixed ladder: %s (bpp %.3f; analysis %.2f s; %s)%s", a.Fallback, a.BitsPerPixel, a.Took.Seconds(), playable, noAV1(a))
	}
	return fmt.Sprintf("%s, crf %d, %d dropped (bpp %.3f; analysis %.2f s; %s)%s",
		a.Step, r.result.Renditions[0].CRF, a.Dropped, a.BitsPerPixel, a.Took.Seconds(), playable, noAV1(a))
}

func noAV1(a *benchseam.Analysis) string {
	if a.NoAV1 == "" {
		return ""
	}
	return "; no AV1: " + a.NoAV1
}

// printTotals sums bytes and CPU over the sources, averages each rung's
// SSIM over them, and checks the targets.
func printTotals(rows []row) {
	if len(rows) == 0 {
		return
	}
	fmt.Printf("\ntotal over %d sources\n", len(rows))
	fixedBytes, fixedCPU := total(rows, 0)
	fixedSSIM := meanSSIM(rows, 0)
	for p := range rows[0].Runs {
		bytes, cpu := total(rows, p)
		mean := meanSSIM(rows, p)
		fmt.Printf("  %-9s %9.2f MB %5.2fx  mean SSIM %s  CPU %7.1f s %5.2fx\n", rows[0].Runs[p].Profile,
			float64(bytes)/1e6, ratio(float64(bytes), float64(fixedBytes)), scores(mean), cpu, ratio(cpu, fixedCPU))
	}
	standard := 1
	bytes, cpu := total(rows, standard)
	mean := meanSSIM(rows, standard)
	worst, worstName := 0.0, ""
	for _, row := range rows {
		if r := ratio(float64(row.Runs[standard].Bytes), float64(row.Runs[0].Bytes)); r > worst {
			worst, worstName = r, row.Source
		}
	}
	lowest := 1.0
	for i := range mean {
		lowest = min(lowest, mean[i]-fixedSSIM[i])
	}
	fmt.Println("\ntargets (standard against fixed)")
	check("total bytes <= 0.75x", ratio(float64(bytes), float64(fixedBytes)) <= 0.75, fmt.Sprintf("%.2fx", ratio(float64(bytes), float64(fixedBytes))))
	// As printed, to two decimals: a source the analysis leaves to the fixed
	// ladder (noise) is encoded exactly as fixed encodes it, and the two
	// runs' bytes still differ by a few kilobytes either way.
	check("no source above 1.0x", math.Round(worst*100) <= 100, fmt.Sprintf("worst %.2fx (%s)", worst, worstName))
	check("mean SSIM per rung >= fixed - 0.005", lowest >= -0.005, fmt.Sprintf("lowest difference %+.4f", lowest))
	check("CPU <= 1.3x", ratio(cpu, fixedCPU) <= 1.3, fmt.Sprintf("%.2fx", ratio(cpu, fixedCPU)))
	checkAV1(rows)
}

// checkAV1 holds the profile with AV1 rungs (if it ran) to its target, on
// the sources it gave AV1 rungs: AV1 bytes <= 0.65x its own H.264 rungs',
// at equal or better mean SSIM per rung.
func checkAV1(rows []row) {
	p := slices.IndexFunc(profiles, func(p profile) bool { return p.av1 })
	var twinned []row
	for _, row := range rows {
		if p < len(row.Runs) && row.Runs[p].AV1Bytes > 0 {
			twinned = append(twinned, row)
		}
	}
	if p < 0 || len(twinned) == 0 {
		return
	}
	var h264, av1 int64
	for _, row := range twinned {
		h264 += row.Runs[p].Bytes
		av1 += row.Runs[p].AV1Bytes
	}
	h264SSIM := meanOf(twinned, func(r row) []float64 { return r.Runs[p].SSIM })
	av1SSIM := meanOf(twinned, func(r row) []float64 { return r.Runs[p].AV1SSIM })
	lowest := 1.0
	for i := range min(len(h264SSIM), len(av1SSIM)) {
		lowest = min(lowest, av1SSIM[i]-h264SSIM[i])
	}
	fmt.Printf("\ntargets (%s: its AV1 rungs against its H.264 rungs, on the %d of %d sources it gave AV1 rungs)\n",
		profiles[p].name, len(twinned), len(rows))
	fmt.Printf("  AV1 mean SSIM per rung %s against H.264's %s\n", scores(av1SSIM), scores(h264SSIM))
	check("AV1 bytes <= 0.65x", ratio(float64(av1), float64(h264)) <= 0.65, fmt.Sprintf("%.2fx", ratio(float64(av1), float64(h264))))
	check("mean SSIM per rung >= H.264's", lowest >= 0, fmt.Sprintf("lowest difference %+.4f", lowest))
}

func check(target string, ok bool, got string) {
	verdict := "FAIL"
	if ok {
		verdict = "pass"
	}
	fmt.Printf("  %-4s %-38s %s\n", verdict, target, got)
}

func total(rows []row, p int) (int64, float64) {
	var bytes int64
	var cpu float64
	for _, row := range rows {
		bytes += row.Runs[p].Bytes
		cpu += row.Runs[p].CPU
	}
	return bytes, cpu
}

// meanSSIM averages each fixed rung's SSIM over the sources that have it.
func meanSSIM(rows []row, p int) []float64 {
	return meanOf(rows, func(r row) []float64 { return r.Runs[p].SSIM })
}

// meanOf averages, rung by rung, the scores pick takes of each source.
func meanOf(rows []row, pick func(row) []float64) []float64 {
	var sums []float64
	var counts []int
	for _, row := range rows {
		for i, v := range pick(row) {
			if i >= len(sums) {
				sums, counts = append(sums, 0), append(counts, 0)
			}
			sums[i] += v
			counts[i]++
		}
	}
	for i := range sums {
		sums[i] /= float64(counts[i])
	}
	return sums
}

func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}
