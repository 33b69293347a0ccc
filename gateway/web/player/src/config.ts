// The page configuration rendered by the gateway (gateway/web/page.go) into
// <script type="application/json" id="vidhost-config">. Field names follow the
// REST interface, so the Go structs and these types read the same.

export interface Sources { hls?: string; dash?: string; mp4?: string }

export interface Track { kind: string; label: string; language: string; url: string }

export interface Chapter { name: string; start: number }

export interface Card {
  id: string; name: string; at: number; until: number; skip: boolean;
  top_text: string; bottom_text: string; link: string; link_text: string; icon: string;
}

export interface Gate {
  id: string; name: string; at: number; skip: boolean;
  top_text: string; bottom_text: string; checkbox_text: string; fields: string[];
}

// Hotspot follows the interface's Set A (numeric times and opacity) plus the
// link target of Set B.
export interface Hotspot {
  id: string; name: string; at: number; until: number; x: number; y: number;
  pitch: number; yaw: number; link: string; opacity: number; target: string;
}

export interface VideoConfig {
  id: string; name: string; duration: number; sources: Sources; poster: string;
  sprite_vtt: string; tracks: Track[]; chapters: Chapter[]; cards: Card[];
  gates: Gate[]; hotspots: Hotspot[]; spherical: boolean; projection: string;
  // The frame's size in pixels (0 when not known yet): the page's shape
  // before the media says (aspect.ts).
  width: number; height: number;
  // "public", "unlisted" or "private": the embed API talks to any page
  // about the first two, only to the framing site about private ones.
  privacy: string;
}

export interface PlayerSettings {
  id: string; analytics: string; autoplay: boolean; muted: boolean; playsinline: boolean;
  preload: boolean; show_name: boolean; show_duration: boolean; controls: string[];
  colour: string; quality: string; track: string;
}

export interface Config {
  video: VideoConfig; player: PlayerSettings; lead_url: string; collect_url: string;
  // The signed ticket of this page load, sent with every view event; the
  // embedding page's domain is in it (docs/analytics.md).
  view_ticket: string;
}

const defaultPlayer: PlayerSettings = {
  id: '', analytics: '', autoplay: false, muted: false, playsinline: true, preload: true,
  show_name: false, show_duration: false, controls: [], colour: '', quality: '', track: '',
};

// readConfig parses the config element and fills what a partial config left
// out, so the modules below never test for undefined arrays.
export function readConfig(doc: Document): Config {
  const el = doc.getElementById('vidhost-config');
  const raw = JSON.parse(el?.textContent || '{}') as Partial<Config>;
  const video = (raw.video || {}) as Partial<VideoConfig>;
  return {
    video: {
      id: '', name: '', duration: 0, poster: '', sprite_vtt: '', spherical: false, projection: '', privacy: 'private',
      width: 0, height: 0,
      ...video,
      sources: video.sources || {},
      tracks: video.tracks || [], chapters: video.chapters || [], cards: video.cards || [],
      gates: video.gates || [], hotspots: video.hotspots || [],
    },
    player: { ...defaultPlayer, ...(raw.player || {}), controls: raw.player?.controls || [] },
    lead_url: raw.lead_url || '',
    collect_url: raw.collect_url || '',
    view_ticket: raw.view_ticket || '',
  };
}
