import { availableParallelism } from "node:os";
import type { Readable } from "node:stream";
import sharp, { type Sharp } from "sharp";
import { ImageError, imageError } from "./errors.ts";
import { imageMimeTypes, inspectImage, openImage, type ImageFormat } from "./inspect.ts";

export const resizeModes = ["cover", "contain", "fill"] as const;
export const requestedFormats = ["origin", "avif", "webp"] as const;

/** Supabase's transform options, as supabase-js sends them (`transform: {...}`). */
export interface TransformOptions {
  width?: number | undefined;
  height?: number | undefined;
  resize?: (typeof resizeModes)[number] | undefined;
  quality?: number | undefined;
  format?: (typeof requestedFormats)[number] | undefined;
}

/** Supabase Storage's bounds on an asked size (IMAGE_TRANSFORMATION_LIMIT_MIN/MAX_SIZE). */
export const minOutputSide = 1;
export const maxOutputSide = 2000;
/** The largest source rendered, as Supabase's hosted transforms bound it. */
export const maxSourceBytes = 25 * 1024 * 1024;

const defaultQuality: Record<ImageFormat, number> = { jpeg: 80, png: 80, webp: 80, avif: 60 };

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

type Parameter =
  | { name: "height" | "width"; type: "integer"; minimum: number }
  | { name: "quality"; type: "integer"; minimum: number; maximum: number }
  | { name: "resize" | "format"; type: "string"; allowed: readonly string[] };

// In the order of Supabase's schema (src/http/schemas/transformations.ts), which is the order its
// validator reports the first problem in.
const parameters: Parameter[] = [
  { name: "height", type: "integer", minimum: 0 },
  { name: "width", type: "integer", minimum: 0 },
  { name: "resize", type: "string", allowed: resizeModes },
  { name: "format", type: "string", allowed: requestedFormats },
  { name: "quality", type: "integer", minimum: 20, maximum: 100 },
];

/** An integer as Fastify's validator coerces one (`"1e3"` is 1000, `""` is nothing). */
function integerOf(parameter: Parameter, given: unknown, where: string): number {
  const problem = (words: string) =>
    imageError.invalidParameter(`${where}/${parameter.name} ${words}`);
  const value = typeof given === "number" || typeof given === "string" ? Number(given) : Number.NaN;
  if (given === "" || Number.isNaN(value) || (!Number.isInteger(value) && Number.isFinite(value))) {
    throw problem("must be integer");
  }
  if ("minimum" in parameter && value < parameter.minimum) {
    throw problem(`must be >= ${parameter.minimum}`);
  }
  if ("maximum" in parameter && value > parameter.maximum) {
    throw problem(`must be <= ${parameter.maximum}`);
  }
  if (!Number.isFinite(value)) throw problem('must pass "finite" keyword validation');
  return value;
}

/** Checks each parameter's values as Supabase Storage's schema does, in its order. */
function parseTransform(valuesOf: (name: string) => unknown[], where: string): TransformOptions {
  const options: Record<string, string | number> = {};
  for (const parameter of parameters) {
    const values = valuesOf(parameter.name);
    if (values.length === 0) continue;
    const [given] = values;
    const problem = (words: string) =>
      imageError.invalidParameter(`${where}/${parameter.name} ${words}`);
    if (values.length > 1) throw problem(`must be ${parameter.type}`);
    if (parameter.type === "integer") {
      options[parameter.name] = integerOf(parameter, given, where);
    } else if (typeof given !== "string" && typeof given !== "number") {
      throw problem("must be string");
    } else if (parameter.allowed.includes(String(given))) {
      options[parameter.name] = String(given);
    } else {
      throw problem("must be equal to one of the allowed values");
    }
  }
  return resolved(options);
}

/**
 * A render route's query, checked as Supabase Storage's schema checks it (the same bounds and
 * Fastify's words), then resolved as its renderer does: 0 is no size, sizes are clamped to
 * 1–2000, and other parameters (`download`, `token`, a cache nonce) are the route's.
 */
export function parseTransformQuery(query: URLSearchParams): TransformOptions {
  return parseTransform((name) => query.getAll(name), "querystring");
}

