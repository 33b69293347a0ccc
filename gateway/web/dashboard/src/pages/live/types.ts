// What the Live section reads: a live event is a video of type "event"
// (docs/live.md), and its stream key is GET /v2/videos/{id}/stream_key.
import type { Video } from '../../types';

export type { StreamKey } from '../../types';

/** LiveEvent is a video of type "event". */
export interface LiveEvent extends Video {
  type: 'event';
}

/** redacted is what a read-only credential sees in place of the key. */
export const redacted = '[redacted]';

/** settled tells whether an event's status will not move again by itself. */
export const settled = (status: string): boolean => status === 'ready' || status === 'error';

/** obsServer is OBS's Server setting: the RTMP URL without its last segment, the key. */
export function obsServer(rtmpURL: string): string {
  const slash = rtmpURL.lastIndexOf('/');
  return slash > 'rtmp://'.length ? rtmpURL.slice(0, slash) : rtmpURL;
}
