/**
 * The press page: its loader lists the items newest first whatever the order of press.ts,
 * a press item's optional `url` must be an absolute https:// address, and a card whose
 * item has one links to the article (in a new tab, as the site's other links to other
 * sites do) besides its picture's enlarge link; a card without one has no such link.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ImageGallery, type GalleryItem } from "~/components/image-gallery";
import { content } from "~/content/catalog.server";
import { PressItemSchema } from "~/content/schema";
import { loader } from "~/routes/press-media";

describe("the press loader", () => {
  it("lists every item, newest first (by date, not by their order in press.ts)", () => {
    const dates = loader().items.map((item) => item.press.date);
    expect(dates).toHaveLength(content.press.length);
    expect(dates).toEqual(content.press.map((p) => p.date).sort((a, b) => b.localeCompare(a)));
    // press.ts is written oldest first: the order on the page is the loader's doing.
    expect(content.press.map((p) => p.date)).not.toEqual(dates);
  });
});

describe("a press item's url", () => {
  const item = {
    image: { src: "/images/press/press-01.svg", alt: "A magazine spread" },
    title: "A Headline",
    source: "A Publication",
    date: "2025-01-20",
  };
  const parse = (url: unknown) => PressItemSchema.safeParse({ ...item, url });

  it("is optional, and may be an absolute https:// address", () => {
    expect(PressItemSchema.safeParse(item).success).toBe(true);
    expect(parse("https://www.example.com/news/2025/01/a-headline?ref=1").success).toBe(true);
  });

  it.each([
    ["http, not https", "http://www.example.com/news/a-headline"],
    ["a path on our own site", "/careers/press-media"],
    ["a protocol-relative address", "//www.example.com/news"],
    ["a javascript: address", "javascript:alert(1)"],
    ["https without its slashes", "https:www.example.com/news"],
    ["a host that is no domain", "https://localhost/news"],
    ["not an address at all", "the article"],
  ])("fails on %s", (_, url) => {
    const result = parse(url);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["url"]);
    expect(result.error?.issues[0]?.message).toMatch(/https:\/\//);
  });
});

describe("a press card", () => {
  const image = { src: "/images/press/press-01.svg", alt: "A magazine spread", width: 1200, height: 800 };
  const press = (url?: string): GalleryItem => ({
    image,
    caption: "A Headline, A Publication, 20 January 2025",
    press: { headline: "A Headline", source: "A Publication", date: "2025-01-20", dateLabel: "20 January 2025", url },
  });
  const card = (item: GalleryItem) => {
    const html = renderToStaticMarkup(<ImageGallery items={[item]} variant="press" />);
    return html.slice(html.indexOf("<li"), html.indexOf("</li>"));
  };
  const links = (html: string) => [...html.matchAll(/<a [^>]*>.*?<\/a>/g)].map((m) => m[0]);

  it("shows the headline, then the publication and the date each on a line of its own", () => {
    const html = card(press());
    expect(html).toMatch(
      /<h2 class="press-item__headline">A Headline<\/h2><p class="press-item__source">A Publication<\/p><p class="press-item__date"><time dateTime="2025-01-20">20 January 2025<\/time><\/p>/,
    );
    expect(html).not.toContain("·");
  });

  it("links to the article when the item has a url: named, in a new tab, without the opener", () => {
    const url = "https://www.example.com/news/2025/01/a-headline";
    const [enlarge, article, ...rest] = links(card(press(url)));
    expect(rest).toEqual([]);
    expect(enlarge).toContain('class="image-grid__link"');
    expect(enlarge).toContain(`href="${image.src}"`);
    expect(article).toContain(`href="${url}"`);
    expect(article).toContain('target="_blank"');
    expect(article).toContain('rel="noopener noreferrer"');
    // The name a screen reader's list of links reads: what it opens, and where.
    const name = article?.replace(/<[^>]+>/g, "");
    expect(name).toBe("Read the article: A Headline, A Publication (opens in a new tab)");
  });

  it("has only the enlarge link when the item has no url", () => {
    const found = links(card(press()));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('class="image-grid__link"');
  });
});
