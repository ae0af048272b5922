/**
 * The sanitiser of a case study's project description (decision 0009): the four allowed
 * tags survive, every hostile input is neutralised, and `changed` tells the content
 * check when the editor's markup lost something.
 */
import { describe, expect, it } from "vitest";
import type { InlineHtml } from "~/content/inline-html";
import { sanitiseInlineHtml } from "~/content/inline-html.server";

const clean = (raw: string) => sanitiseInlineHtml(raw).html as string;

/** No element or attribute that can run script, load something or restyle the page. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<(?!\/?(?:a|em|strong|br)\b)/i); // only the four tags
  expect(html).not.toMatch(/\son[a-z]+\s*=/i); // no event handler
  expect(html).not.toMatch(/\sstyle\s*=/i);
  expect(html).not.toMatch(/javascript:|data:|vbscript:/i);
  for (const [, attributes] of html.matchAll(/<a\b([^>]*)>/g)) {
    const names = [...(attributes ?? "").matchAll(/\s([a-z-]+)=/g)].map((m) => m[1]);
    for (const name of names) expect(["href", "rel"]).toContain(name);
  }
}

describe("allowed markup", () => {
  it("keeps links, emphasis, strong emphasis and line breaks", () => {
    const result = sanitiseInlineHtml(
      'See <a href="https://www.jedec.org/standards-documents/docs/jesd79-5c">JESD79-5</a>, <em>new</em> and <strong>fixed</strong>.<br>Next line',
    );
    // "JESD79-5" would strand its "5" at a break: kept whole (the next test).
    expect(result.html).toBe(
      'See <a href="https://www.jedec.org/standards-documents/docs/jesd79-5c" rel="noopener noreferrer"><span class="keep-term">JESD79-5</span></a>, <em>new</em> and <strong>fixed</strong>.<br />Next line',
    );
    expect(result.changed).toBe(false);
  });

  it("keeps terms with a one-character piece on one line (e-mail, 4-receive), not other compounds, and calls it no change", () => {
    const result = sanitiseInlineHtml("A 3-transmit, 4-receive array; its <em>bring-up</em> was by e-mail.");
    expect(result.html).toBe(
      'A <span class="keep-term">3-transmit</span>, <span class="keep-term">4-receive</span> array; its <em>bring-up</em> was by <span class="keep-term">e-mail</span>.',
    );
    expect(result.changed).toBe(false);
    expect(result.kept).not.toContain("keep-term");
  });

  it("adds no markup from the text around a kept term (escaped markup, a term cut by a tag)", () => {
    expect(clean("x-&lt;b&gt;bold&lt;/b&gt; and a-<em>b</em>")).toBe("x-&lt;b&gt;bold&lt;/b&gt; and a-<em>b</em>");
  });

  it("adds rel=noopener noreferrer to external http and https links only", () => {
    expect(clean('<a href="http://example.org/">x</a>')).toBe(
      '<a href="http://example.org/" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="mailto:careers@blueberrysemiconductors.com">mail</a>')).toBe(
      '<a href="mailto:careers@blueberrysemiconductors.com">mail</a>',
    );
    expect(clean('<a href="https://www.blueberrysemiconductors.com/contact">us</a>')).toBe(
      '<a href="https://www.blueberrysemiconductors.com/contact">us</a>',
    );
  });

  it("escapes plain text that looks like markup and is not", () => {
    const result = sanitiseInlineHtml("a < b && c > d");
    expect(result.html).toBe("a &lt; b &amp;&amp; c &gt; d");
    expect(result.changed).toBe(false);
  });

  it("drops an HTML comment without calling it a change", () => {
    expect(sanitiseInlineHtml("before<!-- a note for editors -->after")).toMatchObject({
      html: "beforeafter",
      changed: false,
    });
  });

  it("does not count a spelling the parser normalises as a change", () => {
    const result = sanitiseInlineHtml("<EM>loud</EM><BR/>and <br>done");
    expect(result.html).toBe("<em>loud</em><br />and <br />done");
    expect(result.changed).toBe(false);
  });
});

const ORG = "https://example.org/";
/** What a kept link becomes: its href, and a rel that keeps the new page from reaching back. */
const safeLink = (href: string, text: string) => `<a href="${href}" rel="noopener noreferrer">${text}</a>`;

