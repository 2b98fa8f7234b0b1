import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWeb } from "../../../../../tests/support/render-web.tsx";
import { teamNames } from "../../../components/team/team-names.ts";
import { TeamNames } from "../../../components/team/use-team-names.ts";
import { PresenceLine } from "./presence-line.tsx";

const layla = { key: "1", name: "Layla" };
const omar = { key: "2", name: "omar@kalima.example" };

describe("<PresenceLine>", () => {
  it("names the other members who have the part open, in words", () => {
    renderWeb(<PresenceLine others={[layla, omar]} arrived={[]} />, { language: "en" });
    expect(
      screen.getByText(
        "\u2068Layla\u2069 and \u2068omar@kalima.example\u2069 are editing this part too",
      ),
    ).toBeVisible();
    // Nobody arrived: nothing is said aloud.
    expect(screen.getByRole("status")).toHaveTextContent(/^$/u);
  });

  it("says aloud only who arrived", () => {
    renderWeb(<PresenceLine others={[layla, omar]} arrived={[omar]} />, { language: "en" });
    expect(screen.getByRole("status")).toHaveTextContent(
      "\u2068omar@kalima.example\u2069 is editing this part too",
    );
  });

  it("says it in Arabic without a verb's gender, the names joined as Arabic joins them", () => {
    renderWeb(<PresenceLine others={[layla, { key: "3", name: "" }]} arrived={[]} />, {
      language: "ar",
    });
    expect(
      screen.getByText("هذا القسم مفتوح أيضًا لدى \u2068Layla\u2069 و\u2068عضو آخر\u2069"),
    ).toBeVisible();
  });

  it("names members as the team does, with the address where two share a name", () => {
    const names = teamNames([
      { id: "1", email: "layla@kalima.example", name: "ليلى" },
      { id: "2", email: "omar@kalima.example", name: "Omar" },
      { id: "4", email: "layla.h@kalima.example", name: "ليلى" },
    ]);
    renderWeb(
      <TeamNames value={names}>
        <PresenceLine others={[{ key: "1", name: "" }, omar]} arrived={[]} />
      </TeamNames>,
      { language: "en" },
    );
    expect(
      screen.getByText(
        "\u2068ليلى (layla@kalima.example)\u2069 and \u2068Omar\u2069 are editing this part too",
      ),
    ).toBeVisible();
  });

  it("shows nothing when nobody else is here", () => {
    const { container, rerender } = renderWeb(<PresenceLine others={[]} arrived={[]} />, {
      language: "en",
    });
    expect(container).toHaveTextContent(/^$/u);
    rerender(<PresenceLine others={[layla]} arrived={[layla]} />);
    expect(screen.getByRole("status")).toHaveTextContent(
      "\u2068Layla\u2069 is editing this part too",
    );
  });
});
