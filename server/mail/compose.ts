/**
 * Builds the three mails the site sends from a stored submission: the company's
 * notification of a contact message, the company's notification of a job application
 * (with the CV attached), and the applicant's confirmation. Each comes in two forms, and
 * the transport uses the one it needs: a MIME message (the file and SMTP transports) and
 * an EmailJS template name with its params (the emailjs transport).
 *
 * Everything a visitor typed is untrusted. Nothing here writes a header as raw text:
 * header text (Subject, display names, the attachment's file name) goes through
 * `headerText`, which removes control characters, and addresses are passed as
 * `{ name, address }` objects so nodemailer quotes and encodes them. HTML bodies escape
 * every visitor value. Template params get the same treatment, because an EmailJS
 * template may put any of them into a header (To, Reply-To, Subject): one-line values go
 * through `headerText`, addresses must be plain addresses, multi-line text keeps only its
 * line breaks (`bodyText`). Bidirectional formatting characters (U+202E and the rest,
 * `stripBidiControls` in common/text.ts) are removed from visitor text everywhere a
 * person reads it: headers, both bodies and every param.
 */
import type { SendMailOptions } from "nodemailer";
import { stripBidiControls } from "../../common/text.ts";
import type { CvFile } from "../../common/submissions.ts";
import type { MailKind, StoredSubmission, Withdrawal } from "../submissions/store-types.ts";
import { attachmentName, escapeHtml } from "../visitor-text.ts";
import type { MailConfig, TemplateName } from "./config.ts";
import { brochureServiceIn } from "../../common/brochure-request.ts";

/** The company's name: the contact template's `to_name` param, as the old site sent it. */
const COMPANY_NAME = "Blueberry Semiconductors";

type Address = { name: string; address: string };

/** One mail, as a MIME message and as an EmailJS template with its params. */
export interface ComposedMail {
  /** For the file and SMTP transports; its Message-ID is stable per submission and kind. */
  message: SendMailOptions;
  /** For the emailjs transport. Every value is a sanitised string. */
  template: { name: TemplateName; params: Record<string, string> };
}

interface ComposeOptions {
  /**
   * A signed link to the application's CV on our server (server/signed-links.ts): the
   * application notification's `attachment` template param. Without it the param is empty.
   */
  cvLink?: string;
  /**
   * The applicant's signed link to see and erase their data (server/signed-links.ts), for
   * the confirmation: in both bodies and as the `erase_link` template param (empty without it).
   */
  applicantDataLink?: string;
}

export function composeMail(
  kind: MailKind,
  submission: StoredSubmission,
  cv: CvFile | null,
  config: MailConfig,
  options: ComposeOptions = {},
): ComposedMail {
  if (kind === "withdrawal_notice") throw new Error("a withdrawal notice is composed from its withdrawal");
  if (submission.kind === "contact") {
    if (kind !== "company_notification") throw new Error(`no ${kind} mail for a contact message`);
    return { message: contactNotification(submission, config), template: contactTemplate(submission) };
  }
  return kind === "company_notification"
    ? {
        message: applicationNotification(submission, cv, config),
        template: applicationTemplate(submission, options.cvLink),
      }
    : {
        message: applicantConfirmation(submission, config, options.applicantDataLink),
        template: confirmationTemplate(submission, config, options.applicantDataLink),
      };
}

// ── EmailJS template params ─────────────────────────────────────────────────────────

/**
 * The old site's contact template params by name. `to_name` is the company (as it sent);
 * `submission_id` is extra, so the company can find the row (`submissions -- show <id>`).
 */
function contactTemplate(s: StoredSubmission): ComposedMail["template"] {
  return {
    name: "contact",
    params: {
      to_name: COMPANY_NAME,
      from_name: headerText(s.name, 100),
      from_email: plainAddressOrEmpty(s.email),
      from_mobile: headerText(s.phone, 40),
      message: bodyText(s.message ?? ""),
      submission_id: safeToken(s.id),
    },
  };
}

/**
 * The old site's application params (`name`, `email`, `phone`, `comment`, `attachment`), plus
 * `job` and `privacy_version` as the static build sends them, and `submission_id`.
 */
function applicationTemplate(s: StoredSubmission, cvLink: string | undefined): ComposedMail["template"] {
  return {
    name: "application",
    params: {
      name: headerText(s.name, 100),
      email: plainAddressOrEmpty(s.email),
      phone: headerText(s.phone, 40),
      comment: bodyText(s.comment ?? ""),
      attachment: cvLink && s.cv ? checkedLink(cvLink) : "",
      job: headerText(s.jobTitle ?? s.jobSlug ?? "", 150),
      privacy_version: headerText(s.privacyVersion ?? "", 50),
      submission_id: safeToken(s.id),
    },
  };
}

