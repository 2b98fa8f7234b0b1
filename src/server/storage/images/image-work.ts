import type { ImagesConfig } from "../../config.ts";
import type { Logger } from "../../log.ts";
import type { ReadBytes } from "../backend.ts";
import { VariantCache, variantKey, type CachedVariant } from "./cache.ts";
import { imageError } from "./errors.ts";
import { inspectImage, type ImageFacts } from "./inspect.ts";
import { FirstRenderLimit, RenderRateLimiter } from "./rate-limit.ts";
import { sanitiseImage, type SanitisedImage } from "./sanitise.ts";
import {
  chooseFormat,
  defaultRenderBound,
  normaliseTransform,
  readSource,
  RenderQueue,
  renderImage,
  type RenderBound,
  type TransformOptions,
} from "./transform.ts";

/** Who asks for a render: their address, and a signal that aborts when they have gone. */
export interface RenderRequester {
  client: string;
  signal?: AbortSignal | undefined;
}

/** An object to render: its version's key (objectKey) and how to read its bytes. */
export interface RenderSource {
  key: string;
  read: () => Promise<ReadBytes>;
}

/**
 * The photos' work on this instance: renders and upload clean-ups share one bound on cores, and
 * renders one cache on disk and the render routes' rate limit.
 */
export class ImageWork {
  readonly cache: VariantCache;
  readonly queue: RenderQueue;
  readonly limiter: RenderRateLimiter;
  readonly firstRenders: FirstRenderLimit;
  readonly #cleanBuckets: ReadonlySet<string>;

  /** Touches nothing on disk until the first render. */
  constructor(config: ImagesConfig, log: Logger, bound: RenderBound = defaultRenderBound()) {
    this.cache = new VariantCache(config.cacheDir, config.cacheMaxBytes, log);
    this.queue = new RenderQueue(bound);
    this.limiter = new RenderRateLimiter(config.renderPerSecond);
    this.firstRenders = new FirstRenderLimit(config.firstRendersPerClient);
    this.#cleanBuckets = new Set(config.cleanBuckets);
  }

  /** Whether a bucket's photos are re-encoded at upload (site-media, STORAGE_CLEAN_BUCKETS). */
  cleans(bucketId: string): boolean {
    return this.#cleanBuckets.has(bucketId);
  }

  /**
   * The variant of `source` for `options` in the format the client's Accept header chooses:
   * from the cache, or rendered once however many ask. The source is read in the render's own
   * turn, so no more sources are held in memory than renders run. A render `requester` starts
   * counts against their address's first renders; one whose requesters have all gone leaves the
   * queue, or stops reading its source, and is never encoded. sharp cannot stop an encode once
   * begun: that one ends and its variant is kept.
   */
  render(
    source: RenderSource,
    options: TransformOptions,
    accept: string | undefined,
    requester?: RenderRequester,
  ): Promise<CachedVariant> {
    const choice = chooseFormat(options, accept);
    const key = variantKey(source.key, normaliseTransform(options), choice);
    return this.cache.get(
      key,
      (signal) =>
        this.queue.run(
          async () => {
            const stored = await source.read();
            const bytes = await readSource(stored.body, stored.size, signal);
            if (signal.aborted) throw imageError.requesterGone();
            return renderImage(bytes, options, choice);
          },
          signal,
          requester?.client,
        ),
      requester && {
        signal: requester.signal,
        starting: () => this.firstRenders.take(requester.client),
      },
    );
  }

  /** An upload's image checked by its bytes and its header, its bytes left as they are. */
  inspect(bytes: Uint8Array): Promise<ImageFacts> {
    return inspectImage(bytes);
  }

  /** An upload's image checked and re-encoded without its metadata, in a render's turn. */
  sanitise(bytes: Uint8Array): Promise<SanitisedImage> {
    return this.queue.run(() => sanitiseImage(bytes));
  }
}
