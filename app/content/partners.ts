import type { PartnerInput } from "./schema.ts";

export default [
  {
    name: "Halvora Silicon",
    logo: { src: "/images/partners/partner-01.svg", alt: "Halvora Silicon wordmark" },
    sample: true,
  },
  {
    name: "Kestrevo Microsystems",
    logo: { src: "/images/partners/partner-02.svg", alt: "Kestrevo Microsystems wordmark" },
    sample: true,
  },
  {
    name: "Orinwave Systems",
    logo: { src: "/images/partners/partner-03.svg", alt: "Orinwave Systems wordmark" },
    sample: true,
  },
  {
    name: "Velmora Semiconductor",
    logo: { src: "/images/partners/partner-04.svg", alt: "Velmora Semiconductor wordmark" },
    sample: true,
  },
  {
    name: "Tarnfield Electronics",
    logo: { src: "/images/partners/partner-05.svg", alt: "Tarnfield Electronics wordmark" },
    sample: true,
  },
  {
    name: "Brindlepeak Systems",
    logo: { src: "/images/partners/partner-06.svg", alt: "Brindlepeak Systems wordmark" },
    sample: true,
  },
  {
    name: "Zephrine Microelectronics",
    logo: { src: "/images/partners/partner-07.svg", alt: "Zephrine Microelectronics wordmark" },
    sample: true,
  },
  {
    name: "Lumerith Devices",
    logo: { src: "/images/partners/partner-08.svg", alt: "Lumerith Devices wordmark" },
    sample: true,
  },
  {
    name: "Saffrelle Semiconductors",
    logo: { src: "/images/partners/partner-09.svg", alt: "Saffrelle Semiconductors wordmark" },
    sample: true,
  },
  {
    name: "Merrowgate Circuits",
    logo: { src: "/images/partners/partner-10.svg", alt: "Merrowgate Circuits wordmark" },
    sample: true,
  },
  {
    name: "Draketon Electronics",
    logo: { src: "/images/partners/partner-11.svg", alt: "Draketon Electronics wordmark" },
    sample: true,
  },
  {
    name: "Norvessa Technologies",
    logo: { src: "/images/partners/partner-12.svg", alt: "Norvessa Technologies wordmark" },
    sample: true,
  },
  {
    name: "Calderwyn Systems",
    logo: { src: "/images/partners/partner-13.svg", alt: "Calderwyn Systems wordmark" },
    sample: true,
  },
  {
    name: "Irisline Embedded",
    logo: { src: "/images/partners/partner-14.svg", alt: "Irisline Embedded wordmark" },
    sample: true,
  },
  {
    name: "Aldermoor Microsystems",
    logo: { src: "/images/partners/partner-15.svg", alt: "Aldermoor Microsystems wordmark" },
    sample: true,
  },
  {
    name: "Quillonex Devices",
    logo: { src: "/images/partners/partner-16.svg", alt: "Quillonex Devices wordmark" },
    sample: true,
  },
  {
    name: "Corridane Labs",
    logo: { src: "/images/partners/partner-17.svg", alt: "Corridane Labs wordmark" },
    sample: true,
  },
  {
    name: "Pemberlight Technologies",
    logo: { src: "/images/partners/partner-18.svg", alt: "Pemberlight Technologies wordmark" },
    sample: true,
  },
] satisfies PartnerInput[];
