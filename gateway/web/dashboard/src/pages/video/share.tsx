// Share and embed: the watch page's link and the embed code (docs/embed.md),
// and for a private video a share link that opens it without an account:
// the watch page with a viewer token (POST /v2/tokens, docs/tokens.md),
// which expires and names this one video.
import { useState } from 'preact/hooks';
import { post } from '../../api';
import { CopyButton, Field, Problem } from '../../components';
import { date } from '../../format';
import { useAction } from '../../resource';
import type { Token, Video } from '../../types';
import { aspectTerms } from './aspect';

export function Sharing({ video }: { video: Video }) {
  const watch = new URL(`/watch/${video.id}`, location.href).href;
  const embed = embedCode(new URL(`/embed/${video.id}`, location.href).href, video);
  return (
    <section aria-labelledby="vh-share-title">
      <h2 id="vh-share-title">Share and embed</h2>
      {video.privacy === 'private' && <p class="vh-note">Private: these open only for signed-in users of this account or with a viewer token; make a share link below for anyone else.</p>}
      <ul class="vh-outputs">
        <li>
          <span class="vh-output-label">Watch page</span>
          <code class="vh-output-url" id="vh-watch-link">{watch}</code>
          <CopyButton text={watch} label="Copy the watch page link" />
        </li>
        <li>
          <span class="vh-output-label">Embed code</span>
          <code class="vh-output-url" id="vh-embed-code">{embed}</code>
          <CopyButton text={embed} label="Copy the embed code" />
        </li>
      </ul>
      {video.privacy === 'private' && <ShareLink video={video} watch={watch} />}
    </section>
  );
}

// embedCode is the responsive snippet of docs/embed.md: a wrapper of the
// video's shape, as wide as the page's column but at most 80% of the window
// high, with the iframe filling it.
function embedCode(src: string, video: Video): string {
  const [w, h] = aspectTerms(video.aspect_ratio);
  const wrapper = `position: relative; aspect-ratio: ${w} / ${h}; width: min(100%, 80vh * ${w} / ${h}); margin: 0 auto;`;
  const frame = 'position: absolute; inset: 0; width: 100%; height: 100%; border: 0;';
  return `<div style="${wrapper}"><iframe src="${escapeHTML(src)}" style="${frame}" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen title="${escapeHTML(video.name)}"></iframe></div>`;
}

function escapeHTML(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function ShareLink({ video, watch }: { video: Video; watch: string }) {
  const [link, setLink] = useState<{ url: string; expires: string } | null>(null);
  const { problem, setProblem, run } = useAction();
  const [ttl, setTTL] = useState('86400');
  const make = (event: Event) => {
    event.preventDefault();
    run(async () => {
      const minted = await post<Token>('/v2/tokens', { type: 'viewer', video_id: video.id, ttl_seconds: Number(ttl) });
      setLink({ url: `${watch}?jwt=${encodeURIComponent(minted.token)}`, expires: minted.expires_time });
      setProblem('');
    });
  };
  return (
    <form class="vh-form vh-row-form" onSubmit={make} aria-label="Share link">
      <Field id="vh-share-ttl" label="Share link valid for">
        {(aria) => (
          <select {...aria} value={ttl} onChange={(e) => setTTL(e.currentTarget.value)}>
            <option value="3600">1 hour</option>
            <option value="86400">1 day (the longest)</option>
          </select>
        )}
      </Field>
      <button type="submit" class="vh-button">Make a share link</button>
      <Problem message={problem} />
      {link && (
        <p class="vh-share-result">
          <code class="vh-output-url" id="vh-share-link">{link.url}</code>
          <CopyButton text={link.url} label="Copy the share link" />
          <span class="vh-hint">Anyone with it can watch until {date(link.expires)}; it cannot be revoked early, but making the video disabled stops it.</span>
        </p>
      )}
    </form>
  );
}
