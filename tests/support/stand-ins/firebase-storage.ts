/**
 * A STAND-IN for Google Cloud Storage for Firebase, for tests only. It is not Firebase and
 * not Google's emulator.
 *
 * Why: the static build uploads CVs from the browser with the real `firebase/storage` SDK.
 * These machines have no internet, and Firebase's own Storage emulator cannot start here
 * (it downloads its security-rules runtime from Google at start). So this small node:http
 * server, on loopback, answers the requests the real SDK makes once pointed at an emulator
 * host with `connectStorageEmulator(storage, "127.0.0.1", port)`; URLs are
 * `http://127.0.0.1:PORT/v0/b/<bucket>/o...`, any bucket name is accepted.
 *
 * Protocol subset (what the SDK sends, read from @firebase/storage's source):
 * - multipart upload: POST /v0/b/<bucket>/o?name=<path>, `X-Goog-Upload-Protocol: multipart`,
 *   a multipart/related body of JSON metadata then the bytes; answers the object's metadata;
 * - resumable upload: POST .../o?name=<path> with `X-Goog-Upload-Protocol: resumable` and
 *   `X-Goog-Upload-Command: start` answers `X-Goog-Upload-URL` (absolute, with upload_id) and
 *   `X-Goog-Upload-Status: active`; POSTs to that URL with `X-Goog-Upload-Command` `upload`,
 *   `upload, finalize` or `finalize` (and `X-Goog-Upload-Offset`) add bytes, the finalizing
 *   one answers `X-Goog-Upload-Status: final` and the metadata; `query` answers
 *   `X-Goog-Upload-Size-Received`;
 * - GET /v0/b/<bucket>/o/<encoded path>: the object's metadata, with `downloadTokens`;
 * - GET ...?alt=media[&token=...]: the bytes; a token that is not the object's gets 403;
 * - CORS for a page on another origin (preflights, allowed and exposed headers).
 * Not implemented: list, delete, metadata updates, ranges, `cancel` of a resumable session.
 *
 * It does NOT evaluate security rules: every upload and read is allowed (as if the rules
 * were open) unless a test sets a behaviour (see `StandInBehaviour`). Objects live in memory.
 */
import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What a request was, as the SDK's upload task and reference functions send them. */
export type RequestKind =
  | "multipart"
  | "resumable-start"
  /** A chunk whose X-Goog-Upload-Command is `upload` (more to come). */
  | "resumable-upload"
  /** A chunk whose command includes `finalize` (`upload, finalize` or `finalize`). */
  | "resumable-finalize"
  | "resumable-query"
  | "metadata"
  | "download"
  | "preflight"
  | "other";

export interface RecordedRequest {
  method: string;
  /** The path as sent, still percent-encoded. */
  path: string;
  /** Decoded query parameters. */
  query: Record<string, string>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Buffer;
  kind: RequestKind;
  bucket?: string;
  /** The decoded object path (e.g. "blueberry/abc-cv.pdf") when the request names one. */
  objectName?: string;
  /** Resumable chunks and queries: the X-Goog-Upload-Command value. */
  uploadCommand?: string;
  /** Resumable chunks: the X-Goog-Upload-Offset value. */
  uploadOffset?: number;
  /** HTTP status answered; null while pending or when the client went away first. */
  status: number | null;
  /** The client closed the connection before the answer (e.g. the SDK's cancel in a browser). */
  aborted: boolean;
  receivedAt: number;
  answeredAt: number | null;
}

export interface StoredObject {
  bucket: string;
  /** The full object path, e.g. "blueberry/abc123-cv.pdf". */
  name: string;
  contentType: string;
  bytes: Buffer;
  size: number;
  /** Base64 of the MD5 digest, as Cloud Storage gives it. */
  md5Hash: string;
  generation: string;
  metageneration: string;
  timeCreated: string;
  updated: string;
  /** Comma-separated; "" when stored under the "no-download-token" behaviour. */
  downloadTokens: string;
  customMetadata: Record<string, string>;
  cacheControl?: string;
  contentDisposition: string;
  contentEncoding: string;
  contentLanguage?: string;
}

