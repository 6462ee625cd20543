import { showToast } from "./toast";
import { FORM_MESSAGES, type FormKind } from "./form-kinds";

export { FORM_MESSAGES, type FormKind } from "./form-kinds";

/**
 * The one place every form goes through on submit. The browser has already run its required-field checks
 * (the submit event only fires for a valid form). Today nothing is sent: the form is reset and the spec's
 * toast is shown. Delivery to a real endpoint is added here later, for every form at once.
 */
export async function submitForm(form: HTMLFormElement, kind: FormKind): Promise<void> {
  form.reset();
  await showToast("success", FORM_MESSAGES[kind]);
}

/** onSubmit handler for a <form>: `<form onSubmit={handleSubmit("contact")}>`. Prefer `<SiteForm>`. */
export function handleSubmit(kind: FormKind) {
  return (event: { preventDefault: () => void; currentTarget: HTMLFormElement }) => {
    event.preventDefault();
    void submitForm(event.currentTarget, kind);
  };
}
