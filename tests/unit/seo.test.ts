/** A static page's meta comes from its breadcrumb trail, so the canonical URL and the trail agree. */
import { describe, expect, it } from "vitest";
import { pageMeta, pageMetaWithTrail } from "~/lib/seo";

describe("pageMetaWithTrail", () => {
  it("takes the canonical URL from the trail's last step and publishes the whole trail", () => {
    const root = { id: "root", loaderData: { siteUrl: "https://example.test" } };
    const trail: Parameters<typeof pageMetaWithTrail>[1] = [
      { name: "Home", path: "/" },
      { name: "Careers", path: "/careers/jobs" },
      { name: "Testimonials", path: "/careers/testimonials" },
    ];
    const tags = pageMetaWithTrail([root], trail, { title: "Testimonials", description: "Engineers in their words." });

    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://example.test/careers/testimonials",
    });
    expect(tags).toContainEqual({ property: "og:url", content: "https://example.test/careers/testimonials" });
    const breadcrumbs = tags.find((tag) => "script:ld+json" in tag) as
      { "script:ld+json": { itemListElement: { position: number; name: string; item: string }[] } } | undefined;
    expect(
      breadcrumbs?.["script:ld+json"].itemListElement.map(({ position, name, item }) => [position, name, item]),
    ).toEqual([
      [1, "Home", "https://example.test/"],
      [2, "Careers", "https://example.test/careers/jobs"],
      [3, "Testimonials", "https://example.test/careers/testimonials"],
    ]);
  });
});

describe("pageMeta for a path a visitor typed (the Not Found page's)", () => {
  // Each used to throw "Invalid URL" (a 500) or name another host as the canonical URL.
  it.each(["//", "//[", "//:99999", "//a:b@", "//@", "//evil.example/x", "/\\evil.example"])(
    "%s stays a path on the site",
    (path) => {
      const tags = pageMeta("https://example.test", { title: "Not Found", description: "No such page.", path });
      const canonical = tags.find((tag) => "rel" in tag && tag.rel === "canonical") as { href: string } | undefined;
      expect(new URL(canonical?.href ?? "").host).toBe("example.test");
      const image = tags.find((tag) => "property" in tag && tag.property === "og:image") as { content: string };
      expect(new URL(image.content).host).toBe("example.test");
    },
  );
});
