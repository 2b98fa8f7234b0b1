import { describe, expect, it } from "vitest";
import { decodeFrame, encodeFrame, FrameError } from "./protocol.ts";

/** realtime-js's binary broadcast push: kind 3, five lengths, encoding, strings, payload. */
function binaryPush(fields: string[], encoding: number, payload: Buffer): Buffer {
  const strings = fields.map((field) => Buffer.from(field, "latin1"));
  return Buffer.concat([
    Buffer.from([3, ...strings.map((field) => field.length), encoding]),
    ...strings,
    payload,
  ]);
}

describe("Phoenix frames", () => {
  it("reads and writes vsn 2.0.0 arrays and vsn 1.0.0 objects", () => {
    const message = {
      joinRef: "1",
      ref: "2",
      topic: "realtime:room",
      event: "phx_join",
      payload: {},
    };
    const array = encodeFrame(message, "2.0.0");
    expect(JSON.parse(array)).toEqual(["1", "2", "realtime:room", "phx_join", {}]);
    expect(decodeFrame(Buffer.from(array), false, "2.0.0")).toEqual(message);
    const object = encodeFrame(message, "1.0.0");
    expect(JSON.parse(object)).toEqual({
      topic: "realtime:room",
      event: "phx_join",
      payload: {},
      ref: "2",
      join_ref: "1",
    });
    expect(decodeFrame(Buffer.from(object), false, "1.0.0")).toEqual(message);
  });

  it("reads realtime-js's binary broadcast, JSON or bytes", () => {
    const json = binaryPush(["1", "5", "realtime:room", "cursor", ""], 1, Buffer.from('{"x":1}'));
    expect(decodeFrame(json, true, "2.0.0")).toEqual({
      joinRef: "1",
      ref: "5",
      topic: "realtime:room",
      event: "broadcast",
      payload: { type: "broadcast", event: "cursor", payload: { x: 1 } },
    });
    const bytes = binaryPush(["1", "", "realtime:room", "blob", ""], 0, Buffer.from([1, 2, 3]));
    expect(decodeFrame(bytes, true, "2.0.0").payload).toEqual({
      type: "broadcast",
      event: "blob",
      payload: Buffer.from([1, 2, 3]),
    });
  });

  it.each([
    ["not JSON", Buffer.from("{"), false],
    ["an object for vsn 2", Buffer.from('{"topic":"x"}'), false],
    ["four elements", Buffer.from('[null,null,"x","y"]'), false],
    ["a topic that is not a string", Buffer.from('[null,null,1,"y",{}]'), false],
    ["an unknown binary kind", Buffer.from([7, 0, 0, 0, 0, 0, 1]), true],
    ["a binary frame shorter than its lengths", Buffer.from([3, 9, 0, 0, 0, 0, 1, 65]), true],
  ])("refuses %s", (_label, frame, isBinary) => {
    expect(() => decodeFrame(frame, isBinary, "2.0.0")).toThrow(FrameError);
  });
});
