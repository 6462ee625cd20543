/** The form kinds now live in the browser–server contract (./api-contract); kept for existing importers. */
export { FORM_MESSAGES, isFormKind, sentId, type FormKind } from "./api-contract";
