// A video whose transcode failed: why, and the way on. Nothing can be
// played, embedded or edited on a video without outputs, so the page shows
// this instead of those sections; a new upload makes a new video.
import type { Video } from '../../types';

/** failureReason is why video failed, in the transcoder's words. */
export const failureReason = (video: Video) => video.status_reason || 'no reason was given';

/** FailedVideo says why the video failed and offers to upload the file again. */
export function FailedVideo({ video }: { video: Video }) {
  return (
    <section class="vh-failed" aria-labelledby="vh-failed-title">
      <h2 id="vh-failed-title">This video could not be transcoded</h2>
      <p class="vh-problem" role="alert">{failureReason(video)}</p>
      <p>
        Upload the file again (or a fixed one): it becomes a new video. You can delete this one below.
      </p>
      <p><a class="vh-button vh-button-primary" href="/upload" id="vh-upload-again">Upload again</a></p>
    </section>
  );
}