/**
 * The applicant's confirmation. The template sends to `{{to_email}}` (set "To Email" to
 * it in EmailJS) and may use `to_name`, `job`, `reply_to` (the careers inbox, for
 * deletion requests), `privacy_url` and `submission_id` (the applicant's reference).
 */
function confirmationTemplate(
  s: StoredSubmission,
  config: MailConfig,
  applicantDataLink: string | undefined,
): ComposedMail["template"] {
  return {
    name: "confirmation",
    params: {
      to_name: headerText(s.name, 100),
      to_email: checkedAddress(s.email),
      job: headerText(s.jobTitle ?? s.jobSlug ?? "", 150),
      reply_to: checkedAddress(config.companyInbox.careers),
      privacy_url: new URL("/privacy", config.siteUrl).href,
      // The applicant's own page: see and delete their application (docs/decisions/0017).
      erase_link: applicantDataLink ? checkedLink(applicantDataLink) : "",
      submission_id: safeToken(s.id),
    },
  };
}

function plainAddressOrEmpty(address: string): string {
  // Validated when posted; if it still looks wrong the company gets the mail without it.
  return isOneBareAddress(address) ? address : "";
}

function checkedLink(link: string): string {
  const url = URL.canParse(link) ? new URL(link) : null;
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:"))
    throw new Error("the CV link is not an http(s) URL");
  return url.href;
}

/**
 * Multi-line visitor text for a template param: line breaks become "\n", tabs stay, bidi
 * controls go, and every other control character (and line/paragraph separators) becomes
 * a space.
 */
export function bodyText(value: string): string {
  const lines = stripBidiControls(value).replace(/\r\n?/g, "\n").split("\n");
  return lines
    .map((line) => Array.from(line, (ch) => (ch === "\t" || !isControl(ch.codePointAt(0) ?? 0) ? ch : " ")).join(""))
    .join("\n");
}

// ── MIME messages ───────────────────────────────────────────────────────────────────

function contactNotification(s: StoredSubmission, config: MailConfig): SendMailOptions {
  const name = headerText(s.name, 100);
  // The old template params, by name, so whoever reads (or filters) the mail finds the
  // same fields as the old EmailJS template had.
  const params = visitorRows([
    ["to_name", COMPANY_NAME],
    ["from_name", s.name],
    ["from_email", s.email],
    ["from_mobile", s.phone],
  ]);
  const message = stripBidiControls(s.message ?? "");
  // A message from a service page's brochure link says so in its subject (common/brochure-request.ts).
  const brochureOf = brochureServiceIn(message);
  const service = brochureOf === null ? null : headerText(brochureOf, 80);
  const heading = service ? `Brochure request for ${service} from ${name}` : `New contact message from ${name}`;
  const meta: [string, string][] = [
    ["Submission", s.id],
    ["Received", formatIst(s.createdAt)],
  ];
  const text = [
    service ? `Brochure request from the website: ${service}.` : "New contact message from the website.",
    "",
    ...params.map(([k, v]) => `${k}: ${v}`),
    "message:",
    message,
    "",
    "--",
    ...meta.map(([k, v]) => `${k}: ${v}`),
    "",
    `Reply to this e-mail to answer ${name} directly.`,
  ].join("\n");
  const html = page(
    escapeHtml(heading),
    [
      table([...params, ["message", message]]),
      table(meta),
      `<p>Reply to this e-mail to answer ${escapeHtml(name)} directly.</p>`,
    ].join("\n"),
  );
  return {
    ...envelope(s.id, "company_notification", config),
    to: config.companyInbox.contact,
    replyTo: visitorReplyTo(s),
    subject: heading,
    text,
    html,
  };
}

