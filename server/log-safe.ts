/**
 * What may go into a log line (issue 32): never a visitor's address nor a value they typed. A failed query's
 * parameters (drizzle puts them in the message: form fields, addresses, hashes) are left out, and anything
 * shaped like an e-mail address is replaced, in the message, its causes and the stack's first line.
 */
const ADDRESS = /[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+\.[^\s<>()[\]"',;:@]+/g;

/** The text with e-mail addresses replaced by "<address>". */
export const withoutAddresses = (text: string) => text.replace(ADDRESS, "<address>");

function message(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // drizzle-orm's DrizzleQueryError: "Failed query: <sql>\nparams: <values>".
  return error.message.replace(/\nparams: [\s\S]*$/, "\nparams: (left out of logs)");
}

/** One error as a log entry: its message and its causes' (no parameters, no addresses), then the stack frames. */
export function safeError(error: unknown): string {
  const parts = [message(error)];
  for (let cause = error instanceof Error ? error.cause : undefined; cause;) {
    parts.push(`caused by: ${message(cause)}`);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  const frames = error instanceof Error ? (error.stack ?? "").split("\n").filter((l) => /^\s+at /.test(l)) : [];
  return withoutAddresses([...parts, ...frames].join("\n"));
}
