import { EMAIL_FIELD, NAME_FIELD, type FormDefinition } from "./definition";

/** "Leave a comment" under a post: shown once an organiser approves it. */
export const comment = {
  kind: "comment",
  success: "Thanks for your Comment!",
  inboxLabel: "Comments",
  mailLabel: "Blog comment",
  moderated: true,
  fields: [
    NAME_FIELD,
    EMAIL_FIELD,
    { name: "comment", label: "Comment", noun: "your comment", type: "textarea", max: 4000, wide: true },
    /** The post it belongs to; older rows have only the page path. */
    { name: "postId", label: "Post", noun: "the post", type: "hidden", check: "postId", required: false },
  ],
} as const satisfies FormDefinition;
