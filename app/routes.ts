/** The route table of spec §2, in its order. */
import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("casestudies", "routes/case-studies.tsx"),
  route("casestudies/:slug", "routes/case-study.tsx"),
  route("careers/life-blueberry", "routes/life.tsx"),
  // /careers/jobs is the VLSI list (spec §2); one module serves every list.
  route("careers/jobs", "routes/jobs.tsx", { id: "jobs" }),
  route("careers/jobs/vlsi", "routes/jobs.tsx", { id: "jobs-vlsi" }),
  route("careers/jobs/vlsi/:slug", "routes/job.tsx"),
  route("careers/jobs/software-embedded", "routes/jobs.tsx", { id: "jobs-software-embedded" }),
  route("careers/testimonials", "routes/testimonials.tsx"),
  route("careers/press-media", "routes/press-media.tsx"),
  route("services/:id", "routes/service.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
