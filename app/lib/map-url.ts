/** The maps service's own page for an embed address (Google's `output=embed` dropped). */
export function mapPageUrl(embedUrl: string): string {
  const url = new URL(embedUrl);
  url.searchParams.delete("output");
  return url.toString();
}