/** A sign request's `transform`, checked as the query of a render is. */
export function parseTransformBody(transform: unknown): TransformOptions {
  if (transform === undefined) return {};
  if (typeof transform !== "object" || transform === null || Array.isArray(transform)) {
    throw imageError.invalidParameter("body/transform must be object");
  }
  const fields = transform as Record<string, unknown>;
  return parseTransform(
    (name) => (fields[name] === undefined ? [] : [fields[name]]),
    "body/transform",
  );
}

function resolved(options: TransformOptions): TransformOptions {
  const size = (value: number | undefined) =>
    value ? clamp(value, minOutputSide, maxOutputSide) : undefined;
  return {
    width: size(options.width),
    height: size(options.height),
    resize: options.resize,
    quality: options.quality ? clamp(options.quality, 20, 100) : undefined,
    format: options.format,
  };
}

/**
 * The transformations a signed render URL's token carries, as Supabase's sign endpoint writes
 * them (`height:200,width:200,resize:contain`), for `/object/sign` with `transform`.
 */
export function signedTransformations(options: TransformOptions): string {
  const { width, height, resize, quality, format } = resolved(options);
  return [
    height && `height:${height}`,
    width && `width:${width}`,
    (width || height) && resize && `resize:${resize}`,
    quality && `quality:${quality}`,
    // Supabase leaves `origin` out, and its signed renders then follow the Accept header.
    format && `format:${format}`,
  ]
    .filter(Boolean)
    .join(",");
}

// imgproxy's names for Supabase's resize modes (its ImageRenderer.formatResizeType).
const imgproxyResize: Record<(typeof resizeModes)[number], string> = {
  cover: "fill",
  contain: "fit",
  fill: "force",
};

/**
 * What a render answers in `X-Transformations`, as Supabase's renderer writes it from the
 * transform it applies (ImageRenderer.applyTransformation): `height:200,width:200,
 * resizing_type:fill,quality:60`; empty for a render that asks for nothing.
 */
export function appliedTransformations(options: TransformOptions): string {
  const { width, height, resize, quality, format } = resolved(options);
  return [
    height && `height:${height}`,
    width && `width:${width}`,
    (width || height) && `resizing_type:${imgproxyResize[resize ?? "cover"]}`,
    quality && `quality:${quality}`,
    format && format !== "origin" && `format:${format}`,
  ]
    .filter(Boolean)
    .join(",");
}

/** A signed token's transformations, read as Supabase's renderer reads them. */
export function parseSignedTransformations(text: string): TransformOptions {
  const options: TransformOptions = {};
  for (const pair of text.split(",")) {
    const [name, value] = pair.split(":");
    if (value === undefined || value === "") continue;
    if (name === "width" || name === "height" || name === "quality") {
      const number = Number.parseInt(value, 10);
      if (Number.isFinite(number)) options[name] = number;
    } else if (name === "resize" && (resizeModes as readonly string[]).includes(value)) {
      options.resize = value as TransformOptions["resize"];
    } else if (name === "format" && (requestedFormats as readonly string[]).includes(value)) {
      options.format = value as TransformOptions["format"];
    }
  }
  return resolved(options);
}

/**
 * The output format, before the source is read: "origin" is the source's own; "compatible" the
 * source's own where every browser shows it (JPEG, PNG), else JPEG.
 */
export type FormatChoice = "origin" | "compatible" | "webp" | "avif";

/**
 * As Supabase answers: the format asked for; else WebP when the client accepts it (what its
 * hosted service and imgproxy's WebP detection do). AVIF only when asked for by name: it takes
 * several times WebP's time to encode, which a small server's first renders cannot spare.
 * Where Supabase would then answer the source's own format, and the source is WebP or AVIF (the
 * site editor uploads WebP), a client that did not say it takes it gets JPEG: an older Safari,
 * or a link preview's reader, would otherwise be sent a photo it cannot show.
 */
export function chooseFormat(options: TransformOptions, accept: string | undefined): FormatChoice {
  if (options.format === "webp" || options.format === "avif") return options.format;
  if (options.format === "origin") return "origin";
  return accept?.toLowerCase().includes("image/webp") ? "webp" : "compatible";
}

/** The format a render is encoded in, once the source's is known. */
export function outputFormat(choice: FormatChoice, source: ImageFormat): ImageFormat {
  if (choice === "origin") return source;
  if (choice === "compatible") return source === "webp" || source === "avif" ? "jpeg" : source;
  return choice;
}

