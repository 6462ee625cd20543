import type { Content } from "../../app/content/schemas";
import { BUILD_OUTPUTS, type CheckoutData } from "../../app/lib/build-outputs";
import { writeOutput } from "./files";

/** What `/api/checkout` needs at run time (BUILD_OUTPUTS.checkout): prices from content, never from a request. */
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

/** Writes the checkout data from the content (postbuild). */
export async function writeCheckoutData(
  buildDir: string,
  content: Pick<Content, "sponsorTokens" | "site">,
): Promise<string> {
  const data = checkoutData(content);
  const file = await writeOutput(buildDir, BUILD_OUTPUTS.checkout, data, 2);
  return `checkout: ${file} (${Object.keys(data.tokens).length} sponsor tokens)`;
}
