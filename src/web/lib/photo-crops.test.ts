import { describe, expect, it } from "vitest";
import { photoSources } from "./photo-crops.ts";

describe("a photo in its crop", () => {
  it("come from this site's own Storage, each cropped to the crop's exact shape", () => {
    const { src, srcSet, width, height } = photoSources("stories/a1.webp", "portrait");
    expect([width, height]).toEqual([240, 240]);
    expect(src).toBe(
      "/storage/v1/render/image/public/site-media/stories/a1.webp?width=160&height=160&resize=cover&quality=75",
    );
    expect(srcSet.split(", ").map((each) => each.replace(/^\S+ /u, ""))).toEqual([
      "96w",
      "160w",
      "240w",
    ]);
    expect(srcSet).toContain("?width=96&height=96&resize=cover&quality=75 96w");
  });

  it("keep a cover at 16:9 in every width", () => {
    const { srcSet, width, height } = photoSources("programs/c.jpg", "cover");
    expect([width, height]).toEqual([320, 180]);
    const sizes = [...srcSet.matchAll(/width=(\d+)&height=(\d+)/gu)].map(([, w, h]) => [
      Number(w),
      Number(h),
    ]);
    expect(sizes).toEqual([
      [160, 90],
      [240, 135],
      [320, 180],
    ]);
  });
});