/** What a variant is for the cache: equal options that render the same image say the same. */
export function normaliseTransform(options: TransformOptions): string {
  const { width, height, resize, quality } = resolved(options);
  const sized = width !== undefined || height !== undefined;
  return [
    `width=${width ?? ""}`,
    `height=${height ?? ""}`,
    `resize=${sized ? (resize ?? "cover") : ""}`,
    `quality=${quality ?? ""}`,
  ].join("&");
}

interface Size {
  width: number;
  height: number;
}

/**
 * The rendered size, as imgproxy gives it behind Supabase (never enlarged): `cover` fills the box
 * and crops the centre, `contain` fits inside it, `fill` stretches to it; one side alone keeps
 * the proportions. Without a size the image keeps its own, within 2000 px a side.
 */
export function outputSize(
  source: Size,
  options: TransformOptions,
): Size & { fit: "cover" | "fill" } {
  const { width, height, resize = "cover" } = options;
  const scaled = (scale: number) => ({
    width: Math.max(1, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
  });
  if (width && height) {
    if (resize === "fill") {
      return {
        width: Math.min(width, source.width),
        height: Math.min(height, source.height),
        fit: "fill",
      };
    }
    if (resize === "contain") {
      return { ...scaled(Math.min(1, width / source.width, height / source.height)), fit: "fill" };
    }
    const covering = scaled(Math.min(1, Math.max(width / source.width, height / source.height)));
    return {
      width: Math.min(width, covering.width),
      height: Math.min(height, covering.height),
      fit: "cover",
    };
  }
  const asked = width ? width / source.width : height ? height / source.height : 1;
  const scale = Math.min(1, asked, maxOutputSide / source.width, maxOutputSide / source.height);
  return { ...scaled(scale), fit: "fill" };
}

export interface RenderedImage {
  bytes: Buffer;
  format: ImageFormat;
  mimeType: string;
  width: number;
  height: number;
}

function encode(pipeline: Sharp, format: ImageFormat, quality: number): Sharp {
  switch (format) {
    case "jpeg":
      return pipeline.jpeg({ quality });
    case "png":
      return pipeline.png();
    case "webp":
      return pipeline.webp({ quality });
    case "avif":
      return pipeline.avif({ quality, effort: 4 });
  }
}

/** The source's refusals in the words Supabase's renderer gives them. */
function asSourceError(error: unknown): unknown {
  if (!(error instanceof ImageError)) return error;
  return error.statusCode === 413
    ? imageError.sourceResolutionTooLarge()
    : imageError.sourceUnsupported();
}

/**
 * Renders `source` (checked by its bytes and its header's size first) to the options and the
 * chosen format, its orientation applied and no metadata kept.
 */
export async function renderImage(
  source: Uint8Array,
  options: TransformOptions,
  choice: FormatChoice,
): Promise<RenderedImage> {
  const facts = await inspectImage(source).catch((error: unknown) => {
    throw asSourceError(error);
  });
  const format = outputFormat(choice, facts.format);
  const size = outputSize(facts, options);
  let pipeline = openImage(source)
    .autoOrient()
    .resize(size.width, size.height, { fit: size.fit, position: "centre" });
  // A WebP's transparency has no place in a JPEG: white beneath it, as a page's background.
  if (format === "jpeg" && facts.format !== "jpeg") {
    pipeline = pipeline.flatten({ background: "#ffffff" });
  }
  const quality = options.quality ?? defaultQuality[format];
  const { data, info } = await encode(pipeline, format, quality)
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw imageError.sourceUnsupported();
    });
  return {
    bytes: data,
    format,
    mimeType: imageMimeTypes[format],
    width: info.width,
    height: info.height,
  };
}

/**
 * A render source's bytes, refused unread past Supabase's hosted bound; stopped, its stream
 * closed, when `signal` says the render's requesters have gone.
 */
export async function readSource(
  body: Readable,
  size: number,
  signal?: AbortSignal,
): Promise<Buffer> {
  if (size > maxSourceBytes) {
    body.destroy();
    throw imageError.sourceFileTooLarge();
  }
  const stop = () => body.destroy(imageError.requesterGone());
  if (signal?.aborted) stop();
  signal?.addEventListener("abort", stop, { once: true });
  const chunks: Buffer[] = [];
  let read = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      read += chunk.length;
      if (read > maxSourceBytes) {
        body.destroy();
        throw imageError.sourceFileTooLarge();
      }
      chunks.push(chunk);
    }
  } finally {
    signal?.removeEventListener("abort", stop);
  }
  return Buffer.concat(chunks);
}

