// The page's player is the /embed page in a same-origin frame, so the page
// can read its <video>: the current time (chapters, thumbnails) and the
// frame on screen (a thumbnail picked from the video).

/** playerVideo is the <video> of the page's player, or null before it loads. */
export function playerVideo(): HTMLVideoElement | null {
  const frame = document.querySelector<HTMLIFrameElement>('.vh-player iframe');
  try {
    return frame?.contentDocument?.querySelector('video') ?? null;
  } catch {
    return null; // not same-origin after all
  }
}

/** playerTime is the player's position in whole seconds (0 without a player). */
export function playerTime(): number {
  return Math.floor(playerVideo()?.currentTime ?? 0);
}

/** The API's limit for a thumbnail: a JPEG of at most 102399 bytes (docs/videos.md). */
export const thumbnailMaxBytes = 102399;

/**
 * toJPEG draws source at most 1280 px wide and encodes it as a JPEG under
 * the thumbnail limit, lowering the quality, then the size, until it fits.
 */
export async function toJPEG(source: CanvasImageSource, width: number, height: number): Promise<Blob> {
  let scale = Math.min(1, 1280 / width);
  for (let attempt = 0; attempt < 8; attempt++) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images.');
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    for (const quality of [0.9, 0.8, 0.7, 0.6, 0.5]) {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
      if (!blob) throw new Error('The image could not be encoded as a JPEG.');
      if (blob.size <= thumbnailMaxBytes) return blob;
    }
    scale *= 0.7;
  }
  throw new Error('The image could not be made smaller than 100 KB.');
}
