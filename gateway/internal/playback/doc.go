// Package playback is the gateway's public playback edge: the watch and
// embed pages (/watch/{video_id}, /embed/{video_id}), media delivery from the
// blob store (/media/{video_id}/{path...}) and the endpoints the player posts
// to (/leads/{video_id}, /collect). Viewers have no API key: access follows
// the video's privacy, a viewer JWT signed with one of the account's JWT
// keys, the dashboard's session, or a short-lived media token this edge put
// into the URLs it handed out. docs/playback.md describes the rules.
package playback
