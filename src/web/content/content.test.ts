import { describe, expect, it } from "vitest";
import { ar } from "./ar.ts";
import { en } from "./en.ts";
import { scheduleTimeZone } from "./site.ts";

type Leaf = [path: string, value: unknown];

function leaves(value: unknown, path = ""): Leaf[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => leaves(item, `${path}[${index}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) =>
      leaves(item, path ? `${path}.${key}` : key),
    );
  }
  return [[path, value]];
}

describe.each([
  ["ar", ar],
  ["en", en],
])("the %s content", (_language, content) => {
  it("has no empty string", () => {
    const empty = leaves(content).filter(
      ([, value]) => typeof value === "string" && value.trim() === "",
    );
    expect(empty.map(([path]) => path)).toEqual([]);
  });

  it("makes titles and formatted strings that are not empty", () => {
    expect(content.documentTitle("x")).toMatch(/^x \| \S/u);
    expect(content.footer.copyright("2026").trim()).not.toBe("");
    expect(content.routeError.statusText("404").trim()).not.toBe("");
  });
});

it("has the same keys in both languages", () => {
  expect(leaves(en).map(([path]) => path)).toEqual(leaves(ar).map(([path]) => path));
});

it("puts the product name in every title", () => {
  expect(ar.documentTitle("تواصل معنا")).toBe("تواصل معنا | كلمة");
  expect(en.documentTitle("Contact Us")).toBe("Contact Us | Kalima");
});

it("names the schedule's zone in ICU's words for it, which the page writes without ICU", () => {
  const zoneName = (locale: string) =>
    new Intl.DateTimeFormat(locale, { timeZone: scheduleTimeZone, timeZoneName: "longGeneric" })
      .formatToParts(Date.UTC(2026, 0, 4, 18))
      .find((part) => part.type === "timeZoneName")?.value;
  // "توقيت الأردن" after the preposition Arabic puts before it: بتوقيت الأردن.
  expect(ar.timeZone).toBe(`ب${zoneName("ar")}`);
  expect(en.timeZone).toBe(zoneName("en-US")?.replace("Time", "time"));
});
