/** What the content editor works on (issue 30): the routes (./routes.ts), the organisers' home and start-up name it. */
import type { ImageFolder } from "./images";
import type { WorkingCopy } from "./working-copy";

export interface ContentOptions {
  copy: WorkingCopy;
  /** public/images of the working copy, for uploads. */
  images?: ImageFolder;
  /** The content commit of the live build (what "changed since the last publish" counts from). */
  liveCommit: () => string | null;
}
