import { describe, expect, it } from "vitest";
import { listCountries, splitInternational, toE164, validatePhone } from "../../app/forms/phone.ts";
import { PHONE_INVALID, PHONE_REQUIRED } from "../../app/forms/messages.ts";

describe("validatePhone", () => {
  it.each(["98450 12345", "9845012345", "98450-12345", "098450 12345", "+91 98450 12345", "91 98450 12345"])(
    "accepts the Indian mobile %s",
    (value) => {
      expect(validatePhone(value, "IN")).toBeNull();
    },
  );

  it("accepts a Bengaluru landline 080 4718 2200", () => {
    expect(validatePhone("080 4718 2200", "IN")).toBeNull();
  });

  it("rejects the 9-digit Indian number 98450 1234 with 'Invalid Phone'", () => {
    expect(validatePhone("98450 1234", "IN")).toBe("Invalid Phone");
  });

  it("rejects the 11-digit Indian number 98450 123456 with 'Invalid Phone'", () => {
    expect(validatePhone("98450 123456", "IN")).toBe(PHONE_INVALID);
  });

  it("rejects the 11-digit Indian toll-free 1800 123 4567 (+91 needs 10 national digits)", () => {
    expect(validatePhone("1800 123 4567", "IN")).toBe(PHONE_INVALID);
  });

  it.each([
    ["07400 123456", "GB", "a UK mobile"],
    ["020 7946 0958", "GB", "a London number"],
    ["(213) 373-4253", "US", "a Los Angeles number"],
    ["201-555-0123", "US", "a New Jersey number"],
  ])("accepts %s in %s (%s)", (value, country) => {
    expect(validatePhone(value, country)).toBeNull();
  });

  it("rejects the UK number 07400 1234 (too short) with 'Invalid Phone'", () => {
    expect(validatePhone("07400 1234", "GB")).toBe(PHONE_INVALID);
  });

  it.each([
    ["", "IN", "empty"],
    ["   ", "IN", "only spaces"],
    ["91", "IN", "only India's code"],
    ["+91", "IN", "only +91"],
    ["+44", "IN", "only another country's code"],
    ["1", "US", "only the US code"],
  ])("asks for a number when the value is %j (%s)", (value, country) => {
    expect(validatePhone(value, country)).toBe("Please enter your phone number.");
    expect(PHONE_REQUIRED).toBe("Please enter your phone number.");
  });

  it("rejects 16 digits 98450 12345 12345 1 with 'Invalid Phone'", () => {
    expect(validatePhone("98450 12345 12345 1", "IN")).toBe(PHONE_INVALID);
  });

  it("rejects letters abc-defg-hij with 'Invalid Phone' or as empty", () => {
    expect(validatePhone("abc-defg-hij", "IN")).toBe(PHONE_REQUIRED);
    expect(validatePhone("98450 abc 12345", "IN")).toBe(PHONE_INVALID);
  });

  it("rejects a national number with an unknown country 'XX' unless it starts with +", () => {
    expect(validatePhone("98450 12345", "XX")).toBe(PHONE_INVALID);
    expect(validatePhone("+91 98450 12345", "")).toBeNull();
  });
});

describe("toE164", () => {
  it("gives +919845012345 for 98450 12345 in India", () => {
    expect(toE164("98450 12345", "IN")).toBe("+919845012345");
  });

  it("gives +447400123456 for 07400 123456 in the UK", () => {
    expect(toE164("07400 123456", "GB")).toBe("+447400123456");
  });

  it("gives null for the invalid 98450 1234", () => {
    expect(toE164("98450 1234", "IN")).toBeNull();
  });
});

describe("splitInternational", () => {
  it("splits a pasted +44 7400 123456 into GB and 7400123456", () => {
    expect(splitInternational("+44 7400 123456")).toEqual({ country: "GB", national: "7400123456" });
  });

  it("leaves a national number 98450 12345 alone", () => {
    expect(splitInternational("98450 12345")).toBeNull();
  });
});

describe("listCountries", () => {
  it("names every country in English, India +91 included, sorted by name", () => {
    const list = listCountries("en");
    expect(list.length).toBeGreaterThan(200);
    expect(list).toContainEqual({ code: "IN", name: "India", dialCode: "+91" });
    expect(list).toContainEqual({ code: "GB", name: "United Kingdom", dialCode: "+44" });
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("names countries in German for 'de'", () => {
    expect(listCountries("de")).toContainEqual({ code: "IN", name: "Indien", dialCode: "+91" });
  });

  it("falls back to English for a malformed locale 'not a locale!'", () => {
    expect(listCountries("not a locale!")).toContainEqual({ code: "IN", name: "India", dialCode: "+91" });
  });
});
