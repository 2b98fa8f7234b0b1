import { jsonBody, requestUrl } from "../../../tests/support/fetch-call.ts";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWeb } from "../../../tests/support/render-web.tsx";
import { stubSupabaseNetwork } from "../../../tests/support/supabase-network.ts";
import type { Language } from "../../shared/language.ts";
import { getSupabase, sessionStorageKey } from "../lib/supabase-client.ts";
import { Toaster } from "../toast/toaster.tsx";
import { AuthProvider } from "./auth-provider.tsx";
import { useAuth } from "./use-auth.ts";

// The network is the edge: supabase-js runs for real and its requests meet this stub.
const network = stubSupabaseNetwork();

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/u, "");

function accessToken(email: string, label: string) {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: "user-1", email, exp: now + 3600, iat: now, role: "authenticated", label };
  return `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url(claims)}.signature`;
}

function session(email: string, label = "first") {
  return {
    access_token: accessToken(email, label),
    token_type: "bearer",
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    refresh_token: `refresh${label}`,
    user: { id: "user-1", aud: "authenticated", role: "authenticated", email },
  };
}

function gotrueError(status: number, code: string, message: string) {
  return Response.json(
    { code, message },
    { status, headers: { "x-supabase-api-version": "2024-01-01", "x-sb-error-code": code } },
  );
}

function Probe() {
  const auth = useAuth();
  return (
    <>
      <p data-testid="state">
        {auth.loading ? "loading" : (auth.user?.email ?? "signed out")}
        {auth.session ? ` ${auth.session.refresh_token}` : ""}
      </p>
      <button onClick={() => void auth.signUp({ email: "new@example.com", password: "password1" })}>
        up
      </button>
      <button
        onClick={() => void auth.signIn({ email: "layla@example.com", password: "password1" })}
      >
        in
      </button>
      <button onClick={() => void auth.signOut()}>out</button>
    </>
  );
}

function renderProvider(language: Language = "en") {
  renderWeb(
    <AuthProvider>
      <Probe />
      <Toaster />
    </AuthProvider>,
    { language },
  );
  return userEvent.setup();
}

const state = () => screen.getByTestId("state");

describe("<AuthProvider>", () => {
  it("settles to signed out without loading supabase-js or calling the network", async () => {
    renderProvider();
    await waitFor(() => expect(state()).toHaveTextContent("signed out"));
    expect(network).not.toHaveBeenCalled();
  });

  it("reads a stored session: loading first, then the user", async () => {
    window.localStorage.setItem(sessionStorageKey(), JSON.stringify(session("stored@example.com")));
    renderProvider();
    expect(state()).toHaveTextContent("loading");
    await waitFor(() => expect(state()).toHaveTextContent("stored@example.com"));
  });

  it("signs in with supabase-js and follows its events, token refreshes included", async () => {
    network.mockResolvedValueOnce(Response.json(session("layla@example.com")));
    const user = renderProvider();
    await waitFor(() => expect(state()).toHaveTextContent("signed out"));
    await user.click(screen.getByRole("button", { name: "in" }));
    await waitFor(() => expect(state()).toHaveTextContent("layla@example.com refreshfirst"));
    const [url, init] = network.mock.calls[0] ?? [];
    expect(requestUrl(url)).toBe(`${window.location.origin}/auth/v1/token?grant_type=password`);
    expect(jsonBody(init)).toMatchObject({
      email: "layla@example.com",
      password: "password1",
    });

    network.mockResolvedValueOnce(Response.json(session("layla@example.com", "second")));
    await act(async () => {
      await (await getSupabase()).auth.refreshSession();
    });
    await waitFor(() => expect(state()).toHaveTextContent("layla@example.com refreshsecond"));

    network.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await user.click(screen.getByRole("button", { name: "out" }));
    await waitFor(() => expect(state()).toHaveTextContent("signed out"));
    expect(requestUrl(network.mock.calls.at(-1)?.[0])).toBe(
      `${window.location.origin}/auth/v1/logout?scope=global`,
    );
  });

  it("shows Sign in Failed with the server's message", async () => {
    network.mockResolvedValueOnce(
      gotrueError(400, "invalid_credentials", "Invalid login credentials"),
    );
    const user = renderProvider();
    await user.click(screen.getByRole("button", { name: "in" }));
    expect(await screen.findByText("Sign in Failed")).toBeVisible();
    expect(screen.getByText("Invalid login credentials")).toBeVisible();
    expect(state()).toHaveTextContent("signed out");
  });

  it("shows Sign up Failed with Something went wrong when the server fails", async () => {
    network.mockResolvedValueOnce(new Response("upstream down", { status: 503 }));
    const user = renderProvider();
    await user.click(screen.getByRole("button", { name: "up" }));
    expect(await screen.findByText("Sign up Failed")).toBeVisible();
    expect(screen.getByText("Something went wrong")).toBeVisible();
  });

  it("shows Sign up Failed with the weak-password message", async () => {
    network.mockResolvedValueOnce(
      Response.json(
        {
          code: "weak_password",
          message: "Password should be at least 8 characters.",
          weak_password: { reasons: ["length"] },
        },
        { status: 422, headers: { "x-supabase-api-version": "2024-01-01" } },
      ),
    );
    const user = renderProvider();
    await user.click(screen.getByRole("button", { name: "up" }));
    expect(await screen.findByText("Password should be at least 8 characters.")).toBeVisible();
  });

  it("shows Sign out Failed in Arabic, and Something went wrong, when the network fails", async () => {
    window.localStorage.setItem(sessionStorageKey(), JSON.stringify(session("stored@example.com")));
    network.mockRejectedValue(new TypeError("Failed to fetch"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = renderProvider("ar");
    await waitFor(() => expect(state()).toHaveTextContent("stored@example.com"));
    await user.click(screen.getByRole("button", { name: "out" }));
    expect(await screen.findByText("تعذّر تسجيل الخروج")).toBeVisible();
    expect(screen.getByText("حدث خطأ ما")).toBeVisible();
    vi.mocked(console.error).mockRestore();
  });
});
