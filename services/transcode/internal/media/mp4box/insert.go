package mp4box

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// ErrNoSampleEntry means the file has no track with the sample entry asked for.
var ErrNoSampleEntry = errors.New("mp4box: sample entry not found")

// sampleEntryPath leads from the top level to a track's sample descriptions.
var sampleEntryPath = []string{"moov", "trak", "mdia", "minf", "stbl", "stsd"}

// headerAfterSize is how many bytes follow a box's 8-byte header before its
// children start: stsd is a full box with an entry count, and a visual sample
// entry carries 78 bytes of fixed fields.
var headerAfterSize = map[string]int{"stsd": 8, "avc1": 78, "avc3": 78, "hvc1": 78, "hev1": 78, "av01": 78}

// AppendToSampleEntry returns a copy of file with child appended to the first
// sample entry of type entry (for example "avc1") and every enclosing box
// grown to match. It does not move chunk offsets, so it is only safe where
// no media data follows the moov box: init segments, and files whose moov is
// written last.
func AppendToSampleEntry(file []byte, entry string, child []byte) ([]byte, error) {
	chain, ok := findChain(file, 0, len(file), append(sampleEntryPath, entry))
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrNoSampleEntry, entry)
	}
	target := chain[len(chain)-1]
	end := target + int(binary.BigEndian.Uint32(file[target:]))
	out := make([]byte, 0, len(file)+len(child))
	out = append(out, file[:end]...)
	out = append(out, child...)
	out = append(out, file[end:]...)
	for _, offset := range chain {
		size := binary.BigEndian.Uint32(out[offset:])
		binary.BigEndian.PutUint32(out[offset:], size+uint32(len(child))) //nolint:gosec // bounded: child is a box built here, a few dozen bytes
	}
	return out, nil
}

// findChain walks boxes in file[start:end] along path and returns the offsets
// of the boxes it went through. It backtracks, so the second trak is tried
// when the first is an audio track.
func findChain(file []byte, start, end int, path []string) ([]int, bool) {
	if len(path) == 0 {
		return nil, false
	}
	name, rest := path[0], path[1:] //nolint:gosec // G602: path is not empty, checked above
	for offset := start; offset+8 <= end; {
		size := int(binary.BigEndian.Uint32(file[offset:]))
		if size < 8 || offset+size > end {
			return nil, false // 64-bit or to-end sizes never occur in the boxes we edit
		}
		if string(file[offset+4:offset+8]) == name {
			if len(rest) == 0 {
				return []int{offset}, true
			}
			inner := offset + 8 + headerAfterSize[name]
			if chain, ok := findChain(file, inner, offset+size, rest); ok {
				return append([]int{offset}, chain...), true
			}
		}
		offset += size
	}
	return nil, false
}

// Contains reports whether the first sample entry of type entry has a child
// box of type boxType.
func Contains(file []byte, entry, boxType string) bool {
	chain, ok := findChain(file, 0, len(file), append(sampleEntryPath, entry))
	if !ok {
		return false
	}
	target := chain[len(chain)-1]
	end := target + int(binary.BigEndian.Uint32(file[target:]))
	_, found := findChain(file, target+8+headerAfterSize[entry], end, []string{boxType})
	return found
}