/**
 * How the stand-in misbehaves, for the failure paths of the application form:
 * - "ok": the default;
 * - "reject-uploads": multipart uploads and resumable starts get 403 (the SDK fails fast with
 *   storage/unauthorized; 5xx would be retried for up to 10 minutes);
 * - "no-download-token": objects uploaded meanwhile are stored without a download token, so
 *   getDownloadURL fails with storage/no-download-url;
 * - slow-chunks: each resumable chunk (and the multipart upload if `includeMultipart`) is
 *   answered only after `delayMs`, applied only if the client is still there.
 */
export type StandInBehaviour =
  "ok" | "reject-uploads" | "no-download-token" | { kind: "slow-chunks"; delayMs: number; includeMultipart?: boolean };

export interface FirebaseStorageStandIn {
  readonly host: string;
  readonly port: number;
  /** http://127.0.0.1:PORT */
  readonly origin: string;
  /** Every request received, in order (recorded once its body has arrived). */
  readonly requests: readonly RecordedRequest[];
  /** Stored objects by full object path. */
  readonly objects: ReadonlyMap<string, StoredObject>;
  readonly behaviour: StandInBehaviour;
  behave(behaviour: StandInBehaviour): void;
  /** Resolves with the first request of `kind`, already received or still to come. */
  waitForRequest(kind: RequestKind, timeoutMs?: number): Promise<RecordedRequest>;
  /** Forgets requests, objects and upload sessions, and goes back to "ok". */
  reset(): void;
  stop(): Promise<void>;
}

/** Request headers the SDK may send (see its makeRequest and the upload request builders). */
export const ALLOWED_REQUEST_HEADERS = [
  "Authorization",
  "Content-Type",
  "Range",
  "X-Firebase-AppCheck",
  "X-Firebase-GMPID",
  "X-Firebase-Storage-Version",
  "X-Goog-Upload-Command",
  "X-Goog-Upload-Header-Content-Length",
  "X-Goog-Upload-Header-Content-Type",
  "X-Goog-Upload-Offset",
  "X-Goog-Upload-Protocol",
] as const;

/** Response headers a browser page must be able to read (the SDK reads the X-Goog-Upload ones). */
export const EXPOSED_RESPONSE_HEADERS = [
  "Content-Disposition",
  "Content-Length",
  "Content-Type",
  "X-Goog-Upload-Chunk-Granularity",
  "X-Goog-Upload-Size-Received",
  "X-Goog-Upload-Status",
  "X-Goog-Upload-URL",
  "X-GUploader-UploadID",
] as const;

/** Cloud Storage's resumable granularity; the SDK's base chunk is the same 256 KiB. */
const CHUNK_GRANULARITY = 256 * 1024;

export async function startFirebaseStorageStandIn(
  options: { port?: number; host?: string } = {},
): Promise<FirebaseStorageStandIn> {
  const host = options.host ?? "127.0.0.1";
  const standIn = new StorageStandIn(host);
  await standIn.listen(options.port ?? 0);
  return standIn;
}

// ---------------------------------------------------------------------------------------
// The server

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

interface UploadSession {
  id: string;
  bucket: string;
  name: string;
  metadata: UploadMetadata;
  expectedSize: number | null;
  contentType: string;
  chunks: Buffer[];
  received: number;
  object: StoredObject | null;
}

/** The writable metadata fields the SDK sends with an upload (its toResourceString). */
interface UploadMetadata {
  name?: string;
  contentType?: string;
  md5Hash?: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  metadata?: Record<string, string>;
}

class StorageStandIn implements FirebaseStorageStandIn {
  readonly host: string;
  port = 0;
  readonly requests: RecordedRequest[] = [];
  readonly objects = new Map<string, StoredObject>();
  behaviour: StandInBehaviour = "ok";
  readonly #server: Server;
  readonly #sessions = new Map<string, UploadSession>();
  readonly #waiters = new Set<(request: RecordedRequest) => void>();
  /** Aborted on reset and stop, so delayed answers stop waiting and are dropped. */
  #lifetime = new AbortController();
  #generation = 0;
  #stopped: Promise<void> | null = null;

  constructor(host: string) {
    this.host = host;
    // A failure answering one request (say, a client already gone) must not crash the test run.
    this.#server = createServer((req, res) => void this.#handle(req, res).catch(() => res.destroy()));
  }

