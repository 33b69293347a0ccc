// The slice of the Video.js player API that Vidhost uses. Video.js ships
// types generated from JSDoc that are loose (many `any`); naming the few
// methods we rely on here keeps the modules honest and shows, in one place,
// what an upgrade of Video.js must keep working.

export interface Component { el(): HTMLElement; getChild(name: string): Component | undefined }

export interface Player extends Component {
  on(event: string | string[], handler: (event?: Event) => void): void;
  one(event: string, handler: () => void): void;
  ready(handler: () => void): void;
  play(): Promise<void> | undefined;
  pause(): void;
  paused(): boolean;
  currentTime(seconds?: number): number;
  duration(): number;
  addClass(name: string): void;
  removeClass(name: string): void;
  tech(options: { IWillNotUseThisInPlugins: boolean }): { el(): HTMLVideoElement };
  textTracks(): TextTrackList;
  addTextTrack(kind: string, label: string, language: string): TextTrack;
  controlBar: Component;
}

// videoElement returns the <video> that plays the media (the 360 renderer
// draws from it; overlays do not need it).
export function videoElement(player: Player): HTMLVideoElement {
  return player.tech({ IWillNotUseThisInPlugins: true }).el();
}
