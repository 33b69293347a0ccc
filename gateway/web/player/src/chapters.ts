// Chapters arrive as {name, start}; Video.js's chapters menu wants a
// "chapters" text track whose cues also carry an end, so each chapter ends
// where the next begins (the last at the video's end). Ticks on the seek bar
// mark where each chapter starts.
import { h } from './dom';
import type { Chapter } from './config';
import type { Player } from './vjs';

export interface ChapterSpan { name: string; start: number; end: number }

export function chapterSpans(chapters: Chapter[], duration: number): ChapterSpan[] {
  const sorted = [...chapters].sort((a, b) => a.start - b.start);
  return sorted.map((chapter, i) => ({
    name: chapter.name,
    start: chapter.start,
    end: i + 1 < sorted.length ? sorted[i + 1].start : duration,
  })).filter((span) => span.end > span.start);
}

function addMarkers(player: Player, spans: ChapterSpan[], duration: number): void {
  const seekBar = player.controlBar.getChild('progressControl')?.getChild('seekBar');
  if (!seekBar) return;
  for (const span of spans.slice(1)) {
    const marker = h('div', { class: 'vh-chapter-marker', title: span.name });
    marker.style.left = `${(span.start / duration) * 100}%`;
    seekBar.el().append(marker);
  }
}

export function mountChapters(player: Player, chapters: Chapter[], knownDuration: number): void {
  if (chapters.length === 0) return;
  let mounted = false;
  const mount = () => {
    const duration = knownDuration || player.duration();
    if (mounted || !duration || !Number.isFinite(duration)) return;
    mounted = true;
    const spans = chapterSpans(chapters, duration);
    const track = player.addTextTrack('chapters', 'Chapters', document.documentElement.lang || 'en');
    for (const span of spans) track.addCue(new VTTCue(span.start, span.end, span.name));
    addMarkers(player, spans, duration);
  };
  player.ready(mount);
  player.on(['loadedmetadata', 'durationchange'], mount);
}
