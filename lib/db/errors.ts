/** The message routes send when the database cannot be reached; the client looks for "database connection". */
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
    if (record.kind === "DatabaseNotReachable" || record.kind === "SocketTimeout" || record.kind === "ConnectionClosed") return true;
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
