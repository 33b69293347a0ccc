// Vidhost is the typed face of the client: the calls an integrator makes
// most (videos, tokens, uploads), as the Go SDK's services, over Client's
// generic get/list/post for everything else.
import { Client, type ClientOptions, type Page } from './client.js';
import type { CreateVideoRequest, Token, TokenRequest, Video } from './resources.js';
import { upload, type UploadOptions, type UploadResult } from './tus.js';

/** VideoListQuery filters GET /v2/videos. */
export interface VideoListQuery {
  limit?: number;
  search?: string;
  status?: string;
  folder_id?: string;
  [name: string]: string | number | boolean | undefined;
}

/** Vidhost calls the /v2 API with typed results. */
export class Vidhost extends Client {
  constructor(options: ClientOptions = {}) {
    super(options);
  }

  /** listVideos reads one page of videos, newest first. */
  listVideos(query: VideoListQuery = {}, cursor = ''): Promise<Page<Video>> {
    return this.list<Video>('/v2/videos', query, cursor);
  }

  /** videos yields every video matching query, page by page. */
  videos(query: VideoListQuery = {}): AsyncGenerator<Video, void, undefined> {
    return this.paginate<Video>('/v2/videos', query);
  }

  getVideo(id: string): Promise<Video> {
    return this.get<Video>('/v2/videos/' + encodeURIComponent(id));
  }

  /** createVideo creates a video; the idempotencyKey makes a retried create safe. */
  createVideo(body: CreateVideoRequest, idempotencyKey?: string): Promise<Video> {
    return this.post<Video>('/v2/videos', body, { idempotencyKey });
  }

  updateVideo(id: string, body: Partial<CreateVideoRequest>): Promise<Video> {
    return this.patch<Video>('/v2/videos/' + encodeURIComponent(id), body);
  }

  deleteVideo(id: string): Promise<void> {
    return this.delete('/v2/videos/' + encodeURIComponent(id));
  }

  /** createToken mints an upload token (for a page to upload one file) or a viewer token (docs/tokens.md). */
  createToken(body: TokenRequest): Promise<Token> {
    return this.post<Token>('/v2/tokens', body);
  }

  /** upload sends a file with tus, resumably, and reports progress. */
  upload(file: Blob, options?: UploadOptions): Promise<UploadResult> {
    return upload(this, file, options);
  }

  /**
   * uploadVideo uploads a file and creates the video made of it (what an
   * upload token allows). No Idempotency-Key: a page on another origin may
   * send only Authorization and Content-Type (gateway/app/cors.go), and the
   * token allows one video anyway.
   */
  async uploadVideo(file: Blob, video: Partial<Omit<CreateVideoRequest, 'input'>> = {}, options?: UploadOptions): Promise<Video> {
    const done = await this.upload(file, options);
    const name = video.name ?? options?.name ?? (file as File).name;
    return this.createVideo({ ...video, name, input: done.input });
  }
}
