import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { stubRealtime } from "../../../../../tests/support/fake-realtime.ts";
import { renderWeb } from "../../../../../tests/support/render-web.tsx";
import { stubSupabaseNetwork } from "../../../../../tests/support/supabase-network.ts";
import { jsonBody, requestUrl } from "../../../../../tests/support/fetch-call.ts";
import { AuthProvider } from "../../../auth/auth-provider.tsx";
import { useAuth } from "../../../auth/use-auth.ts";
import { sessionStorageKey } from "../../../lib/supabase-client.ts";
import { SiteEditor } from "./site-editor.tsx";

// The edges: supabase-js runs for real, its requests meet this stub and its realtime socket a
// far end that answers as Supabase Realtime does.
const network = stubSupabaseNetwork();
const realtime = stubRealtime();

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/u, "");

/** A member signed in with both factors, as supabase-js keeps the session. */
function storeSession(id: string) {
  const now = Math.floor(Date.now() / 1000);
  const user = {
    id,
    aud: "authenticated",
    role: "authenticated",
    email: `${id}@example.com`,
    app_metadata: { team: true },
    user_metadata: {},
  };
  const claims = {
    sub: id,
    email: user.email,
    role: "authenticated",
    aal: "aal2",
    exp: now + 3600,
  };
  const session = {
    access_token: `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url(claims)}.c2lnbmF0dXJl`,
    token_type: "bearer",
    expires_in: 3600,
    expires_at: now + 3600,
    refresh_token: "refresh",
    user,
  };
  window.localStorage.setItem(sessionStorageKey(), JSON.stringify(session));
}

const links = {
  instagram: "https://instagram.com/kalima",
  x: "https://x.com/kalima",
  tiktok: "https://tiktok.com/@kalima",
  facebook: "https://facebook.com/kalima",
};

const draft = (body: unknown, revision: number, by = "omar@example.com") => ({
  section: "links",
  body,
  revision,
  updated_at: "2026-11-27T19:00:00Z",
  updated_by: by === "omar@example.com" ? "omar" : "other",
  updated_by_email: by,
  restored_from: null,
});

const version = {
  id: 7,
  changed: ["links"],
  published_at: "2026-11-27T18:00:00Z",
  published_by_email: "omar@example.com",
  restored_from: null,
  rendered_at: "2026-11-27T18:00:01Z",
  render_problem: null,
};

/** The database as the network stub answers it; a save from an older revision is refused. */
function serve(database: { revision: number; body: unknown }) {
  network.mockImplementation((input, init) => {
    const url = new URL(requestUrl(input));
    if (url.pathname === "/rest/v1/site_content_drafts") {
      return Promise.resolve(Response.json([draft(database.body, database.revision)]));
    }
    if (url.pathname === "/rest/v1/published_site_content") {
      return Promise.resolve(Response.json([{ version: 7, content: { links } }]));
    }
    if (url.pathname === "/rest/v1/site_content_versions") {
      return Promise.resolve(Response.json([version]));
    }
    if (url.pathname === "/rest/v1/rpc/save_site_draft") {
      const sent = jsonBody<{ body: unknown; base_revision: number }>(init);
      if (sent.base_revision !== database.revision) {
        return Promise.resolve(
          Response.json(
            {
              code: "PT409",
              message: "omar@example.com changed this",
              details: JSON.stringify({ ...draft(database.body, database.revision) }),
              hint: null,
            },
            { status: 409 },
          ),
        );
      }
      database.revision += 1;
      database.body = sent.body;
      return Promise.resolve(Response.json(draft(sent.body, database.revision, "me@example.com")));
    }
    return Promise.resolve(new Response("unexpected", { status: 500 }));
  });
}

const saves = () =>
  network.mock.calls.filter(([input]) => requestUrl(input).includes("/rpc/save_site_draft"));

