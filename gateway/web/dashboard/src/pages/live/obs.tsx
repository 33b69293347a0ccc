// How to set up OBS (and ffmpeg) for an event: the settings docs/live.md
// explains. The keyframe interval matters most: the source rendition is
// passed through, so its 2 s segments are cut at the encoder's keyframes.
export function OBSSettings() {
  return (
    <section aria-labelledby="vh-obs-title" class="vh-obs">
      <h2 id="vh-obs-title">Encoder settings</h2>
      <details open>
        <summary>OBS Studio</summary>
        <dl class="vh-facts">
          <dt>Settings → Stream</dt>
          <dd>Service <strong>Custom…</strong>; Server: the RTMP server above; Stream Key: the stream key. For SRT (OBS 27 and later): Server: the whole SRT URL, Stream Key empty.</dd>
          <dt>Output → Encoder</dt><dd>x264, or your hardware H.264 encoder</dd>
          <dt>Rate control</dt><dd>CBR</dd>
          <dt>Bitrate</dt><dd>4500 kb/s for 1080p30, 2500 kb/s for 720p30 (your plan's limit: Pro 6 Mbit/s, Enterprise 20 Mbit/s)</dd>
          <dt>Keyframe interval</dt><dd><strong>2 s</strong> (not “auto”)</dd>
          <dt>Profile</dt><dd>main or high</dd>
          <dt>Audio</dt><dd>AAC, 48 kHz, 128 kb/s</dd>
          <dt>Reconnect</dt><dd>Advanced → Automatically Reconnect, retry delay under 60 s: the event waits 60 s for its encoder to return</dd>
        </dl>
      </details>
      <details>
        <summary>ffmpeg</summary>
        <p>With the RTMP URL above (a keyframe every 2 s at 30 fps):</p>
        <pre class="vh-mono"><code>ffmpeg -re -i show.mp4 -c:v libx264 -preset veryfast -b:v 2500k -g 60 -c:a aac -b:a 128k -ar 48000 -f flv "RTMP URL"</code></pre>
        <p>Over SRT: the same with <code>-f mpegts "SRT URL"</code>.</p>
      </details>
    </section>
  );
}
