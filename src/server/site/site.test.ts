import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dataPathOf, loadSite } from "./site.ts";

const built = "http://localhost:3000";
const page = `<!DOCTYPE html><html><head><meta name="site-url" content="${built}"/><link rel="canonical" href="${built}/about"/><meta property="og:image" content="${built}/og-image.png"/><meta name="supabase-anon-key" content=""/><script>window.x="${built}/about"</script></head><body><a href="http://localhost:30001/">elsewhere</a></body></html>`;
// Past the 512 bytes below which nothing is sent compressed.
const urls = ["/", "/about", "/programs", "/contact"].map((route) => `${built}${route}`);
const sitemap = `<urlset>${urls.map((url) => `<url><loc>${url}</loc></url>`.repeat(6)).join("")}</urlset>\n`;

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "kalima-site-"));
  await mkdir(path.join(directory, "about"));
  await mkdir(path.join(directory, "__not-found"));
  await writeFile(path.join(directory, "index.html"), page);
  await writeFile(path.join(directory, "about/index.html"), page);
  await writeFile(path.join(directory, "__not-found/index.html"), page);
  await writeFile(path.join(directory, "sitemap.xml"), sitemap);
  await writeFile(path.join(directory, "sitemap.xml.br"), brotliCompressSync(sitemap));
  await writeFile(path.join(directory, "robots.txt"), `Sitemap: ${built}/sitemap.xml\n`);
  await writeFile(path.join(directory, ".site-url"), `${built}\n`);
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function text(file: { representation: (accepted: []) => Promise<{ body: Buffer }> }) {
  return (await file.representation([])).body.toString("utf8");
}

describe("loadSite and the public origin", () => {
  it("rewrites the built origin in pages, the sitemap and robots.txt to SITE_URL's", async () => {
    const site = await loadSite(directory, { anonKey: "key", siteUrl: "https://kalima.example" });

    const about = site.page("/about", "ar").file;
    const html = await text(about);
    expect(html).toContain('<meta name="site-url" content="https://kalima.example"/>');
    expect(html).toContain('<link rel="canonical" href="https://kalima.example/about"/>');
    expect(html).toContain('content="https://kalima.example/og-image.png"');
    expect(html).toContain('href="http://localhost:30001/"');
    expect(html).not.toContain(`${built}/`);
    expect(html).toContain('<meta name="supabase-anon-key" content="key"/>');
    // The policy's hashes are those of the scripts as served.
    expect(about.contentSecurityPolicy).not.toContain(
      (await loadSite(directory, { anonKey: "key" })).page("/about", "ar").file
        .contentSecurityPolicy,
    );

    const xml = site.file("/sitemap.xml");
    expect(xml && (await text(xml))).toBe(sitemap.replaceAll(built, "https://kalima.example"));
    const compressed = await xml?.representation(["br"]);
    expect(compressed?.encoding).toBe("br");
    expect(brotliDecompressSync(compressed?.body ?? Buffer.alloc(0)).toString()).toContain(
      "https://kalima.example/about",
    );
    const robots = site.file("/robots.txt");
    expect(robots && (await text(robots))).toBe("Sitemap: https://kalima.example/sitemap.xml\n");
  });

  it.each([
    ["SITE_URL is not set", undefined],
    ["SITE_URL is the build's", built],
  ])("serves the files as built when %s", async (_, siteUrl) => {
    const site = await loadSite(directory, { anonKey: "key", siteUrl });
    expect(await text(site.page("/about", "ar").file)).toContain(`href="${built}/about"`);
    const xml = site.file("/sitemap.xml");
    expect(brotliDecompressSync((await xml!.representation(["br"])).body).toString()).toBe(sitemap);
  });
});

