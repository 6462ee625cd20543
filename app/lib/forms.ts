import { toast } from "react-toastify";

/** The success messages of spec section 7, one per form. */
export const FORM_MESSAGES = {
  newsletter: "Subscribed Successfully!",
  newsletterTemplate: "Thanks for Subscription!",
  faq: "Thanks for your Message!",
  comingSoon: "Thanks for your Email",
  ticket: "Purchase Request Submitted!",
  comment: "Thanks for your Comment!",
  contact: "Message Sent!",
} as const;

export type FormKind = keyof typeof FORM_MESSAGES;

/**
 * The one place every form goes through on submit. The browser has already run its required-field checks
 * (the submit event only fires for a valid form). Today nothing is sent: the form is reset and the spec's
 * toast is shown. Delivery to a real endpoint is added here later, for every form at once.
 */
export async function submitForm(form: HTMLFormElement, kind: FormKind): Promise<void> {
  form.reset();
  toast.success(FORM_MESSAGES[kind]);
}

/** onSubmit handler for a <form>: `<form onSubmit={handleSubmit("contact")}>`. */
export function handleSubmit(kind: FormKind) {
  return (event: { preventDefault: () => void; currentTarget: HTMLFormElement }) => {
    event.preventDefault();
    void submitForm(event.currentTarget, kind);
  };
}
