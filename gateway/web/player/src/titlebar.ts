// The Player's show_name and show_duration: a title bar over the top-left of
// the video that fades with the controls while playing.
import { formatTime, h } from './dom';
import type { Player } from './vjs';

export function mountTitle(player: Player, name: string, duration: number, showName: boolean, showDuration: boolean): void {
  if (!showName && !showDuration) return;
  const bar = h('div', { class: 'vh-title' });
  if (showName) bar.append(h('span', { class: 'vh-title-name' }, name));
  const durationEl = h('span', { class: 'vh-title-duration' }, duration > 0 ? formatTime(duration) : '');
  if (showDuration) bar.append(durationEl);
  player.el().insertBefore(bar, player.controlBar.el());
  // The catalog may not know the duration yet; the media does.
  player.on('durationchange', () => {
    const seconds = player.duration();
    if (showDuration && Number.isFinite(seconds) && seconds > 0) durationEl.textContent = formatTime(seconds);
  });
}
