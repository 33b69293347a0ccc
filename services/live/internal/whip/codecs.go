package whip

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/pion/sdp/v3"
	"github.com/pion/webrtc/v4"
)

// h264Profiles are the profile-level-ids taken (pion matches the profile
// and its constraints, not the level): constrained baseline and baseline
// (what browsers' software encoders send), main and high (hardware
// encoders, OBS). WebRTC encoders send no B-frames whatever the profile.
var h264Profiles = []string{"42e01f", "42001f", "4d001f", "64001f"}

// videoFeedback is what the publisher is told the session sends back:
// NACKs for lost packets, and PLI for keyframes.
var videoFeedback = []webrtc.RTCPFeedback{{Type: "nack"}, {Type: "nack", Parameter: "pli"}, {Type: "ccm", Parameter: "fir"}}

// registerCodecs offers H.264 (packetization mode 1: fragmented NAL units,
// which every encoder uses for frames larger than a packet) with RTX for
// retransmissions, and Opus.
func registerCodecs(m *webrtc.MediaEngine) error {
	for i, profile := range h264Profiles {
		pt := webrtc.PayloadType(102 + 2*i)
		h264 := webrtc.RTPCodecParameters{PayloadType: pt, RTPCodecCapability: webrtc.RTPCodecCapability{
			MimeType: webrtc.MimeTypeH264, ClockRate: 90000,
			SDPFmtpLine:  "level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=" + profile,
			RTCPFeedback: videoFeedback}}
		rtx := webrtc.RTPCodecParameters{PayloadType: pt + 1, RTPCodecCapability: webrtc.RTPCodecCapability{
			MimeType: webrtc.MimeTypeRTX, ClockRate: 90000, SDPFmtpLine: fmt.Sprintf("apt=%d", pt)}}
		for _, c := range []webrtc.RTPCodecParameters{h264, rtx} {
			if err := m.RegisterCodec(c, webrtc.RTPCodecTypeVideo); err != nil {
				return fmt.Errorf("whip: codec: %w", err)
			}
		}
	}
	opus := webrtc.RTPCodecParameters{PayloadType: 111, RTPCodecCapability: webrtc.RTPCodecCapability{
		MimeType: webrtc.MimeTypeOpus, ClockRate: 48000, Channels: 2, SDPFmtpLine: "minptime=10;useinbandfec=1"}}
	if err := m.RegisterCodec(opus, webrtc.RTPCodecTypeAudio); err != nil {
		return fmt.Errorf("whip: codec: %w", err)
	}
	return nil
}

// checkOffer refuses an offer the ingest could not use, saying what it
// offers instead: the live pipeline needs H.264 video and sound.
func checkOffer(offer []byte) error {
	var desc sdp.SessionDescription
	if err := desc.UnmarshalString(string(offer)); err != nil {
		return &Rejection{Status: http.StatusBadRequest, Reason: "the body is not an SDP offer: " + err.Error()}
	}
	video, audio := offered(&desc, "video"), offered(&desc, "audio")
	switch {
	case video == nil:
		return unacceptable("the offer sends no video; add a camera or screen track")
	case !slices.Contains(video, "H264"):
		return unacceptable(fmt.Sprintf("the offer has no H.264 video (it offers %s); the live service takes H.264 only: choose it in the encoder, or with setCodecPreferences in a browser",
			strings.Join(video, ", ")))
	case audio == nil:
		return unacceptable("the offer sends no audio; live events need a sound track (allow the microphone)")
	case !slices.Contains(audio, "OPUS"):
		return unacceptable(fmt.Sprintf("the offer has no Opus audio (it offers %s)", strings.Join(audio, ", ")))
	}
	return nil
}

func unacceptable(reason string) error {
	return &Rejection{Status: http.StatusUnprocessableEntity, Reason: reason}
}

// offered lists, upper-cased, the codecs of the first media section of
// kind that sends (nil if none does). Retransmission and error-correction
// formats are left out: they carry no pictures of their own.
func offered(desc *sdp.SessionDescription, kind string) []string {
	for _, m := range desc.MediaDescriptions {
		if m.MediaName.Media != kind || m.MediaName.Port.Value == 0 || !sends(m) {
			continue
		}
		var codecs []string
		for _, format := range m.MediaName.Formats {
			codec, err := desc.GetCodecForPayloadType(parsePT(format))
			if err != nil {
				continue
			}
			name := strings.ToUpper(codec.Name)
			if name == "RTX" || name == "RED" || name == "ULPFEC" || name == "FLEXFEC-03" || slices.Contains(codecs, name) {
				continue
			}
			if name == "H264" && !strings.Contains(codec.Fmtp, "packetization-mode=1") {
				continue // mode 0 only: one NAL unit per packet, which no encoder keeps to
			}
			codecs = append(codecs, name)
		}
		return codecs
	}
	return nil
}

// sends reports whether a media section sends (sendonly or sendrecv, the
// default).
func sends(m *sdp.MediaDescription) bool {
	for _, a := range m.Attributes {
		if a.Key == "recvonly" || a.Key == "inactive" {
			return false
		}
	}
	return true
}

func parsePT(format string) uint8 {
	var pt uint8
	_, _ = fmt.Sscanf(format, "%d", &pt)
	return pt
}
