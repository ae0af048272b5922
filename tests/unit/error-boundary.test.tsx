/** The root error screen: headed 'Unexpected Application Error!', with the message. */
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "~/root";

function render(error: unknown): string {
  const props = { error, params: {} } as Parameters<typeof ErrorBoundary>[0];
  return renderToStaticMarkup(
    <MemoryRouter>
      <ErrorBoundary {...props} />
    </MemoryRouter>,
  );
}

describe("root error boundary", () => {
  it("shows the heading and the error's message", () => {
    const html = render(new Error("The case study index could not be read"));
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("The case study index could not be read");
  });

  it("shows the 'Not Found...' screen for a 404", () => {
    const html = render({ status: 404, statusText: "Not Found", internal: false, data: null });
    expect(html).toContain("Not Found...");
    expect(html).not.toContain("Unexpected Application Error!");
  });
});
