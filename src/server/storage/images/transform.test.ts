import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { twoColourImage, withPngSize } from "../../../../tests/support/images.ts";
import { ImageError } from "./errors.ts";
import {
  chooseFormat,
  outputFormat,
  defaultRenderBound,
  normaliseTransform,
  outputSize,
  parseSignedTransformations,
  parseTransformBody,
  parseTransformQuery,
  readSource,
  RenderQueue,
  renderImage,
  signedTransformations,
  type TransformOptions,
} from "./transform.ts";
import { Readable } from "node:stream";

const query = (text: string) => parseTransformQuery(new URLSearchParams(text));

describe("parseTransformQuery", () => {
  it.each([
    ["", {}],
    ["width=640", { width: 640 }],
    [
      "width=640&height=480&resize=contain&quality=75&format=origin",
      {
        width: 640,
        height: 480,
        resize: "contain",
        quality: 75,
        format: "origin",
      },
    ],
    ["width=0&height=0", {}],
    ["width=1e3", { width: 1000 }],
    ["width=5000&height=9999", { width: 2000, height: 2000 }],
    ["format=avif&quality=20", { format: "avif", quality: 20 }],
    ["resize=fill&format=webp&quality=100", { resize: "fill", format: "webp", quality: 100 }],
    ["download=cat.png&token=abc&cacheNonce=1&gravity=sm", {}],
  ] as [string, TransformOptions][])("reads %j", (text, options) => {
    const parsed = query(text);
    expect(
      Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined)),
    ).toEqual(options);
  });

  it.each([
    ["width=abc", "querystring/width must be integer"],
    ["width=", "querystring/width must be integer"],
    ["width=1.5", "querystring/width must be integer"],
    ["width=-1", "querystring/width must be >= 0"],
    ["width=1e999", 'querystring/width must pass "finite" keyword validation'],
    ["height=-Infinity", "querystring/height must be >= 0"],
    ["width=10&width=20", "querystring/width must be integer"],
    ["quality=19", "querystring/quality must be >= 20"],
    ["quality=101", "querystring/quality must be <= 100"],
    ["quality=80.5", "querystring/quality must be integer"],
    ["resize=crop", "querystring/resize must be equal to one of the allowed values"],
    ["resize=cover%0Amalicious", "querystring/resize must be equal to one of the allowed values"],
    ["format=png", "querystring/format must be equal to one of the allowed values"],
    ["format=avif%0Amalicious", "querystring/format must be equal to one of the allowed values"],
    ["quality=5&width=abc", "querystring/width must be integer"],
    ["quality=5&format=gif", "querystring/format must be equal to one of the allowed values"],
  ])("refuses %s with 400 and Fastify's words", (text, message) => {
    let thrown: unknown;
    try {
      query(text);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ImageError);
    expect(thrown).toMatchObject({
      statusCode: 400,
      status: 400,
      code: "InvalidRequest",
      error: "FastifyError",
      message,
    });
  });
});

describe("parseTransformBody", () => {
  it("reads a sign request's transform as a query's, with the body's place in its words", () => {
    expect(parseTransformBody({ width: 200, height: "100", resize: "contain" })).toMatchObject({
      width: 200,
      height: 100,
      resize: "contain",
    });
    expect(parseTransformBody(undefined)).toEqual({});
    for (const [transform, message] of [
      [{ width: "wide" }, "body/transform/width must be integer"],
      [{ width: null }, "body/transform/width must be integer"],
      [{ quality: 5 }, "body/transform/quality must be >= 20"],
      [{ resize: ["cover"] }, "body/transform/resize must be string"],
      [{ format: "png" }, "body/transform/format must be equal to one of the allowed values"],
      ["small", "body/transform must be object"],
    ] as const) {
      expect(() => parseTransformBody(transform)).toThrow(message);
    }
  });
});

describe("signed transformations", () => {
  it("are written as Supabase's sign endpoint writes them, and read back alike", () => {
    const options: TransformOptions = {
      width: 200,
      height: 100,
      resize: "contain",
      quality: 70,
      format: "webp",
    };
    const text = signedTransformations(options);
    expect(text).toBe("height:100,width:200,resize:contain,quality:70,format:webp");
    expect(parseSignedTransformations(text)).toEqual(options);
    expect(signedTransformations({ width: 9000, format: "origin" })).toBe(
      "width:2000,format:origin",
    );
    expect(parseSignedTransformations("width:2000,format:origin")).toMatchObject({
      format: "origin",
    });
    expect(signedTransformations({ width: 0 })).toBe("");
  });

  it("read what Supabase itself signs, an unset resize included", () => {
    expect(parseSignedTransformations("height:100,width:100,resize:undefined")).toMatchObject({
      width: 100,
      height: 100,
      resize: undefined,
    });
    expect(parseSignedTransformations("width:abc,quality:,gravity:sm:0:0")).toMatchObject({
      width: undefined,
      quality: undefined,
    });
  });
});

