/** A prepared answer: `mailto:` with "Re: <subject>" and the visitor's message quoted ("> " lines). */
export function replyMailto(to: string, subject: string, message: string, sentAt: Date): string {
  const quoted = message
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => `> ${line}`.trimEnd())
    .join("\n");
  const body = `\n\nOn ${sentAt.toUTCString()}, you wrote:\n${quoted}\n`;
  const re = /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
  // RFC 6068: the address's own characters stay, the rest is percent-encoded (spaces as %20, not +).
  return `mailto:${encodeURIComponent(to).replace(/%40/g, "@")}?subject=${encodeURIComponent(re)}&body=${encodeURIComponent(body)}`;
}
