import { describe, expect, it } from "vitest";
import { emptyContactValues, isHumanAnswer, validateContact } from "./validate.ts";

describe("the verification answer", () => {
  it.each([" 5 ", "5", "٥", " ٥ ", "۵"])("accepts %j", (answer) => {
    expect(isHumanAnswer(answer)).toBe(true);
  });
  it.each(["4", "", " ", "55", "5.0", "five", "٤", "+5"])("refuses %j", (answer) => {
    expect(isHumanAnswer(answer)).toBe(false);
  });
});

describe("validateContact", () => {
  const complete = {
    name: "Layla",
    email: "layla@example.com",
    phone: "",
    message: "Hello",
    answer: "5",
  };

  it("finds nothing wrong with a complete form; phone is optional", () => {
    expect(validateContact(complete)).toEqual({});
  });

  it("names every missing required field", () => {
    expect(validateContact(emptyContactValues)).toEqual({
      name: "nameMissing",
      email: "emailMissing",
      message: "messageMissing",
      answer: "answerMissing",
    });
  });

  it("calls a wrong verification answer the answer field's error", () => {
    expect(validateContact({ ...complete, answer: "4" })).toEqual({ answer: "answerWrong" });
    expect(validateContact({ ...complete, answer: " ٥ " })).toEqual({});
  });

  it("treats whitespace as missing and checks the email's shape", () => {
    expect(validateContact({ ...complete, name: "  ", email: "layla@example" })).toEqual({
      name: "nameMissing",
      email: "emailShape",
    });
  });
});