export interface RenderBound {
  /** Renders at once. */
  running: number;
  /** Renders that may wait; one more is refused with 429 at once. */
  waiting: number;
}

/**
 * Every core but one renders, so the thread that answers requests keeps a core of its own; a
 * render takes tens of milliseconds to a second, so sixteen waiting a slot is seconds at most.
 */
export function defaultRenderBound(cores = availableParallelism()): RenderBound {
  const running = Math.max(1, cores - 1);
  return { running, waiting: running * 16 };
}

// One thread a render, so the bound on renders is the bound on cores they take; and no
// operation cache: every render decodes bytes of its own, so a cached operation is never reused.
sharp.concurrency(1);
sharp.cache(false);

interface Waiter {
  client: string;
  turn: () => void;
}

/**
 * At most `running` renders at once, the rest waiting their turn. sharp works on libuv's
 * threads, which also read the files pages are served from: unbounded, ten first renders would
 * take every core and every such thread. Turns are fair between clients: a free slot goes to the
 * oldest waiter of the client with the fewest renders running, and between equals to the client
 * served longest ago, so one visitor's many renders never hold back another's one.
 */
export class RenderQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  /** Per client with work running or waiting: renders running, and when it was last served. */
  private readonly clients = new Map<string, { running: number; served: number }>();
  private served = 0;

  constructor(readonly bound: RenderBound = defaultRenderBound()) {}

  /** Renders running or waiting. */
  get load(): number {
    return this.running + this.waiting.length;
  }

  /**
   * Runs `job` for `client` (an address; uploads' clean-ups share one) in its turn. When
   * `signal` aborts while it waits, it leaves the queue at once and never runs; once it runs,
   * the job itself decides what an abort stops.
   */
  async run<T>(job: () => Promise<T>, signal?: AbortSignal, client = ""): Promise<T> {
    if (signal?.aborted) throw imageError.requesterGone();
    if (this.running < this.bound.running) {
      this.running += 1;
      this.start(client);
    } else if (this.waiting.length < this.bound.waiting) {
      // The slot is handed over by the render that ends, so `running` is not counted again.
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          client,
          turn: () => {
            signal?.removeEventListener("abort", leave);
            resolve();
          },
        };
        const leave = () => {
          const place = this.waiting.indexOf(waiter);
          if (place === -1) return;
          this.waiting.splice(place, 1);
          this.forgetIdle(client);
          reject(imageError.requesterGone());
        };
        this.waiting.push(waiter);
        signal?.addEventListener("abort", leave, { once: true });
      });
    } else {
      throw imageError.renderQueueFull();
    }
    try {
      return await job();
    } finally {
      this.end(client);
    }
  }

  private start(client: string): void {
    this.served += 1;
    const facts = this.clients.get(client) ?? { running: 0, served: 0 };
    this.clients.set(client, { running: facts.running + 1, served: this.served });
  }

  private end(client: string): void {
    const facts = this.clients.get(client);
    if (facts) facts.running -= 1;
    const place = this.nextPlace();
    const next = place === -1 ? undefined : this.waiting.splice(place, 1)[0];
    this.forgetIdle(client);
    if (!next) {
      this.running -= 1;
      return;
    }
    this.start(next.client);
    next.turn();
  }

  private nextPlace(): number {
    let best = -1;
    let bestRunning = Infinity;
    let bestServed = Infinity;
    this.waiting.forEach((waiter, place) => {
      const facts = this.clients.get(waiter.client);
      const running = facts?.running ?? 0;
      const served = facts?.served ?? 0;
      if (running < bestRunning || (running === bestRunning && served < bestServed)) {
        best = place;
        bestRunning = running;
        bestServed = served;
      }
    });
    return best;
  }

  /** A client with nothing running or waiting is forgotten: it comes back as a new one. */
  private forgetIdle(client: string): void {
    const facts = this.clients.get(client);
    if (!facts || facts.running > 0) return;
    if (this.waiting.some((waiter) => waiter.client === client)) return;
    this.clients.delete(client);
  }
}
