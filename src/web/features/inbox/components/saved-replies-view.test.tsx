import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { requestUrl } from "../../../../../tests/support/fetch-call.ts";
import { renderWeb } from "../../../../../tests/support/render-web.tsx";
import { stubSupabaseNetwork } from "../../../../../tests/support/supabase-network.ts";
import type { Language } from "../../../../shared/language.ts";
import { Toaster } from "../../../toast/toaster.tsx";
import type { SavedReply } from "../model/saved-reply.ts";
import { SavedRepliesView } from "./saved-replies-view.tsx";
import { TeamQueryProvider } from "./team-query-provider.tsx";

// The network is the edge: supabase-js runs for real, and its requests meet a table that answers
// as PostgREST does for public.saved_replies (filters, return=representation, a single object).
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

let rows: SavedReply[];
let writes: { method: string; query: string; body: unknown }[];
let clock: number;
/** A new updated_at, later than every one before, as the database's trigger makes it. */
const stamp = () => `2026-02-01T09:00:00.${String(++clock).padStart(6, "0")}+00:00`;

const dates: SavedReply = {
  id: 1,
  language: "en",
  title: "Dates",
  body: "Mutakallim starts in March.",
  updated_at: "2026-01-31T09:00:00.5+00:00",
  updated_by: "member-2",
};

beforeEach(() => {
  rows = [];
  writes = [];
  clock = 0;
  network.mockImplementation(async (input, init) => {
    const url = new URL(requestUrl(input));
    if (url.pathname !== "/rest/v1/saved_replies")
      return new Response("unexpected", { status: 500 });
    const method = init?.method ?? "GET";
    const id = url.searchParams.get("id")?.replace(/^eq\./u, "");
    const seen = url.searchParams.get("updated_at")?.replace(/^eq\./u, "");
    const matches = (row: SavedReply) =>
      (id === undefined || String(row.id) === id) &&
      (seen === undefined || row.updated_at === seen);
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const wantsObject = new Headers(init?.headers).get("accept")?.includes("vnd.pgrst.object");
    const answer = (found: SavedReply[], status = 200) =>
      wantsObject ? Response.json(found[0], { status }) : Response.json(found, { status });
    if (method !== "GET") writes.push({ method, query: url.search, body });
    // As the table's grants allow: a member writes these three columns and no other.
    const written = Object.keys(body ?? {});
    if (written.some((column) => !["language", "title", "body"].includes(column))) {
      return Response.json(
        { code: "42501", message: "permission denied for table saved_replies" },
        { status: 403 },
      );
    }
    await Promise.resolve();
    if (method === "GET") return answer(rows.filter(matches));
    if (method === "POST") {
      const made = {
        ...(body as SavedReply),
        id: Math.max(0, ...rows.map((row) => row.id)) + 1,
        updated_at: stamp(),
        updated_by: "member-1",
      };
      rows.push(made);
      return answer([made], 201);
    }
    const found = rows.filter(matches);
    if (method === "PATCH") {
      rows = rows.map((row) =>
        matches(row)
          ? {
              ...row,
              ...(body as Partial<SavedReply>),
              updated_at: stamp(),
              updated_by: "member-1",
            }
          : row,
      );
      return answer(rows.filter((row) => found.some((each) => each.id === row.id)));
    }
    rows = rows.filter((row) => !matches(row));
    return answer(found);
  });
});

function renderManager(language: Language) {
  renderWeb(
    <TeamQueryProvider>
      <SavedRepliesView />
      <Toaster />
    </TeamQueryProvider>,
    { language, path: `${language === "en" ? "/en" : ""}/inbox?view=replies` },
  );
  return userEvent.setup();
}

/** Another member's change, made in the database while this member's form is open. */
function changedByAnother(id: number, change: Partial<SavedReply>) {
  rows = rows.map((row) =>
    row.id === id ? { ...row, ...change, updated_at: stamp(), updated_by: "member-2" } : row,
  );
}

