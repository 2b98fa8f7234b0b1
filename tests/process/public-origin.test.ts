import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  makeMigratedDataDir,
  removeDataDir,
  spawnServer,
  type RunningServer,
} from "../support/spawn-server.ts";

// The site is built for http://localhost:3000 (SITE_URL unset at build, as npm test builds it).
describe("the server started with SITE_URL", () => {
  let dataDir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dataDir = await makeMigratedDataDir();
    server = await spawnServer({ SITE_URL: "https://kalima.example/" }, dataDir);
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await removeDataDir(dataDir);
  });

  it("names its own origin in canonical, alternate and Open Graph addresses", async () => {
    const html = await (await fetch(`${server.url}/en/about`)).text();
    expect(html).toContain('<link rel="canonical" href="https://kalima.example/en/about"/>');
    expect(html).toContain('href="https://kalima.example/about" hrefLang="ar"');
    expect(html).toContain('<meta property="og:url" content="https://kalima.example/en/about"/>');
    expect(html).toContain(
      '<meta property="og:image" content="https://kalima.example/og-image.png"/>',
    );
    expect(html).toMatch(/<meta property="og:image:alt" content="[^"]{20,}"\/>/u);
    expect(html).not.toContain("localhost:3000");
    expect(server.output()).not.toContain("SITE_URL is not set");
  });

  it("lists its own origin in the sitemap and robots.txt, compressed or not", async () => {
    const sitemap = await fetch(`${server.url}/sitemap.xml`, {
      headers: { "accept-encoding": "br" },
    });
    expect(sitemap.headers.get("content-encoding")).toBe("br");
    const xml = await sitemap.text();
    expect(xml).toContain("<loc>https://kalima.example/en/contact</loc>");
    expect(xml).not.toContain("localhost:3000");
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain("Sitemap: https://kalima.example/sitemap.xml");
  });
});

describe("the server started without SITE_URL", () => {
  let dataDir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dataDir = await makeMigratedDataDir();
    server = await spawnServer({}, dataDir);
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await removeDataDir(dataDir);
  });

  it("says in its log that the pages name no public origin", () => {
    expect(server.output()).toMatch(/"level":"warn","message":"SITE_URL is not set: [^"]+"/u);
  });

  it("answers /favicon.ico with an icon, not a page", async () => {
    const icon = await fetch(`${server.url}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toBe("image/x-icon");
    const body = Buffer.from(await icon.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), then at least one image.
    expect([body.readUInt16LE(0), body.readUInt16LE(2)]).toEqual([0, 1]);
    expect(body.readUInt16LE(4)).toBeGreaterThan(0);
    expect(body.length).toBeLessThan(8_000);
  });
});
