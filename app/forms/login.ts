import type { FormDefinition } from "./definition";

/**
 * Not in the spec: the login page has no authentication and its button is "not wired". The form still goes
 * through SiteForm so the password is only ever POSTed (never put in a URL) and the visitor is told plainly
 * that there is nothing to sign in to, instead of a button that silently does nothing. Nothing is stored.
 */
export const login = {
  kind: "login",
  success: "Sign-in is not available: this site has no accounts.",
  notStored: true,
  fields: [],
} as const satisfies FormDefinition;
