import { expect, test } from "./fixtures.ts";

test("pages are compressed, revalidated with ETags and locked down by their headers", async ({
  request,
}) => {
  const page = await request.get("/contact", { headers: { "accept-encoding": "br, gzip" } });
  const headers = page.headers();
  expect(headers["content-encoding"]).toBe("br");
  expect(headers["cache-control"]).toBe("no-cache");
  expect(headers.vary).toContain("Cookie");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  const policy = headers["content-security-policy"] ?? "";
  expect(policy).toContain("default-src 'self'");
  expect(policy).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/u);
  expect(policy).not.toContain("unsafe-inline");
  // Framed by our own origin only (the site editor's preview); the inbox by none.
  expect(policy).toContain("frame-ancestors 'self'");
  expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
  const inbox = (await request.get("/inbox")).headers();
  expect(inbox["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(inbox["x-frame-options"]).toBe("DENY");

  const again = await request.get("/contact", { headers: { "if-none-match": headers.etag ?? "" } });
  expect(again.status()).toBe(304);

  const gzip = await request.get("/contact", { headers: { "accept-encoding": "gzip" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
});

test("hashed assets are precompressed and cached for a year", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const stylesheet = /href="(\/assets\/app-[\w-]+\.css)"/u.exec(html)?.[1];
  expect(stylesheet).toBeTruthy();
  const asset = await request.get(stylesheet ?? "", { headers: { "accept-encoding": "br" } });
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(asset.headers()["content-encoding"]).toBe("br");
  expect(asset.headers()["content-type"]).toContain("text/css");
});

test("the inline scripts a page runs are exactly those its policy allows", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/iu.test(message.text())) violations.push(message.text());
  });
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(violations).toEqual([]);
});
