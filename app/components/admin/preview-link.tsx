import { Link } from "react-router";
import { previewUrl } from "~/lib/admin/preview";

/** "Preview this page": the saved content file's page as visitors will see it after the next publish (issue 41). */
export function PreviewLink({ file }: { file: string }) {
  return (
    <Link to={previewUrl(file)} className="underline underline-offset-4 hover:text-rose">
      Preview this page
    </Link>
  );
}
