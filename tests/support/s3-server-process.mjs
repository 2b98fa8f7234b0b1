// The S3-compatible server of the tests (s3rver), in a process of its own: node --openssl-legacy-provider
// s3-server-process.mjs DIRECTORY BUCKET. It prints {"port":N} once it listens, on loopback.
// s3rver signs its list continuation tokens with DES, which Node's OpenSSL 3 keeps in the
// legacy provider: hence a process of its own, with that flag, rather than one in the tests.
import S3rver from "s3rver";

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on("SIGTERM", () => {
  void server.close().then(() => process.exit(0));
});
