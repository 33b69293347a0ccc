// Seek-bar previews: while the pointer is over the progress bar, show the
// sprite tile for the time under it, above Video.js's own time tooltip.
import { h } from './dom';
import { frameAt, parseSprites, type SpriteFrame } from './vtt';
import type { Player } from './vjs';

async function loadFrames(url: string): Promise<SpriteFrame[]> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) return [];
  return parseSprites(await response.text(), response.url || url);
}

function showFrame(preview: HTMLElement, frame: SpriteFrame, left: number, barWidth: number): void {
  preview.hidden = false;
  preview.style.width = `${frame.w}px`;
  preview.style.height = `${frame.h}px`;
  preview.style.backgroundImage = `url("${frame.url}")`;
  preview.style.backgroundPosition = `-${frame.x}px -${frame.y}px`;
  // Keep the tile inside the bar at both ends.
  const clamped = Math.min(Math.max(left - frame.w / 2, 0), Math.max(barWidth - frame.w, 0));
  preview.style.left = `${clamped}px`;
}

export function mountSprites(player: Player, url: string): void {
  const progress = player.controlBar.getChild('progressControl');
  if (!url || !progress) return;
  const bar = progress.el();
  const preview = h('div', { class: 'vh-sprite', 'aria-hidden': 'true', hidden: true });
  bar.append(preview);
  let frames: SpriteFrame[] = [];
  loadFrames(url).then((loaded) => { frames = loaded; }, () => { frames = []; });
  bar.addEventListener('pointermove', (event) => {
    const rect = bar.getBoundingClientRect();
    const duration = player.duration();
    if (!frames.length || !duration || rect.width === 0) return;
    const left = event.clientX - rect.left;
    const frame = frameAt(frames, (left / rect.width) * duration);
    if (frame) showFrame(preview, frame, left, rect.width);
  });
  bar.addEventListener('pointerleave', () => { preview.hidden = true; });
}
