import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { renderWeb } from "../../../../../tests/support/render-web.tsx";
import { stubSupabaseNetwork } from "../../../../../tests/support/supabase-network.ts";
import { requestUrl } from "../../../../../tests/support/fetch-call.ts";
import { Toaster } from "../../../toast/toaster.tsx";
import { keepDraft } from "../model/note-draft.ts";
import type { Submission } from "../model/submission.ts";
import { SubmissionActions } from "./submission-actions.tsx";

// The network is the edge: supabase-js runs for real and its requests meet this stub.
const network = stubSupabaseNetwork();

// jsdom has no modal dialogs: opening and closing one is enough here.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

const submission: Submission = {
  id: 7,
  created_at: "2026-01-31T15:00:00+00:00",
  name: "Layla",
  email: "layla@example.com",
  phone: null,
  message: "Please call me",
  form_source: "Contact Page",
  status: "new",
  note: "",
  updated_at: null,
  seen: true,
  language: "en",
};

function renderActions() {
  renderWeb(
    <>
      <SubmissionActions
        submission={submission}
        backHref="/en/inbox"
        onSaved={vi.fn()}
        onRemoved={vi.fn()}
      />
      <Toaster />
    </>,
    { language: "en", path: "/en/inbox?open=7" },
  );
  return userEvent.setup();
}

function drafts() {
  return Object.keys(localStorage)
    .filter((key) => key.startsWith("kalima-inbox-draft"))
    .sort();
}

describe("<SubmissionActions>", () => {
  it("takes every member's draft of a deleted submission with it", async () => {
    keepDraft("member-1", 7, "call back on Sunday", "");
    keepDraft("member-2", 7, "she called", "");
    keepDraft("member-1", 8, "another one", "");
    network.mockResolvedValue(Response.json([{ id: 7 }]));
    const user = renderActions();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.click(screen.getByRole("button", { name: "Delete for good" }));

    expect(await screen.findByText("Submission deleted")).toBeVisible();
    expect(drafts()).toEqual(["kalima-inbox-draft:member-1:8"]);
  });

  it("takes the drafts of every submission an erasure took", async () => {
    keepDraft("member-1", 7, "call back on Sunday", "");
    keepDraft("member-1", 8, "her second message", "");
    keepDraft("member-2", 9, "someone else", "");
    network.mockImplementation((input) => {
      const url = new URL(requestUrl(input));
      if (url.pathname === "/rest/v1/rpc/erase_submissions_from") {
        return Promise.resolve(Response.json(2));
      }
      // Of the drafted ones, only 9 is still there: 7 and 8 were Layla's.
      return Promise.resolve(Response.json([{ id: 9 }]));
    });
    const user = renderActions();
    await user.click(screen.getByRole("button", { name: "Erase everything from this address" }));
    await user.click(screen.getByRole("button", { name: "Erase all" }));

    expect(await screen.findByText("Erased: 2")).toBeVisible();
    await vi.waitFor(() => expect(drafts()).toEqual(["kalima-inbox-draft:member-2:9"]));
    const asked = network.mock.calls.map(([input]) => new URL(requestUrl(input)));
    expect(asked.map((url) => url.pathname)).toEqual([
      "/rest/v1/rpc/erase_submissions_from",
      "/rest/v1/contact_submissions",
    ]);
    expect(asked[1]?.searchParams.get("id")).toMatch(/^in\.\((8,9|9,8)\)$/u);
  });

  it("keeps the drafts when the deletion fails", async () => {
    keepDraft("member-1", 7, "call back on Sunday", "");
    network.mockResolvedValue(
      Response.json({ code: "42501", message: "permission denied" }, { status: 403 }),
    );
    const user = renderActions();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.click(screen.getByRole("button", { name: "Delete for good" }));

    expect(await screen.findByText(/could not/iu)).toBeVisible();
    expect(drafts()).toEqual(["kalima-inbox-draft:member-1:7"]);
  });
});
