// A video's shape from its aspect_ratio ("9:16", docs/videos.md): the
// dashboard's player frame and the embed code take it, so a portrait video
// is not squeezed into a 16:9 box. Until the video is transcoded it has no
// aspect_ratio, and 16:9 stands in.

/** aspectTerms splits "9:16" into [9, 16]; [16, 9] for anything else. */
export function aspectTerms(aspectRatio: string | undefined): [number, number] {
  const match = /^(\d+):(\d+)$/.exec(aspectRatio ?? '');
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  return width > 0 && height > 0 ? [width, height] : [16, 9];
}

/** ratioStyle sets the frame's --vh-ratio (width / height) for style.css. */
export function ratioStyle(aspectRatio: string | undefined): Record<string, string> {
  const [width, height] = aspectTerms(aspectRatio);
  return { '--vh-ratio': (width / height).toFixed(4) };
}