describe("a page's Content-Security-Policy", () => {
  const built = (data: string) =>
    `<!DOCTYPE html><html lang="ar"><head><script>window.built = 1;</script></head><body><main>${data}</main><script type="application/json" data-router-stream>${JSON.stringify(data)}</script><script>window.read = 1;</script></body></html>`;
  const hash = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;

  beforeEach(async () => {
    await writeFile(path.join(directory, "about/index.html"), built("as built"));
  });

  it("allows the scripts the build wrote into the page, and no data block", async () => {
    const site = await loadSite(directory, { anonKey: "key" });
    const policy = site.page("/about", "ar").file.contentSecurityPolicy ?? "";
    const scriptSources = /script-src ([^;]*)/u.exec(policy)?.[1]?.split(" ");
    expect(scriptSources).toEqual(["'self'", hash("window.built = 1;"), hash("window.read = 1;")]);
  });

  it("takes photos from the hosted project, and from the device in the inbox alone", async () => {
    await mkdir(path.join(directory, "inbox"));
    await writeFile(path.join(directory, "inbox/index.html"), built("inbox"));
    const hosted = ["https://abc.supabase.co"];
    const site = await loadSite(directory, { anonKey: "key", connectSources: hosted });
    const images = (route: string) =>
      /img-src ([^;]*)/u.exec(site.page(route, "ar").file.contentSecurityPolicy ?? "")?.[1];
    expect(images("/about")).toBe("'self' data: https://abc.supabase.co");
    expect(images("/inbox")).toBe("'self' data: blob: https://abc.supabase.co");
    const own = await loadSite(directory, { anonKey: "key" });
    expect(
      /img-src ([^;]*)/u.exec(own.page("/about", "ar").file.contentSecurityPolicy ?? "")?.[1],
    ).toBe("'self' data:");
  });

  it("keeps the built page's policy for a page rendered again with other content", async () => {
    const site = await loadSite(directory, { anonKey: "key" });
    const policy = site.page("/about", "ar").file.contentSecurityPolicy;
    const injected = "\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e";
    site.replacePages(new Map([["/about", { html: built(injected), data: "" }]]));
    const about = site.page("/about", "ar").file;
    expect(await text(about)).toContain(injected);
    expect(about.contentSecurityPolicy).toBe(policy);
  });

  it("refuses a page rendered with an inline script the build did not write, replacing none", async () => {
    const site = await loadSite(directory, { anonKey: "key" });
    const before = await text(site.page("/", "ar").file);
    const scripted = built("words").replace("</main>", "</main><script>alert(1)</script>");
    expect(() => site.checkPage("/about", scripted)).toThrow(
      `/about runs an inline script the build did not write (${hash("alert(1)")})`,
    );
    expect(() =>
      site.replacePages(
        new Map([
          ["/", { html: built("new words"), data: "" }],
          ["/about", { html: scripted, data: "" }],
        ]),
      ),
    ).toThrow(/did not write/u);
    expect(await text(site.page("/", "ar").file)).toBe(before);
    expect(await text(site.page("/about", "ar").file)).toContain("as built");
  });
});

describe("a page's loader data", () => {
  it("is served as the build wrote it, never from a cache unchecked, and replaced with its page", async () => {
    await writeFile(path.join(directory, "about.data"), '[{"site":"as built"}]');
    const site = await loadSite(directory, { anonKey: "key" });
    expect(dataPathOf("/about")).toBe("/about.data");
    expect(dataPathOf("/")).toBe("/_.data");
    const data = site.file("/about.data");
    expect(data && (await text(data))).toBe('[{"site":"as built"}]');
    expect(data?.cacheControl).toBe("no-cache");

    site.replacePages(
      new Map([
        ["/about", { html: page.replace("<body>", "<body>new"), data: '[{"site":"new"}]' }],
        ["/", { html: page, data: '[{"site":"home"}]' }],
      ]),
    );
    const replaced = site.file("/about.data");
    expect(replaced && (await text(replaced))).toBe('[{"site":"new"}]');
    expect(replaced?.cacheControl).toBe("no-cache");
    // The build wrote none for the home page here: none is served.
    expect(site.file("/_.data")).toBeUndefined();
  });
});
