// Hotspots: clickable regions shown from `at` until `until`. On flat video
// they sit at x/y percent of the frame; on 360 video the renderer projects
// their yaw/pitch to the screen each frame (see ../spherical). Opacity 0 makes
// an invisible but clickable region, anything else a translucent circle.
import { h } from '../dom';
import type { Hotspot } from '../config';
import type { Player } from '../vjs';
import { onTime, overlayLayer, within } from './layer';

// A screen position in percent of the player, or undefined when the point is
// behind the viewer.
export type Projector = (yaw: number, pitch: number) => { x: number; y: number } | undefined;

export interface HotspotLayer { reproject(project: Projector): void }

// hotspotOpacity accepts 0-1 or, from older clients, 0-100.
export function hotspotOpacity(value: number): number {
  const opacity = value > 1 ? value / 100 : value;
  return Math.min(Math.max(opacity || 0, 0), 1);
}

function hotspotElement(spot: Hotspot): HTMLAnchorElement {
  const target = spot.target === '_parent' ? '_parent' : '_blank';
  const el = h('a', {
    class: 'vh-hotspot', href: spot.link || undefined, target,
    rel: target === '_blank' ? 'noopener noreferrer' : undefined,
    'aria-label': spot.name, title: spot.name, hidden: true,
  });
  const opacity = hotspotOpacity(spot.opacity);
  if (opacity === 0) el.classList.add('vh-hotspot-invisible');
  el.style.setProperty('--vh-hotspot-opacity', String(opacity));
  place(el, spot.x, spot.y);
  return el;
}

function place(el: HTMLElement, x: number, y: number): void {
  el.style.left = `${x}%`;
  el.style.top = `${y}%`;
}

export function mountHotspots(player: Player, hotspots: Hotspot[]): HotspotLayer {
  const spots = hotspots.map((spot) => ({ spot, el: hotspotElement(spot), inView: true }));
  if (spots.length > 0) {
    const layer = overlayLayer(player, 'vh-hotspots');
    layer.append(...spots.map(({ el }) => el));
    onTime(player, (seconds) => {
      for (const entry of spots) entry.el.hidden = !entry.inView || !within(seconds, entry.spot.at, entry.spot.until);
    });
  }
  return {
    reproject(project) {
      const seconds = player.currentTime() || 0;
      for (const entry of spots) {
        const point = project(entry.spot.yaw, entry.spot.pitch);
        entry.inView = point !== undefined;
        if (point) place(entry.el, point.x, point.y);
        entry.el.hidden = !entry.inView || !within(seconds, entry.spot.at, entry.spot.until);
      }
    },
  };
}
