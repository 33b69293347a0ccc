package media

import (
	"math"
	"strconv"
	"strings"
)

// probeOutput mirrors the parts of `ffprobe -print_format json` we use.
type probeOutput struct {
	Streams []probeStream `json:"streams"`
	Format  struct {
		FormatName string `json:"format_name"`
		Duration   string `json:"duration"`
		BitRate    string `json:"bit_rate"`
	} `json:"format"`
}

type probeStream struct {
	Index             int               `json:"index"`
	CodecName         string            `json:"codec_name"`
	CodecType         string            `json:"codec_type"`
	Width             int               `json:"width"`
	Height            int               `json:"height"`
	SampleAspectRatio string            `json:"sample_aspect_ratio"`
	AvgFrameRate      string            `json:"avg_frame_rate"`
	RealFrameRate     string            `json:"r_frame_rate"`
	FieldOrder        string            `json:"field_order"`
	ColorTransfer     string            `json:"color_transfer"`
	Duration          string            `json:"duration"`
	Channels          int               `json:"channels"`
	Tags              map[string]string `json:"tags"`
	Disposition       struct {
		AttachedPic int `json:"attached_pic"`
	} `json:"disposition"`
	SideData []probeSideData `json:"side_data_list"`
}

type probeSideData struct {
	Type       string  `json:"side_data_type"`
	Rotation   float64 `json:"rotation"`
	Projection string  `json:"projection"`
	Yaw        float64 `json:"yaw"`
	Pitch      float64 `json:"pitch"`
	Roll       float64 `json:"roll"`
}

func (p probeOutput) info() Info {
	info := Info{Format: p.Format.FormatName, StillImage: isStillImage(p.Format.FormatName)}
	info.Duration = seconds(p.Format.Duration)
	info.Streams = len(p.Streams)
	info.BitRate, _ = strconv.ParseInt(p.Format.BitRate, 10, 64) // "N/A" and absent are unknown: 0
	for _, s := range p.Streams {
		switch {
		case s.CodecType == "video" && s.Disposition.AttachedPic == 0 && info.Video == nil:
			info.Video = s.video()
			if info.Duration == 0 {
				info.Duration = seconds(s.Duration)
			}
		case s.CodecType == "audio" && info.Audio == nil:
			info.Audio = &AudioStream{Index: s.Index, Codec: s.CodecName, Channels: s.Channels}
		}
	}
	return info
}

func (s probeStream) video() *VideoStream {
	v := &VideoStream{
		Index: s.Index, Codec: s.CodecName, CodedWidth: s.Width, CodedHeight: s.Height,
		FrameRate:     frameRate(s.AvgFrameRate, s.RealFrameRate),
		RealFrameRate: realFrameRate(s.RealFrameRate),
		Rotation:      s.rotation(),
		Interlaced:    s.FieldOrder != "" && s.FieldOrder != "progressive" && s.FieldOrder != "unknown",
		Spherical:     s.spherical(),
		HDR:           s.ColorTransfer == "smpte2084" || s.ColorTransfer == "arib-std-b67",
	}
	v.Width, v.Height = s.Width, s.Height
	if num, den := ratio(s.SampleAspectRatio); num > 0 && den > 0 && num != den {
		v.Width = even(float64(s.Width) * num / den) // pixels are not square: widen as displayed
	}
	if v.Rotation%180 == 90 {
		v.Width, v.Height = v.Height, v.Width
	}
	v.Aspect = displayRatio(s.Width, s.Height, s.SampleAspectRatio, v.Rotation)
	return v
}

// rotation reads the display matrix, or the "rotate" tag older muxers wrote.
func (s probeStream) rotation() int {
	degrees := 0.0
	if tag, ok := s.Tags["rotate"]; ok {
		degrees, _ = strconv.ParseFloat(tag, 64)
	}
	for _, sd := range s.SideData {
		if sd.Type == "Display Matrix" {
			degrees = sd.Rotation
		}
	}
	return ((int(math.Round(degrees)) % 360) + 360) % 360
}

func (s probeStream) spherical() *Spherical {
	for _, sd := range s.SideData {
		if sd.Type == "Spherical Mapping" {
			projection := "equirectangular" // also for tiled equirectangular
			if sd.Projection == "cubemap" {
				projection = "cubemap"
			}
			return &Spherical{Projection: projection, Yaw: int(sd.Yaw), Pitch: int(sd.Pitch), Roll: int(sd.Roll)}
		}
	}
	if strings.EqualFold(s.Tags["spherical"], "true") { // Spherical Video V1 as some tools tag it
		return &Spherical{Projection: "equirectangular"}
	}
	return nil
}
