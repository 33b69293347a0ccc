// Caption and subtitle tracks, and the one the Player shows on load (its
// `track` is a language code; empty shows none).
import type { Track } from './config';
import type { Player } from './vjs';

export interface TrackOption { kind: string; label: string; srclang: string; src: string; default: boolean }

export function trackOptions(tracks: Track[], showLanguage: string): TrackOption[] {
  let shown = false;
  return tracks.map((track) => {
    // Only the first track in the wanted language is shown.
    const isDefault = !shown && showLanguage !== '' && track.language === showLanguage;
    shown = shown || isDefault;
    return { kind: track.kind, label: track.label, srclang: track.language, src: track.url, default: isDefault };
  });
}

// showTrack enforces the choice once tracks exist: browsers may otherwise
// show a track from the user's own preferences.
export function showTrack(player: Player, language: string): void {
  const apply = () => {
    const list = player.textTracks();
    let shown = false;
    for (let i = 0; i < list.length; i++) {
      const track = list[i];
      if (track.kind !== 'captions' && track.kind !== 'subtitles') continue;
      const show: boolean = !shown && language !== '' && track.language === language;
      shown = shown || show;
      track.mode = show ? 'showing' : 'disabled';
    }
  };
  player.ready(apply);
  player.one('loadedmetadata', apply);
}
