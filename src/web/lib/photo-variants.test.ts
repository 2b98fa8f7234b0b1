import { afterEach, describe, expect, it, vi } from "vitest";
import { photoUrl } from "./photo-variants.ts";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("a photo's variants", () => {
  it("come from this site's own Storage, by a path from the root", () => {
    expect(photoUrl("stories/صورة 1.webp", 480, 480)).toBe(
      "/storage/v1/render/image/public/site-media/stories/%D8%B5%D9%88%D8%B1%D8%A9%201.webp?width=480&height=480&resize=cover&quality=75",
    );
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
