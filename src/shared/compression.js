// Which built files are sent compressed: text formats above a size where encoding pays. The
// build precompresses them (scripts/build-steps.mjs) and the server compresses the pages, which
// it rewrites at start. JavaScript so that the build script imports it as it is.

const compressibleExtensions = new Set([
  ".html",
  ".js",
  ".css",
  ".json",
  ".webmanifest",
  ".svg",
  ".txt",
  ".xml",
  ".ico",
  ".data",
]);

/**
 * @param {string} extension as `path.extname` gives it: ".js"
 * @param {number} bytes the file's size
 */
export function isCompressible(extension, bytes) {
  return compressibleExtensions.has(extension) && bytes > 512;
}
