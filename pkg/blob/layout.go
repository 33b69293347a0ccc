package blob

import (
	"fmt"
	"strings"
)

// The two top-level folders of Vidhost's objects. Every key a service
// builds starts with one of them; the functions below are the only place
// that joins ids into keys, so the layout can be read (and changed) here.
const (
	// VideosFolder holds each video's media: videos/<account>/<video>/<path>
	// (stream/ for the shared CMAF segments, mp4/, thumbs/, tracks/ ...).
	VideosFolder = "videos/"
	// UploadsFolder holds what clients upload: uploads/<account>/<upload>/<name>.
	UploadsFolder = "uploads/"
	// TranscodeFolder holds the transcode service's private files of a
	// chunked job's plan: transcode/<account>/<video>/<plan>/<path>. Nothing
	// serves it: players get keys under VideosFolder only.
	TranscodeFolder = "transcode/"
)

// VideoPrefix returns videos/<account>/<video>/, the folder of a video's
// media. It refuses ids that are not one key segment each: an id holding
// "/" or ".." would name another account's or video's folder.
func VideoPrefix(account, video string) (string, error) {
	return folder(VideosFolder, account, video)
}

// VideoKey returns the key of path (itself "/"-separated, e.g.
// "stream/master.m3u8") in a video's media folder. It refuses what
// VideoPrefix refuses and any path ValidateKey refuses, so a crafted path
// ("../other/x") stays inside the video's folder.
func VideoKey(account, video, path string) (string, error) {
	return inFolder(VideosFolder, account, video, path, ValidateKey)
}

// TranscodePrefix returns transcode/<account>/<video>/, the folder of
// every plan of a video's chunked transcodes. Deleting a video deletes it
// with the media folder: whatever a failed or interrupted plan left there
// (its chunks' records, the copy of a URL source) goes with the video.
func TranscodePrefix(account, video string) (string, error) {
	return folder(TranscodeFolder, account, video)
}

// PlanPrefix returns transcode/<account>/<video>/<plan>/, the private
// folder of a chunked transcode's plan (its chunks' records, a URL
// source's copy), refusing ids as VideoPrefix does.
func PlanPrefix(account, video, plan string) (string, error) {
	prefix, err := TranscodePrefix(account, video)
	if err != nil {
		return "", err
	}
	if err := ValidateID(plan); err != nil {
		return "", err
	}
	return prefix + plan + "/", nil
}

// UploadPrefix returns uploads/<account>/<upload>/, the folder of an
// upload's files, refusing ids as VideoPrefix does.
func UploadPrefix(account, upload string) (string, error) {
	return folder(UploadsFolder, account, upload)
}

// UploadKey returns uploads/<account>/<upload>/<name>. The name is one key
// segment: the upload service rewrites a client's file name to one first.
func UploadKey(account, upload, name string) (string, error) {
	return inFolder(UploadsFolder, account, upload, name, validateSegment)
}

// ParseUploadKey splits a key made by UploadKey. ok is false for anything
// else, including a key of the right depth with a malformed part, so a key
// taken from a message can be trusted once it parses.
func ParseUploadKey(key string) (account, upload, name string, ok bool) {
	rest, found := strings.CutPrefix(key, UploadsFolder)
	if !found {
		return "", "", "", false
	}
	parts := strings.Split(rest, "/")
	if len(parts) != 3 || validateIDs(parts[0], parts[1]) != nil || validateSegment(parts[2]) != nil {
		return "", "", "", false
	}
	return parts[0], parts[1], parts[2], true
}

// ValidateID accepts an id that can be one part of the layout: one key
// segment (no "/", not empty, not dot-led, the key charset). Callers that
// take an id from a message check it here before trusting it.
func ValidateID(id string) error {
	if err := validateSegment(id); err != nil {
		return fmt.Errorf("id %q: %w", id, err)
	}
	return nil
}

// folder returns root<account>/<id>/ once both ids are valid.
func folder(root, account, id string) (string, error) {
	if err := validateIDs(account, id); err != nil {
		return "", err
	}
	return root + account + "/" + id + "/", nil
}

// inFolder returns the key of rest in folder(root, account, id), once
// check accepts rest.
func inFolder(root, account, id, rest string, check func(string) error) (string, error) {
	prefix, err := folder(root, account, id)
	if err != nil {
		return "", err
	}
	if err := check(rest); err != nil {
		return "", err
	}
	return prefix + rest, nil
}

func validateIDs(ids ...string) error {
	for _, id := range ids {
		if err := ValidateID(id); err != nil {
			return err
		}
	}
	return nil
}