describe("chooseFormat", () => {
  const chrome = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
  it.each([
    [{}, chrome, "webp"],
    [{}, "image/png,image/*;q=0.8", "compatible"],
    [{}, undefined, "compatible"],
    [{ format: "origin" }, chrome, "origin"],
    [{ format: "avif" }, "*/*", "avif"],
    [{ format: "webp" }, undefined, "webp"],
  ] as [TransformOptions, string | undefined, string][])(
    "%j with Accept %s gives %s",
    (options, accept, choice) => {
      expect(chooseFormat(options, accept)).toBe(choice);
    },
  );
});

describe("outputFormat", () => {
  it.each([
    ["compatible", "webp", "jpeg"],
    ["compatible", "avif", "jpeg"],
    ["compatible", "png", "png"],
    ["compatible", "jpeg", "jpeg"],
    ["origin", "webp", "webp"],
    ["webp", "jpeg", "webp"],
  ] as const)("renders %s of a %s source as %s", (choice, source, format) => {
    expect(outputFormat(choice, source)).toBe(format);
  });
});

describe("normaliseTransform", () => {
  it("says the same for options that render the same image", () => {
    expect(normaliseTransform({ width: 640 })).toBe(
      normaliseTransform({ width: 640, resize: "cover" }),
    );
    expect(normaliseTransform({ width: 5000 })).toBe(normaliseTransform({ width: 2000 }));
    expect(normaliseTransform({ resize: "fill" })).toBe(normaliseTransform({}));
    expect(normaliseTransform({ width: 640 })).not.toBe(normaliseTransform({ height: 640 }));
    expect(normaliseTransform({ width: 640, height: 480, resize: "fill" })).not.toBe(
      normaliseTransform({ width: 640, height: 480 }),
    );
    expect(normaliseTransform({ quality: 50 })).not.toBe(normaliseTransform({}));
  });
});

describe("outputSize", () => {
  const photo = { width: 4000, height: 3000 };
  it.each([
    [{ width: 640 }, { width: 640, height: 480, fit: "fill" }],
    [{ height: 300 }, { width: 400, height: 300, fit: "fill" }],
    [
      { width: 640, height: 640 },
      { width: 640, height: 640, fit: "cover" },
    ],
    [
      { width: 640, height: 640, resize: "contain" },
      { width: 640, height: 480, fit: "fill" },
    ],
    [
      { width: 640, height: 640, resize: "fill" },
      { width: 640, height: 640, fit: "fill" },
    ],
    [{}, { width: 2000, height: 1500, fit: "fill" }],
    [{ quality: 50 }, { width: 2000, height: 1500, fit: "fill" }],
  ] as [TransformOptions, object][])(
    "renders a 4000 × 3000 photo for %j at %j",
    (options, size) => {
      expect(outputSize(photo, options)).toEqual(size);
    },
  );

  it("never enlarges, and keeps a tall image within 2000 px", () => {
    const small = { width: 300, height: 200 };
    expect(outputSize(small, { width: 640 })).toEqual({ width: 300, height: 200, fit: "fill" });
    expect(outputSize(small, { width: 640, height: 100 })).toEqual({
      width: 300,
      height: 100,
      fit: "cover",
    });
    expect(outputSize(small, { width: 640, height: 640, resize: "contain" })).toEqual({
      width: 300,
      height: 200,
      fit: "fill",
    });
    expect(outputSize(small, { width: 640, height: 100, resize: "fill" })).toEqual({
      width: 300,
      height: 100,
      fit: "fill",
    });
    expect(outputSize({ width: 3000, height: 16000 }, { width: 2000 })).toEqual({
      width: 375,
      height: 2000,
      fit: "fill",
    });
  });
});

