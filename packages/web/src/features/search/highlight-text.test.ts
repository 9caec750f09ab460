import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HighlightText } from "./highlight-text";

const render = (segments: { text: string; mark: boolean }[]) => renderToStaticMarkup(createElement(HighlightText, { segments }));

describe("HighlightText", () => {
  it("renders marked segments in <mark> and the rest as plain text", () => {
    expect(render([{ text: "Vehículo", mark: true }, { text: " abandonado", mark: false }])).toBe(
      '<mark class="search-mark">Vehículo</mark> abandonado',
    );
  });

  it("never injects HTML from the text", () => {
    const html = render([{ text: "<img src=x onerror=alert(1)>", mark: false }, { text: "<b>x</b>", mark: true }]);
    expect(html).toBe('&lt;img src=x onerror=alert(1)&gt;<mark class="search-mark">&lt;b&gt;x&lt;/b&gt;</mark>');
    expect(html).not.toContain("<img");
  });

  it("renders nothing for no segments", () => {
    expect(render([])).toBe("");
  });
});
