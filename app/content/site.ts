/**
 * The company's facts, shown in the footer, on the contact page and in structured data.
 * Imported by browser code too, so it stays plain data.
 *
 * `sample: true`: the address, phone, e-mail addresses and social profiles below are
 * placeholders until the company confirms them (npm run check:launch lists this).
 */
import { DEFAULT_SITE_URL } from "../../common/defaults.ts";

export const site = {
  name: "Blueberry Semiconductors",
  legalName: "Blueberry Semiconductors Private Limited",
  shortName: "Blueberry",
  description:
    "Chip-design and embedded-engineering services from Bengaluru: ASIC/SoC design and verification, FPGA, embedded software, hardware, machine learning and turnkey products.",
  /** The public address; SITE_URL replaces it at build time (common/settings.ts). */
  defaultUrl: DEFAULT_SITE_URL,
  foundingDate: "2019",
  address: {
    street: "4th Floor, Prestige Tech Vista, Outer Ring Road, Kadubeesanahalli",
    locality: "Bengaluru",
    region: "Karnataka",
    postalCode: "560103",
    country: "IN",
    countryName: "India",
  },
  /** Where the office is, for the map and the "open in a map service" link. */
  geo: { latitude: 12.9357, longitude: 77.6955 },
  email: {
    business: "business@blueberrysemiconductors.com",
    info: "info@blueberrysemiconductors.com",
    careers: "careers@blueberrysemiconductors.com",
  },
  phone: { display: "+91 80 4718 2200", e164: "+918047182200" },
  social: {
    facebook: "https://www.facebook.com/blueberrysemiconductors",
    x: "https://x.com/blueberrysemi",
    linkedin: "https://www.linkedin.com/company/blueberry-semiconductors",
  },
  sample: true,
} as const;

export function mapLink(): string {
  const { latitude, longitude } = site.geo;
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}

export function mapEmbedUrl(): string {
  const { latitude, longitude } = site.geo;
  const d = 0.006;
  const bbox = [longitude - d, latitude - d / 2, longitude + d, latitude + d / 2].map((n) => n.toFixed(4)).join(",");
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${latitude},${longitude}`;
}
