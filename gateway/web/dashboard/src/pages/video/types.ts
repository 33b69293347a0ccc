// The parts of a video its detail page edits, as GET /v2/videos/{id} shows
// them (docs/videos.md, docs/hotspots.md, docs/leads.md, docs/transcribes.md):
// the SDK's shapes, through ../../types.
import type { Gate, Video } from '../../types';

export type { Card, Chapter, Gate, Hotspot, Lead, Track, Transcribe } from '../../types';

/** GateField is a field a gate asks for (email, first_name, last_name, telephone). */
export type GateField = Gate['fields'][number];

/** VideoDetail is a video with everything attached to it: GET /v2/videos/{id} answers the whole video. */
export type VideoDetail = Video;

/** Props every section of the page takes: the video and a way to read it again after a change. */
export interface SectionProps {
  video: VideoDetail;
  onChanged: () => Promise<void>;
}
