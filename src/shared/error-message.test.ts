import { describe, expect, it } from "vitest";
import { errorMessage } from "./error-message.ts";

describe("errorMessage", () => {
  it("is an Error's message, without its stack", () => {
    expect(errorMessage(new TypeError("bad input"))).toBe("bad input");
  });

  it.each([
    ["a string", "closed", "closed"],
    ["a number", 42, "42"],
    ["an object", { errno: 44 }, "[object Object]"],
    ["nothing", undefined, "undefined"],
  ])("writes %s thrown as text", (_, thrown, text) => {
    expect(errorMessage(thrown)).toBe(text);
  });
});
