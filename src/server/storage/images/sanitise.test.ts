import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  exifTags,
  jpegMarkers,
  phonePhoto,
  twoColourImage,
} from "../../../../tests/support/images.ts";
import { ImageError } from "./errors.ts";
import { sanitiseImage } from "./sanitise.ts";

const gpsDirectory = 0x8825;
const app1 = 0xe1;
const app2 = 0xe2;
const app13 = 0xed;

/** The colour at (x, y) of an image, as [red, green, blue]. */
async function colourAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]] as number[];
}

describe("sanitiseImage", () => {
  it("keeps no EXIF, GPS, serial number, XMP or colour profile of a phone's photo", async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    expect(exifTags(before.exif as Buffer)).toContain(gpsDirectory);
    expect(photo.includes("SN-4417-2209")).toBe(true);
    expect(before).toMatchObject({ orientation: 6, hasProfile: true });
    expect(before.xmp).toBeDefined();

    const { bytes, format, mimeType } = await sanitiseImage(photo);

    expect({ format, mimeType }).toEqual({ format: "jpeg", mimeType: "image/jpeg" });
    const after = await sharp(bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.hasProfile).toBe(false);
    expect(jpegMarkers(bytes)).not.toContain(app1);
    expect(jpegMarkers(bytes)).not.toContain(app2);
    expect(jpegMarkers(bytes)).not.toContain(app13);
    for (const trace of ["SN-4417-2209", "Kalima Phone", "Exif", "GPSLatitude", "adobe"]) {
      expect(bytes.includes(trace)).toBe(false);
    }
  });

  it("turns the pixels as the EXIF orientation said, so the photo stands as it was taken", async () => {
    // Stored 64 × 32 with red on the left; orientation 6 turns it a quarter clockwise.
    const { bytes, width, height } = await sanitiseImage(await phonePhoto());
    expect({ width, height }).toEqual({ width: 32, height: 64 });
    expect((await sharp(bytes).metadata()).width).toBe(32);
    const [topRed, , topBlue] = await colourAt(bytes, 16, 4);
    const [bottomRed, , bottomBlue] = await colourAt(bytes, 16, 59);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(60);
  });

  it.each(["png", "webp", "avif"] as const)(
    "keeps a %s a %s, without its metadata",
    async (format) => {
      const tagged = await sharp(await twoColourImage("png"))
        .toFormat(format)
        .withExif({
          IFD0: { Artist: "Layla" },
          IFD3: { GPSLatitudeRef: "N", GPSLatitude: "33/1 53/1 2/1" },
        })
        .toBuffer();
      expect((await sharp(tagged).metadata()).exif).toBeDefined();
      const { bytes, format: kept } = await sanitiseImage(tagged);
      expect(kept).toBe(format);
      const after = await sharp(bytes).metadata();
      expect(after.format).toBe(format === "avif" ? "heif" : format);
      expect(after.exif).toBeUndefined();
      expect(bytes.includes("Layla")).toBe(false);
    },
  );

  it("keeps a lossless WebP lossless", async () => {
    const lossless = await sharp(await twoColourImage("png"))
      .webp({ lossless: true })
      .toBuffer();
    const { bytes } = await sanitiseImage(lossless);
    expect(bytes.toString("latin1", 12, 16)).toBe("VP8L");
  });

  it("refuses what inspection refuses, before decoding", async () => {
    await expect(sanitiseImage(await twoColourImage("gif"))).rejects.toBeInstanceOf(ImageError);
  });
});
