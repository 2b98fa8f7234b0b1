import { describe, expect, it } from "vitest";
import { photoSources } from "./photo-crops.ts";

describe("a photo in its crop", () => {
  it("come from this site's own Storage, each cropped to the crop's exact shape", () => {
    const { src, srcSet, width, height } = photoSources("stories/a1.webp", "portrait");
    expect([width, height]).toEqual([960, 960]);
    expect(src).toBe(
      "/storage/v1/render/image/public/site-media/stories/a1.webp?width=480&height=480&resize=cover&quality=75",
    );
    expect(srcSet.split(", ").map((each) => each.replace(/^\S+ /u, ""))).toEqual([
      "240w",
      "360w",
      "480w",
      "720w",
      "960w",
    ]);
    expect(srcSet).toContain("?width=240&height=240&resize=cover&quality=75 240w");
  });

  it("keep a cover at 16:9 in every width", () => {
    const { srcSet, width, height } = photoSources("programs/c.jpg", "cover");
    expect([width, height]).toEqual([1280, 720]);
    const sizes = [...srcSet.matchAll(/width=(\d+)&height=(\d+)/gu)].map(([, w, h]) => [
      Number(w),
      Number(h),
    ]);
    expect(sizes).toEqual([
      [480, 270],
      [640, 360],
      [960, 540],
      [1280, 720],
    ]);
  });
});
