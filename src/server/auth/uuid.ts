const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

/** Whether an id read from a token, a path, a query or a body is a UUID, in either case. */
export function isUuid(value: string): boolean {
  return uuidShape.test(value);
}
