import { describe, expect, it } from "vitest";
import { photoSources } from "./photo-crops.ts";

describe("a photo in its crop", () => {
  it("come from this site's own Storage, each cropped to the crop's exact shape", () => {
    const { src, srcSet, width, height } = photoSources("stories/a1.webp", "portrait");
    expect([width, height]).toEqual([192, 192]);
    expect(src).toBe(
      "/storage/v1/render/image/public/site-media/stories/a1.webp?width=128&height=128&resize=cover&quality=75",
    );
    expect(srcSet.split(", ").map((each) => each.replace(/^\S+ /u, ""))).toEqual([
      "64w",
      "128w",
      "192w",
    ]);
    expect(srcSet).toContain("?width=64&height=64&resize=cover&quality=75 64w");
  });

  it("keep a cover at 16:9 in every width", () => {
    const { srcSet, width, height } = photoSources("programs/c.jpg", "cover");
    expect([width, height]).toEqual([288, 162]);
    const sizes = [...srcSet.matchAll(/width=(\d+)&height=(\d+)/gu)].map(([, w, h]) => [
      Number(w),
      Number(h),
    ]);
    expect(sizes).toEqual([
      [96, 54],
      [192, 108],
      [288, 162],
    ]);
  });
});
