// The video's own shape: the watch page's frame takes it (player.css reads
// --vh-ratio), so a phone's portrait video fills a phone's screen instead of
// a 16:9 strip. The catalog's size comes first, so the page has its shape
// before any media loads; the media's own size then confirms or corrects it
// (a live stream's, which the catalog does not know). An embed needs none of
// this: it fills the frame its page gives it, and Video.js fits the picture
// inside with bars only where the frame's shape differs.
import type { VideoConfig } from './config';
import type { Player } from './vjs';

/** ratio is width / height, or 0 for a size that is not known. */
export function ratio(width: number, height: number): number {
  return width > 0 && height > 0 ? width / height : 0;
}

export function mountAspect(player: Player, root: HTMLElement, video: VideoConfig): void {
  // A 360° video is looked around in through a window of the page's shape.
  if (video.spherical) return;
  const apply = (value: number) => {
    if (value > 0) root.style.setProperty('--vh-ratio', value.toFixed(4));
  };
  apply(ratio(video.width, video.height));
  player.on('loadedmetadata', () => apply(ratio(player.videoWidth(), player.videoHeight())));
}
