// View events for the gateway's collect endpoint (unless the Player's
// analytics is "none"): one "play" per page load, which the views metric
// counts, and one "ended". Failures are ignored: analytics must never get in
// the way of playback.
import type { Config } from './config';
import type { Player } from './vjs';

export interface ViewEvent { event: string; video_id: string; player_id: string; position: number; referrer: string }

function send(url: string, body: ViewEvent): void {
  const json = JSON.stringify(body);
  // keepalive lets the "ended" event survive the page closing right after.
  fetch(url, { method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: json })
    .catch(() => undefined);
}

export function mountAnalytics(player: Player, config: Config): void {
  if (!config.collect_url || config.player.analytics === 'none') return;
  const report = (event: string) => send(config.collect_url, {
    event, video_id: config.video.id, player_id: config.player.id,
    position: player.currentTime() || 0, referrer: document.referrer,
  });
  player.one('playing', () => report('play'));
  player.one('ended', () => report('ended'));
}
