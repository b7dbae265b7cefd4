/**
 * A secret as the API and the forms show it: never in clear (DESIGN.md "Passwords"). A file of its own without imports:
 * the browser's forms import it through lib/settings/schemas.ts, and lib/crypto/secrets.ts reads and seals with Node's.
 */
export const SECRET_PLACEHOLDER = "********";
