// Keyboard shortcuts while the player has focus (Video.js calls the hotkeys
// function for keys its focused control did not use): space play/pause,
// arrows seek 5 s and change the volume by 10%, f fullscreen, m mute, c
// captions on/off. docs/embed.md lists them.
import type { Player } from './vjs';

const seekSeconds = 5;
const volumeStep = 0.1;

type Action = (player: Player) => void;

function seek(by: number): Action {
  return (player) => {
    const duration = player.duration() || 0;
    player.currentTime(Math.min(Math.max(player.currentTime() + by, 0), duration));
  };
}

function changeVolume(by: number): Action {
  return (player) => {
    player.volume(Math.min(Math.max(player.volume() + by, 0), 1));
    // Turning the volume up is a request to hear something.
    if (by > 0) player.muted(false);
  };
}

function captionTracks(player: Player): TextTrack[] {
  return Array.from(player.textTracks()).filter((track) => track.kind === 'captions' || track.kind === 'subtitles');
}

// toggleCaptions hides the shown track, or shows the one last hidden, else
// the one in the Player's `track` language, else the first.
function toggleCaptions(language: string): Action {
  let lastShown: TextTrack | undefined;
  return (player) => {
    const tracks = captionTracks(player);
    const showing = tracks.find((track) => track.mode === 'showing');
    if (showing) {
      lastShown = showing;
      for (const track of tracks) track.mode = 'disabled';
      return;
    }
    const next = (lastShown && tracks.includes(lastShown) ? lastShown : undefined)
      || tracks.find((track) => language !== '' && track.language === language) || tracks[0];
    if (next) next.mode = 'showing';
  };
}

function togglePlay(player: Player): void {
  if (player.paused()) void player.play()?.catch(() => undefined);
  else player.pause();
}

function toggleFullscreen(player: Player): void {
  const change = player.isFullscreen() ? player.exitFullscreen() : player.requestFullscreen();
  void change?.catch(() => undefined);
}

// keyboardShortcuts returns Video.js's userActions.hotkeys function.
export function keyboardShortcuts(captionLanguage: string): (this: Player, event: KeyboardEvent) => void {
  const actions: Record<string, Action> = {
    ' ': togglePlay,
    ArrowLeft: seek(-seekSeconds), ArrowRight: seek(seekSeconds),
    ArrowUp: changeVolume(volumeStep), ArrowDown: changeVolume(-volumeStep),
    f: toggleFullscreen,
    m: (player) => { player.muted(!player.muted()); },
    c: toggleCaptions(captionLanguage),
  };
  return function handleShortcut(this: Player, event: KeyboardEvent) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    // Keys pressed in an overlay (a gate's form, a card's button) are its own.
    if (event.target instanceof Element && event.target.closest('.vh-layer')) return;
    const action = actions[event.key.length === 1 ? event.key.toLowerCase() : event.key];
    if (!action) return;
    event.preventDefault();
    action(this);
  };
}