  get origin(): string {
    return `http://${this.host}:${this.port}`;
  }

  listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#server.once("error", reject);
      this.#server.listen(port, this.host, () => {
        this.#server.off("error", reject);
        this.port = (this.#server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  behave(behaviour: StandInBehaviour): void {
    this.behaviour = behaviour;
  }

  waitForRequest(kind: RequestKind, timeoutMs = 10_000): Promise<RecordedRequest> {
    const seen = this.requests.find((r) => r.kind === kind);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = (request: RecordedRequest) => {
        if (request.kind !== kind) return;
        clearTimeout(timer);
        this.#waiters.delete(waiter);
        resolve(request);
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        reject(new Error(`The storage stand-in received no "${kind}" request within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#waiters.add(waiter);
    });
  }

  reset(): void {
    this.requests.length = 0;
    this.objects.clear();
    this.#sessions.clear();
    this.behaviour = "ok";
    this.#endLifetime();
  }

  stop(): Promise<void> {
    this.#stopped ??= new Promise((resolve) => {
      this.#endLifetime();
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
    return this.#stopped;
  }

  #endLifetime(): void {
    this.#generation += 1;
    this.#lifetime.abort();
    this.#lifetime = new AbortController();
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const clientGone = watchClient(res);
    const url = new URL(req.url ?? "/", "http://stand-in");
    const record = describeRequest(req, url);
    setCorsHeaders(req, res);
    try {
      record.body = await readBody(req);
    } catch {
      // The client went away mid-body (a cancelled XHR): keep the partial record only.
      record.aborted = true;
      this.#record(record);
      return;
    }
    this.#record(record);
    const generation = this.#generation;
    const delayMs = this.#delayFor(record.kind);
    if (delayMs > 0) await pause(delayMs, AbortSignal.any([clientGone, this.#lifetime.signal]));
    if (clientGone.aborted || generation !== this.#generation) {
      record.aborted = true;
      res.destroy();
      return;
    }
    const answer = this.#answer(record, req, url);
    record.status = answer.status;
    record.answeredAt = Date.now();
    send(res, answer);
  }

  #record(record: RecordedRequest): void {
    this.requests.push(record);
    for (const waiter of [...this.#waiters]) waiter(record);
  }

  #delayFor(kind: RequestKind): number {
    const b = this.behaviour;
    if (typeof b === "string" || b.kind !== "slow-chunks") return 0;
    const slowed = kind === "resumable-upload" || kind === "resumable-finalize";
    return slowed || (kind === "multipart" && b.includeMultipart) ? b.delayMs : 0;
  }

  #answer(record: RecordedRequest, req: IncomingMessage, url: URL): Answer {
    try {
      return this.#route(record, req, url);
    } catch (error) {
      // Never 5xx: the SDK would retry it for minutes instead of failing the test.
      return storageError(400, `The storage stand-in failed: ${String(error)}`);
    }
  }

  #route(record: RecordedRequest, req: IncomingMessage, url: URL): Answer {
    const { bucket = "", objectName = "" } = record;
    switch (record.kind) {
      case "preflight":
        return preflightAnswer(req);
      case "multipart":
        return this.#rejectingUploads() ?? this.#multipartUpload(record, bucket);
      case "resumable-start":
        return this.#rejectingUploads() ?? this.#startResumable(record, req, url, bucket);
      case "resumable-upload":
      case "resumable-finalize":
        return this.#withSession(url, (s) => this.#continueResumable(s, record));
      case "resumable-query":
        return this.#withSession(url, queryAnswer);
      case "metadata":
        return this.#withObject(bucket, objectName, (o) => jsonAnswer(200, resourceOf(o)));
      case "download":
        return this.#withObject(bucket, objectName, (o) => downloadAnswer(o, url.searchParams.get("token")));
      case "other":
        return storageError(400, `The storage stand-in does not implement ${record.method} ${record.path}`);
    }
  }

  #rejectingUploads(): Answer | null {
    if (this.behaviour !== "reject-uploads") return null;
    return storageError(403, "Permission denied. (The storage stand-in was told to reject uploads.)");
  }

  #multipartUpload(record: RecordedRequest, bucket: string): Answer {
    const parts = parseMultipartRelated(record.headers["content-type"] ?? "", record.body);
    if (!parts) return storageError(400, "Expected a multipart/related body of JSON metadata then the bytes");
    const metadata = parseUploadMetadata(parts.metadata);
    const name = record.query.name ?? metadata?.name;
    if (!metadata || !name) return storageError(400, "Missing the object name or the JSON metadata");
    const contentType = metadata.contentType ?? parts.contentType ?? "application/octet-stream";
    const stored = this.#store(bucket, name, parts.bytes, metadata, contentType);
    return isStoredObject(stored) ? jsonAnswer(200, resourceOf(stored)) : stored;
  }

  #startResumable(record: RecordedRequest, req: IncomingMessage, url: URL, bucket: string): Answer {
    const metadata = parseUploadMetadata(record.body);
    const name = record.query.name ?? metadata?.name;
    if (!metadata || !name) return storageError(400, "Missing the object name or the JSON metadata");
    const declaredSize = record.headers["x-goog-upload-header-content-length"];
    const session: UploadSession = {
      id: randomUUID().replaceAll("-", ""),
      bucket,
      name,
      metadata,
      expectedSize: declaredSize === undefined ? null : Number(declaredSize),
      contentType:
        metadata.contentType ?? record.headers["x-goog-upload-header-content-type"] ?? "application/octet-stream",
      chunks: [],
      received: 0,
      object: null,
    };
    this.#sessions.set(session.id, session);
    return {
      status: 200,
      headers: {
        "X-Goog-Upload-Status": "active",
        "X-Goog-Upload-URL": this.#sessionUrl(session, req, url),
        "X-Goog-Upload-Chunk-Granularity": String(CHUNK_GRANULARITY),
        "X-GUploader-UploadID": session.id,
      },
    };
  }

  /** Absolute, on the host the client used, as the SDK uses it as it is. */
  #sessionUrl(session: UploadSession, req: IncomingMessage, url: URL): string {
    const authority = req.headers.host ?? `${this.host}:${this.port}`;
    const query = new URLSearchParams({ name: session.name, upload_id: session.id, upload_protocol: "resumable" });
    return `http://${authority}${url.pathname}?${query.toString().replaceAll("+", "%20")}`;
  }

  #withSession(url: URL, then: (session: UploadSession) => Answer): Answer {
    const session = this.#sessions.get(url.searchParams.get("upload_id") ?? "");
    return session ? then(session) : storageError(404, "No such upload session");
  }

  #continueResumable(session: UploadSession, record: RecordedRequest): Answer {
    const steps = (record.uploadCommand ?? "").split(",").map((s) => s.trim());
    if (session.object) return storageError(400, "This upload is already finalized");
    if (!steps.every((s) => s === "upload" || s === "finalize"))
      return storageError(400, `Unknown X-Goog-Upload-Command "${record.uploadCommand}"`);
    if (record.uploadOffset !== undefined && record.uploadOffset !== session.received)
      return storageError(400, `Offset ${record.uploadOffset} but ${session.received} bytes received so far`);
    if (steps.includes("upload")) {
      session.chunks.push(record.body);
      session.received += record.body.length;
    }
    if (!steps.includes("finalize")) return queryAnswer(session);
    if (session.expectedSize !== null && session.received !== session.expectedSize)
      return storageError(400, `Finalized at ${session.received} bytes, ${session.expectedSize} declared`);
    const { bucket, name, chunks, metadata, contentType } = session;
    const stored = this.#store(bucket, name, Buffer.concat(chunks), metadata, contentType);
    if (!isStoredObject(stored)) return stored;
    session.object = stored;
    return queryAnswer(session);
  }

  #withObject(bucket: string, name: string, then: (object: StoredObject) => Answer): Answer {
    const object = this.objects.get(name);
    return object && object.bucket === bucket ? then(object) : storageError(404, "Not Found.");
  }

