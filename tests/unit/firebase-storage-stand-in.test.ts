/**
 * The Firebase Storage stand-in answers the REAL `firebase` SDK (its Node build) as the
 * static build's CV upload uses it: multipart up to 262144 bytes, resumable above, then
 * getDownloadURL; and its failure behaviours make the SDK fail with the codes the form
 * handles. Every assertion reads what the stand-in actually received or stored.
 */
import { createHash, randomBytes } from "node:crypto";
import { request } from "node:http";
import { deleteApp, type FirebaseApp, initializeApp } from "firebase/app";
import {
  connectStorageEmulator,
  type FirebaseStorage,
  getDownloadURL,
  getMetadata,
  getStorage,
  ref,
  StorageError,
  type UploadMetadata,
  type UploadTask,
  uploadBytesResumable,
} from "firebase/storage";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ALLOWED_REQUEST_HEADERS,
  type FirebaseStorageStandIn,
  type RecordedRequest,
  startFirebaseStorageStandIn,
} from "../support/stand-ins/firebase-storage.ts";

const BUCKET = "blueberry-test.appspot.com";
const APP_ID = "1:1:web:1";
const CHUNK = 262_144;
const PDF = "application/pdf";

let standIn: FirebaseStorageStandIn;
let app: FirebaseApp;
let storage: FirebaseStorage;
let appCount = 0;

beforeAll(async () => {
  standIn = await startFirebaseStorageStandIn();
});

afterAll(async () => {
  await standIn.stop();
});

beforeEach(() => {
  standIn.reset();
  appCount += 1;
  app = initializeApp(
    { apiKey: "test", projectId: "blueberry-test", storageBucket: BUCKET, appId: APP_ID },
    `stand-in-test-${appCount}`,
  );
  storage = getStorage(app);
  connectStorageEmulator(storage, standIn.host, standIn.port);
});

afterEach(async () => {
  await deleteApp(app);
});

/** Uploads as the form does (uploadBytesResumable picks multipart or resumable by size). */
function upload(path: string, bytes: Uint8Array, metadata: UploadMetadata = { contentType: PDF }) {
  return uploadBytesResumable(ref(storage, path), bytes, metadata);
}

async function storageFailure(promise: Promise<unknown> | UploadTask): Promise<StorageError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StorageError) return error;
    throw error;
  }
  throw new Error("Expected a StorageError, but the call succeeded");
}

/** The requests the SDK made, preflights aside (Node sends none, but be exact). */
const sdkRequests = (): RecordedRequest[] => standIn.requests.filter((r) => r.kind !== "preflight");
const kinds = () => sdkRequests().map((r) => r.kind);
const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("base64");

describe("multipart upload (up to 262144 bytes)", () => {
  it("sends a 200,000-byte file in exactly one multipart request and stores it exactly", async () => {
    const bytes = randomBytes(200_000);
    const path = "blueberry/abc123-cv.pdf";
    const snapshot = await upload(path, bytes);

    expect(kinds()).toEqual(["multipart"]);
    const [sent] = sdkRequests();
    expect(sent?.method).toBe("POST");
    expect(sent?.path).toBe(`/v0/b/${BUCKET}/o`);
    expect(sent?.query.name).toBe(path);
    expect(sent?.headers["x-goog-upload-protocol"]).toBe("multipart");
    expect(sent?.headers["content-type"]).toMatch(/^multipart\/related; boundary=\d+$/);
    expect(sent?.headers["x-firebase-storage-version"]).toBe("webjs/12.19.0");
    // This SDK (storage 0.14.5) never fills its _appId, so no X-Firebase-GMPID is sent.
    expect(sent?.headers["x-firebase-gmpid"]).toBeUndefined();
    expect(sent?.headers.authorization).toBeUndefined();

    const stored = standIn.objects.get(path);
    expect(stored?.bucket).toBe(BUCKET);
    expect(stored?.contentType).toBe(PDF);
    expect(stored?.size).toBe(200_000);
    expect(stored?.bytes.equals(bytes)).toBe(true);
    expect(stored?.md5Hash).toBe(md5(bytes));
    expect(snapshot.state).toBe("success");
    expect(snapshot.metadata).toMatchObject({ fullPath: path, size: 200_000, contentType: PDF, md5Hash: md5(bytes) });
  });
});

