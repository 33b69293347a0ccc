// The resources' shapes, one copy: taken from the types generated from
// gateway/openapi/vidhost.openapi.json at build time (npm run generate), so a
// field added to the API appears here without anyone writing it twice. The
// dashboard (gateway/web/dashboard) imports these rather than declaring its own.
import type { components, operations, paths } from './generated/openapi.js';

export type { components, operations, paths };

type Schemas = components['schemas'];

/** Schema is any shape the document names: Schema<'Video'>. */
export type Schema<Name extends keyof Schemas> = Schemas[Name];

// Videos and what is attached to them.
export type Video = Schemas['Video'];
export type VideoInput = Schemas['VideoInput'];
export type CreateVideoRequest = Schemas['CreateVideoRequest'];
export type Output = Schemas['Output'];
export type Track = Schemas['Track'];
export type Card = Schemas['Card'];
export type Gate = Schemas['Gate'];
export type Hotspot = Schemas['Hotspot'];
export type Chapter = Schemas['Chapter'];
export type Lead = Schemas['Lead'];
export type Transcribe = Schemas['Transcribe'];
export type StreamKey = Schemas['StreamKey'];
export type Restream = Schemas['Restream'];
export type Upload = Schemas['Upload'];

/** Privacy is who may watch a video: the values the document allows on a create or update. */
export type Privacy = NonNullable<VideoInput['privacy']>;

// Collections, players, tokens.
export type Folder = Schemas['Folder'];
export type Category = Schemas['Category'];
export type Player = Schemas['Player'];
export type Token = Schemas['Token'];
export type TokenRequest = Schemas['TokenRequest'];

// Credentials and sessions.
export type ApiKey = Schemas['ApiKey'];
export type JwtKey = Schemas['JwtKey'];
export type Session = Schemas['Session'];
export type MfaEnrolment = Schemas['MfaEnrolment'];

// Hooks and the services they call.
export type Hook = Schemas['Hook'];
export type HookFilter = Schemas['HookFilter'];
export type HookParam = Schemas['HookParam'];
export type Service = Schemas['Service'];
export type Delivery = Schemas['Delivery'];

// The account, its people and its record.
export type AccountSummary = Schemas['AccountSummary'];
export type PlanLimits = Schemas['PlanLimits'];
export type UploadUsage = Schemas['UploadUsage'];
export type VideoUsage = Schemas['VideoUsage'];
export type User = Schemas['User'];
export type Invite = Schemas['Invite'];
export type IdentityProvider = Schemas['IdentityProvider'];
export type AuditLog = Schemas['AuditLog'];

/**
 * AnalyticsRow is one row of GET /v2/analytics: the dimension's value under
 * its name ("day", "country", …) and views. The document describes a row only
 * as an object, since its keys follow the dimension asked for, so this one
 * shape is written by hand.
 */
export type AnalyticsRow = Record<string, string | number> & { views: number };