  /** Stores the finished upload, or answers why not. */
  #store(
    bucket: string,
    name: string,
    bytes: Buffer,
    metadata: UploadMetadata,
    contentType: string,
  ): StoredObject | Answer {
    const md5Hash = createHash("md5").update(bytes).digest("base64");
    if (metadata.md5Hash && metadata.md5Hash !== md5Hash)
      return storageError(400, "Provided MD5 hash does not match the uploaded bytes");
    const now = new Date().toISOString();
    const object: StoredObject = {
      bucket,
      name,
      contentType,
      bytes,
      size: bytes.length,
      md5Hash,
      generation: String(Date.now() * 1000 + this.objects.size),
      metageneration: "1",
      timeCreated: now,
      updated: now,
      downloadTokens: this.behaviour === "no-download-token" ? "" : randomUUID(),
      customMetadata: { ...metadata.metadata },
      cacheControl: metadata.cacheControl,
      contentDisposition: metadata.contentDisposition ?? inlineDisposition(name),
      contentEncoding: metadata.contentEncoding ?? "identity",
      contentLanguage: metadata.contentLanguage,
    };
    this.objects.set(name, object);
    return object;
  }
}

function isStoredObject(value: StoredObject | Answer): value is StoredObject {
  return "bytes" in value;
}

