import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Content } from "../../app/content/schemas";
import type { CheckoutData } from "../../server/api/checkout";

/** What `/api/checkout` needs at run time (build/checkout.json): prices from content, never from a request. */
export function checkoutData(content: Pick<Content, "sponsorTokens" | "site">): CheckoutData {
  return {
    tokens: Object.fromEntries(
      content.sponsorTokens.map((t) => [
        String(t.id),
        {
          price: t.plan.price,
          cost: t.cost,
          currency: t.currency,
          ...(t.paymentLink ? { paymentLink: t.paymentLink } : {}),
        },
      ]),
    ),
    contact: { email: content.site.contact.email, phone: content.site.contact.phone },
  };
}

/** Writes build/checkout.json from the content (postbuild). */
export async function writeCheckoutData(
  buildDir: string,
  content: Pick<Content, "sponsorTokens" | "site">,
): Promise<string> {
  const data = checkoutData(content);
  await writeFile(path.join(buildDir, "checkout.json"), JSON.stringify(data, null, 2) + "\n");
  return `checkout: build/checkout.json (${Object.keys(data.tokens).length} sponsor tokens)`;
}
