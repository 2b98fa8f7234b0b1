import { describe, expect, it } from "vitest";
import { allowedRedirect } from "./redirect-urls.ts";

const site = "https://kalima.example";

describe("where a sign-in may send the visitor back", () => {
  it.each([
    // The site's own origin, any path, query or fragment.
    ["https://kalima.example/inbox?recovery=1#x", [], true],
    ["https://KALIMA.example/inbox", [], true],
    ["https://kalima.example:443/inbox", [], true],
    ["http://kalima.example/inbox", [], false],
    ["https://kalima.example:8443/inbox", [], false],
    ["https://kalima.example.evil.com/", [], false],
    ["https://kalima.example@evil.com/", [], false],
    // Exact entries.
    ["https://app.example/cb?x=1", ["https://app.example/cb?x=1"], true],
    ["https://app.example/cb?x=2", ["https://app.example/cb?x=1"], false],
    // `*` stops at `.` and `/`; `**` does not.
    ["https://a.allowed.example/cb", ["https://*.allowed.example/cb"], true],
    ["https://a.b.allowed.example/cb", ["https://*.allowed.example/cb"], false],
    ["https://a.b.allowed.example/cb", ["https://**.allowed.example/cb"], true],
    ["https://a.allowed.example/cb/deeper", ["https://*.allowed.example/cb/*"], true],
    ["https://a.allowed.example/cb/x/y", ["https://*.allowed.example/cb/*"], false],
    ["https://a.allowed.example/cb/x/y", ["https://*.allowed.example/cb/**"], true],
    // `?` is one character, not `.` or `/`.
    ["https://app1.example/cb", ["https://app?.example/cb"], true],
    ["https://app.example/cb", ["https://app?.example/cb"], false],
    // A host that only ends like, or only contains, the allowed one.
    ["https://allowed.example.evil.com/cb", ["https://allowed.example/**"], false],
    ["https://allowed.example.evil.com/cb", ["https://*.example/**"], false],
    ["https://evilallowed.example/cb", ["https://allowed.example/**"], false],
    // User info, query and fragment cannot carry the match to another host.
    ["https://allowed.example@evil.com/", ["https://allowed.example**"], false],
    ["https://evil?.allowed.example/", ["https://*.allowed.example/**"], false],
    ["https://evil.com/?.allowed.example", ["https://**.allowed.example"], false],
    ["https://evil.com/#.allowed.example", ["https://**.allowed.example"], false],
    ["https://evil.com/?next=https://a.allowed.example/", ["https://**allowed.example/**"], false],
    // A glob on the path allows any query on it; a port must be named.
    ["https://a.allowed.example/cb?code=1#frag", ["https://*.allowed.example/cb"], true],
    ["https://a.allowed.example:8443/cb", ["https://*.allowed.example/cb"], false],
    ["https://a.allowed.example:8443/cb", ["https://*.allowed.example:8443/cb"], true],
    // Case: hosts fold, paths do not.
    ["https://A.ALLOWED.example/cb", ["https://*.allowed.example/cb"], true],
    ["https://a.allowed.example/CB", ["https://*.allowed.example/cb"], false],
    // Percent-encoding is compared as the parser writes it.
    ["https://a.allowed.example/c%62", ["https://*.allowed.example/cb"], false],
    ["https://a.allowed.example%2Eevil.com/", ["https://*.allowed.example/**"], false],
    // Schemes that run or carry code.
    ["javascript:alert(1)", ["**"], false],
    ["javascript://allowed.example/%0aalert(1)", ["https://**"], false],
    ["data:text/html,<script>alert(1)</script>", ["https://**"], false],
    // An app's own scheme, named.
    ["kalima-app://callback", ["kalima-app://callback"], true],
    // Not an address at all.
    ["not a url", ["**"], false],
    ["", [], false],
  ])("%s with %j: %s", (requested, allowList, allowed) => {
    const answer = allowedRedirect(requested, site, allowList);
    expect(answer).toBe(allowed ? requested : site);
  });

  it("falls back to SITE_URL when nothing is asked", () => {
    expect(allowedRedirect(undefined, site, ["**"])).toBe(site);
  });
});
