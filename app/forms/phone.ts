/**
 * Phone rules on libphonenumber-js with its smallest ("min") metadata: a number is valid
 * when it fits its country's numbering plan (length and leading digits). This replaces
 * the old site's "exactly 12 digits" rule, which only fits India: India (+91) still
 * needs 10 national digits, so 12 in all.
 *
 * Heavy (the metadata is tens of KB): browser code reaches this module only through the
 * dynamic import in `load-form-module.ts` (through schemas.ts), when a form is first used.
 * Server code may import it directly.
 */
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from "libphonenumber-js/min";
import { MAX_PHONE_DIGITS } from "../../common/limits.ts";
import { PHONE_INVALID, PHONE_REQUIRED } from "./messages.ts";

export type { CountryCode };

export type Country = {
  /** ISO 3166-1 alpha-2, e.g. "IN". */
  code: string;
  /** In the requested language, e.g. "India". */
  name: string;
  /** With the plus sign, e.g. "+91". */
  dialCode: string;
};

/** Whether a submitted `phoneCountry` is a country we know. */
function isCountryCode(value: string): value is CountryCode {
  return isSupportedCountry(value);
}

let callingCodes: Set<string> | undefined;

/** Only a calling code: "+44" (any country's), or "91" when India is picked. */
function isCodeOnly(text: string, digits: string, country: CountryCode | undefined): boolean {
  if (country !== undefined && digits === getCountryCallingCode(country)) return true;
  if (!text.startsWith("+")) return false;
  callingCodes ??= new Set(getCountries().map((c) => getCountryCallingCode(c)));
  return callingCodes.has(digits);
}

/**
 * The last number parsed: a form's phone is validated and then turned into E.164, the
 * same value three times in a row, and parsing is the costly part of each.
 */
let lastParsed: { text: string; country: string; phone: PhoneNumber | undefined } | null = null;

function parse(national: string, country: string): PhoneNumber | undefined {
  const text = national.trim();
  if (lastParsed?.text === text && lastParsed.country === country) return lastParsed.phone;
  const defaultCountry = isCountryCode(country) ? country : undefined;
  // extract: false — the whole value must be the number, not text that contains one.
  const phone = parsePhoneNumberFromString(text, { defaultCountry, extract: false });
  lastParsed = { text, country, phone };
  return phone;
}

/**
 * The message for a phone value, or null when it is valid. `national` is what the
 * visitor typed (a leading "+" and calling code are understood too); `country` is the
 * picker's ISO code ("" or unknown: the number must then start with "+").
 *
 * Empty or only a country code → PHONE_REQUIRED; more than 15 digits, not a number of
 * that country, or a +91 number without exactly 10 national digits → PHONE_INVALID.
 */
export function validatePhone(national: string, country: CountryCode | (string & {})): string | null {
  const text = national.trim();
  const digits = text.replace(/\D/g, "");
  const code = isCountryCode(country) ? country : undefined;
  if (digits === "" || isCodeOnly(text, digits, code)) return PHONE_REQUIRED;
  if (digits.length > MAX_PHONE_DIGITS) return PHONE_INVALID;
  const phone = parse(text, country);
  if (!phone?.isValid()) return PHONE_INVALID;
  if (phone.countryCallingCode === "91" && phone.nationalNumber.length !== 10) return PHONE_INVALID;
  return null;
}

/** The number in E.164 form ("+919845012345"), or null when it is not valid. */
export function toE164(national: string, country: CountryCode | (string & {})): string | null {
  if (validatePhone(national, country) !== null) return null;
  return parse(national, country)?.number ?? null;
}

/**
 * A pasted or autofilled international number ("+44 7400 123456") split into the
 * country to pick and the national number to keep, or null when it is not one.
 */
export function splitInternational(text: string): { country: CountryCode; national: string } | null {
  const value = text.trim();
  if (!value.startsWith("+")) return null;
  const phone = parsePhoneNumberFromString(value, { extract: false });
  if (!phone?.country) return null;
  return { country: phone.country, national: phone.nationalNumber };
}

const cache = new Map<string, Country[]>();

/**
 * Every country libphonenumber-js knows, named in `locale` (falls back to English),
 * sorted by name in that language.
 */
export function listCountries(locale = "en"): Country[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  let names: Intl.DisplayNames;
  let lang = locale;
  try {
    names = new Intl.DisplayNames([locale, "en"], { type: "region" });
  } catch {
    lang = "en";
    names = new Intl.DisplayNames(["en"], { type: "region" });
  }
  const collator = new Intl.Collator(lang);
  const list = getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code, dialCode: `+${getCountryCallingCode(code)}` }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(locale, list);
  return list;
}