describe("resumable upload (over 262144 bytes)", () => {
  it("sends a 400,000-byte file as start, chunk and finalize with correct offsets", async () => {
    const bytes = randomBytes(400_000);
    const path = "blueberry/def456-cv.pdf";
    const snapshot = await upload(path, bytes);

    expect(kinds()).toEqual(["resumable-start", "resumable-upload", "resumable-finalize"]);
    const [start, first, last] = sdkRequests();
    expect(start?.query.name).toBe(path);
    expect(start?.headers["x-goog-upload-protocol"]).toBe("resumable");
    expect(start?.headers["x-goog-upload-command"]).toBe("start");
    expect(start?.headers["x-goog-upload-header-content-length"]).toBe("400000");
    expect(start?.headers["x-goog-upload-header-content-type"]).toBe(PDF);
    expect(JSON.parse(start?.body.toString() ?? "")).toMatchObject({ name: path, contentType: PDF });

    // First chunk is the SDK's 256 KiB base; the chunk size then doubles, so the rest fits.
    expect([first?.uploadCommand, first?.uploadOffset, first?.body.length]).toEqual(["upload", 0, CHUNK]);
    expect([last?.uploadCommand, last?.uploadOffset, last?.body.length]).toEqual([
      "upload, finalize",
      CHUNK,
      400_000 - CHUNK,
    ]);
    expect(first?.query.upload_id).toBeTruthy();
    expect(last?.query.upload_id).toBe(first?.query.upload_id);

    const stored = standIn.objects.get(path);
    expect(stored?.bytes.equals(bytes)).toBe(true);
    expect(stored?.contentType).toBe(PDF);
    expect(snapshot.metadata).toMatchObject({ fullPath: path, size: 400_000, md5Hash: md5(bytes) });
  });

  it("answers a status query with the bytes received so far", async () => {
    const started = await fetch(`${standIn.origin}/v0/b/${BUCKET}/o?name=blueberry%2Fq.pdf`, {
      method: "POST",
      headers: {
        "X-Goog-Upload-Protocol": "resumable",
        "X-Goog-Upload-Command": "start",
        "X-Goog-Upload-Header-Content-Length": String(CHUNK * 2),
        "Content-Type": "application/json; charset=utf-8",
      },
      body: JSON.stringify({ name: "blueberry/q.pdf", contentType: PDF }),
    });
    const sessionUrl = started.headers.get("X-Goog-Upload-URL") ?? "";
    expect(started.headers.get("X-Goog-Upload-Status")).toBe("active");
    expect(sessionUrl.startsWith(`${standIn.origin}/v0/b/${BUCKET}/o?`)).toBe(true);

    const command = (cmd: string, extra: Record<string, string> = {}, body?: Uint8Array<ArrayBuffer>) =>
      fetch(sessionUrl, { method: "POST", headers: { "X-Goog-Upload-Command": cmd, ...extra }, body });
    await command("upload", { "X-Goog-Upload-Offset": "0" }, randomBytes(CHUNK));
    const queried = await command("query");
    expect(queried.headers.get("X-Goog-Upload-Status")).toBe("active");
    expect(queried.headers.get("X-Goog-Upload-Size-Received")).toBe(String(CHUNK));
    const wrongOffset = await command("upload, finalize", { "X-Goog-Upload-Offset": "5" }, randomBytes(CHUNK));
    expect(wrongOffset.status).toBe(400);
    expect(standIn.objects.size).toBe(0);
    expect(standIn.requests.find((r) => r.kind === "resumable-query")?.uploadCommand).toBe("query");
  });
});

