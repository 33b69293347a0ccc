// The resources' shapes, one copy: taken from the types generated from
// gateway/openapi/vidhost.openapi.json at build time (npm run generate), so a
// field added to the API appears here without anyone writing it twice.
import type { components, operations, paths } from './generated/openapi.js';

export type { components, operations, paths };

type Schemas = components['schemas'];
export type Video = Schemas['Video'];
export type Upload = Schemas['Upload'];
export type Token = Schemas['Token'];
export type TokenRequest = Schemas['TokenRequest'];
export type CreateVideoRequest = Schemas['CreateVideoRequest'];
export type Folder = Schemas['Folder'];
export type Player = Schemas['Player'];
export type JwtKey = Schemas['JwtKey'];
export type ApiKey = Schemas['ApiKey'];
export type Session = Schemas['Session'];
export type Hook = Schemas['Hook'];
export type Category = Schemas['Category'];
export type Output = Schemas['Output'];
