package whip

import (
	"bufio"
	"errors"
	"io"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"
)

// adtsReader reads AAC frames from an ADTS stream, one at a time (ffmpeg's
// output, which comes as it is encoded).
type adtsReader struct {
	r *bufio.Reader
}

// adtsHeader is the fixed part of an ADTS header, which holds the frame's
// length (13 bits from bit 30).
const adtsHeader = 7

var errNotADTS = errors.New("whip: not an ADTS stream")

// next returns the next frame's AAC access unit, in a buffer of its own
// (it is queued for the ingest).
func (a *adtsReader) next() ([]byte, error) {
	head, err := a.r.Peek(adtsHeader)
	if err != nil {
		return nil, err
	}
	if head[0] != 0xFF || head[1]&0xF0 != 0xF0 {
		return nil, errNotADTS
	}
	size := int(head[3]&0x03)<<11 | int(head[4])<<3 | int(head[5])>>5
	if size < adtsHeader {
		return nil, errNotADTS
	}
	frame := make([]byte, size)
	if _, err := io.ReadFull(a.r, frame); err != nil {
		return nil, err
	}
	var pkts mpeg4audio.ADTSPackets
	if err := pkts.Unmarshal(frame); err != nil || len(pkts) != 1 {
		return nil, errNotADTS
	}
	return pkts[0].AU, nil
}
