package whiptest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"sync"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/interceptor"
	"github.com/pion/rtcp"
	"github.com/pion/webrtc/v4"
	"github.com/pion/webrtc/v4/pkg/media"
	"github.com/pion/webrtc/v4/pkg/media/h264reader"
	"github.com/pion/webrtc/v4/pkg/media/oggreader"
)

// Publisher is a WHIP session seen from the publisher's side.
type Publisher struct {
	pc       *webrtc.PeerConnection
	resource string // the session's URL
	key      string
	sent     chan error
	requests chan struct{} // a token per keyframe request received
}

// h264Fmtp is what Chromium offers for constrained baseline.
const h264Fmtp = "level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f"

// connectTimeout bounds ICE and DTLS after the answer.
const connectTimeout = 10 * time.Second

// Answer is the endpoint's answer to a POST, for tests of refusals.
type Answer struct {
	Status   int
	Body     string
	Location string
}

// Publish posts an offer of H.264 and Opus to endpoint with key as the
// bearer token and, once answered 201, sends m at real time until it ends
// (Sent). Any other answer is returned with an error.
func Publish(ctx context.Context, endpoint, key string, m Media) (*Publisher, Answer, error) {
	pc, err := newPeerConnection(webrtc.MimeTypeH264)
	if err != nil {
		return nil, Answer{}, err
	}
	video, err := webrtc.NewTrackLocalStaticSample(webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeH264, ClockRate: 90000,
		SDPFmtpLine: h264Fmtp}, "video", "whiptest")
	if err != nil {
		return nil, Answer{}, err
	}
	audio, err := webrtc.NewTrackLocalStaticSample(webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeOpus, ClockRate: 48000, Channels: 2},
		"audio", "whiptest")
	if err != nil {
		return nil, Answer{}, err
	}
	p := &Publisher{pc: pc, key: key, sent: make(chan error, 2), requests: make(chan struct{}, 64)}
	videoSender, err := pc.AddTrack(video)
	if err != nil {
		return nil, Answer{}, err
	}
	if _, err := pc.AddTrack(audio); err != nil {
		return nil, Answer{}, err
	}
	go p.readRTCP(videoSender)
	connected := make(chan struct{})
	var once sync.Once
	pc.OnConnectionStateChange(func(s webrtc.PeerConnectionState) {
		if s == webrtc.PeerConnectionStateConnected {
			once.Do(func() { close(connected) })
		}
	})
	answer, err := negotiate(ctx, pc, endpoint, key)
	if err != nil || answer.Status != http.StatusCreated {
		_ = pc.Close()
		if err == nil {
			err = fmt.Errorf("whiptest: answered %d: %s", answer.Status, answer.Body)
		}
		return nil, answer, err
	}
	base, _ := url.Parse(endpoint)
	location, err := base.Parse(answer.Location)
	if err != nil {
		_ = pc.Close()
		return nil, answer, err
	}
	p.resource = location.String()
	// As a browser's encoder, the files start once the connection is up:
	// packets sent before would be lost, the first keyframe with them.
	select {
	case <-connected:
	case <-time.After(connectTimeout):
		_ = pc.Close()
		return nil, answer, errors.New("whiptest: not connected within " + connectTimeout.String())
	}
	go func() { p.sent <- sendVideo(ctx, video, m.H264) }()
	go func() { p.sent <- sendAudio(ctx, audio, m.Ogg) }()
	return p, answer, nil
}

// Offer posts an offer of a video track in mime (and Opus) and returns the
// answer: how a test sends codecs the endpoint refuses.
func Offer(ctx context.Context, endpoint, key, mime string) (Answer, error) {
	pc, err := newPeerConnection(mime)
	if err != nil {
		return Answer{}, err
	}
	defer pc.Close()
	for _, kind := range []webrtc.RTPCodecType{webrtc.RTPCodecTypeVideo, webrtc.RTPCodecTypeAudio} {
		if _, err := pc.AddTransceiverFromKind(kind, webrtc.RTPTransceiverInit{Direction: webrtc.RTPTransceiverDirectionSendonly}); err != nil {
			return Answer{}, err
		}
	}
	return negotiate(ctx, pc, endpoint, key)
}

// Post sends body to endpoint as a WHIP POST with key and contentType,
// and returns the answer.
func Post(ctx context.Context, endpoint, key, contentType, body string) (Answer, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewBufferString(body))
	if err != nil {
		return Answer{}, err
	}
	req.Header.Set("Content-Type", contentType)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return Answer{}, err
	}
	defer resp.Body.Close()
	text, err := io.ReadAll(resp.Body)
	return Answer{Status: resp.StatusCode, Body: string(text), Location: resp.Header.Get("Location")}, err
}

// negotiate gathers the candidates, posts the offer and sets the answer.
func negotiate(ctx context.Context, pc *webrtc.PeerConnection, endpoint, key string) (Answer, error) {
	offer, err := pc.CreateOffer(nil)
	if err != nil {
		return Answer{}, err
	}
	gathered := webrtc.GatheringCompletePromise(pc)
	if err := pc.SetLocalDescription(offer); err != nil {
		return Answer{}, err
	}
	select {
	case <-gathered:
	case <-ctx.Done():
		return Answer{}, ctx.Err()
	}
	answer, err := Post(ctx, endpoint, key, "application/sdp", pc.LocalDescription().SDP)
	if err != nil || answer.Status != http.StatusCreated {
		return answer, err
	}
	return answer, pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeAnswer, SDP: answer.Body})
}

