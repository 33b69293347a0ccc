// Maps the Player resource's `controls` list onto Video.js control-bar
// children. An empty list keeps Video.js's full bar, ["none"] hides every
// control, anything else shows only the named controls (in the bar's usual
// order, whatever order the list has). Unknown names are ignored.

const controlChildren: Record<string, string[]> = {
  play: ['playToggle'],
  volume: ['volumePanel'], mute: ['volumePanel'],
  time: ['currentTimeDisplay', 'timeDivider', 'durationDisplay'],
  progress: ['progressControl'], seek: ['progressControl'], timeline: ['progressControl'],
  remaining: ['remainingTimeDisplay'],
  speed: ['playbackRateMenuButton'], playbackrate: ['playbackRateMenuButton'],
  chapters: ['chaptersButton'],
  captions: ['subsCapsButton'], subtitles: ['subsCapsButton'],
  pip: ['pictureInPictureToggle'],
  fullscreen: ['fullscreenToggle'],
};

const barOrder = [
  'playToggle', 'volumePanel', 'currentTimeDisplay', 'timeDivider', 'durationDisplay',
  'progressControl', 'remainingTimeDisplay', 'customControlSpacer', 'playbackRateMenuButton',
  'chaptersButton', 'subsCapsButton', 'pictureInPictureToggle', 'fullscreenToggle',
];

export interface ControlOptions { controls: boolean; controlBar?: { children: string[] } }

export function controlOptions(controls: string[]): ControlOptions {
  const names = controls.map((name) => name.trim().toLowerCase()).filter(Boolean);
  if (names.length === 0) return { controls: true };
  if (names.includes('none')) return { controls: false };
  const wanted = new Set(names.flatMap((name) => controlChildren[name] || []));
  wanted.add('customControlSpacer');
  return { controls: true, controlBar: { children: barOrder.filter((child) => wanted.has(child)) } };
}
