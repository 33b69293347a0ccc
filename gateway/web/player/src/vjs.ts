// The slice of the Video.js player API that Vidhost uses. Video.js ships
// types generated from JSDoc that are loose (many `any`); naming the few
// methods we rely on here keeps the modules honest and shows, in one place,
// what an upgrade of Video.js must keep working.
import type { QualityLevelList } from './quality';

export interface Component {
  el(): HTMLElement;
  getChild(name: string): Component | undefined;
  show(): void;
  hide(): void;
}

export interface Player extends Component {
  on(event: string | string[], handler: (event?: Event) => void): void;
  off(event: string | string[], handler: (event?: Event) => void): void;
  one(event: string, handler: () => void): void;
  ready(handler: () => void): void;
  play(): Promise<void> | undefined;
  pause(): void;
  paused(): boolean;
  ended(): boolean;
  seeking(): boolean;
  error(): MediaError | null;
  currentTime(seconds?: number): number;
  duration(): number;
  videoWidth(): number;
  videoHeight(): number;
  seekable(): TimeRanges;
  volume(level?: number): number;
  muted(muted?: boolean): boolean;
  playbackRate(rate?: number): number;
  playbackRates(): number[];
  isFullscreen(): boolean;
  requestFullscreen(): Promise<void> | undefined;
  exitFullscreen(): Promise<void> | undefined;
  qualityLevels(): QualityLevelList;
  addClass(name: string): void;
  removeClass(name: string): void;
  tech(options: { IWillNotUseThisInPlugins: boolean }): { el(): HTMLVideoElement; on(event: string, handler: () => void): void };
  textTracks(): TextTrackList;
  addTextTrack(kind: string, label: string, language: string): TextTrack;
  controlBar: Component;
}

// videoElement returns the <video> that plays the media (the 360 renderer
// and the AirPlay picker need it; overlays do not).
export function videoElement(player: Player): HTMLVideoElement {
  return player.tech({ IWillNotUseThisInPlugins: true }).el();
}
