/** The rating form's code loads after the page's first download (issue 52's `later`): it is below the first screen. */
import { later } from "~/components/ui/later";

export const RatingFormLater = later(() => import("./rating-form").then((m) => m.RatingForm));
