// View beacons for the gateway's collect endpoint (docs/analytics.md), never
// sent when the Player's analytics is "none": one "play" when playback first
// starts (the views metric counts these) with the time to that first frame,
// one "view" once VIEW_AFTER_SECONDS have been watched, a "heartbeat" of the
// viewing experience (experience.ts) every HEARTBEAT_SECONDS of it and when
// the page is hidden, and an "error" for each playback error. They go out with
// navigator.sendBeacon, so they survive the page closing and never hold up
// playback; failures (a refused or expired view ticket included) are
// ignored and never shown. Each carries the page's view ticket, without
// which the edge counts nothing; the page gives none when views are not
// counted, and then nothing is sent.
import type { Config } from './config';
import { ExperienceMeter, watchExperience, type ErrorClass, type Heartbeat } from './experience';
import type { Player } from './vjs';

export interface ViewEvent extends Partial<Heartbeat> {
  event: 'play' | 'view' | 'heartbeat' | 'error'; video_id: string; player_id: string; viewer_id: string;
  position: number; ticket: string;
  startup_ms?: number; error_class?: ErrorClass; fatal?: boolean; before_play?: boolean;
}

// Seconds of playback after which a "view" is sent.
export const VIEW_AFTER_SECONDS = 5;

// Seconds between heartbeats: the edge lets a page send one every 5 s at
// most (gateway/internal/beacons.HeartbeatSeconds says why 10).
export const HEARTBEAT_SECONDS = 10;

// The storage key of the viewer id: a random id kept in this browser (local
// storage, or session storage when that is refused) so the analytics
// service can count a replay within 30 minutes as the same view. It names
// no person and is sent nowhere else.
const VIEWER_KEY = 'vidhost.viewer_id';

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from({ length: 4 }, () => Math.random().toString(36).slice(2, 10)).join('').slice(0, 32);
}

export function viewerId(): string {
  for (const storage of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      const store = storage();
      let id = store.getItem(VIEWER_KEY);
      if (!id) { id = randomId(); store.setItem(VIEWER_KEY, id); }
      return id;
    } catch { /* storage refused (privacy settings): try the next */ }
  }
  return randomId();
}

function send(url: string, body: ViewEvent): void {
  try {
    // A string body goes as text/plain: no CORS preflight, no cookies needed.
    if (navigator.sendBeacon && navigator.sendBeacon(url, JSON.stringify(body))) return;
  } catch { /* fall through */ }
  fetch(url, { method: 'POST', keepalive: true, credentials: 'omit', body: JSON.stringify(body) }).catch(() => undefined);
}

export function mountAnalytics(player: Player, config: Config): void {
  if (!config.collect_url || !config.view_ticket || config.player.analytics === 'none') return;
  const viewer = viewerId();
  const report = (event: ViewEvent['event'], extra: Partial<ViewEvent> = {}) => send(config.collect_url, {
    event, video_id: config.video.id, player_id: config.player.id, viewer_id: viewer,
    position: player.currentTime() || 0, ticket: config.view_ticket, ...extra,
  });
  const meter = new ExperienceMeter();
  watchExperience(player, meter,
    (cls, fatal, beforePlay) => report('error', { error_class: cls, fatal, before_play: beforePlay }));
  let sentPlay = false;
  player.on('playing', () => {
    const startup = meter.playing();
    if (sentPlay) return;
    sentPlay = true;
    report('play', startup === undefined ? {} : { startup_ms: startup });
  });
  const onTime = () => {
    if ((player.currentTime() || 0) < VIEW_AFTER_SECONDS) return;
    player.off('timeupdate', onTime);
    report('view');
  };
  player.on('timeupdate', onTime);
  const beat = () => {
    const figures = meter.heartbeat();
    if (figures) report('heartbeat', figures);
  };
  window.setInterval(beat, HEARTBEAT_SECONDS * 1000);
  // The last figures go when the page is hidden (a tab switched, closed or
  // navigated away): the one moment a browser still sends a beacon.
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') beat(); });
  window.addEventListener('pagehide', beat);
}
