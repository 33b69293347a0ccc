// The /v2 resources of the team and account pages (users, invites,
// identity providers, the audit log, the account's plan and usage), as
// gateway/openapi/vidhost.openapi.json describes them (roles and what each
// may do are in roles.ts).
import type { Role } from './roles';

export interface User {
  id: string;
  name: string;
  email: string;
  role: Role;
  authentication: 'password' | 'sso';
  enabled: boolean;
  mfa_required: boolean;
  verified_email: boolean;
  created_time: string;
}

export interface Invite {
  id: string;
  email: string;
  role: Role;
  name: string;
  status: 'pending' | 'accepted' | 'expired';
  expires_time: string;
  accepted_time: string;
  created_time: string;
}

export interface IdentityProvider {
  id: string;
  name: string;
  issuer_url: string;
  client_id: string;
  allowed_domains: string[];
  default_role: Role;
  enabled: boolean;
  created_time: string;
}

export interface AuditLog {
  id: string;
  actor_type: 'api_key' | 'user' | 'system';
  actor_id: string;
  entity_type: string;
  entity_id: string;
  action_type: string;
  action_data: string;
  action_ip: string;
  action_time: string;
}

/** GET /v2/account (docs/account.md); 64-bit numbers arrive as strings. */
export interface AccountSummary {
  id: string;
  name: string;
  plan: string;
  mfa_required: boolean;
  users: number;
  pending_invites: number;
  created_time: string;
  limits: {
    live_streaming: boolean;
    audit_logs: boolean;
    upload_quota_bytes: string;
    max_users: number;
    max_live_events: number;
    max_ingest_bitrate: string;
  };
}

/** GET /v2/account/uploads. */
export interface UploadUsage {
  bytes: string;
  quota_bytes: string;
  quota_plan: string;
  in_progress: number;
  max_concurrent: number;
  max_file_bytes: string;
  uploads_enabled: boolean;
}

/** GET /v2/account/videos. */
export interface VideoUsage {
  videos: number;
  ready_videos: number;
  duration_seconds: number;
  live_events: number;
  live_now: number;
}

/** POST /v2/users/me/mfa: shown once. */
export interface MFAEnrolment {
  secret: string;
  uri: string;
  qr_code: string;
}
