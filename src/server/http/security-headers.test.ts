import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

// A site shaped like the prerendered build: each page carries React Router's context script and
// the app's loader inline, with its own data in them, so each page has its own script hashes.
const asset = "/assets/entry.client-Cx4q1.js";

function inlineScripts(route: string): [context: string, loader: string] {
  return [
    `window.__reactRouterContext = ${JSON.stringify({ basename: "/", route, ssr: false })};`,
    `(() => { addEventListener("load", () => import(${JSON.stringify(asset)}), { once: true }); })();`,
  ];
}

function page(language: "ar" | "en", route: string): string {
  const [context, loader] = inlineScripts(route);
  return (
    `<!DOCTYPE html><html lang="${language}" dir="${language === "ar" ? "rtl" : "ltr"}">` +
    `<head><meta charSet="utf-8"/><meta name="supabase-anon-key" content=""/></head>` +
    `<body><div id="root"><main>${route}</main></div>` +
    `<script>${context}</script><script type="module">${loader}</script></body></html>`
  );
}

const pages: [string, "ar" | "en", string][] = [
  ["index.html", "ar", "/"],
  ["contact/index.html", "ar", "/contact"],
  ["__not-found/index.html", "ar", "/__not-found"],
  ["en/index.html", "en", "/en"],
  ["en/contact/index.html", "en", "/en/contact"],
  ["en/__not-found/index.html", "en", "/en/__not-found"],
  ["inbox/index.html", "ar", "/inbox"],
  ["en/inbox/index.html", "en", "/en/inbox"],
];

async function writeSite(directory: string): Promise<void> {
  for (const [file, language, route] of pages) {
    await mkdir(path.dirname(path.join(directory, file)), { recursive: true });
    await writeFile(path.join(directory, file), page(language, route));
  }
  await mkdir(path.join(directory, "assets"), { recursive: true });
  await writeFile(path.join(directory, asset), 'console.log("hydrate");\n');
  await writeFile(path.join(directory, ".build-stamp"), "0123456789abcdef");
  await mkdir(path.join(directory, ".git"), { recursive: true });
  await writeFile(path.join(directory, ".git", "config"), "[core]\n");
  await writeFile(path.join(directory, "assets", ".env"), "SECRET=1\n");
}

function scriptSources(route: string): string {
  const hashes = inlineScripts(route).map(
    (body) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`,
  );
  return ["'self'", ...hashes].join(" ");
}

function directives(policy: string | null): Map<string, string> {
  return new Map(
    (policy ?? "").split("; ").map((directive) => {
      const [name = "", ...values] = directive.split(" ");
      return [name, values.join(" ")];
    }),
  );
}

function expectSecurityHeaders(answer: Response, frameable = false): void {
  expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  expect(answer.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(answer.headers.get("x-frame-options")).toBe(frameable ? "SAMEORIGIN" : "DENY");
  expect(answer.headers.get("permissions-policy")).toContain("camera=()");
  expect(answer.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  // The test server's address is plain HTTP, where HSTS would only pin a local server.
  expect(answer.headers.get("strict-transport-security")).toBeNull();
}

let directory: string;
let server: TestServer;
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "kalima-site-"));
  await writeSite(directory);
  server = await startTestServer({ siteDir: directory });
});
afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

describe("security headers", () => {
  it.each([
    ["/", 200, "ar", "/"],
    ["/contact", 200, "ar", "/contact"],
    ["/en/contact", 200, "en", "/en/contact"],
    ["/no-such-page", 404, "ar", "/__not-found"],
    ["/en/no-such-page", 404, "en", "/en/__not-found"],
  ] as const)(
    "on the page at %s (%i), with a policy allowing only its own inline scripts",
    async (address, status, language, route) => {
      const answer = await server.app.request(address);
      expect(answer.status).toBe(status);
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(answer.headers.get("content-language")).toBe(language);
      expect(await answer.text()).toContain(`<main>${route}</main>`);
      // A public page may be framed by its own origin (the editor's preview); nothing else may.
      expectSecurityHeaders(answer, true);
      const policy = directives(answer.headers.get("content-security-policy"));
      expect(policy.get("script-src")).toBe(scriptSources(route));
      expect(policy.get("default-src")).toBe("'self'");
      expect(policy.get("connect-src")).toBe("'self'");
      expect(policy.get("object-src")).toBe("'none'");
      expect(policy.get("frame-ancestors")).toBe("'self'");
    },
  );

  it.each([
    ["/inbox", "/inbox"],
    ["/en/inbox", "/en/inbox"],
  ])("on the team's inbox at %s, which no frame may show", async (address, route) => {
    const answer = await server.app.request(address);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(`<main>${route}</main>`);
    expectSecurityHeaders(answer);
    const policy = directives(answer.headers.get("content-security-policy"));
    expect(policy.get("frame-ancestors")).toBe("'none'");
  });

  it("on a built asset, which runs no inline script and has no policy of its own", async () => {
    const answer = await server.app.request(asset);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expectSecurityHeaders(answer);
    expect(answer.headers.get("content-security-policy")).toBeNull();
  });

  it.each(["/.build-stamp", "/.git/config", "/assets/.env", "/en/.build-stamp"])(
    "not serving the dotfile %s: the not-found page answers, 404",
    async (address) => {
      const answer = await server.app.request(address);
      expect(answer.status).toBe(404);
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await answer.text()).toContain("__not-found</main>");
    },
  );

  it("on API answers and API errors", async () => {
    const key = server.keys.anon;
    const headers = { apikey: key, authorization: `Bearer ${key}` };
    const answers = await Promise.all([
      server.app.request("/rest/v1/contact_submissions", {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({
          name: "Layla",
          email: "layla@example.com",
          message: "Hello",
          form_source: "Contact Page",
        }),
      }),
      server.app.request("/rest/v1/contact_submissions", { headers }),
      server.app.request("/rest/v1/contact_submissions"),
      server.app.request("/auth/v1/health", { headers: { apikey: key } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 401, 401, 200]);
    for (const answer of answers) expectSecurityHeaders(answer);
  });
});
