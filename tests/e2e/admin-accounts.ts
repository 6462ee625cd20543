/**
 * The organiser accounts of the e2e server: created by playwright.config.ts's webServer command with a
 * non-interactive `npm run admin:add` (password on standard input) before the server starts.
 */
export const ORGANISER = {
  email: "organiser@tncc.example.org",
  password: "e2e organiser password",
  /** Their display name (`admin:add --name`): every organiser's screen names them by it (issue 62). */
  name: "Grace Mensah",
};
/** Only the lockout test signs in (wrongly) with this one, so its lock never gets in another test's way. */
export const LOCKED = { email: "locked@tncc.example.org", password: "e2e locked password" };

/** Shell commands creating both accounts in DATA_DIR (passwords through stdin, as a script would). */
export function adminAddCommands(dataDir: string): string {
  return [ORGANISER, LOCKED]
    .map(
      (account) =>
        `printf '%s\\n' '${account.password}' | DATA_DIR=${dataDir} npm run -s admin:add -- ${account.email}` +
        ("name" in account ? ` --name '${account.name}'` : ""),
    )
    .join(" && ");
}