describe("metadata and download URL", () => {
  it("gives the object's metadata and a download URL whose fetch returns the same bytes", async () => {
    const bytes = randomBytes(123_456);
    const path = "blueberry/789abc-cv.pdf";
    await upload(path, bytes, {
      contentType: PDF,
      cacheControl: "private, max-age=0",
      contentLanguage: "en",
      customMetadata: { applicant: "Asha" },
    });

    const metadata = await getMetadata(ref(storage, path));
    expect(metadata).toMatchObject({
      bucket: BUCKET,
      fullPath: path,
      name: "789abc-cv.pdf",
      size: 123_456,
      md5Hash: md5(bytes),
      contentType: PDF,
      cacheControl: "private, max-age=0",
      contentLanguage: "en",
      contentEncoding: "identity",
      customMetadata: { applicant: "Asha" },
      metageneration: "1",
    });
    expect(metadata.generation).toMatch(/^\d+$/);
    expect(Date.parse(metadata.timeCreated)).not.toBeNaN();
    expect(metadata.contentDisposition).toBe("inline; filename*=utf-8''789abc-cv.pdf");

    const url = await getDownloadURL(ref(storage, path));
    const token = standIn.objects.get(path)?.downloadTokens ?? "";
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(url).toBe(`${standIn.origin}/v0/b/${BUCKET}/o/blueberry%2F789abc-cv.pdf?alt=media&token=${token}`);

    const downloaded = await fetch(url);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get("content-type")).toBe(PDF);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);
    expect(kinds()).toEqual(["multipart", "metadata", "metadata", "download"]);
  });

  it("refuses a download with a wrong token (403) and answers 404 for a missing object", async () => {
    const path = "blueberry/wrong-token.pdf";
    await upload(path, randomBytes(1000));
    const url = new URL(await getDownloadURL(ref(storage, path)));
    url.searchParams.set("token", "00000000-0000-0000-0000-000000000000");
    const refused = await fetch(url);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 403 } });

    const missing = await storageFailure(getMetadata(ref(storage, "blueberry/none.pdf")));
    expect(missing.code).toBe("storage/object-not-found");
  });
});

describe("failure behaviours", () => {
  it('"reject-uploads" fails both upload kinds with storage/unauthorized and stores nothing', async () => {
    standIn.behave("reject-uploads");
    const small = await storageFailure(upload("blueberry/small.pdf", randomBytes(10_000)));
    const large = await storageFailure(upload("blueberry/large.pdf", randomBytes(300_000)));

    expect([small.code, small.status]).toEqual(["storage/unauthorized", 403]);
    expect([large.code, large.status]).toEqual(["storage/unauthorized", 403]);
    expect(kinds()).toEqual(["multipart", "resumable-start"]);
    expect(standIn.objects.size).toBe(0);
  });

  it('"no-download-token" lets the upload succeed but getDownloadURL fails with storage/no-download-url', async () => {
    standIn.behave("no-download-token");
    const path = "blueberry/no-token.pdf";
    const snapshot = await upload(path, randomBytes(5000));
    expect(snapshot.state).toBe("success");
    expect(standIn.objects.get(path)?.downloadTokens).toBe("");

    const failure = await storageFailure(getDownloadURL(ref(storage, path)));
    expect(failure.code).toBe("storage/no-download-url");
  });

  it('"slow-chunks" holds a chunk long enough for task.cancel() to end with storage/canceled', async () => {
    standIn.behave({ kind: "slow-chunks", delayMs: 400 });
    const task = upload("blueberry/cancelled.pdf", randomBytes(400_000));
    const chunk = await standIn.waitForRequest("resumable-upload");
    expect(task.cancel()).toBe(true);

    const failure = await storageFailure(task);
    expect(failure.code).toBe("storage/canceled");
    expect(task.snapshot.state).toBe("canceled");
    // The SDK's Node connection cannot abort (a browser's XHR does), so the held chunk is
    // still answered, after the delay; the task reports the cancel once it returns.
    expect(chunk.status).toBe(200);
    expect((chunk.answeredAt ?? 0) - chunk.receivedAt).toBeGreaterThanOrEqual(390);
    expect(kinds()).not.toContain("resumable-finalize");
    expect(standIn.objects.size).toBe(0);
  });

  it("survives a client that drops a held chunk (a browser's cancel) and keeps none of it", async () => {
    standIn.behave({ kind: "slow-chunks", delayMs: 5000 });
    const started = await fetch(`${standIn.origin}/v0/b/${BUCKET}/o?name=blueberry%2Fdropped.pdf`, {
      method: "POST",
      headers: { "X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start" },
      body: JSON.stringify({ contentType: PDF }),
    });
    const sessionUrl = started.headers.get("X-Goog-Upload-URL") ?? "";

    const dropped = request(sessionUrl, {
      method: "POST",
      headers: { "X-Goog-Upload-Command": "upload, finalize", "X-Goog-Upload-Offset": "0" },
    });
    dropped.on("error", () => {}); // the abort below is the point
    dropped.end(randomBytes(CHUNK));
    const held = await standIn.waitForRequest("resumable-finalize");
    dropped.destroy();
    await expect.poll(() => held.aborted).toBe(true);
    expect(held.status).toBeNull();

    standIn.behave("ok");
    const queried = await fetch(sessionUrl, { method: "POST", headers: { "X-Goog-Upload-Command": "query" } });
    expect(queried.headers.get("X-Goog-Upload-Size-Received")).toBe("0");
    expect(standIn.objects.size).toBe(0);
    await upload("blueberry/after.pdf", randomBytes(2000));
    expect([...standIn.objects.keys()]).toEqual(["blueberry/after.pdf"]);
  });
});

