import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  twoColourImage,
  withJpegSize,
  withPngSize,
  type FixtureFormat,
} from "../../../../tests/support/images.ts";
import { ImageError } from "./errors.ts";
import { inspectImage, openImage } from "./inspect.ts";

async function refusal(bytes: Uint8Array): Promise<ImageError> {
  const error = await inspectImage(bytes).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImageError);
  return error as ImageError;
}

describe("inspectImage", () => {
  it.each([
    ["jpeg", "image/jpeg"],
    ["png", "image/png"],
    ["webp", "image/webp"],
    ["avif", "image/avif"],
  ] as const)("takes a %s image and reads its size", async (format, mimeType) => {
    const facts = await inspectImage(await twoColourImage(format, 40, 30));
    expect(facts).toMatchObject({ format, mimeType, width: 40, height: 30 });
  });

  it("tells a lossless WebP from a lossy one", async () => {
    const lossless = await sharp(await twoColourImage("png"))
      .webp({ lossless: true })
      .toBuffer();
    expect((await inspectImage(lossless)).lossless).toBe(true);
    expect((await inspectImage(await twoColourImage("webp"))).lossless).toBe(false);
  });

  const svg = Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
      "<script>alert(document.cookie)</script></svg>",
  );
  const refusedBytes: [string, () => Promise<Uint8Array> | Uint8Array, string, RegExp][] = [
    ["an SVG", () => svg, "image/svg+xml", /an SVG image.*SVG can carry scripts/u],
    [
      "an SVG after a byte-order mark and a comment",
      () => Buffer.concat([Buffer.from("\uFEFF<!-- logo -->\n"), svg.subarray(22)]),
      "image/svg+xml",
      /an SVG image/u,
    ],
    ["a GIF", () => twoColourImage("gif"), "image/gif", /a GIF image/u],
    ["a TIFF", () => twoColourImage("tiff"), "image/tiff", /a TIFF image/u],
    [
      "a HEIC photo",
      () => Buffer.from("0000001c667479706865696300000000686569636d696631", "hex"),
      "image/heic",
      /a HEIC photo/u,
    ],
    [
      "a HEIF image of no known brand",
      () => Buffer.from("00000010667479706d69663100000000", "hex"),
      "image/heif",
      /a HEIF image/u,
    ],
    ["a PDF", () => Buffer.from("%PDF-1.7\n1 0 obj\n"), "application/pdf", /a PDF document/u],
    ["an HTML page", () => Buffer.from("<!DOCTYPE html><p>hi"), "text/html", /an HTML document/u],
    ["text", () => Buffer.from("name,email\nLayla,layla@example.org\n"), "text/plain", /is text/u],
    ["nothing", () => Buffer.alloc(0), "application/x-empty", /is empty/u],
    [
      "bytes of no known kind",
      () => Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0x10, 0x80, 0x07]),
      "application/octet-stream",
      /of an unknown kind/u,
    ],
  ];
  it.each(refusedBytes)("refuses %s, naming what it is", async (_name, bytes, mimeType, words) => {
    const error = await refusal(await bytes());
    expect(error).toMatchObject({ statusCode: 415, code: "InvalidMimeType" });
    expect(error.message).toMatch(
      new RegExp(`^mime type ${mimeType.replace("+", "\\+")} is not supported: `, "u"),
    );
    expect(error.message).toMatch(words);
    expect(error.message).toMatch(/not a JPEG, PNG, WebP or AVIF image/u);
  });

  it.each(["jpeg", "png", "webp", "avif"] as FixtureFormat[])(
    "refuses bytes that begin as %s and are not one",
    async (format) => {
      const image = await twoColourImage(format);
      const broken = Buffer.concat([image.subarray(0, 16), Buffer.alloc(64, 0x41)]);
      const error = await refusal(broken);
      expect(error).toMatchObject({ statusCode: 415, code: "InvalidMimeType" });
      expect(error.message).toMatch(/begins as an? \w+ image but cannot be read as one$/u);
    },
  );

  it("refuses an animated image", async () => {
    const still = await twoColourImage("png", 16, 16);
    const mirrored = await sharp(still).flop().toBuffer();
    const frames = await sharp([still, mirrored], { join: { animated: true } })
      .webp({ loop: 0 })
      .toBuffer();
    expect((await sharp(frames).metadata()).pages).toBe(2);
    const error = await refusal(frames);
    expect(error).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^Animated images/u) as unknown,
    });
  });

  describe("the decompression-bomb bound, read from the header", () => {
    it("takes a 48-megapixel phone photo (8000 × 6000)", async () => {
      const header = withJpegSize(await twoColourImage("jpeg"), 8000, 6000);
      expect(await inspectImage(header)).toMatchObject({ width: 8000, height: 6000 });
    });

    it.each([
      ["more than 50 megapixels", 8000, 6251],
      ["a side over 16,384 px", 16_385, 100],
      ["a tall side over 16,384 px", 100, 16_385],
    ])("refuses %s", async (_name, width, height) => {
      const error = await refusal(withJpegSize(await twoColourImage("jpeg"), width, height));
      expect(error).toMatchObject({ statusCode: 413, code: "EntityTooLarge" });
      expect(error.message).toMatch(
        new RegExp(
          `^The image is ${width} × ${height} pixels .*50 megapixels and 16384 pixels a side$`,
          "u",
        ),
      );
    });

    it("refuses a PNG that declares 4 gigapixels at once, without decoding it", async () => {
      // Its header alone says so: decoded, these few bytes could not fill 4 gigapixels, and
      // the refusal would be another (a truncated image), or none.
      const bomb = withPngSize(await twoColourImage("png"), 65_535, 65_535);
      const error = await refusal(bomb);
      expect(error.message).toMatch(/^The image is 65535 × 65535 pixels \(4295 megapixels\)/u);
    });

    it("is the bound every pipeline opened on untrusted bytes keeps", async () => {
      const bomb = withPngSize(await twoColourImage("png"), 10_000, 10_000);
      await expect(openImage(bomb).resize(10).toBuffer()).rejects.toThrow(/exceeds pixel limit/u);
    });
  });
});
