/**
 * Signed, expiring links to an application's CV, for mail that cannot carry the CV itself
 * (the emailjs transport: the application template's `attachment` param). The one place
 * that makes and checks them, with one secret (docs/decisions/0007).
 *
 * A link is `<SITE_URL>/cv/<token>`, the token three base64url parts joined by dots:
 *
 *   <submission id>.<expiry: 6-byte big-endian Unix seconds>.<HMAC-SHA256>
 *
 * The MAC covers a purpose label, the expiry and the id, under LINK_SECRET; it is checked
 * in constant time, before anything else is believed. The id is the submission's random
 * UUID: the link carries nothing personal, and it works only while that application exists.
 *
 * The secret: LINK_SECRET when set (at least 32 characters); otherwise one generated at
 * first start and kept in the store's `settings` table (insert-if-absent), so every
 * replica on the same database signs and checks with the same one and `npm start` needs
 * no setting. Changing it invalidates every link made before.
 *
 * Answers of GET/HEAD /cv/<token>: the CV (its stored type, as an attachment); 404 for a
 * token that is malformed, tampered with or signed with another secret; 410 for an expired
 * link or an application that has been deleted or purged; 405 for other methods. Error
 * answers are a small HTML page, never cached, never indexed.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { MIN_LINK_SECRET_LENGTH } from "./env.ts";
import { PLAIN_PAGE_STYLE_SOURCE, sendPlainPage } from "./plain-page.ts";
import { attachmentName, escapeHtml } from "./visitor-text.ts";
import type { SettingsStore, SubmissionRecords } from "./submissions/store-types.ts";

/** Where the links live on the server (routed in server/app.ts before React Router). */
export const CV_LINK_PATH = "/cv/";
/** The `settings` key of the generated secret. */
export const LINK_SECRET_SETTING = "link_secret";

/**
 * What a token is for, bound into its MAC: a CV link is never accepted as an applicant's
 * data link, nor the other way round, though both are signed with the one secret.
 */
const PURPOSES = {
  cv: "blueberry.cv-link.v1",
  applicantData: "blueberry.applicant-data-link.v1",
} as const;
type LinkPurpose = keyof typeof PURPOSES;
/**
 * The applicant's own page (app/routes/my-application.tsx, server build only), linked from
 * their confirmation mail: see and erase what we hold (docs/decisions/0017).
 */
export const APPLICANT_DATA_PATH = "/my-application/";
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const EXPIRY_BYTES = 6;
const MAC_BYTES = 32;
const MAX_ID_BYTES = 100;
/** Longer than any token we make (a UUID's token is about 100 characters). */
const MAX_TOKEN_LENGTH = 300;
const DAY_MS = 86_400_000;

export type LinkCheck =
  | { status: "valid"; submissionId: string; expiresAt: Date }
  | { status: "expired"; submissionId: string; expiresAt: Date }
  | { status: "invalid" };

export interface LinkSigner {
  /** The token for `submissionId`, valid until `expiresAt` (to the second). */
  sign(submissionId: string, expiresAt: Date): string;
  /** What a token says, if its MAC is ours; "invalid" for anything else. */
  verify(token: string, now?: Date): LinkCheck;
}

