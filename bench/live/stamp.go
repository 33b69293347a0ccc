package main

import (
	"context"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"time"
)

// The stamped picture: 640x360 yuv420p at 30 fps, grey, with the wall clock
// (Unix milliseconds, 48 bits) when the frame was handed to the encoder
// drawn twice as a row of black and white 12 px blocks at its top. The
// player reads both rows back from the decoded frame and keeps a value
// only when they agree, so a block smeared by the encoder is never taken
// for a time.
const (
	stampWidth, stampHeight = 640, 360
	stampFPS                = 30
	stampBits               = 48
	stampBlock              = 12
	stampRows               = 2
)

// stampFrame draws ms into frame (a yuv420p picture).
func stampFrame(frame []byte, ms int64) {
	luma := frame[:stampWidth*stampHeight]
	for row := range stampRows {
		for bit := range stampBits {
			value := byte(16)
			if ms>>(stampBits-1-bit)&1 == 1 {
				value = 235
			}
			for y := row * stampBlock; y < (row+1)*stampBlock; y++ {
				line := luma[y*stampWidth+bit*stampBlock:]
				for x := range stampBlock {
					line[x] = value
				}
			}
		}
	}
}

// blankFrame is a mid-grey yuv420p picture.
func blankFrame() []byte {
	frame := make([]byte, stampWidth*stampHeight*3/2)
	for i := range frame {
		frame[i] = 128
	}
	return frame
}

// stampedPublisher is an encoder publishing stamped frames, as a camera
// and OBS would: each frame is stamped with the wall clock the moment it is
// written to ffmpeg (x264 veryfast zerolatency, 2 s GOP, AAC tone).
type stampedPublisher struct {
	cmd  *exec.Cmd
	done chan error
}

// publishStamped starts streaming in format (flv or mpegts) to an ingest
// URL for seconds.
func publishStamped(ctx context.Context, format, ingestURL string, seconds int) (*stampedPublisher, error) {
	cmd := exec.CommandContext(ctx, "ffmpeg", "-hide_banner", "-loglevel", "error", //nolint:gosec // the bench's own arguments
		"-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", fmt.Sprintf("%dx%d", stampWidth, stampHeight),
		"-framerate", strconv.Itoa(stampFPS), "-i", "pipe:0",
		"-re", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration="+strconv.Itoa(seconds+5),
		"-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-g", "60", "-keyint_min", "60",
		"-sc_threshold", "0", "-b:v", "1500k", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k",
		"-shortest", "-f", format, ingestURL)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &stampedPublisher{cmd: cmd, done: make(chan error, 1)}
	go func() {
		p.feed(ctx, stdin, seconds)
		_ = stdin.Close()
		p.done <- cmd.Wait()
	}()
	return p, nil
}

// feed writes seconds of frames at the frame rate, each stamped as it goes.
func (p *stampedPublisher) feed(ctx context.Context, w io.Writer, seconds int) {
	frame := blankFrame()
	ticker := time.NewTicker(time.Second / stampFPS)
	defer ticker.Stop()
	for range seconds * stampFPS {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
		stampFrame(frame, time.Now().UnixMilli())
		if _, err := w.Write(frame); err != nil {
			return
		}
	}
}

// stop ends the stream now and waits for the encoder; the error is the
// killed encoder's exit.
func (p *stampedPublisher) stop() error {
	_ = p.cmd.Process.Kill()
	return <-p.done
}
