/**
 * The CV link signer (server/signed-links.ts): a link it made verifies until it expires;
 * any change to any part of the token, another secret, or a malformed token does not.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  contentDisposition,
  createLinkSigner,
  cvLinkMaker,
  cvLinkUrl,
  generateLinkSecret,
  LINK_SECRET_SETTING,
  linkSecretFrom,
} from "../../server/signed-links.ts";

const SECRET = "a-test-secret-of-more-than-32-characters";
const OTHER_SECRET = "another-test-secret-also-over-32-characters";
const NOW = new Date("2026-11-23T10:00:00.000Z");
const LATER = new Date("2026-12-23T10:00:00.000Z");
const ID = "0b9f1c6e-4f7a-4d2b-9a51-3c2d7e8f9a10";

const signer = createLinkSigner(SECRET);

/** The token with one character of part `index` changed (to another base64url character). */
function flipIn(token: string, index: number, at = 0): string {
  const parts = token.split(".");
  const part = parts[index] ?? "";
  const position = at < 0 ? part.length + at : at;
  const ch = part[position] ?? "";
  // A/B differ in their top bits, so the decoded bytes change even in the last character.
  const replacement = ch === "A" ? "Q" : "A";
  parts[index] = part.slice(0, position) + replacement + part.slice(position + 1);
  return parts.join(".");
}

describe("a signed CV link", () => {
  it("verifies with the same secret before its expiry, naming the submission and the expiry (to the second)", () => {
    const token = signer.sign(ID, new Date(LATER.getTime() + 999));
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(signer.verify(token, NOW)).toEqual({ status: "valid", submissionId: ID, expiresAt: LATER });
    // A signer made later from the same secret (another process, a replica) agrees.
    expect(createLinkSigner(SECRET).verify(token, NOW).status).toBe("valid");
  });

  it("carries only the id and the expiry: no name, e-mail or file name", () => {
    const token = signer.sign(ID, LATER);
    const [id, expiry, mac] = token.split(".").map((p) => Buffer.from(p, "base64url"));
    expect(id?.toString("utf8")).toBe(ID);
    expect(expiry?.length).toBe(6);
    expect(mac?.length).toBe(32);
  });

  it("is expired at and after its expiry, still naming the submission", () => {
    const token = signer.sign(ID, LATER);
    expect(signer.verify(token, new Date(LATER.getTime() - 1)).status).toBe("valid");
    expect(signer.verify(token, LATER)).toEqual({ status: "expired", submissionId: ID, expiresAt: LATER });
    expect(signer.verify(token, new Date(LATER.getTime() + 86_400_000)).status).toBe("expired");
  });

  it("does not verify with another secret", () => {
    const token = signer.sign(ID, LATER);
    expect(createLinkSigner(OTHER_SECRET).verify(token, NOW)).toEqual({ status: "invalid" });
    // Nor one that differs only in its last character.
    expect(createLinkSigner(`${SECRET.slice(0, -1)}X`).verify(token, NOW)).toEqual({ status: "invalid" });
  });

  it.each([
    ["the id's first character", 0, 0],
    ["the id's last character", 0, -1],
    ["the expiry's first character", 1, 0],
    ["the expiry's last character", 1, -1],
    ["the MAC's first character", 2, 0],
    ["the MAC's last character", 2, -1],
  ])("is invalid when %s is changed", (_, part, at) => {
    const token = signer.sign(ID, LATER);
    const tampered = flipIn(token, part, at);
    expect(tampered).not.toBe(token);
    expect(signer.verify(tampered, NOW)).toEqual({ status: "invalid" });
  });

  it("is invalid when another submission's id or a later expiry is put in with the old MAC", () => {
    const token = signer.sign(ID, LATER);
    const [, expiry, mac] = token.split(".");
    const otherId = Buffer.from(randomUUID()).toString("base64url");
    expect(signer.verify(`${otherId}.${expiry}.${mac}`, NOW).status).toBe("invalid");
    // An expired link made to look valid by moving its expiry on.
    const expired = signer.sign(ID, new Date(NOW.getTime() - 1000));
    const [id, , oldMac] = expired.split(".");
    expect(signer.verify(`${id}.${expiry}.${oldMac}`, NOW).status).toBe("invalid");
    // The parts of two valid tokens, swapped.
    const other = signer.sign(randomUUID(), LATER);
    expect(signer.verify(`${id}.${expiry}.${other.split(".")[2]}`, NOW).status).toBe("invalid");
  });

  it.each([
    ["empty", ""],
    ["one part", "abc"],
    ["two parts", "abc.def"],
    ["four parts", "a.b.c.d"],
    ["an empty part", "..."],
    ["standard base64 characters (+ /)", "ab+c.de/f.ghij"],
    ["padding", "YWJj.AAAAAAAA.AA=="],
    ["percent-encoding", "%41%42.AAAAAAAA.AAAA"],
    ["spaces", "abc def.AAAAAAAA.AAAA"],
    ["an expiry of 5 bytes", "YWJj.AAAAAAA.AAAA"],
    ["a MAC of 31 bytes", `YWJj.AAAAAAAA.${Buffer.alloc(31).toString("base64url")}`],
    ["a very long token", `${"A".repeat(400)}.AAAAAAAA.${"A".repeat(43)}`],
    ["non-ASCII", "ÿÿÿ.AAAAAAAA.AAAA"],
  ])("is invalid when malformed: %s", (_, token) => {
    expect(signer.verify(token, NOW)).toEqual({ status: "invalid" });
  });

  it("a valid token's MAC spelt another way that decodes to the same bytes (unused low bits set) is invalid", () => {
    const token = signer.sign(ID, LATER);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = token.at(-1) ?? "";
    // 32 bytes end in a character carrying 4 bits and 2 unused zero bits: set one of those.
    const respelt = `${token.slice(0, -1)}${alphabet[alphabet.indexOf(last) + 1]}`;
    expect(Buffer.from(respelt.split(".")[2] ?? "", "base64url")).toEqual(
      Buffer.from(token.split(".")[2] ?? "", "base64url"),
    );
    expect(signer.verify(respelt, NOW)).toEqual({ status: "invalid" });
  });

  it("a valid token with a character appended or removed is invalid", () => {
    const token = signer.sign(ID, LATER);
    expect(signer.verify(`${token}A`, NOW).status).toBe("invalid");
    expect(signer.verify(token.slice(0, -1), NOW).status).toBe("invalid");
    expect(signer.verify(`${token}.`, NOW).status).toBe("invalid");
  });

  it("refuses to sign with a secret under 32 characters, an empty id or an impossible expiry", () => {
    expect(() => createLinkSigner("x".repeat(31))).toThrow(/32 characters/);
    expect(() => signer.sign("", LATER)).toThrow(RangeError);
    expect(() => signer.sign("x".repeat(101), LATER)).toThrow(RangeError);
    expect(() => signer.sign(ID, new Date(Number.NaN))).toThrow(RangeError);
    expect(() => signer.sign(ID, new Date(-1000))).toThrow(RangeError);
  });
});

