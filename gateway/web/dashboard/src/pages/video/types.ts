// The parts of a video its detail page edits, as GET /v2/videos/{id} shows
// them (docs/videos.md, docs/hotspots.md, docs/leads.md, docs/transcribes.md).
// Kept beside the page rather than in ../../types.ts: only this page reads them.
import type { Video } from '../../types';

export interface Track {
  id: string;
  kind: 'captions' | 'subtitles';
  label: string;
  language: string;
  url: string;
}

export interface Card {
  id: string;
  name: string;
  at: number;
  until: number;
  skip: boolean;
  top_text: string;
  bottom_text: string;
  link: string;
  link_text: string;
  icon: string;
}

export type GateField = 'email' | 'first_name' | 'last_name' | 'telephone';

export interface Gate {
  id: string;
  name: string;
  at: number;
  skip: boolean;
  top_text: string;
  bottom_text: string;
  checkbox_text: string;
  fields: GateField[];
}

/** Hotspot in the shape a video lists it (Set A): x and y are percent of the frame. */
export interface Hotspot {
  id: string;
  name: string;
  at: number;
  until: number;
  x: number;
  y: number;
  link: string;
  opacity: number;
  target: string;
}

export interface Chapter {
  id: string;
  name: string;
  start: string;
}

export interface Lead {
  id: string;
  video_id: string;
  gate_id: string;
  fields: Partial<Record<GateField, string>>;
  checkbox: boolean;
  created_time: string;
}

export interface Transcribe {
  id: string;
  video_id: string;
  language: string;
  label: string;
  kind: string;
  status: 'queued' | 'processing' | 'ready' | 'error' | 'cancelling' | 'cancelled';
  progress: number;
  track_id: string;
  error: string;
  created_time: string;
}

/** VideoDetail is a video with everything attached to it. */
export interface VideoDetail extends Video {
  type: 'vod' | 'event';
  categories: string[];
  tracks: Track[];
  cards: Card[];
  gates: Gate[];
  hotspots: Hotspot[];
  chapters: Chapter[];
}

/** Props every section of the page takes: the video and a way to read it again after a change. */
export interface SectionProps {
  video: VideoDetail;
  onChanged: () => Promise<void>;
}
