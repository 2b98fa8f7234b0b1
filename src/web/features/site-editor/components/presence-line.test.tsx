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
    renderWeb(<PresenceLine others={[layla, omar]} away={false} news={undefined} />, {
      language: "en",
    });
    expect(
      screen.getByText(
        "\u2068Layla\u2069 and \u2068omar@kalima.example\u2069 are editing this part too",
      ),
    ).toBeVisible();
    // Nothing new: nothing is said aloud.
    expect(screen.getByRole("status")).toHaveTextContent(/^$/u);
  });

  it("says aloud only who arrived", () => {
    renderWeb(
      <PresenceLine
        others={[layla, omar]}
        away={false}
        news={{ kind: "arrived", section: "stories", editors: [omar] }}
      />,
      { language: "en" },
    );
    expect(screen.getByRole("status")).toHaveTextContent(
      "\u2068omar@kalima.example\u2069 is editing this part too",
    );
  });

  it("says it in Arabic without a verb's gender, the names joined as Arabic joins them", () => {
    renderWeb(
      <PresenceLine others={[layla, { key: "3", name: "" }]} away={false} news={undefined} />,
      { language: "ar" },
    );
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
        <PresenceLine others={[{ key: "1", name: "" }, omar]} away={false} news={undefined} />
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
    const { container, rerender } = renderWeb(
      <PresenceLine others={[]} away={false} news={undefined} />,
      { language: "en" },
    );
    expect(container).toHaveTextContent(/^$/u);
    rerender(
      <PresenceLine
        others={[layla]}
        away={false}
        news={{ kind: "arrived", section: "stories", editors: [layla] }}
      />,
    );
    expect(screen.getByRole("status")).toHaveTextContent(
      "\u2068Layla\u2069 is editing this part too",
    );
  });

  it.each([
    ["en", /^Reconnecting… /u, "Connected again."],
    ["ar", /^جارٍ إعادة الاتصال… /u, "عاد الاتصال."],
  ] as const)(
    "while away, says it is reconnecting instead of naming anyone, and says when it is back, in %s",
    (language, away, back) => {
      const { rerender } = renderWeb(
        <PresenceLine others={[layla]} away news={{ kind: "away" }} />,
        { language },
      );
      // Seen on the line, said once in the status; who was here is not claimed meanwhile.
      expect(screen.getByText(away, { ignore: "[role=status]" })).toBeVisible();
      expect(screen.getByRole("status")).toHaveTextContent(away);
      expect(screen.queryByText(/Layla/u)).toBeNull();
      rerender(<PresenceLine others={[layla]} away news={undefined} />);
      expect(screen.getByText(away)).toBeVisible();
      expect(screen.getByRole("status")).toHaveTextContent(/^$/u);
      rerender(<PresenceLine others={[layla]} away={false} news={{ kind: "back" }} />);
      expect(screen.queryByText(away)).toBeNull();
      expect(screen.getByRole("status")).toHaveTextContent(back);
      expect(screen.getByText(/Layla/u, { ignore: "[role=status]" })).toBeVisible();
    },
  );
});
