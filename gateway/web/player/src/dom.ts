// A tiny element builder: overlays are built with the DOM API rather than
// innerHTML, so text from the catalog can never become markup.

type Attrs = Record<string, string | boolean | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K, attrs: Attrs = {}, ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : value);
  }
  el.append(...children);
  return el;
}

// formatTime renders seconds as m:ss or h:mm:ss, the way the control bar does.
export function formatTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}
