/**
 * What a request says about its visitor, decided once per request: the client's address
 * (the rate-limit key) and the public URL's protocol and host (the request's URL, and
 * the origin a form post must come from). A proxy's headers count only when TRUST_PROXY
 * names the ones our proxy sets: anyone can send them, so reading a header the proxy
 * merely passes through would let a client pick its own address (docs/decisions/0011).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { isValidHost } from "./request-target.ts";

/** Which headers a trusted proxy in front of us writes (TRUST_PROXY). */
export type ProxyHeaders = "none" | "x-forwarded" | "forwarded";

/** TRUST_PROXY as validated by server/env.ts: false, true (X-Forwarded-*) or "forwarded". */
export function proxyHeadersFrom(trustProxy: boolean | "forwarded"): ProxyHeaders {
  if (trustProxy === "forwarded") return "forwarded";
  return trustProxy ? "x-forwarded" : "none";
}

export interface RequestFacts {
  /** The socket's address, or the one our proxy says it saw. */
  clientAddress: string;
  protocol: "http:" | "https:";
  /** host[:port] as the visitor typed it. */
  host: string;
  /** protocol//host, lower-case: what a same-origin form post sends as Origin. */
  publicOrigin: string;
}

/** The part of a proxy's account that we read: what the nearest proxy saw. */
interface ProxyAccount {
  for?: string;
  proto?: string;
  host?: string;
}

/**
 * The request's facts, or null when the host it names (its own or the one our proxy
 * passes on) is not a host: no URL can be made for it, so the caller answers 400.
 */
export function requestFacts(req: IncomingMessage, proxy: ProxyHeaders): RequestFacts | null {
  const account = proxy === "forwarded" ? lastForwardedElement(req) : proxy === "x-forwarded" ? xForwarded(req) : {};
  const encrypted = "encrypted" in req.socket && Boolean(req.socket.encrypted);
  const proto = account.proto?.toLowerCase();
  const protocol = proto === "https" || proto === "http" ? (`${proto}:` as const) : encrypted ? "https:" : "http:";
  const host = account.host || req.headers.host || "localhost";
  if (!isValidHost(host)) return null;
  const forwardedFor = account.for ? addressOf(account.for) : undefined;
  return {
    clientAddress: forwardedFor ?? req.socket.remoteAddress ?? "unknown",
    protocol,
    host,
    publicOrigin: `${protocol}//${host}`.toLowerCase(),
  };
}

/** What an X-Request-Id we take from our proxy may look like: short, and safe in a log or a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request's id for the log and the X-Request-Id response header: the one our trusted
 * proxy sent (so its log and ours join up), if it looks sane; otherwise a new one. A
 * client's own X-Request-Id is ignored without a trusted proxy: it could make one
 * visitor's requests look like another's in the log.
 */
export function requestIdOf(req: IncomingMessage, proxy: ProxyHeaders): string {
  const sent = req.headers["x-request-id"];
  if (proxy !== "none" && typeof sent === "string" && SANE_REQUEST_ID.test(sent)) return sent;
  return randomUUID();
}

/**
 * X-Forwarded-For/-Proto/-Host: each proxy appends what it saw, so the last entry is the
 * one our proxy vouches for; entries before it may come from the client.
 */
function xForwarded(req: IncomingMessage): ProxyAccount {
  return {
    for: lastEntry(req.headers["x-forwarded-for"]),
    proto: lastEntry(req.headers["x-forwarded-proto"]),
    host: lastEntry(req.headers["x-forwarded-host"]),
  };
}

function lastEntry(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(",") : value;
  return (
    joined
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1) || undefined
  );
}

/**
 * RFC 7239 `Forwarded: for=198.51.100.7;proto=https;host=site.example, for=…`: one
 * element per proxy, the last one written by ours.
 */
function lastForwardedElement(req: IncomingMessage): ProxyAccount {
  const header = req.headers.forwarded;
  if (!header) return {};
  const element = splitOutsideQuotes(header, ",").at(-1) ?? "";
  const account: ProxyAccount = {};
  for (const pair of splitOutsideQuotes(element, ";")) {
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim().toLowerCase();
    const value = unquote(pair.slice(eq + 1).trim());
    if (name === "for" || name === "proto" || name === "host") account[name] = value;
  }
  return account;
}

function splitOutsideQuotes(value: string, separator: "," | ";"): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '"' && value[i - 1] !== "\\") quoted = !quoted;
    else if (value[i] === separator && !quoted) {
      parts.push(value.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(value.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

function unquote(value: string): string {
  return value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, "$1") : value;
}

/**
 * An address from a proxy's account, without a port (`203.0.113.9:4711`,
 * `"[2001:db8::1]:4711"`); undefined for `unknown` or an obfuscated name (`_hidden`).
 */
function addressOf(value: string): string | undefined {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) return isIP(bracketed[1] ?? "") ? bracketed[1] : undefined;
  if (isIP(value)) return value;
  const withPort = /^([^:]+):\d+$/.exec(value);
  return withPort && isIP(withPort[1] ?? "") ? withPort[1] : undefined;
}