// ---------------------------------------------------------------------------------------
// Requests

const OBJECTS_PATH = /^\/v0\/b\/([^/]+)\/o(?:\/(.+))?$/;

function describeRequest(req: IncomingMessage, url: URL): RecordedRequest {
  const headers = flattenHeaders(req);
  const method = req.method ?? "GET";
  const target = OBJECTS_PATH.exec(url.pathname);
  const record: RecordedRequest = {
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers,
    body: Buffer.alloc(0),
    kind: classify(method, url, headers, target?.[2] !== undefined, target !== null),
    status: null,
    aborted: false,
    receivedAt: Date.now(),
    answeredAt: null,
  };
  if (target?.[1]) record.bucket = safeDecode(target[1]);
  if (target?.[2]) record.objectName = safeDecode(target[2]);
  else if (record.query.name !== undefined) record.objectName = record.query.name;
  const command = headers["x-goog-upload-command"];
  if (command !== undefined) record.uploadCommand = command;
  const offset = headers["x-goog-upload-offset"];
  if (offset !== undefined) record.uploadOffset = Number(offset);
  return record;
}

function classify(
  method: string,
  url: URL,
  headers: Record<string, string>,
  namesObject: boolean,
  isStoragePath: boolean,
): RequestKind {
  if (method === "OPTIONS") return "preflight";
  if (!isStoragePath) return "other";
  if (method === "GET" && namesObject) return url.searchParams.get("alt") === "media" ? "download" : "metadata";
  if (method !== "POST" || namesObject) return "other";
  const command = (headers["x-goog-upload-command"] ?? "").toLowerCase();
  if (url.searchParams.has("upload_id")) {
    if (command === "query") return "resumable-query";
    if (command.includes("finalize")) return "resumable-finalize";
    return command.includes("upload") ? "resumable-upload" : "other";
  }
  const protocol = (headers["x-goog-upload-protocol"] ?? "").toLowerCase();
  if (protocol === "multipart") return "multipart";
  return protocol === "resumable" && command === "start" ? "resumable-start" : "other";
}

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A signal that fires if the client closes the connection before the answer is sent. */
function watchClient(res: ServerResponse): AbortSignal {
  const gone = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) gone.abort();
  });
  return gone.signal;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

/** Splits the SDK's multipart/related body: a JSON part, then the file's bytes. */
function parseMultipartRelated(
  contentType: string,
  body: Buffer,
): { metadata: Buffer; bytes: Buffer; contentType: string | undefined } | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!/^multipart\/related/i.test(contentType) || !marker) return null;
  const open = Buffer.from(`--${marker}\r\n`);
  const between = Buffer.from(`\r\n--${marker}\r\n`);
  const close = Buffer.from(`\r\n--${marker}--`);
  if (body.indexOf(open) !== 0) return null;
  const split = body.indexOf(between, open.length);
  const end = body.lastIndexOf(close);
  if (split < 0 || end < split) return null;
  const first = splitPart(body.subarray(open.length, split));
  const second = splitPart(body.subarray(split + between.length, end));
  if (!first || !second) return null;
  return { metadata: first.content, bytes: Buffer.from(second.content), contentType: second.headers["content-type"] };
}

