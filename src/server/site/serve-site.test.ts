import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

const pages: [string, "ar" | "en", string][] = [
  ["index.html", "ar", "/"],
  ["about/index.html", "ar", "/about"],
  ["__not-found/index.html", "ar", "/__not-found"],
  ["en/index.html", "en", "/en"],
  ["en/about/index.html", "en", "/en/about"],
  ["en/__not-found/index.html", "en", "/en/__not-found"],
];

let directory: string;
let server: TestServer;
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "kalima-site-"));
  for (const [file, language, route] of pages) {
    await mkdir(path.dirname(path.join(directory, file)), { recursive: true });
    await writeFile(
      path.join(directory, file),
      `<!DOCTYPE html><html lang="${language}"><body><main>${route}</main></body></html>`,
    );
  }
  server = await startTestServer({ siteDir: directory });
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

describe("the page's language", () => {
  it.each([
    ["/about", undefined, "ar", "/about"],
    ["/about", "kalima-language=en", "en", "/en/about"],
    ["/en/about", "kalima-language=ar", "en", "/en/about"],
    ["/", "kalima-language=en", "en", "/en"],
  ])("%s with cookie %s comes in %s", async (address, cookie, language, route) => {
    const answer = await server.app.request(address, { headers: cookie ? { cookie } : {} });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-language")).toBe(language);
    expect(answer.headers.get("vary")).toContain("Cookie");
    expect(await answer.text()).toContain(`<main>${route}</main>`);
  });

  it("serves the editor's preview in its address's language, whatever the cookie says", async () => {
    for (const [address, language] of [
      ["/about?preview", "ar"],
      ["/en/about?preview", "en"],
    ] as const) {
      const answer = await server.app.request(address, {
        headers: { cookie: `kalima-language=${language === "ar" ? "en" : "ar"}` },
      });
      expect(answer.headers.get("content-language")).toBe(language);
      expect(answer.headers.get("set-cookie")).toBeNull();
    }
  });

  it.each([
    ["/about?language=ar", "ar", "/about"],
    ["/en/about?language=ar", "ar", "/about"],
    ["/about?language=en", "en", "/en/about"],
    ["/en?language=ar", "ar", "/"],
    ["/en/inbox?status=new&language=ar&page=2", "ar", "/inbox?status=new&page=2"],
  ])(
    "the switch's link %s records %s and sends the visitor to %s",
    async (address, language, location) => {
      const answer = await server.app.request(address, {
        headers: { cookie: `kalima-language=${language === "ar" ? "en" : "ar"}` },
      });
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(location);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      const cookie = answer.headers.get("set-cookie") ?? "";
      expect(cookie).toContain(`kalima-language=${language}`);
      expect(cookie).toMatch(/Max-Age=31536000/u);
      expect(cookie).toMatch(/Path=\//u);
      expect(cookie).toMatch(/SameSite=Lax/u);
      expect(cookie).not.toMatch(/Secure/u);

      // The next visit to the clean address is in the recorded language.
      const next = await server.app.request(location, {
        headers: { cookie: `kalima-language=${language}` },
      });
      expect(next.headers.get("content-language")).toBe(language);
    },
  );

  it("writes the language cookie Secure when the site's address is https://", async () => {
    const secure = await startTestServer({ siteDir: directory, siteUrl: "https://kalima.example" });
    try {
      const answer = await secure.app.request("/about?language=en");
      expect(answer.status).toBe(303);
      expect(answer.headers.get("set-cookie")).toMatch(/kalima-language=en;.*\bSecure\b/u);
    } finally {
      await secure.close();
    }
  });

  it.each(["/about?language=fr", "/about?language=", "/about?language=AR"])(
    "%s names no language: the page is served as addressed, and nothing is recorded",
    async (address) => {
      const answer = await server.app.request(address);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-language")).toBe("ar");
      expect(answer.headers.get("set-cookie")).toBeNull();
    },
  );
});
