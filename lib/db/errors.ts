/** The message routes send, with a 503 and the code "database_unavailable", when the database cannot be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE = "Database connection failed. Please try again in a few minutes.";

/** The one error type for "the database cannot be reached": routes map it to 503. */
export class DatabaseUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(DATABASE_UNAVAILABLE_MESSAGE, options);
    this.name = "DatabaseUnavailableError";
  }
}

const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "EPIPE",
  "P1001", // Prisma: can't reach database server
  "P1002", // Prisma: server reached but timed out
  "P1008", // Prisma: operation timed out
  "P1017", // Prisma: server closed the connection
  "P2024", // Prisma: timed out fetching a connection from the pool
  "57P01", // PostgreSQL: admin shutdown
  "57P03", // PostgreSQL: cannot connect now
  "53300", // PostgreSQL: too many connections
]);

const CONNECTION_ERROR_TEXT =
  /connect(ion)? (refused|terminated|timeout|timed out|error)|can't reach database|could not connect|connection (is )?(closed|ended|reset)|timeout exceeded when trying to connect|database ?not ?reachable|ECONNREFUSED|the database system is (starting up|shutting down)/i;

/** True when an error (or any error in its cause chain) says the database connection failed. */
export function isConnectionError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 8; depth++) {
    if (e instanceof DatabaseUnavailableError) return true;
    if (typeof e !== "object") return false;
    const record = e as { code?: unknown; errno?: unknown; message?: unknown; cause?: unknown; kind?: unknown };
    if (typeof record.code === "string" && CONNECTION_ERROR_CODES.has(record.code)) return true;
    if (record.kind === "DatabaseNotReachable" || record.kind === "SocketTimeout" || record.kind === "ConnectionClosed")
      return true;
    if (typeof record.message === "string" && CONNECTION_ERROR_TEXT.test(record.message)) return true;
    if (Array.isArray((e as { errors?: unknown }).errors)) {
      if ((e as { errors: unknown[] }).errors.some((inner) => isConnectionError(inner))) return true;
    }
    e = record.cause;
  }
  return false;
}

/** Rethrows connection failures as DatabaseUnavailableError and anything else unchanged. */
export function translateDatabaseError(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError) return error;
  return isConnectionError(error) ? new DatabaseUnavailableError({ cause: error }) : error;
}

/** PostgreSQL's class 22 ("data exception"): a value the database refuses, such as a NUL byte in text. */
const INVALID_INPUT_SQLSTATE = /^22[0-9A-Z]{3}$/;

/**
 * The SQLSTATE of a "data exception" in an error's chain (pg's own errors, and Prisma's driver-adapter
 * errors, which nest it under meta.driverAdapterError.cause), or undefined.
 */
export function invalidInputCode(error: unknown): string | undefined {
  const queue: unknown[] = [error];
  for (let seen = 0; queue.length > 0 && seen < 16; seen++) {
    const e = queue.shift();
    if (!e || typeof e !== "object") continue;
    const record = e as {
      code?: unknown;
      originalCode?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    for (const code of [record.originalCode, record.code]) {
      if (typeof code === "string" && INVALID_INPUT_SQLSTATE.test(code)) return code;
    }
    queue.push(record.cause, record.meta?.driverAdapterError);
  }
  return undefined;
}
