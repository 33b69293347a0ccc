// Builds the Video.js options from the page config: sources in the order a
// browser should try them, the Player's switches and controls, keyboard
// shortcuts, tracks and quality.
import type { Config, Sources } from './config';
import { controlOptions } from './controls';
import { keyboardShortcuts } from './hotkeys';
import { vhsOptions } from './quality';
import { trackOptions } from './tracks';

export interface SourceOption { src: string; type: string }

// HLS first (one manifest for every browser, with VHS over MSE or Safari's
// own), then DASH, then the progressive MP4 as the last resort.
export function sourceOptions(sources: Sources): SourceOption[] {
  const list: SourceOption[] = [];
  if (sources.hls) list.push({ src: sources.hls, type: 'application/x-mpegURL' });
  if (sources.dash) list.push({ src: sources.dash, type: 'application/dash+xml' });
  if (sources.mp4) list.push({ src: sources.mp4, type: 'video/mp4' });
  return list;
}

export function playerOptions(config: Config, nativeHls: boolean): Record<string, unknown> {
  const settings = config.player;
  const controls = controlOptions(settings.controls);
  return {
    // "any" falls back to muted autoplay when the browser refuses sound.
    autoplay: settings.autoplay ? (settings.muted ? 'muted' : 'any') : false,
    muted: settings.muted,
    playsinline: settings.playsinline,
    preload: settings.preload ? 'auto' : 'none',
    poster: config.video.poster || undefined,
    fill: true,
    ...controls,
    // Shortcuts go with the controls: ["none"] leaves the viewer no control.
    userActions: { hotkeys: controls.controls ? keyboardShortcuts(settings.track) : false },
    playbackRates: [0.5, 1, 1.25, 1.5, 2],
    // A live stream's seek bar spans its DVR window (live.ts) instead of
    // hiding; VOD is unaffected.
    liveui: true,
    sources: sourceOptions(config.video.sources),
    tracks: trackOptions(config.video.tracks, settings.track),
    html5: {
      vhs: vhsOptions(nativeHls),
      nativeAudioTracks: nativeHls,
      nativeVideoTracks: nativeHls,
    },
  };
}

const hexColour = /^#[0-9a-fA-F]{6}$/;

// applyColour sets the accent through a CSS custom property (CSSOM, so a
// strict Content-Security-Policy allows it); player.css uses it everywhere.
export function applyColour(root: HTMLElement, colour: string): void {
  if (hexColour.test(colour)) root.style.setProperty('--vh-accent', colour);
}
