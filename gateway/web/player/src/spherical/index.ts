// 360 playback, loaded as its own chunk only for spherical videos: a canvas
// over the (now transparent) video element, redrawn every frame, turned by
// dragging. A press without a drag still toggles play, as on flat video.
import { h } from '../dom';
import type { HotspotLayer } from '../overlays/hotspots';
import { videoElement, type Player } from '../vjs';
import { clampPitch, project, type Camera } from './camera';
import { Renderer } from './renderer';

const dragThreshold = 4; // pixels: below this a press is a click

function resize(canvas: HTMLCanvasElement): void {
  const scale = window.devicePixelRatio || 1;
  const width = Math.round(canvas.clientWidth * scale);
  const height = Math.round(canvas.clientHeight * scale);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
}

function enableDrag(canvas: HTMLCanvasElement, camera: Camera, onClick: () => void): void {
  let start: { x: number; y: number; yaw: number; pitch: number } | undefined;
  let moved = false;
  canvas.addEventListener('pointerdown', (event) => {
    start = { x: event.clientX, y: event.clientY, yaw: camera.yaw, pitch: camera.pitch };
    moved = false;
    canvas.setPointerCapture(event.pointerId);
  });
  canvas.addEventListener('pointermove', (event) => {
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    moved = moved || Math.hypot(dx, dy) > dragThreshold;
    // One viewport height of drag turns the view by the field of view.
    const perPixel = camera.fov / Math.max(canvas.clientHeight, 1);
    camera.yaw = start.yaw - dx * perPixel;
    camera.pitch = clampPitch(start.pitch + dy * perPixel);
  });
  canvas.addEventListener('pointerup', () => {
    if (start && !moved) onClick();
    start = undefined;
  });
}

export function mountSpherical(player: Player, hotspots: HotspotLayer): void {
  const video = videoElement(player);
  const canvas = h('canvas', { class: 'vh-sphere', 'aria-label': '360° video: drag to look around' });
  let renderer: Renderer;
  try {
    renderer = new Renderer(canvas);
  } catch {
    return; // no WebGL: the flat equirectangular frame still plays
  }
  video.insertAdjacentElement('afterend', canvas);
  player.addClass('vh-spherical');
  const camera: Camera = { yaw: 0, pitch: 0, fov: (75 * Math.PI) / 180 };
  enableDrag(canvas, camera, () => {
    if (player.paused()) void player.play()?.catch(() => undefined);
    else player.pause();
  });
  const frame = () => {
    resize(canvas);
    renderer.draw(video, camera);
    const aspect = canvas.clientWidth / Math.max(canvas.clientHeight, 1);
    hotspots.reproject((yaw, pitch) => project(camera, aspect, yaw, pitch));
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
