import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWeb } from "../../../../tests/support/render-web.tsx";
import { initialSiteContent } from "../../content/initial-site-content.ts";
import { StoryCards } from "./story-cards.tsx";

const content = initialSiteContent();
const stories = content.stories.map((story, index) =>
  index === 1
    ? {
        ...story,
        image: {
          path: "stories/speaker.webp",
          alt: { ar: "المتحدثة على المنصة", en: "The speaker on stage" },
        },
      }
    : story,
);

describe("<StoryCards>'s portraits", () => {
  it.each([
    ["ar", "المتحدثة على المنصة"],
    ["en", "The speaker on stage"],
  ] as const)("show a story's photo, described in %s, sized before it arrives", (language, alt) => {
    renderWeb(<StoryCards />, { language, site: { stories } });
    const photo = screen.getByRole("img", { name: alt });
    expect(screen.getAllByRole("img")).toEqual([photo]);
    expect(photo).toHaveAttribute("width", "192");
    expect(photo).toHaveAttribute("height", "192");
    expect(photo).toHaveAttribute("loading", "lazy");
    expect(photo).toHaveAttribute("decoding", "async");
    expect(photo.getAttribute("src")).toMatch(
      /^\/storage\/v1\/render\/image\/public\/site-media\/stories\/speaker\.webp\?width=128&height=128&resize=cover/u,
    );
    expect(photo.getAttribute("srcset")).toMatch(/ 64w, .* 192w$/u);
    expect(photo).toHaveAttribute("sizes", "4rem");
  });

  it("draws no picture for a story without one", () => {
    renderWeb(<StoryCards />, { language: "en", site: { stories: content.stories } });
    expect(screen.queryByRole("img")).toBeNull();
  });
});
