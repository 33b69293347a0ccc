// Maps the Player resource's `controls` onto Video.js control-bar children.
// The names and the bar's order are the catalog's KnownControls
// (services/catalog/internal/catalog/controls.go, docs/players.md); the
// catalog refuses any other name, so an unknown one here is simply skipped.
// An empty list shows every control, ["none"] hides the bar, anything else
// shows the listed controls in the fixed order, whatever order the list has.
// Controls a browser or video cannot use hide themselves: airplay outside
// Safari, pip without Picture-in-Picture, captions without tracks, chapters
// without chapters.

const knownControls = [
  'play', 'progress', 'current-time', 'duration', 'mute', 'volume',
  'captions', 'settings', 'pip', 'airplay', 'chapters', 'fullscreen',
];

const barChild: Record<string, string> = {
  play: 'playToggle',
  progress: 'progressControl',
  'current-time': 'currentTimeDisplay',
  duration: 'durationDisplay',
  mute: 'muteToggle',
  volume: 'volumeControl',
  captions: 'subsCapsButton',
  settings: 'SettingsButton', // settings.ts
  pip: 'pictureInPictureToggle',
  airplay: 'AirPlayButton', // airplay.ts
  chapters: 'chaptersButton',
  fullscreen: 'fullscreenToggle',
};

// The controls before the first of these sit on the left of the bar.
const rightSide = knownControls.slice(knownControls.indexOf('mute'));

export interface ControlOptions { controls: boolean; controlBar?: { children: string[] } }

export function controlOptions(controls: string[]): ControlOptions {
  if (controls.includes('none')) return { controls: false };
  const listed = knownControls.filter((name) => controls.length === 0 || controls.includes(name));
  const children: string[] = [];
  for (const name of listed) {
    if (name === 'duration' && listed.includes('current-time')) children.push('timeDivider');
    // Without the seek bar (which stretches) a spacer pushes the rest right.
    if (!listed.includes('progress') && name === listed.find((n) => rightSide.includes(n))) children.push('customControlSpacer');
    children.push(barChild[name]);
  }
  return { controls: true, controlBar: { children } };
}
