// A WebVTT reader for the two files the player parses itself: the sprite index
// (cue text `sprite.jpg#xywh=x,y,w,h`). Captions go through the browser's own
// parser.

export interface Cue { start: number; end: number; text: string }

function parseTimestamp(stamp: string): number {
  const parts = stamp.trim().split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

export function parseVtt(text: string): Cue[] {
  const cues: Cue[] = [];
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n');
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing < 0) continue;
    const [from, to] = lines[timing].split('-->');
    cues.push({
      start: parseTimestamp(from),
      end: parseTimestamp(to.trim().split(/\s+/)[0]),
      text: lines.slice(timing + 1).join('\n').trim(),
    });
  }
  return cues;
}

export interface SpriteFrame { start: number; end: number; url: string; x: number; y: number; w: number; h: number }

// parseSprites resolves each cue's image against the VTT's own URL, so an
// index can name its image relatively.
export function parseSprites(text: string, baseUrl: string): SpriteFrame[] {
  const frames: SpriteFrame[] = [];
  for (const cue of parseVtt(text)) {
    const [image, fragment = ''] = cue.text.split('#');
    const xywh = /xywh=(\d+),(\d+),(\d+),(\d+)/.exec(fragment);
    if (!image || !xywh) continue;
    const [x, y, w, h] = xywh.slice(1).map(Number);
    frames.push({ start: cue.start, end: cue.end, url: new URL(image, baseUrl).href, x, y, w, h });
  }
  return frames;
}

export function frameAt(frames: SpriteFrame[], time: number): SpriteFrame | undefined {
  const found = frames.find((frame) => time >= frame.start && time < frame.end);
  const last = frames[frames.length - 1];
  // The last cue may end before the media does; keep showing it.
  return found || (last && time >= last.start ? last : undefined);
}