describe("renderImage", () => {
  it("renders a 640-wide WebP of a larger photo, with no metadata", async () => {
    const source = await sharp(await twoColourImage("png", 1600, 1200))
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "33/1 53/1 2/1" } })
      .toBuffer();
    const rendered = await renderImage(source, { width: 640 }, "webp");
    expect(rendered).toMatchObject({
      format: "webp",
      mimeType: "image/webp",
      width: 640,
      height: 480,
    });
    const metadata = await sharp(rendered.bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 640, height: 480 });
    expect(metadata.exif).toBeUndefined();
  });

  it("keeps the source's format for origin, and crops the centre for cover", async () => {
    const rendered = await renderImage(
      await twoColourImage("png", 64, 32),
      { width: 16, height: 16 },
      "origin",
    );
    expect(rendered).toMatchObject({ format: "png", width: 16, height: 16 });
    const { data } = await sharp(rendered.bytes).raw().toBuffer({ resolveWithObject: true });
    // The centre of red-then-blue: red on the left edge, blue on the right.
    expect(data[0]).toBeGreaterThan(200);
    expect(data[15 * 3 + 2]).toBeGreaterThan(200);
  });

  it("renders AVIF when asked by name", async () => {
    const rendered = await renderImage(await twoColourImage("jpeg", 64, 32), { width: 32 }, "avif");
    expect(rendered).toMatchObject({
      format: "avif",
      mimeType: "image/avif",
      width: 32,
      height: 16,
    });
  });

  it.each([
    [
      "an SVG",
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      "The source image is invalid or unsupported for rendering",
    ],
    [
      "a GIF",
      () => twoColourImage("gif"),
      "The source image is invalid or unsupported for rendering",
    ],
    [
      "a bomb",
      async () => withPngSize(await twoColourImage("png"), 30_000, 30_000),
      "The source image resolution is too large to process",
    ],
  ])("refuses %s in the words of Supabase's renderer", async (_name, source, message) => {
    await expect(renderImage(await source(), { width: 10 }, "webp")).rejects.toMatchObject({
      statusCode: 400,
      code: "InvalidRequest",
      message,
    });
  });
});

describe("readSource", () => {
  it("reads a source within 25 MB and refuses a larger one unread", async () => {
    expect(await readSource(Readable.from([Buffer.from("ab"), Buffer.from("c")]), 3)).toEqual(
      Buffer.from("abc"),
    );
    const body = Readable.from([Buffer.from("never read")]);
    await expect(readSource(body, 26 * 1024 * 1024)).rejects.toMatchObject({
      message: "The source image file is too large to process",
    });
    expect(body.destroyed).toBe(true);
  });
});

describe("RenderQueue", () => {
  function deferred() {
    let resolve = () => {};
    const promise = new Promise<void>((done) => (resolve = done));
    return { promise, resolve };
  }

  it("takes turns between clients: one client's many renders never hold back another's one", async () => {
    const queue = new RenderQueue({ running: 1, waiting: 16 });
    const started: string[] = [];
    const job = (name: string) => () => {
      started.push(name);
      return Promise.resolve();
    };
    await Promise.all([
      queue.run(job("a0"), undefined, "192.0.2.1"),
      queue.run(job("a1"), undefined, "192.0.2.1"),
      queue.run(job("a2"), undefined, "192.0.2.1"),
      queue.run(job("b0"), undefined, "192.0.2.2"),
      queue.run(job("b1"), undefined, "192.0.2.2"),
      queue.run(job("upload"), undefined),
    ]);
    expect(started).toEqual(["a0", "b0", "upload", "a1", "b1", "a2"]);
    expect(queue.load).toBe(0);
  });

  it("runs at most its bound at once, the rest in order, and refuses past its queue", async () => {
    const queue = new RenderQueue({ running: 2, waiting: 2 });
    const gates = Array.from({ length: 4 }, deferred);
    const started: number[] = [];
    let peak = 0;
    let running = 0;
    const jobs = gates.map((gate, index) =>
      queue.run(async () => {
        started.push(index);
        running += 1;
        peak = Math.max(peak, running);
        await gate.promise;
        running -= 1;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.load).toBe(4);
    await expect(queue.run(() => Promise.resolve("too many"))).rejects.toMatchObject({
      statusCode: 429,
      status: 429,
      message: "Too many requests",
    });
    gates[1]?.resolve();
    await jobs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
    expect(queue.load).toBe(0);
  });

  it("frees the slot of a render that fails", async () => {
    const queue = new RenderQueue({ running: 1, waiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error("broken source")))).rejects.toThrow(
      "broken source",
    );
    expect(await queue.run(() => Promise.resolve("next"))).toBe("next");
  });

  it("leaves one core to the requests", () => {
    expect(defaultRenderBound(1)).toEqual({ running: 1, waiting: 16 });
    expect(defaultRenderBound(2)).toEqual({ running: 1, waiting: 16 });
    expect(defaultRenderBound(8)).toEqual({ running: 7, waiting: 112 });
  });
});
