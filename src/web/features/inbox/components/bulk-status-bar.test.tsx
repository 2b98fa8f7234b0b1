import { jsonBody, requestUrl } from "../../../../../tests/support/fetch-call.ts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWeb } from "../../../../../tests/support/render-web.tsx";
import { stubSupabaseNetwork } from "../../../../../tests/support/supabase-network.ts";
import { Toaster } from "../../../toast/toaster.tsx";
import type { SubmissionFilter } from "../model/filter.ts";
import { BulkStatusBar } from "./bulk-status-bar.tsx";

// The network is the edge: supabase-js runs for real and its requests meet this stub.
const network = stubSupabaseNetwork();

function renderBar(filter: SubmissionFilter, onDone = vi.fn()) {
  renderWeb(
    <>
      <BulkStatusBar
        filter={filter}
        selected={new Set([7, 9])}
        matching={4200}
        matchingCounted="about"
        onDone={onDone}
      />
      <Toaster />
    </>,
    { language: "en", path: "/en/inbox" },
  );
  return userEvent.setup();
}

function sent() {
  return network.mock.calls.map(([url, init]) => ({
    method: init?.method ?? "GET",
    url: new URL(requestUrl(url)),
    body: init?.body ? jsonBody(init) : undefined,
  }));
}

describe("<BulkStatusBar>", () => {
  it("sets the status of every match in one call to the database, however many", async () => {
    network.mockResolvedValue(Response.json(4180));
    const onDone = vi.fn();
    const user = renderBar({ form: "Mutakallim Program", status: "all", text: " ليلى " }, onDone);
    await user.click(screen.getByRole("checkbox", { name: /Select all about 4200/u }));
    expect(screen.getByRole("status")).toHaveTextContent("All matching the filters are selected");
    await user.selectOptions(screen.getByLabelText("Set their status to"), "in_progress");
    await user.click(screen.getByRole("button", { name: "Apply" }));

    expect(await screen.findByText("Status changed for 4180")).toBeVisible();
    expect(onDone).toHaveBeenCalledOnce();
    const [call, ...others] = sent();
    expect(others).toEqual([]);
    expect(call?.method).toBe("POST");
    expect(call?.url.pathname).toBe("/rest/v1/rpc/set_status_of_matches");
    expect(call?.body).toEqual({
      new_status: "in_progress",
      query: "ليلى",
      form: "Mutakallim Program",
      spam: false,
    });
  });

  it("sets the status of those ticked in one request", async () => {
    network.mockResolvedValue(Response.json([{ id: 7 }]));
    const user = renderBar({ form: "all", status: "new", text: "" });
    await user.click(screen.getByRole("button", { name: "Apply" }));

    expect(await screen.findByText("Status changed for 1")).toBeVisible();
    const [call, ...others] = sent();
    expect(others).toEqual([]);
    expect(call?.method).toBe("PATCH");
    expect([...(call?.url.searchParams ?? [])]).toEqual([
      ["id", "in.(7,9)"],
      ["status", "neq.done"],
      ["select", "id"],
    ]);
    expect(call?.body).toEqual({ status: "done" });
  });

  it("says so when the database refuses, and nothing is said to be done", async () => {
    network.mockResolvedValue(
      Response.json(
        { code: "57014", message: "canceling statement due to statement timeout" },
        { status: 500 },
      ),
    );
    const onDone = vi.fn();
    const user = renderBar({ form: "all", status: "all", text: "" }, onDone);
    await user.click(screen.getByRole("checkbox", { name: /Select all about 4200/u }));
    await user.click(screen.getByRole("button", { name: "Apply" }));

    expect(await screen.findByText("The status could not be changed")).toBeVisible();
    expect(onDone).not.toHaveBeenCalled();
    expect(sent()).toHaveLength(1);
  });
});
