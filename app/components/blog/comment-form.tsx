import { comment } from "~/forms/comment";
import { FormFields } from "../forms/form-fields";
import { SiteForm } from "../forms/site-form";

export interface CommentFormProps {
  /** The post the comment belongs to (sent as a hidden field, so its approval shows under this post). */
  postId: number;
}

/** "Leave a comment": the target of each comment's reply link (#leave-comment). */
export function CommentForm({ postId }: CommentFormProps) {
  return (
    <section aria-labelledby="leave-comment" className="mt-12 rounded-[var(--radius-card)] bg-mist p-6 sm:p-8">
      <h2 id="leave-comment" tabIndex={-1} className="text-2xl font-semibold">
        Leave a comment
      </h2>
      <SiteForm form={comment} className="mt-6 grid gap-5 sm:grid-cols-2">
        <FormFields form={comment} values={{ postId }} />
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-primary">
            Post Comment
          </button>
        </div>
      </SiteForm>
    </section>
  );
}