describe("the saved replies' manager", () => {
  it("adds one in Arabic, right to left, saying what is missing beside each field", async () => {
    const user = renderManager("ar");
    expect(await screen.findByText(/لا ردود محفوظة بعد/u)).toBeVisible();
    await user.click(screen.getByRole("button", { name: "أضف ردًّا محفوظًا" }));
    const title = screen.getByRole("textbox", { name: "العنوان" });
    expect(title).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "احفظ" }));
    const summary = screen.getByRole("alert");
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["اكتب عنوانًا.", "اكتب النص."]);
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(title).toHaveAccessibleDescription(expect.stringContaining("اكتب عنوانًا."));
    const body = screen.getByRole("textbox", { name: "النص" });
    expect(body).toHaveAccessibleDescription(expect.stringContaining("اكتب النص."));
    await user.click(within(summary).getByRole("link", { name: "اكتب النص." }));
    expect(body).toHaveFocus();
    expect(writes).toEqual([]);

    expect(screen.getByRole("radio", { name: "العربية" })).toBeChecked();
    expect(body).toHaveAttribute("lang", "ar");
    expect(body).toHaveAttribute("dir", "rtl");
    await user.type(title, "المواعيد");
    await user.type(body, "يبدأ المتكلم في آذار.");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(title).not.toHaveAttribute("aria-invalid");
    await user.click(screen.getByRole("button", { name: "احفظ" }));

    await waitFor(() =>
      expect(writes).toEqual([
        {
          method: "POST",
          query: expect.any(String) as string,
          body: { language: "ar", title: "المواعيد", body: "يبدأ المتكلم في آذار." },
        },
      ]),
    );
    expect(await screen.findByText("أُضيف الرد المحفوظ")).toBeVisible();
    const added = await screen.findByRole("heading", { name: "المواعيد" });
    await waitFor(() => expect(added).toHaveFocus());
    expect(screen.getByRole("heading", { name: "بالعربية" })).toBeVisible();
    expect(screen.getByText("يبدأ المتكلم في آذار.")).toHaveAttribute("dir", "rtl");
  });

  it("turns the fields left to right for an English one", async () => {
    const user = renderManager("ar");
    await user.click(await screen.findByRole("button", { name: "أضف ردًّا محفوظًا" }));
    await user.click(screen.getByRole("radio", { name: "الإنجليزية" }));
    for (const name of ["العنوان", "النص"]) {
      expect(screen.getByRole("textbox", { name })).toHaveAttribute("lang", "en");
      expect(screen.getByRole("textbox", { name })).toHaveAttribute("dir", "ltr");
    }
    await user.click(screen.getByRole("button", { name: "إلغاء" }));
    expect(screen.getByRole("button", { name: "أضف ردًّا محفوظًا" })).toHaveFocus();
  });

  it("edits one over what the member read, and shows it saved", async () => {
    rows = [dates];
    const user = renderManager("en");
    await user.click(await screen.findByRole("button", { name: "Edit “Dates”" }));
    expect(screen.getByRole("heading", { name: "Edit “\u2068Dates\u2069”" })).toBeVisible();
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveFocus();
    const body = screen.getByRole("textbox", { name: "Text" });
    await user.clear(body);
    await user.type(body, "Mutakallim starts in April.");
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.method).toBe("PATCH");
    const query = new URLSearchParams(writes[0]?.query);
    expect(query.get("id")).toBe("eq.1");
    expect(query.get("updated_at")).toBe(`eq.${dates.updated_at}`);
    expect(await screen.findByText("Saved reply saved")).toBeVisible();
    expect(await screen.findByText("Mutakallim starts in April.")).toBeVisible();
    await waitFor(() => expect(screen.getByRole("heading", { name: "Dates" })).toHaveFocus());
  });

  it("keeps the member's text when another member changed it first, shows theirs, and saves over it only when asked", async () => {
    rows = [dates];
    const user = renderManager("en");
    await user.click(await screen.findByRole("button", { name: "Edit “Dates”" }));
    const body = screen.getByRole("textbox", { name: "Text" });
    await user.clear(body);
    await user.type(body, "Mine: it starts in April.");
    changedByAnother(1, { body: "Theirs: it starts in May." });

    await user.click(screen.getByRole("button", { name: "Save" }));
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent(
      /This saved reply was changed by .a team member. on .+, after you opened it\. Nothing was overwritten: your text is kept below\./u,
    );
    expect(within(notice).getByText("Theirs: it starts in May.")).toBeVisible();
    await waitFor(() =>
      expect(within(notice).getByText(/This saved reply was changed/u)).toHaveFocus(),
    );
    expect(body).toHaveValue("Mine: it starts in April.");
    expect(rows.map((row) => row.body)).toEqual(["Theirs: it starts in May."]);

    // Saving again while it stands goes nowhere: the member chooses first.
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(writes.filter((write) => write.method === "PATCH")).toHaveLength(1);

    await user.click(
      within(notice).getByRole("button", { name: "Keep mine, to save over theirs" }),
    );
    expect(screen.queryByRole("alert")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(rows.map((row) => row.body)).toEqual(["Mine: it starts in April."]));
    const patches = writes.filter((write) => write.method === "PATCH");
    expect(new URLSearchParams(patches[1]?.query).get("updated_at")).toBe(
      "eq.2026-02-01T09:00:00.000001+00:00",
    );
  });

  it("takes the other member's version when asked, and edits that", async () => {
    rows = [dates];
    const user = renderManager("en");
    await user.click(await screen.findByRole("button", { name: "Edit “Dates”" }));
    await user.type(screen.getByRole("textbox", { name: "Text" }), " Mine.");
    changedByAnother(1, { title: "Dates 2027", body: "Theirs." });
    await user.click(screen.getByRole("button", { name: "Save" }));
    const notice = await screen.findByRole("alert");
    await user.click(within(notice).getByRole("button", { name: "Take their version" }));
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue("Dates 2027");
    expect(screen.getByRole("textbox", { name: "Text" })).toHaveValue("Theirs.");
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(writes.filter((write) => write.method === "PATCH")).toHaveLength(2));
    expect(await screen.findByText("Saved reply saved")).toBeVisible();
  });

  it("says one was deleted while it was being edited, and saves the member's text as a new one when asked", async () => {
    rows = [dates];
    const user = renderManager("en");
    await user.click(await screen.findByRole("button", { name: "Edit “Dates”" }));
    await user.type(screen.getByRole("textbox", { name: "Text" }), " Kept.");
    rows = [];
    await user.click(screen.getByRole("button", { name: "Save" }));
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent(
      "Another team member deleted this saved reply after you opened it. Your text is kept below.",
    );
    await user.click(
      within(notice).getByRole("button", { name: "Save mine as a new saved reply" }),
    );
    await waitFor(() =>
      expect(rows).toMatchObject([
        { id: 1, title: "Dates", body: "Mutakallim starts in March. Kept." },
      ]),
    );
    expect(await screen.findByText("Saved reply added")).toBeVisible();
  });

  it("says when the team keeps as many as the database allows, and keeps what was typed", async () => {
    const rest = network.getMockImplementation();
    network.mockImplementation((input, init) =>
      init?.method === "POST"
        ? Promise.resolve(
            Response.json(
              {
                code: "23514",
                message: "At most 200 saved replies are kept",
                details: null,
                hint: "Delete one first.",
              },
              { status: 400 },
            ),
          )
        : rest!(input, init),
    );
    const user = renderManager("en");
    await user.click(await screen.findByRole("button", { name: "Add a saved reply" }));
    await user.type(screen.getByRole("textbox", { name: "Title" }), "One more");
    await user.type(screen.getByRole("textbox", { name: "Text" }), "Its words.");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText(
        "The team keeps 200 saved replies at most: delete one it no longer uses first.",
      ),
    ).toBeVisible();
    expect(screen.getByRole("textbox", { name: "Text" })).toHaveValue("Its words.");
  });

  it("deletes one after asking, but never one changed since the member read it", async () => {
    rows = [dates, { ...dates, id: 2, title: "Details", body: "Three months." }];
    const user = renderManager("en");
    await user.click(await screen.findByRole("button", { name: "Delete “Details”" }));
    expect(screen.getByText(/“\u2068Details\u2069” is deleted for the whole team/u)).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(rows.map((row) => row.id)).toEqual([1]));
    expect(await screen.findByText("Saved reply deleted")).toBeVisible();
    await waitFor(() => expect(screen.queryByText("Three months.")).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Add a saved reply" })).toHaveFocus(),
    );

    await user.click(screen.getByRole("button", { name: "Delete “Dates”" }));
    changedByAnother(1, { body: "Starts in May now." });
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      /Not deleted: .a team member. changed it on .+, after you opened it\. Here is what it says now\./u,
    );
    expect(rows).toHaveLength(1);
    expect(await screen.findByText("Starts in May now.")).toBeVisible();
  });
});
