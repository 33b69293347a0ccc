// The rendition the player fetches: the Player's `quality` at start and the
// viewer's choice in the settings menu afterwards.
//
// "highest" or "lowest" must hold from the very first segment. VHS asks one
// function, STANDARD_PLAYLIST_SELECTOR, for the rendition to play: first at
// start, then after every segment. Replacing it is the only lever that early;
// the quality-levels list fills only after the first rendition is chosen.
// Once the viewer picks in the menu the lock is released and the choice is
// applied through that list (a level disabled is one VHS never selects).

export interface VhsPlaylist { attributes?: { BANDWIDTH?: number }; disabled?: boolean; excludeUntil?: number }

interface SelectorContext { playlists: { main?: { playlists?: VhsPlaylist[] } } }

type Selector = (this: SelectorContext) => VhsPlaylist | undefined;

export interface Vhs {
  STANDARD_PLAYLIST_SELECTOR: Selector;
  Playlist: { isEnabled(playlist: VhsPlaylist): boolean };
}

// QualityLevel and QualityLevelList are videojs-contrib-quality-levels' view
// of VHS's renditions (player.qualityLevels(), bundled with Video.js 8).
export interface QualityLevel { id: string; width?: number; height?: number; bitrate?: number; enabled: boolean }

export interface QualityLevelList {
  readonly length: number;
  readonly selectedIndex: number;
  readonly [index: number]: QualityLevel;
  on(event: string | string[], handler: () => void): void;
}

export interface VhsOptions { overrideNative: boolean; limitRenditionByPlayerDimensions: boolean }

export function vhsOptions(nativeHls: boolean): VhsOptions {
  // Safari plays HLS itself (and picks renditions itself); elsewhere VHS
  // plays it over Media Source Extensions, where the choice is ours.
  return { overrideNative: !nativeHls, limitRenditionByPlayerDimensions: true };
}

// extreme returns the top or bottom of a list by bandwidth.
export function extreme<T>(items: T[], quality: string, bandwidth: (item: T) => number): T | undefined {
  let chosen: T | undefined;
  for (const item of items) {
    const better = chosen === undefined || (quality === 'highest' ? bandwidth(item) > bandwidth(chosen) : bandwidth(item) < bandwidth(chosen));
    if (better) chosen = item;
  }
  return chosen;
}

const playlistBandwidth = (playlist: VhsPlaylist) => playlist.attributes?.BANDWIDTH || 0;

// lockQuality must run before the player loads its source. A rendition that
// fails is excluded by VHS and so skipped here too. It returns the function
// that hands the choice back to VHS's own selector.
export function lockQuality(vhs: Vhs, quality: string): () => void {
  if (quality !== 'highest' && quality !== 'lowest') return () => undefined;
  const adaptive = vhs.STANDARD_PLAYLIST_SELECTOR;
  let locked = true;
  vhs.STANDARD_PLAYLIST_SELECTOR = function selectFixedQuality(this: SelectorContext) {
    if (!locked) return adaptive.call(this);
    const playlists = this.playlists.main?.playlists || [];
    const enabled = playlists.filter((playlist) => vhs.Playlist.isEnabled(playlist));
    return extreme(enabled, quality, playlistBandwidth) || extreme(playlists, quality, playlistBandwidth);
  };
  return () => { locked = false; };
}

// levelLabel names a rendition the way viewers know it: 1080p, 720p...
export function levelLabel(level: QualityLevel): string {
  if (level.height) return `${level.height}p`;
  return `${Math.round((level.bitrate || 0) / 1000)} kbps`;
}

// sortedLevels lists the renditions top first.
export function sortedLevels(list: QualityLevelList): QualityLevel[] {
  const levels: QualityLevel[] = [];
  for (let i = 0; i < list.length; i++) levels.push(list[i]);
  return levels.sort((a, b) => (b.height || 0) - (a.height || 0) || (b.bitrate || 0) - (a.bitrate || 0));
}

export type QualityChoice = 'auto' | QualityLevel;

// QualitySelection is what the settings menu reads and changes.
export class QualitySelection {
  private chosen: QualityChoice | undefined; // undefined until the viewer picks

  constructor(private readonly setting: string, private readonly unlock: () => void) {}

  // current is the viewer's choice, else the rendition the Player's quality
  // pins, else "auto".
  current(levels: QualityLevel[]): QualityChoice {
    if (this.chosen) return this.chosen;
    if (this.setting !== 'highest' && this.setting !== 'lowest') return 'auto';
    return extreme(levels, this.setting, (level) => level.bitrate || 0) || 'auto';
  }

  // choose applies the viewer's pick. VHS switches at once only when a
  // rendition goes from disabled to enabled (it switches to that one), so a
  // pinned rendition is re-enabled last, and "auto" ends up on the lowest
  // until VHS's bandwidth estimate moves it up, as at a fresh start.
  choose(levels: QualityLevel[], choice: QualityChoice): void {
    this.unlock();
    this.chosen = choice;
    if (choice === 'auto') {
      for (const level of levels) level.enabled = true;
      return;
    }
    for (const level of levels) level.enabled = false;
    choice.enabled = true;
  }
}