describe("hostile input", () => {
  it.each([
    ["<script>", 'Intro <script>alert("x")</script>text', "Intro text"],
    ["<script> in capitals, with a src", '<SCRIPT SRC="https://evil.example/x.js"></SCRIPT>text', "text"],
    ["<img onerror>", '<img src="x" onerror="alert(1)">text', "text"],
    ["javascript: link", '<a href="javascript:alert(1)">click</a>', "click"],
    ["javascript: link hidden by an entity and a tab", '<a href=" jav&#x09;ascript:alert(1)">click</a>', "click"],
    ["javascript: link in capitals", '<a href="JAVASCRIPT:alert(1)">click</a>', "click"],
    ["<a onclick>", `<a href="${ORG}" onclick="steal()">link</a>`, safeLink(ORG, "link")],
    ["<em onmouseover>", '<em onmouseover="steal()">hover</em>', "<em>hover</em>"],
    ["<iframe>", '<iframe src="https://evil.example/"></iframe>after', "after"],
    ["<iframe> hiding a script in its fallback", "<iframe><script>alert(1)</script>fallback", "fallback"],
    ["<style>", "<style>body { display: none }</style>shown", "shown"],
    ["style attribute", '<strong style="position:fixed;inset:0">big</strong>', "<strong>big</strong>"],
    ["tags closed out of order", "<strong><em>both</strong> after</em>", "<strong><em>both</em></strong> after"],
    ["an unclosed tag", "<em>never closed", "<em>never closed</em>"],
    ["an unclosed hostile tag", '<img src=x onerror="alert(1)"', ""],
    ["a disallowed tag around allowed text", "<p><em>in a paragraph</em></p>", "<em>in a paragraph</em>"],
    ["data: URL", '<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">data</a>', "data"],
    ["vbscript: URL", '<a href="vbscript:msgbox(1)">vb</a>', "vb"],
    ["a protocol-relative URL", '<a href="//evil.example/">pr</a>', "pr"],
    ["a relative URL", '<a href="/contact">contact</a>', "contact"],
    ["a link without href", "<a name=x>anchor</a>", "anchor"],
    ["target and a hand-written rel", `<a href="${ORG}" target="_blank" rel="opener">t</a>`, safeLink(ORG, "t")],
    ["<svg onload>", '<svg onload="alert(1)"><circle r="1"/></svg>svg', "svg"],
    ["<form> with a button", '<form action="https://evil.example/"><button>go</button></form>', "go"],
    ["<object> and <embed>", '<object data="x.swf"></object><embed src="x.swf">rest', "rest"],
    [
      "a link inside a link",
      '<a href="https://a.example/">one <a href="https://b.example/">two</a></a>',
      '<a href="https://a.example/" rel="noopener noreferrer">one </a><a href="https://b.example/" rel="noopener noreferrer">two</a>',
    ],
    ["<meta refresh>", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">meta', "meta"],
    ["an HTML comment that closes early", "<!--><img src=x onerror=alert(1)>-->", "--&gt;"],
    [
      "markup smuggled in an attribute",
      `<a href="${ORG}" title="&quot;><script>alert(1)</script>">q</a>`,
      safeLink(ORG, "q"),
    ],
  ])("%s", (_name, raw, expected) => {
    const result = sanitiseInlineHtml(raw);
    expect(result.html).toBe(expected);
    expectInert(result.html);
    expect(result.changed, "the content check must hear that markup was dropped").toBe(true);
  });

  it("keeps the text of a javascript: link but never the link", () => {
    const html = clean('Read <a href="javascript:alert(document.cookie)">the standard</a>.');
    expect(html).toBe("Read the standard.");
  });
});

describe("the InlineHtml type", () => {
  it("comes only from the sanitiser: a raw string does not type-check as InlineHtml", () => {
    // @ts-expect-error a raw string is not InlineHtml (npm test's type check proves this line fails)
    const raw: InlineHtml = "<img src=x onerror=alert(1)>";
    const sanitised: InlineHtml = sanitiseInlineHtml(raw).html;
    expect(sanitised).toBe("");
  });
});
