import { afterEach, describe, expect, it, vi } from "vitest";
import { photoSources, photoUrl } from "./photo-variants.ts";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("a photo's variants", () => {
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

  it("come from the hosted project when the site is built for one", () => {
    vi.stubEnv("VITE_SUPABASE_URL", "https://abc.supabase.co/");
    expect(photoUrl("pages/home.png", 1200, 630, { absolute: true })).toBe(
      "https://abc.supabase.co/storage/v1/render/image/public/site-media/pages/home.png?width=1200&height=630&resize=cover&quality=75",
    );
  });

  it("name the site's public origin for readers outside the page", () => {
    expect(photoUrl("pages/home.png", 1200, 630, { absolute: true })).toBe(
      "https://kalima.example/storage/v1/render/image/public/site-media/pages/home.png?width=1200&height=630&resize=cover&quality=75",
    );
  });
});