describe("object names", () => {
  const oddName = "blueberry/3f9c1a-Résumé final (v2) — अनुभव #1 +50% & more.pdf";

  it.each([
    ["multipart", 50_000],
    ["resumable", 300_000],
  ])("round-trips a name with spaces, unicode and URL characters (%s)", async (_how, size) => {
    const bytes = randomBytes(size);
    await upload(oddName, bytes);
    expect([...standIn.objects.keys()]).toEqual([oddName]);
    expect(sdkRequests()[0]?.query.name).toBe(oddName);

    const metadata = await getMetadata(ref(storage, oddName));
    expect(metadata.fullPath).toBe(oddName);
    expect(metadata.name).toBe(oddName.slice("blueberry/".length));
    const downloaded = await fetch(await getDownloadURL(ref(storage, oddName)));
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

describe("CORS for a page on another origin", () => {
  const pageOrigin = "http://127.0.0.1:4173";

  it("allows in a preflight every header the SDK sent, and exposes the headers it reads", async () => {
    await upload("blueberry/a.pdf", randomBytes(1000));
    await upload("blueberry/b.pdf", randomBytes(300_000));
    await getDownloadURL(ref(storage, "blueberry/b.pdf"));
    // Headers a browser sets itself need no permission; the rest came from the SDK.
    const browserOwn = new Set(["host", "connection", "content-length", "user-agent", "accept"]);
    const sdkHeaders = new Set(
      sdkRequests().flatMap((r) =>
        Object.keys(r.headers).filter((h) => !browserOwn.has(h) && !h.startsWith("accept-")),
      ),
    );
    expect(sdkHeaders).toContain("x-goog-upload-offset");
    expect(sdkHeaders.has("sec-fetch-mode")).toBe(true); // Node's fetch adds it; a browser sets it itself
    sdkHeaders.delete("sec-fetch-mode");

    const preflight = await fetch(`${standIn.origin}/v0/b/${BUCKET}/o?name=x`, {
      method: "OPTIONS",
      headers: {
        Origin: pageOrigin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": [...sdkHeaders].join(","),
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(pageOrigin);
    expect(preflight.headers.get("access-control-allow-methods")).toMatch(/\bPOST\b/);
    const allowed = (preflight.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(/,\s*/);
    for (const header of sdkHeaders) expect(allowed, header).toContain(header);
    expect(allowed).toEqual(ALLOWED_REQUEST_HEADERS.map((h) => h.toLowerCase()));
    expect(standIn.requests.at(-1)?.kind).toBe("preflight");

    const start = await fetch(`${standIn.origin}/v0/b/${BUCKET}/o?name=blueberry%2Fc.pdf`, {
      method: "POST",
      headers: { Origin: pageOrigin, "X-Goog-Upload-Protocol": "resumable", "X-Goog-Upload-Command": "start" },
      body: "{}",
    });
    expect(start.headers.get("access-control-allow-origin")).toBe(pageOrigin);
    const exposed = (start.headers.get("access-control-expose-headers") ?? "").toLowerCase();
    for (const read of ["x-goog-upload-status", "x-goog-upload-url", "x-goog-upload-size-received"])
      expect(exposed).toContain(read);
  });

  it("answers a path it does not implement with 400, never 5xx (the SDK would retry 5xx)", async () => {
    const answer = await fetch(`${standIn.origin}/v0/b/${BUCKET}/o/blueberry%2Fa.pdf`, { method: "DELETE" });
    expect(answer.status).toBe(400);
    expect(standIn.requests.at(-1)?.kind).toBe("other");
  });
});