describe("the link secret", () => {
  it("is LINK_SECRET when set, without touching the store", async () => {
    const store = {
      getOrCreateSetting: () => Promise.reject(new Error("the store must not be asked")),
    };
    expect(await linkSecretFrom(store, SECRET)).toBe(SECRET);
  });

  it("otherwise is generated once and then read back from the store (insert-if-absent)", async () => {
    const settings = new Map<string, string>();
    const offered: string[] = [];
    const store = {
      async getOrCreateSetting(key: string, value: string) {
        offered.push(value);
        if (!settings.has(key)) settings.set(key, value);
        return settings.get(key) as string;
      },
    };
    const first = await linkSecretFrom(store, undefined);
    const second = await linkSecretFrom(store, undefined);
    expect(first).toBe(second);
    expect(settings.get(LINK_SECRET_SETTING)).toBe(first);
    expect(first.length).toBeGreaterThanOrEqual(32);
    // Each start offers a fresh random candidate; only the first was kept.
    expect(offered).toHaveLength(2);
    expect(offered[0]).not.toBe(offered[1]);
    expect(generateLinkSecret()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("link URLs and the download name", () => {
  it("puts the token under /cv/ on the site's origin, expiring the given number of days after sending", () => {
    expect(cvLinkUrl("https://www.blueberry.test", "abc.def.ghi")).toBe("https://www.blueberry.test/cv/abc.def.ghi");
    const make = cvLinkMaker(signer, "https://www.blueberry.test", 30);
    const url = new URL(make(ID, NOW));
    expect(url.origin).toBe("https://www.blueberry.test");
    const token = url.pathname.replace(/^\/cv\//, "");
    const check = signer.verify(token, NOW);
    expect(check).toEqual({ status: "valid", submissionId: ID, expiresAt: new Date(NOW.getTime() + 30 * 86_400_000) });
  });

  it("names the file for old and new clients, quoting nothing from it", () => {
    expect(contentDisposition("Asha Rao CV.pdf")).toBe(
      `attachment; filename="Asha Rao CV.pdf"; filename*=UTF-8''Asha%20Rao%20CV.pdf`,
    );
    expect(contentDisposition('Zoë "the" CV (final).pdf')).toBe(
      `attachment; filename="Zo_ _the_ CV (final).pdf"; filename*=UTF-8''Zo%C3%AB%20%22the%22%20CV%20%28final%29.pdf`,
    );
  });
});