function splitPart(part: Buffer): { headers: Record<string, string>; content: Buffer } | null {
  const gap = part.indexOf("\r\n\r\n");
  if (gap < 0) return null;
  const headers: Record<string, string> = {};
  for (const line of part.subarray(0, gap).toString("utf8").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, content: part.subarray(gap + 4) };
}

function parseUploadMetadata(json: Buffer): UploadMetadata | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json.toString("utf8") || "{}");
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const source = parsed as Record<string, unknown>;
  const metadata: UploadMetadata = {};
  for (const key of [
    "name",
    "contentType",
    "md5Hash",
    "cacheControl",
    "contentDisposition",
    "contentEncoding",
    "contentLanguage",
  ] as const) {
    const value = source[key];
    if (typeof value === "string") metadata[key] = value;
  }
  if (typeof source.metadata === "object" && source.metadata !== null)
    metadata.metadata = Object.fromEntries(
      Object.entries(source.metadata).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
  return metadata;
}

// ---------------------------------------------------------------------------------------
// Answers

/** The object resource as Firebase Storage's REST API gives it (numbers as strings). */
function resourceOf(object: StoredObject): Record<string, unknown> {
  return {
    name: object.name,
    bucket: object.bucket,
    generation: object.generation,
    metageneration: object.metageneration,
    contentType: object.contentType,
    timeCreated: object.timeCreated,
    updated: object.updated,
    storageClass: "STANDARD",
    size: String(object.size),
    md5Hash: object.md5Hash,
    contentEncoding: object.contentEncoding,
    contentDisposition: object.contentDisposition,
    ...(object.cacheControl === undefined ? {} : { cacheControl: object.cacheControl }),
    ...(object.contentLanguage === undefined ? {} : { contentLanguage: object.contentLanguage }),
    ...(Object.keys(object.customMetadata).length > 0 ? { metadata: object.customMetadata } : {}),
    ...(object.downloadTokens ? { downloadTokens: object.downloadTokens } : {}),
  };
}

function inlineDisposition(name: string): string {
  const file = name.slice(name.lastIndexOf("/") + 1);
  return `inline; filename*=utf-8''${encodeURIComponent(file)}`;
}

function queryAnswer(session: UploadSession): Answer {
  const headers = {
    "X-Goog-Upload-Status": session.object ? "final" : "active",
    "X-Goog-Upload-Size-Received": String(session.received),
  };
  if (!session.object) return { status: 200, headers };
  const answer = jsonAnswer(200, resourceOf(session.object));
  return { ...answer, headers: { ...answer.headers, ...headers } };
}

function downloadAnswer(object: StoredObject, token: string | null): Answer {
  // No token means a rules-checked read; with no rules here, it is allowed.
  if (token !== null && !object.downloadTokens.split(",").includes(token))
    return storageError(403, "Permission denied. Invalid download token.");
  return {
    status: 200,
    headers: { "Content-Type": object.contentType, "Content-Disposition": object.contentDisposition },
    body: object.bytes,
  };
}

function jsonAnswer(status: number, value: unknown): Answer {
  return { status, headers: { "Content-Type": "application/json; charset=utf-8" }, body: JSON.stringify(value) };
}

function storageError(status: number, message: string): Answer {
  return jsonAnswer(status, { error: { code: status, message } });
}

function preflightAnswer(req: IncomingMessage): Answer {
  const headers: Record<string, string> = {
    "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
    "Access-Control-Allow-Headers": ALLOWED_REQUEST_HEADERS.join(", "),
  };
  // Chromium asks this before a page reaches a more private address; harmless otherwise.
  if (req.headers["access-control-request-private-network"] === "true")
    headers["Access-Control-Allow-Private-Network"] = "true";
  return { status: 204, headers };
}

function setCorsHeaders(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader("Access-Control-Allow-Origin", req.headers.origin ?? "*");
  res.setHeader("Vary", "Origin");
  res.setHeader("Access-Control-Expose-Headers", EXPOSED_RESPONSE_HEADERS.join(", "));
}

function send(res: ServerResponse, answer: Answer): void {
  const body = answer.body ?? "";
  // A 204 must not carry Content-Length.
  const length = answer.status === 204 ? {} : { "Content-Length": String(Buffer.byteLength(body)) };
  res.writeHead(answer.status, { ...answer.headers, ...length });
  res.end(answer.status === 204 ? undefined : body);
}
