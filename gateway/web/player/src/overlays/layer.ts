// Overlays sit in one layer above the video and below Video.js's control bar
// (gates go above it, see gates.ts). Each overlay follows the playhead
// through onTime, which fires on every time change, seek and load.
import { h } from '../dom';
import type { Player } from '../vjs';

export function overlayLayer(player: Player, className: string): HTMLElement {
  const layer = h('div', { class: `vh-layer ${className}` });
  const controlBar = player.controlBar.el();
  player.el().insertBefore(layer, controlBar);
  return layer;
}

export function onTime(player: Player, update: (seconds: number) => void): void {
  const run = () => update(player.currentTime() || 0);
  player.on(['timeupdate', 'seeking', 'seeked', 'loadedmetadata', 'play', 'pause'], run);
  player.ready(run);
}

// within reports whether a time lies in [at, until).
export function within(seconds: number, at: number, until: number): boolean {
  return seconds >= at && seconds < until;
}