/** 32 random bytes as base64url: 43 characters. */
export function generateLinkSecret(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The secret to sign with: LINK_SECRET when configured, else the one in the store,
 * generated and stored first if there is none yet.
 */
export async function linkSecretFrom(store: SettingsStore, configured: string | undefined): Promise<string> {
  if (configured !== undefined) return configured;
  return store.getOrCreateSetting(LINK_SECRET_SETTING, generateLinkSecret());
}

export function createLinkSigner(secret: string, purpose: LinkPurpose = "cv"): LinkSigner {
  if (secret.length < MIN_LINK_SECRET_LENGTH)
    throw new RangeError(`the link secret must be at least ${MIN_LINK_SECRET_LENGTH} characters`);
  const key = Buffer.from(secret, "utf8");
  const mac = (expiry: Buffer, id: Buffer) =>
    // The expiry has a fixed width, so label, expiry and id cannot be re-split differently.
    createHmac("sha256", key).update(PURPOSES[purpose]).update("\0").update(expiry).update(id).digest();

  return {
    sign(submissionId, expiresAt) {
      const id = Buffer.from(submissionId, "utf8");
      if (id.length === 0 || id.length > MAX_ID_BYTES) throw new RangeError("a submission id of 1 to 100 bytes");
      const seconds = Math.floor(expiresAt.getTime() / 1000);
      if (!Number.isSafeInteger(seconds) || seconds < 0 || seconds >= 2 ** (8 * EXPIRY_BYTES))
        throw new RangeError("the expiry must be a valid date after 1970");
      const expiry = Buffer.alloc(EXPIRY_BYTES);
      expiry.writeUIntBE(seconds, 0, EXPIRY_BYTES);
      return [id, expiry, mac(expiry, id)].map((part) => part.toString("base64url")).join(".");
    },

    verify(token, now = new Date()) {
      const invalid: LinkCheck = { status: "invalid" };
      if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return invalid;
      const parts = token.split(".");
      if (parts.length !== 3) return invalid;
      const decoded = parts.map(decodeSegment);
      const [id, expiry, given] = decoded;
      if (!id || !expiry || !given) return invalid;
      if (id.length > MAX_ID_BYTES || expiry.length !== EXPIRY_BYTES || given.length !== MAC_BYTES) return invalid;
      if (!timingSafeEqual(mac(expiry, id), given)) return invalid;
      const expiresAt = new Date(expiry.readUIntBE(0, EXPIRY_BYTES) * 1000);
      const submissionId = id.toString("utf8");
      return now.getTime() >= expiresAt.getTime()
        ? { status: "expired", submissionId, expiresAt }
        : { status: "valid", submissionId, expiresAt };
    },
  };
}

/**
 * Bytes of one base64url part, or null. Only the canonical spelling counts (Node's decoder
 * would also take padding, "+" and "/", or ignore trailing bits), so each token has one form.
 */
function decodeSegment(part: string): Buffer | null {
  if (!SEGMENT.test(part)) return null;
  const bytes = Buffer.from(part, "base64url");
  return bytes.length > 0 && bytes.toString("base64url") === part ? bytes : null;
}

/** The absolute link for a token: `<siteUrl>/cv/<token>`. */
export function cvLinkUrl(siteUrl: string, token: string): string {
  return new URL(`${CV_LINK_PATH}${token}`, siteUrl).href;
}

/** Makes a link for a submission valid `days` days from `now`: what the outbox worker calls. */
export function cvLinkMaker(signer: LinkSigner, siteUrl: string, days: number) {
  return (submissionId: string, now: Date): string =>
    cvLinkUrl(siteUrl, signer.sign(submissionId, new Date(now.getTime() + days * DAY_MS)));
}

/**
 * Makes the applicant's link to their own data (`<siteUrl>/my-application/<token>`),
 * signed for that purpose only and valid until their application's retention ends: after
 * that the application is purged anyway. The outbox worker calls it for the confirmation mail.
 */
export function applicantDataLinkMaker(signer: LinkSigner, siteUrl: string, retentionDays: number) {
  return (submissionId: string, applicationCreatedAt: Date): string =>
    new URL(
      `${APPLICANT_DATA_PATH}${signer.sign(submissionId, new Date(applicationCreatedAt.getTime() + retentionDays * DAY_MS))}`,
      siteUrl,
    ).href;
}

// ── The route ─────────────────────────────────────────────────────────────────────────

export interface CvLinkRouteOptions {
  signer: LinkSigner;
  store: Pick<SubmissionRecords, "getCv">;
  /** The clock (tests). */
  now?: () => Date;
}

export type CvLinkRoute = (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<void>;

/** The handler of `/cv/<token>`; `pathname` starts with CV_LINK_PATH. */
export function cvLinkRoute({ signer, store, now = () => new Date() }: CvLinkRouteOptions): CvLinkRoute {
  return async (req, res, pathname) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      page(req, res, 405, PAGES.method, { Allow: "GET, HEAD" });
      return;
    }
    const check = signer.verify(pathname.slice(CV_LINK_PATH.length), now());
    if (check.status === "invalid") return page(req, res, 404, PAGES.notFound);
    if (check.status === "expired") return page(req, res, 410, PAGES.expired);
    // Read on every request: a deleted or purged application's CV is gone at once.
    const cv = await store.getCv(check.submissionId);
    if (!cv) return page(req, res, 410, PAGES.deleted);

    const fileName = attachmentName(cv.fileName, cv.detectedType);
    res.writeHead(200, {
      // Stored from the type detected in the bytes, never the browser's claim.
      "Content-Type": /^[a-z]+\/[a-z0-9.+-]+$/i.test(cv.contentType) ? cv.contentType : "application/octet-stream",
      "Content-Length": String(cv.bytes.byteLength),
      "Content-Disposition": contentDisposition(fileName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
      // The token is in the URL: never send it on as a Referer.
      "Referrer-Policy": "no-referrer",
      // Opened in a tab anyway, a CV runs nothing and loads nothing.
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
    res.end(req.method === "HEAD" ? undefined : Buffer.from(cv.bytes.buffer, cv.bytes.byteOffset, cv.bytes.byteLength));
  };
}

/**
 * `attachment; filename="<ASCII>"; filename*=UTF-8''<percent-encoded>` (RFC 6266): the
 * plain name for old clients, the exact one for the rest. `name` is already header-safe.
 */
export function contentDisposition(name: string): string {
  const ascii = Array.from(name, (ch) => (/^[\x20-\x7e]$/.test(ch) && ch !== '"' && ch !== "\\" ? ch : "_")).join("");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const PAGES = {
  notFound: {
    title: "Link not found",
    text: "This CV link is not valid; check that the whole link was copied from the e-mail.",
  },
  expired: {
    title: "Link expired",
    text: "This CV link has expired; while the application is kept, the site's administrator can still export its CV.",
  },
  deleted: {
    title: "CV no longer available",
    text: "This application has been deleted, at the applicant's request or under our retention rules, so its CV is no longer available.",
  },
  method: { title: "Method not allowed", text: "A CV link can only be opened (GET or HEAD)." },
} as const;

function page(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  { title, text }: { title: string; text: string },
  extra: Record<string, string> = {},
): void {
  const bodyHtml = `<p>${escapeHtml(text)}</p>\n<p><a href="/">Go to the Blueberry Semiconductors home page</a></p>`;
  sendPlainPage(
    req,
    res,
    status,
    { title, bodyHtml },
    {
      "Referrer-Policy": "no-referrer",
      "Content-Security-Policy": `default-src 'none'; style-src ${PLAIN_PAGE_STYLE_SOURCE}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      ...extra,
    },
  );
}
