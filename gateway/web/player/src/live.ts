// A live event's indicator and DVR window. The live service's playlists keep
// the last 30 segments of 2 s (docs/live.md, "What viewers get"): a viewer
// can seek back up to 60 s, and the seek bar spans that window (Video.js's
// liveui, enabled in player.ts). The indicator shows while the media is live
// (VHS reports an infinite duration until the playlist ends); it is red at
// the live edge, grey behind it, and a click returns to the edge. The page
// config need not say the video is live: an event that ends while watched
// turns into a finite stream and the indicator goes away by itself.
import { h } from './dom';
import type { Player } from './vjs';

// A viewer this close to the live edge is watching live: VHS starts three
// segments (6 s) back, and a segment arrives every 2 s.
const atEdgeSeconds = 10;

export function mountLive(player: Player): void {
  const badge = h('button', { class: 'vh-live', type: 'button', title: 'Go to the live edge', hidden: true },
    h('span', { class: 'vh-live-dot', 'aria-hidden': 'true' }), 'LIVE');
  player.el().insertBefore(badge, player.controlBar.el());
  badge.addEventListener('click', () => {
    const edge = liveEdge(player);
    if (edge > 0) player.currentTime(edge);
    if (player.paused()) void player.play()?.catch(() => undefined);
  });
  const update = (): void => {
    const live = player.duration() === Infinity;
    badge.hidden = !live;
    if (live) player.addClass('vh-is-live');
    else player.removeClass('vh-is-live');
    const behind = live && liveEdge(player) - player.currentTime() > atEdgeSeconds;
    badge.classList.toggle('vh-live-behind', behind);
  };
  player.on(['loadedmetadata', 'durationchange', 'timeupdate', 'seeked'], update);
}

// liveEdge is the end of the seekable window (0 before the media loads).
function liveEdge(player: Player): number {
  const seekable = player.seekable();
  return seekable.length > 0 ? seekable.end(seekable.length - 1) : 0;
}
