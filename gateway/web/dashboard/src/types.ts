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
  thumbnail: string;
  tags: string[];
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
  created_time: string;
}
