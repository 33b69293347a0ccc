// The /v2 resources the pages show, as gateway/openapi/vidhost.openapi.json
// describes them (only the fields the dashboard reads).

export type VideoStatus = 'preparing' | 'processing' | 'ready' | 'error' | 'live';
export type Privacy = 'public' | 'private' | 'unlisted';

export interface Output {
  label: string;
  url: string;
}

export interface Video {
  id: string;
  name: string;
  description: string;
  privacy: Privacy;
  status: VideoStatus;
  status_reason: string;
  progress: number;
  duration: number;
  // The source's frame as displayed and its shape ("9:16"); absent until transcoded.
  width?: number;
  height?: number;
  aspect_ratio?: string;
  thumbnail: string;
  tags: string[];
  categories: string[];
  enabled: boolean;
  outputs: Output[];
  created_time: string;
}

export interface Session {
  id: string;
  user_id: string;
  account_id: string;
  email: string;
  role: string;
  csrf_token: string;
  mfa_enrolment_required: boolean;
}

export interface APIKey {
  id: string;
  type: string;
  name: string;
  value: string;
  permissions: string[];
  ips: string[];
  /** The key's role ceiling (docs/roles.md). */
  role: string;
  created_time: string;
}

export interface JWTKey {
  id: string;
  name: string;
  public_key: string;
  created_time: string;
}

export interface HookFilter {
  field: string;
  operator: string;
  value: string;
}

export interface Hook {
  id: string;
  name: string;
  event: string;
  filters: HookFilter[];
  filters_logic: string;
  service: string;
  action: string;
  params: { field: string; value: string }[];
  enabled: boolean;
  created_time: string;
}

export interface HookService {
  id: string;
  name: string;
  type: string;
}

export interface Delivery {
  id: string;
  video: string;
  status: string;
  attempts: number;
  last_http_status: number;
  latency_ms: number;
  error: string;
  next_attempt_time: string;
  created_time: string;
}

export interface Folder {
  id: string;
  name: string;
  parent_id: string;
  created_time: string;
}

export interface Category {
  id: string;
  name: string;
  value: string;
  created_time: string;
}

/** A Player: playback settings the embed applies (docs/players.md). */
export interface Player {
  id: string;
  name: string;
  analytics: string;
  autoplay: boolean;
  muted: boolean;
  playsinline: boolean;
  preload: boolean;
  show_name: boolean;
  show_duration: boolean;
  controls: string[];
  colour: string;
  quality: string;
  track: string;
  created_time: string;
}

/** A service with the fields of its type (docs/services.md); secret only in a create's or rotation's answer. */
export interface Service extends HookService {
  url?: string;
  secret?: string;
  base_url?: string;
  endpoint?: string;
  region?: string;
  bucket?: string;
  prefix?: string;
  created_time: string;
}

/** One row of GET /v2/analytics: the dimension's value under its name, and views. */
export type AnalyticsRow = Record<string, string | number> & { views: number };
