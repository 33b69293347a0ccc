// The /v2 resources the pages show: the SDK's shapes (sdk/js, generated from
// gateway/openapi/vidhost.openapi.json), re-exported under the names the
// pages use, so each shape has one copy and follows the document.
import type { ApiKey, JwtKey, Service, Video } from '@vidhost/sdk';

export type {
  AccountSummary,
  AnalyticsRow,
  AuditLog,
  Card,
  Category,
  Chapter,
  Delivery,
  Folder,
  Gate,
  Hook,
  HookFilter,
  Hotspot,
  IdentityProvider,
  Invite,
  Lead,
  Output,
  Player,
  Privacy,
  Service,
  Session,
  Restream,
  StreamKey,
  Token,
  Track,
  Transcribe,
  UploadUsage,
  User,
  Video,
  VideoUsage,
} from '@vidhost/sdk';
export type { MfaEnrolment as MFAEnrolment } from '@vidhost/sdk';

export type APIKey = ApiKey;
export type JWTKey = JwtKey;

/** VideoStatus is where a video stands: preparing, processing, ready, error or live (docs/videos.md). */
export type VideoStatus = Video['status'];

/** HookService is the part of a service a hook's form lists. */
export type HookService = Pick<Service, 'id' | 'name' | 'type'>;
