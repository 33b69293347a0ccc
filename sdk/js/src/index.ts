// @vidhost/sdk: the /v2 API for TypeScript and JavaScript (docs/sdk.md).
export { Client, type ClientOptions, type Envelope, type Page, type RequestOptions } from './client.js';
export { VidhostError, isNotFound, refusal, type Problem } from './errors.js';
export { defaultRetryPolicy, retryAfter, type RetryPolicy } from './retry.js';
export { upload, type ResumeStore, type TusUpload, type UploadOptions, type UploadResult } from './tus.js';
export { importPrivateKey, signViewerJWT, type SigningKey, type ViewerJWT } from './jwt.js';
export { Vidhost, type VideoListQuery } from './vidhost.js';
export type * from './resources.js';