/** This editor's feed joined: it reads the drafts again once joined, for what it missed. */
const heardJoined = () =>
  waitFor(() =>
    expect(
      network.mock.calls.filter(([input]) => requestUrl(input).includes("/site_content_drafts")),
    ).toHaveLength(2),
  );

/** The editor as the inbox shows it: once the member's session is read. */
function SignedIn({ children }: { children: ReactNode }) {
  return useAuth().session ? children : null;
}

function renderEditor(member: string) {
  storeSession(member);
  renderWeb(
    <AuthProvider>
      <SignedIn>
        <SiteEditor part="links" hrefFor={() => "#"} />
      </SignedIn>
    </AuthProvider>,
    { language: "en", path: "/en/inbox" },
  );
  return userEvent.setup();
}

describe("<SiteEditor> with the team's changes heard live", () => {
  // jsdom lays nothing out, and has no scrolling into view.
  beforeAll(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it("takes another member's save where nothing is unsaved, and meets unsaved text with it at once, before any save", async () => {
    serve({ revision: 4, body: links });
    const user = renderEditor("layla");
    const instagram = await screen.findByLabelText("Instagram");
    await heardJoined();

    const omars = { ...links, instagram: "https://instagram.com/omar" };
    realtime.update("site_content_drafts", draft(omars, 5));
    await waitFor(() => expect(instagram).toHaveValue("https://instagram.com/omar"));
    const said = screen.getByText(/saved this part at/u);
    expect(said).toHaveAttribute("role", "status");
    expect(said).toHaveTextContent(
      /^\u2068omar@example\.com\u2069 saved this part at .*their text$/u,
    );

    const x = screen.getByLabelText("X");
    await user.clear(x);
    await user.type(x, "https://x.com/layla");
    realtime.update("site_content_drafts", draft({ ...omars, x: "https://x.com/omar" }, 6));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(/^\u2068omar@example\.com\u2069 changed this part/u);
    const choice = screen.getByRole("group", { name: "X: you both changed it" });
    expect(choice).toHaveTextContent("https://x.com/omar");
    expect(x).toHaveValue("https://x.com/layla");
    expect(saves()).toHaveLength(0);
  });

  it("takes another member's publish as what the site shows, and says so", async () => {
    serve({ revision: 4, body: links });
    renderEditor("huda");
    const instagram = await screen.findByLabelText("Instagram");
    await heardJoined();
    expect(instagram).not.toHaveAccessibleDescription(/On the site now/u);

    realtime.insert("site_content_versions", {
      ...version,
      id: 8,
      rendered_at: null,
      published_by: "omar",
      content: { links: { ...links, instagram: "https://instagram.com/published" } },
    });
    expect(
      await screen.findByText(
        "\u2068omar@example.com\u2069 published version 8. The site shows it now, and your drafts are compared with it.",
      ),
    ).toHaveAttribute("role", "status");
    expect(instagram).toHaveAccessibleDescription(
      /On the site now: https:\/\/instagram\.com\/published/u,
    );
  });

  it("works as before without realtime: a stale save is refused by the database and shown", async () => {
    // The connection earlier tests opened goes too, and none is accepted.
    realtime.drop();
    const database = { revision: 4, body: links };
    serve(database);
    const user = renderEditor("sara");
    const instagram = await screen.findByLabelText("Instagram");
    // Omar saved meanwhile; nothing was heard.
    database.revision = 5;
    database.body = { ...links, instagram: "https://instagram.com/omar" };
    await user.clear(instagram);
    await user.type(instagram, "https://instagram.com/sara");
    await waitFor(() => expect(saves()).toHaveLength(1), { timeout: 3_000 });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      /^\u2068omar@example\.com\u2069 changed this part/u,
    );
    const choice = screen.getByRole("group", { name: "Instagram: you both changed it" });
    expect(within(choice).getByRole("button", { name: "Keep mine" })).toBeVisible();
    expect(instagram).toHaveValue("https://instagram.com/sara");
  });
});