function applicationNotification(s: StoredSubmission, cv: CvFile | null, config: MailConfig): SendMailOptions {
  const name = headerText(s.name, 100);
  const jobTitle = headerText(s.jobTitle ?? s.jobSlug ?? "(unknown job)", 150);
  const meta = cv ?? s.cv;
  const fields = visitorRows([
    ["name", s.name],
    ["email", s.email],
    ["phone", s.phone],
    ["job", `${s.jobTitle ?? "(unknown)"} (${s.jobSlug ?? "no slug"})`],
    ["comment", s.comment?.trim() ? s.comment : "(none)"],
  ]);
  const facts: [string, string][] = [
    [
      "Consent",
      s.consentAt
        ? `given ${formatIst(s.consentAt)} to privacy notice version ${s.privacyVersion ?? "(unknown)"}`
        : "(not recorded)",
    ],
    ["CV", meta ? `${meta.fileName} (${meta.contentType}, ${formatBytes(meta.size)})` : "(none)"],
    ["CV sha256", meta?.sha256 ?? "(none)"],
    // Stored but unreadable should never happen; if it does, say so rather than send
    // a notification that looks complete.
    ["CV attached", cv ? "yes" : "NO: the CV could not be read from the store; look it up by the submission id"],
    ["Submission", s.id],
    ["Received", formatIst(s.createdAt)],
  ];
  const text = [
    "New job application from the website.",
    "",
    ...fields.map(([k, v]) => `${k}: ${v}`),
    "",
    "--",
    ...facts.map(([k, v]) => `${k}: ${v}`),
    "",
    `Reply to this e-mail to answer ${name} directly.`,
  ].join("\n");
  const html = page(
    `Application: ${escapeHtml(jobTitle)} from ${escapeHtml(name)}`,
    [table(fields), table(facts), `<p>Reply to this e-mail to answer ${escapeHtml(name)} directly.</p>`].join("\n"),
  );
  return {
    ...envelope(s.id, "company_notification", config),
    to: config.companyInbox.careers,
    replyTo: visitorReplyTo(s),
    subject: `Application: ${jobTitle} from ${name}`,
    text,
    html,
    attachments: cv
      ? [
          {
            filename: attachmentName(cv.fileName, cv.detectedType),
            content: Buffer.from(cv.bytes),
            contentType: cv.contentType,
            contentDisposition: "attachment",
          },
        ]
      : [],
  };
}

function applicantConfirmation(
  s: StoredSubmission,
  config: MailConfig,
  applicantDataLink: string | undefined,
): SendMailOptions {
  const name = headerText(s.name, 100);
  const jobTitle = headerText(s.jobTitle ?? s.jobSlug ?? "a role", 150);
  const careers = config.companyInbox.careers;
  const privacyUrl = new URL("/privacy", config.siteUrl).href;
  const dataLink = applicantDataLink ? checkedLink(applicantDataLink) : null;
  // Withdrawing consent is as easy as giving it: one link, one button (docs/decisions/0017).
  const selfService = dataLink
    ? "To see what we hold about you, or to delete your application and CV yourself at any time, open this link (it works until we delete the application anyway):"
    : null;
  const paragraphs = [
    `Dear ${name},`,
    `Thank you for applying for the ${jobTitle} role at ${COMPANY_NAME}. We have received your application and your CV.`,
    "What happens next: our engineers read every application themselves. If your experience fits the role, we will contact you by e-mail or phone to arrange a first conversation.",
    ...(selfService && dataLink ? [`${selfService}\n${dataLink}`] : []),
    `If you would like us to delete your application and CV, reply to this e-mail or write to ${careers}, and we will delete them. Our privacy notice explains what we keep, why and for how long: ${privacyUrl}`,
    `Your reference: ${s.id}`,
    `Best regards,\nThe ${COMPANY_NAME} careers team`,
  ];
  const html = page(
    `We received your application for ${escapeHtml(jobTitle)}`,
    [
      `<p>Dear ${escapeHtml(name)},</p>`,
      `<p>Thank you for applying for the ${escapeHtml(jobTitle)} role at ${COMPANY_NAME}. We have received your application and your CV.</p>`,
      `<p>${escapeHtml(paragraphs[2] ?? "")}</p>`,
      ...(selfService && dataLink
        ? [`<p>${escapeHtml(selfService)}<br><a href="${escapeHtml(dataLink)}">See or delete my application</a></p>`]
        : []),
      `<p>If you would like us to delete your application and CV, reply to this e-mail or write to <a href="mailto:${escapeHtml(careers)}">${escapeHtml(careers)}</a>, and we will delete them. Our <a href="${escapeHtml(privacyUrl)}">privacy notice</a> explains what we keep, why and for how long.</p>`,
      `<p>Your reference: ${escapeHtml(s.id)}</p>`,
      `<p>Best regards,<br>The ${COMPANY_NAME} careers team</p>`,
    ].join("\n"),
  );
  return {
    ...envelope(s.id, "applicant_confirmation", config),
    to: { name, address: checkedAddress(s.email) },
    // Replies (including deletion requests) go to people, not to the no-reply sender.
    replyTo: { name: `${COMPANY_NAME} Careers`, address: careers },
    subject: `We received your application for ${jobTitle}`,
    text: paragraphs.join("\n\n"),
    html,
  };
}

/**
 * The company's notice that an applicant erased their application with the link in their
 * confirmation (docs/decisions/0017). The application is gone by then: the notice names
 * the reference and the job, nothing personal. With EmailJS it goes through the contact
 * template (to the company's inbox), so no further template is needed.
 */
