// Phoenix channel messages as realtime-js sends and reads them: vsn 1.0.0 as JSON objects,
// vsn 2.0.0 as JSON arrays [join_ref, ref, topic, event, payload] plus a binary frame for a
// client's broadcast (kind 3, "user broadcast push").

export const protocolVersions = ["1.0.0", "2.0.0"] as const;
export type ProtocolVersion = (typeof protocolVersions)[number];

export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

export class FrameError extends Error {
  override name = "FrameError";
}

function optionalString(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  throw new FrameError("refs must be strings");
}

function required(value: unknown, name: string): string {
  if (typeof value !== "string") throw new FrameError(`${name} must be a string`);
  return value;
}

function decodeText(text: string, version: ProtocolVersion): PhoenixMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FrameError("not JSON");
  }
  if (version === "2.0.0") {
    if (!Array.isArray(parsed) || parsed.length !== 5) {
      throw new FrameError("expected [join_ref, ref, topic, event, payload]");
    }
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    return {
      joinRef: optionalString(joinRef),
      ref: optionalString(ref),
      topic: required(topic, "topic"),
      event: required(event, "event"),
      payload,
    };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new FrameError("expected {topic, event, payload, ref}");
  }
  const fields = parsed as Record<string, unknown>;
  return {
    joinRef: optionalString(fields.join_ref),
    ref: optionalString(fields.ref),
    topic: required(fields.topic, "topic"),
    event: required(fields.event, "event"),
    payload: fields.payload,
  };
}

const userBroadcastPush = 3;
const jsonEncoding = 1;

/** realtime-js's binary broadcast: kind, five lengths, encoding, then the strings and payload. */
function decodeBinary(bytes: Buffer): PhoenixMessage {
  const headerLength = 7;
  if (bytes.length < headerLength || bytes[0] !== userBroadcastPush) {
    throw new FrameError("unknown binary frame");
  }
  const lengths = [bytes[1]!, bytes[2]!, bytes[3]!, bytes[4]!, bytes[5]!];
  const encoding = bytes[6];
  let offset = headerLength;
  const strings = lengths.map((length) => {
    if (offset + length > bytes.length) throw new FrameError("binary frame too short");
    const value = bytes.subarray(offset, offset + length).toString("utf8");
    offset += length;
    return value;
  });
  const [joinRef, ref, topic, userEvent, metadata] = strings as [
    string,
    string,
    string,
    string,
    string,
  ];
  const body = bytes.subarray(offset);
  let payload: unknown;
  if (encoding === jsonEncoding) {
    try {
      payload = JSON.parse(body.toString("utf8"));
    } catch {
      throw new FrameError("broadcast payload is not JSON");
    }
  } else {
    // Bytes stay bytes: broadcast.ts delivers them as sent to vsn 2.0.0's subscribers.
    payload = Buffer.from(body);
  }
  let meta: unknown;
  if (metadata) {
    try {
      meta = JSON.parse(metadata);
    } catch {
      throw new FrameError("broadcast metadata is not JSON");
    }
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: "broadcast",
    payload: {
      type: "broadcast",
      event: userEvent,
      payload,
      ...(meta && typeof meta === "object" ? meta : {}),
    },
  };
}

export function decodeFrame(
  data: Buffer,
  isBinary: boolean,
  version: ProtocolVersion,
): PhoenixMessage {
  if (isBinary) {
    if (version !== "2.0.0") throw new FrameError("binary frames need vsn 2.0.0");
    return decodeBinary(data);
  }
  return decodeText(data.toString("utf8"), version);
}

export function encodeFrame(message: PhoenixMessage, version: ProtocolVersion): string {
  if (version === "2.0.0") {
    return JSON.stringify([
      message.joinRef,
      message.ref,
      message.topic,
      message.event,
      message.payload,
    ]);
  }
  return JSON.stringify({
    topic: message.topic,
    event: message.event,
    payload: message.payload,
    ref: message.ref,
    join_ref: message.joinRef,
  });
}
