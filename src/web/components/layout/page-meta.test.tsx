import { describe, expect, it } from "vitest";
import { renderWeb } from "../../../../tests/support/render-web.tsx";
import { initialSiteContent } from "../../content/initial-site-content.ts";
import { PageMeta } from "./page-meta.tsx";

const { meta } = initialSiteContent().pages;
const withPhoto = {
  ...meta,
  community: {
    ...meta.community,
    image: {
      path: "pages/community.jpg",
      alt: { ar: "حلقة من المتحدثين", en: "A circle of speakers" },
    },
  },
};

function tag(property: string) {
  const found = document.head.querySelector(
    `meta[property="${property}"], meta[name="${property}"]`,
  );
  return found?.getAttribute("content");
}

describe("<PageMeta>'s link preview", () => {
  it.each([
    ["ar", "/community", "حلقة من المتحدثين"],
    ["en", "/en/community", "A circle of speakers"],
  ] as const)("shows the team's picture in %s, absolute, at 1200×630", (language, path, alt) => {
    renderWeb(<PageMeta page="community" />, {
      language,
      path,
      site: { pages: { meta: withPhoto } },
    });
    expect(tag("og:image")).toBe(
      "https://kalima.example/storage/v1/render/image/public/site-media/pages/community.jpg?width=1200&height=630&resize=cover&quality=75",
    );
    expect([tag("og:image:width"), tag("og:image:height")]).toEqual(["1200", "630"]);
    expect(tag("og:image:alt")).toBe(alt);
    expect(tag("twitter:card")).toBe("summary_large_image");
  });

  it("keeps the site's own picture on a page without one", () => {
    renderWeb(<PageMeta page="community" />, { language: "en", site: { pages: { meta } } });
    expect(tag("og:image")).toBe("https://kalima.example/og-image.png");
    expect([tag("og:image:width"), tag("og:image:height")]).toEqual(["1200", "630"]);
  });
});