export function composeWithdrawalNotice(w: Withdrawal, config: MailConfig): ComposedMail {
  const id = safeToken(w.submissionId);
  const jobTitle = headerText(w.jobTitle || w.jobSlug || "(unknown job)", 150);
  const lines = [
    `An applicant withdrew their application ${id} for ${jobTitle}; their data has been deleted.`,
    `They used the link in their confirmation e-mail on ${formatIst(w.withdrawnAt)}. The application (received ${formatIst(w.applicationCreatedAt)}), its CV and any mail about it not yet sent were deleted from the website's store.`,
    "If you saved the CV or the notification elsewhere (a mailbox, a download), delete those copies too.",
  ];
  return {
    message: {
      ...envelope(w.submissionId, "withdrawal_notice", config),
      to: config.companyInbox.careers,
      subject: `Application withdrawn: ${jobTitle} (${id})`,
      text: lines.join("\n\n"),
      html: page(
        `Application withdrawn: ${escapeHtml(jobTitle)}`,
        lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
      ),
    },
    template: {
      name: "contact",
      params: {
        to_name: COMPANY_NAME,
        from_name: "Website: application withdrawn",
        from_email: "",
        from_mobile: "",
        message: bodyText(lines.join("\n\n")),
        submission_id: id,
      },
    },
  };
}

/** Rows of visitor values for a body (text and HTML): as typed, bidi controls removed. */
function visitorRows(rows: [string, string][]): [string, string][] {
  return rows.map(([key, value]) => [key, stripBidiControls(value)]);
}

/** What every mail shares: sender, a stable Message-ID, and headers for filtering. */
function envelope(submissionId: string, kind: MailKind, config: MailConfig): SendMailOptions {
  const from: Address = { name: headerText(config.from.name, 100), address: config.from.address };
  const domain = config.from.address.split("@").pop() || "localhost";
  const id = safeToken(submissionId);
  return {
    from,
    // One Message-ID per (submission, kind): delivery is at least once, and a repeat
    // with the same Message-ID is recognisably the same mail (many servers drop it).
    messageId: `<${id}.${kind}@${domain}>`,
    headers: {
      "X-Blueberry-Submission-Id": id,
      "X-Blueberry-Mail-Kind": kind,
      // RFC 3834: tells autoresponders (out-of-office) not to answer.
      "Auto-Submitted": "auto-generated",
    },
  };
}

function visitorReplyTo(s: StoredSubmission): Address | undefined {
  // The address was validated when the form was posted; if it still looks wrong, the
  // company gets the notification without Reply-To rather than not at all.
  return isOneBareAddress(s.email) ? { name: headerText(s.name, 100), address: s.email } : undefined;
}

function checkedAddress(address: string): string {
  if (!isOneBareAddress(address)) throw new Error("the recipient address is not a plain e-mail address");
  return address;
}

/**
 * Whether `address` can stand alone in a header or a template's To: one bare address, no
 * display name, list, quotes, comment or control character. Not the forms' e-mail check
 * (EMAIL_PATTERN in app/forms/shared-schema.ts, which decides what a visitor may enter): this is
 * the last guard against header injection for whatever reaches a mail, from the store or
 * the configuration, and judges nothing else about the address.
 */
function isOneBareAddress(address: string): boolean {
  return (
    /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+$/.test(address) &&
    !hasControl(address) &&
    stripBidiControls(address) === address
  );
}

/**
 * Makes text safe for a header: bidi controls are removed, control characters (C0, DEL,
 * C1) and line and paragraph separators become spaces, whitespace collapses, and the
 * result is cut to `max` characters (whole code points). "Eve\r\nBcc: x" becomes "Eve Bcc: x": text
 * inside the header, never a new header.
 */
export function headerText(value: string, max = 200): string {
  const cleaned = Array.from(stripBidiControls(value), (ch) => (isControl(ch.codePointAt(0) ?? 0) ? " " : ch))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  const chars = Array.from(cleaned);
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : cleaned;
}

function isControl(c: number): boolean {
  return c <= 0x1f || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029;
}

function hasControl(value: string): boolean {
  return Array.from(value).some((ch) => isControl(ch.codePointAt(0) ?? 0));
}

function safeToken(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 100) || "unknown";
}

const istParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** "2025-03-14 09:26:53 IST": the company works in Bengaluru time. */
function formatIst(date: Date): string {
  const p: Record<string, string> = {};
  for (const part of istParts.formatToParts(date)) p[part.type] = part.value;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second} IST`;
}

function formatBytes(size: number): string {
  return `${size.toLocaleString("en-US")} bytes (${(size / 1024).toFixed(1)} KB)`;
}

function table(rows: [string, string][]): string {
  const body = rows
    .map(
      ([k, v]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(k)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
    )
    .join("\n");
  return `<table cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">\n${body}\n</table>`;
}

/** `title` must already be escaped. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#1a1a2e">
<h1 style="font-size:18px">${title}</h1>
${body}
</body></html>`;
}