// newPeerConnection is a client on loopback offering video in mime (with
// the fmtp browsers give H.264) and Opus.
func newPeerConnection(mime string) (*webrtc.PeerConnection, error) {
	m := &webrtc.MediaEngine{}
	video := webrtc.RTPCodecParameters{PayloadType: 98, RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: mime, ClockRate: 90000}}
	if mime == webrtc.MimeTypeH264 {
		video.SDPFmtpLine = h264Fmtp
	}
	opus := webrtc.RTPCodecParameters{PayloadType: 111, RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeOpus, ClockRate: 48000, Channels: 2}}
	if err := m.RegisterCodec(video, webrtc.RTPCodecTypeVideo); err != nil {
		return nil, err
	}
	if err := m.RegisterCodec(opus, webrtc.RTPCodecTypeAudio); err != nil {
		return nil, err
	}
	interceptors := &interceptor.Registry{}
	if err := webrtc.RegisterDefaultInterceptors(m, interceptors); err != nil {
		return nil, err
	}
	settings := webrtc.SettingEngine{}
	settings.SetIncludeLoopbackCandidate(true)
	settings.SetIPFilter(func(ip net.IP) bool { return ip.IsLoopback() })
	settings.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
	settings.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
	api := webrtc.NewAPI(webrtc.WithMediaEngine(m), webrtc.WithInterceptorRegistry(interceptors), webrtc.WithSettingEngine(settings))
	return api.NewPeerConnection(webrtc.Configuration{})
}

// Resource is the session's URL, from the answer's Location.
func (p *Publisher) Resource() string { return p.resource }

// Sent waits until both files have been sent, or ctx ends.
func (p *Publisher) Sent(ctx context.Context) error {
	var errs []error
	for range 2 {
		select {
		case err := <-p.sent:
			errs = append(errs, err)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return errors.Join(errs...)
}

// KeyframeRequests counts the PLIs received so far.
func (p *Publisher) KeyframeRequests() int { return len(p.requests) }

// Delete ends the session as a WHIP client does, with its bearer token,
// and returns the status.
func (p *Publisher) Delete(ctx context.Context) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, p.resource, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", "Bearer "+p.key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	_ = resp.Body.Close()
	return resp.StatusCode, nil
}

// Close closes the peer connection without telling the endpoint: a
// publisher that vanished.
func (p *Publisher) Close() { _ = p.pc.Close() }

// readRTCP counts the keyframe requests the video sender receives.
func (p *Publisher) readRTCP(sender *webrtc.RTPSender) {
	for {
		pkts, _, err := sender.ReadRTCP()
		if err != nil {
			return
		}
		for _, pkt := range pkts {
			if _, ok := pkt.(*rtcp.PictureLossIndication); ok {
				select {
				case p.requests <- struct{}{}:
				default:
				}
			}
		}
	}
}

// sendVideo sends the H.264 file frame by frame at 25 fps.
func sendVideo(ctx context.Context, track *webrtc.TrackLocalStaticSample, file string) error {
	f, err := os.Open(file) //nolint:gosec // the test's own file
	if err != nil {
		return err
	}
	defer f.Close()
	r, err := h264reader.NewReader(f)
	if err != nil {
		return err
	}
	pace := newPacer()
	var frame []byte
	frames := 0
	for {
		nal, err := r.NextNAL()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		frame = append(append(frame, 0, 0, 0, 1), nal.Data...)
		if nal.UnitType != h264reader.NalUnitTypeCodedSliceIdr && nal.UnitType != h264reader.NalUnitTypeCodedSliceNonIdr {
			continue // parameter sets go with the picture after them
		}
		gap := captureGap(frames)
		if err := pace.wait(ctx, gap); err != nil {
			return err
		}
		if err := track.WriteSample(media.Sample{Data: frame, Duration: gap}); err != nil {
			return err
		}
		frame = nil
		frames++
	}
}

// sendAudio sends the Ogg file's Opus packets at real time.
func sendAudio(ctx context.Context, track *webrtc.TrackLocalStaticSample, file string) error {
	f, err := os.Open(file) //nolint:gosec // the test's own file
	if err != nil {
		return err
	}
	defer f.Close()
	r, _, err := oggreader.NewWith(f)
	if err != nil {
		return err
	}
	pace := newPacer()
	var granule uint64
	for {
		payload, header, err := r.ParseNextPage()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if bytes.HasPrefix(payload, []byte("OpusTags")) || header.GranulePosition <= granule {
			continue
		}
		duration := time.Duration(header.GranulePosition-granule) * time.Second / 48000
		granule = header.GranulePosition
		if err := pace.wait(ctx, duration); err != nil {
			return err
		}
		if err := track.WriteSample(media.Sample{Data: payload, Duration: duration}); err != nil {
			return err
		}
	}
}

// pacer sends samples at real time: each when the ones before it have
// played.
type pacer struct {
	start  time.Time
	played time.Duration
}

func newPacer() *pacer { return &pacer{start: time.Now()} }

// wait sleeps until the sample after those played is due, then counts it.
func (p *pacer) wait(ctx context.Context, d time.Duration) error {
	due := p.start.Add(p.played)
	p.played += d
	select {
	case <-time.After(time.Until(due)):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
