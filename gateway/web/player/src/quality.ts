// The Player's `quality`: "highest" or "lowest" start at and stay on the top
// or bottom rendition; "" leaves VHS's adaptive (bandwidth) choice.
//
// VHS asks one function, STANDARD_PLAYLIST_SELECTOR, for the rendition to
// play: first at start, then after every segment. Replacing it is the only
// lever that holds from the very first segment; the quality-levels list fills
// only after playback has begun, by which time VHS may already have switched
// on its bandwidth estimate.

export interface VhsPlaylist { attributes?: { BANDWIDTH?: number }; disabled?: boolean; excludeUntil?: number }

interface SelectorContext { playlists: { main?: { playlists?: VhsPlaylist[] } } }

export interface Vhs {
  STANDARD_PLAYLIST_SELECTOR: (this: SelectorContext) => VhsPlaylist | undefined;
  Playlist: { isEnabled(playlist: VhsPlaylist): boolean };
}

export interface VhsOptions { overrideNative: boolean; limitRenditionByPlayerDimensions: boolean }

export function vhsOptions(nativeHls: boolean): VhsOptions {
  // Safari plays HLS itself (and picks renditions itself); elsewhere VHS
  // plays it over Media Source Extensions, where the choice is ours.
  return { overrideNative: !nativeHls, limitRenditionByPlayerDimensions: true };
}

// extreme returns the top or bottom rendition by declared bandwidth.
export function extreme(playlists: VhsPlaylist[], quality: string): VhsPlaylist | undefined {
  const bandwidth = (playlist: VhsPlaylist) => playlist.attributes?.BANDWIDTH || 0;
  let chosen: VhsPlaylist | undefined;
  for (const playlist of playlists) {
    const better = !chosen || (quality === 'highest' ? bandwidth(playlist) > bandwidth(chosen) : bandwidth(playlist) < bandwidth(chosen));
    if (better) chosen = playlist;
  }
  return chosen;
}

// lockQuality must run before the player loads its source. A rendition that
// fails is excluded by VHS and so skipped here too.
export function lockQuality(vhs: Vhs, quality: string): void {
  if (quality !== 'highest' && quality !== 'lowest') return;
  vhs.STANDARD_PLAYLIST_SELECTOR = function selectFixedQuality(this: SelectorContext) {
    const playlists = this.playlists.main?.playlists || [];
    return extreme(playlists.filter((playlist) => vhs.Playlist.isEnabled(playlist)), quality) || extreme(playlists, quality);
  };
}
